import type { ApiError } from '../errors.ts';
import { invalidFilter, scimError } from './errors.ts';

/**
 * RFC 7644 §3.4.2.2 filters and §3.5.2 PATCH paths: a tokenizer and a recursive-descent parser
 * (precedence: not > and > or). Attribute names are case-insensitive, so the tree holds them
 * lowercased; the core User schema URN prefix is dropped, any other URN is kept whole.
 */
export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: 'compare'; attr: string; sub?: string; op: CompareOp; value: FilterValue }
  | { kind: 'present'; attr: string; sub?: string }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  /** `attr[filter]`, optionally followed by a test on one sub-attribute: `emails[type eq "work"].value eq "x"`. */
  | { kind: 'valuePath'; attr: string; filter: Filter; then?: Filter };

/** A PATCH target: `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub`. */
export interface PatchPath {
  attr: string;
  sub?: string;
  filter?: Filter;
  /** True for an attribute of a schema extension (kept whole in `attr`). */
  extension: boolean;
}

export const CORE_USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:User';
const CORE_PREFIX = `${CORE_USER_URN.toLowerCase()}:`;
const OPS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const MAX_LENGTH = 4096;
const MAX_DEPTH = 32;
/** Keeps a translated filter well inside D1's 100 bound parameters per query. */
const MAX_TERMS = 20;
const NAME_RE = /^[a-z][a-z0-9_$-]*$/;

type Token = { t: '(' | ')' | '[' | ']'; at: number } | { t: 'string'; value: string; at: number } | { t: 'word'; value: string; at: number };

function tokenize(text: string, fail: (m: string) => ApiError): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')' || ch === '[' || ch === ']') {
      tokens.push({ t: ch, at: i });
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw fail(`unterminated string at position ${i + 1}`);
      let value: unknown;
      try {
        value = JSON.parse(text.slice(i, j + 1));
      } catch {
        throw fail(`invalid string escape at position ${i + 1}`);
      }
      tokens.push({ t: 'string', value: value as string, at: i });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s()[\]"]/.test(text[j]!)) j++;
      tokens.push({ t: 'word', value: text.slice(i, j), at: i });
      i = j;
    }
  }
  return tokens;
}

/** Splits `[urn:...:]attr[.sub]` into lowercased parts. */
function splitAttrPath(word: string, fail: (m: string) => ApiError): { attr: string; sub?: string; extension: boolean } {
  let lower = word.toLowerCase();
  if (lower.startsWith(CORE_PREFIX)) {
    lower = lower.slice(CORE_PREFIX.length);
  } else if (lower.startsWith('urn:')) {
    const cut = lower.lastIndexOf(':');
    const name = lower.slice(cut + 1);
    if (!name.split('.').every((p) => NAME_RE.test(p))) throw fail(`invalid attribute path "${word}"`);
    return { attr: lower, extension: true };
  }
  const parts = lower.split('.');
  if (parts.length > 2 || !parts.every((p) => NAME_RE.test(p))) throw fail(`invalid attribute path "${word}"`);
  return parts.length === 2 ? { attr: parts[0]!, sub: parts[1]!, extension: false } : { attr: parts[0]!, extension: false };
}

class Parser {
  private pos = 0;
  private depth = 0;
  private terms = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly fail: (m: string) => ApiError,
  ) {}

  done(): boolean {
    return this.pos >= this.tokens.length;
  }

  peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private next(what: string): Token {
    const tok = this.tokens[this.pos++];
    if (!tok) throw this.fail(`expected ${what} at end of input`);
    return tok;
  }

  private expect(t: '(' | ')' | '[' | ']'): void {
    const tok = this.next(`"${t}"`);
    if (tok.t !== t) throw this.fail(`expected "${t}" at position ${tok.at + 1}`);
  }

  private keyword(word: string): boolean {
    const tok = this.peek();
    return tok?.t === 'word' && tok.value.toLowerCase() === word;
  }

  filter(relative: boolean): Filter {
    if (++this.depth > MAX_DEPTH) throw this.fail('filter is nested too deeply');
    let left = this.conjunction(relative);
    while (this.keyword('or')) {
      this.pos++;
      left = { kind: 'or', left, right: this.conjunction(relative) };
    }
    this.depth--;
    return left;
  }

  private conjunction(relative: boolean): Filter {
    let left = this.unary(relative);
    while (this.keyword('and')) {
      this.pos++;
      left = { kind: 'and', left, right: this.unary(relative) };
    }
    return left;
  }

  private unary(relative: boolean): Filter {
    if (this.keyword('not')) {
      this.pos++;
      this.expect('(');
      const filter = this.filter(relative);
      this.expect(')');
      return { kind: 'not', filter };
    }
    if (this.peek()?.t === '(') {
      this.pos++;
      const filter = this.filter(relative);
      this.expect(')');
      return filter;
    }
    return this.attrExpression(relative);
  }

  private attrExpression(relative: boolean): Filter {
    const tok = this.next('an attribute name');
    if (tok.t !== 'word') throw this.fail(`expected an attribute name at position ${tok.at + 1}`);
    const path = splitAttrPath(tok.value, this.fail);
    if (relative && (path.sub !== undefined || path.extension)) throw this.fail(`"${tok.value}" is not a sub-attribute name`);
    if (!relative && this.peek()?.t === '[') {
      if (path.sub !== undefined) throw this.fail(`a value filter needs a multi-valued attribute, not "${tok.value}"`);
      this.pos++;
      const filter = this.filter(true);
      this.expect(']');
      const after = this.peek();
      if (after?.t === 'word' && after.value.startsWith('.')) {
        this.pos++;
        const sub = after.value.slice(1).toLowerCase();
        if (!NAME_RE.test(sub)) throw this.fail(`invalid sub-attribute "${after.value}"`);
        return { kind: 'valuePath', attr: path.attr, filter, then: this.test(sub, undefined) };
      }
      return { kind: 'valuePath', attr: path.attr, filter };
    }
    return this.test(path.attr, path.sub);
  }

  private test(attr: string, sub: string | undefined): Filter {
    if (++this.terms > MAX_TERMS) throw this.fail(`more than ${MAX_TERMS} comparisons`);
    const opTok = this.next('an operator');
    const op = opTok.t === 'word' ? opTok.value.toLowerCase() : '';
    if (op === 'pr') return sub === undefined ? { kind: 'present', attr } : { kind: 'present', attr, sub };
    if (!OPS.has(op)) throw this.fail(`expected an operator at position ${opTok.at + 1}`);
    const value = this.value();
    const base = { kind: 'compare' as const, attr, op: op as CompareOp, value };
    return sub === undefined ? base : { ...base, sub };
  }

  private value(): FilterValue {
    const tok = this.next('a value');
    if (tok.t === 'string') return tok.value;
    if (tok.t === 'word') {
      const lower = tok.value.toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      if (lower === 'null') return null;
      if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(tok.value)) return Number(tok.value);
    }
    throw this.fail(`expected a quoted string, number, true, false or null at position ${tok.at + 1}`);
  }
}

/** Parses a `filter` query parameter; any syntax error is `400 invalidFilter`. */
export function parseFilter(text: string): Filter {
  if (text.length > MAX_LENGTH) throw invalidFilter(`filter is longer than ${MAX_LENGTH} characters`);
  const parser = new Parser(tokenize(text, invalidFilter), invalidFilter);
  if (parser.done()) throw invalidFilter('filter is empty');
  const filter = parser.filter(false);
  const rest = parser.peek();
  if (rest) throw invalidFilter(`unexpected input at position ${rest.at + 1}`);
  return filter;
}

const invalidPath = (m: string) => scimError(400, 'invalidPath', `path: ${m}`);

/** Parses a PATCH `path` (or a dotted key of a path-less value); any syntax error is `400 invalidPath`. */
export function parsePath(text: string): PatchPath {
  if (text.length > MAX_LENGTH) throw invalidPath(`longer than ${MAX_LENGTH} characters`);
  const tokens = tokenize(text, invalidPath);
  const head = tokens[0];
  if (head?.t !== 'word') throw invalidPath(`"${text}" is not an attribute path`);
  const path: PatchPath = splitAttrPath(head.value, invalidPath);
  if (tokens.length === 1) return path;
  if (path.sub !== undefined || path.extension || tokens[1]!.t !== '[') throw invalidPath(`"${text}" is not an attribute path`);
  const parser = new Parser(tokens.slice(2), invalidPath);
  path.filter = parser.filter(true);
  const close = parser.peek();
  if (close?.t !== ']') throw invalidPath(`missing "]" in "${text}"`);
  const rest = tokens.slice(tokens.indexOf(close) + 1);
  if (rest.length === 0) return path;
  const sub = rest[0]!;
  if (rest.length > 1 || sub.t !== 'word' || !sub.value.startsWith('.') || !NAME_RE.test(sub.value.slice(1).toLowerCase())) {
    throw invalidPath(`unexpected input after "]" in "${text}"`);
  }
  path.sub = sub.value.slice(1).toLowerCase();
  return path;
}
