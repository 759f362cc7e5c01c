import { invalidValue, scimError } from './errors.ts';
import { parsePath, type Filter, type PatchPath } from './filter.ts';
import {
  canonical,
  EMAIL_KEYS,
  NAME_KEYS,
  readUserBody,
  toBoolean,
  toEmail,
  toEmails,
  toName,
  toOptionalString,
  toUserName,
  TOP_KEYS,
  type ScimEmail,
  type UserAttrs,
} from './resource.ts';

/**
 * RFC 7644 §3.5.2 PATCH on the stored core attributes, as Okta and Entra send it: ops in any
 * case, with or without `path`, path-less values with dotted names, value-filter paths.
 * Attributes outside the core set (extensions, roles…) are accepted and ignored.
 */
type Op = 'add' | 'replace' | 'remove';

export function applyPatch(current: UserAttrs, body: unknown): UserAttrs {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidValue('body: must be a JSON object');
  const entry = Object.entries(body).find(([k]) => k.toLowerCase() === 'operations');
  const operations = entry?.[1];
  if (!Array.isArray(operations) || operations.length === 0) throw invalidValue('Operations: must be a non-empty array');
  const next = structuredClone(current);
  operations.forEach((raw, i) => {
    applyOperation(next, raw, `Operations[${i}]`);
  });
  // Re-validate the result as a whole, as if it had been PUT.
  return readUserBody(next, next.active);
}

function applyOperation(attrs: UserAttrs, raw: unknown, where: string): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidValue(`${where}: must be an object`);
  const get = (name: string) => Object.entries(raw).find(([k]) => k.toLowerCase() === name)?.[1];
  const opText = get('op');
  const op = typeof opText === 'string' ? opText.toLowerCase() : '';
  if (op !== 'add' && op !== 'replace' && op !== 'remove') {
    throw scimError(400, 'invalidSyntax', `${where}.op: must be add, replace or remove`);
  }
  const pathText = get('path');
  const value = get('value');
  if (pathText !== undefined && pathText !== null && pathText !== '') {
    if (typeof pathText !== 'string') throw scimError(400, 'invalidPath', `${where}.path: must be a string`);
    applyAt(attrs, parsePath(pathText), op, value);
    return;
  }
  if (op === 'remove') throw scimError(400, 'noTarget', `${where}.path: is required for remove`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidValue(`${where}.value: must be an object when there is no path`);
  }
  for (const [key, v] of Object.entries(value)) {
    // A whole extension schema object under its URN key: not stored.
    if (key.toLowerCase().startsWith('urn:') && !key.toLowerCase().startsWith('urn:ietf:params:scim:schemas:core:2.0:user:')) continue;
    applyAt(attrs, parsePath(key), op, v);
  }
}

function applyAt(attrs: UserAttrs, path: PatchPath, op: Op, value: unknown): void {
  if (path.extension) return;
  const top = canonical(TOP_KEYS, path.attr);
  if (top === undefined) return;
  if (top === 'emails') {
    applyEmails(attrs, path, op, value);
    return;
  }
  if (path.filter) throw scimError(400, 'invalidPath', `path: "${top}" is not multi-valued`);
  if (top === 'name') {
    applyName(attrs, path.sub, op, value);
    return;
  }
  if (path.sub !== undefined) throw scimError(400, 'invalidPath', `path: "${top}" has no sub-attributes`);
  if (op === 'remove') {
    if (top === 'userName' || top === 'active') throw invalidValue(`${top}: cannot be removed`);
    delete attrs[top];
    return;
  }
  switch (top) {
    case 'userName':
      attrs.userName = toUserName(value);
      return;
    case 'active':
      attrs.active = toBoolean(value, 'active');
      return;
    default: {
      const text = toOptionalString(value, top);
      if (text === undefined) delete attrs[top];
      else attrs[top] = text;
    }
  }
}

function applyName(attrs: UserAttrs, sub: string | undefined, op: Op, value: unknown): void {
  if (sub === undefined) {
    if (op === 'remove') delete attrs.name;
    else {
      const name = toName(value);
      attrs.name = op === 'add' ? { ...attrs.name, ...name } : name;
    }
    return;
  }
  const key = canonical(NAME_KEYS, sub);
  if (key === undefined) return;
  const name = { ...attrs.name };
  const text = op === 'remove' ? undefined : toOptionalString(value, `name.${key}`);
  if (text === undefined) delete name[key];
  else name[key] = text;
  attrs.name = name;
}

function applyEmails(attrs: UserAttrs, path: PatchPath, op: Op, value: unknown): void {
  let emails = attrs.emails ?? [];
  const sub = path.sub === undefined ? undefined : canonical(EMAIL_KEYS, path.sub);
  if (path.sub !== undefined && sub === undefined) return;
  const selected = path.filter ? emails.filter((e) => matches(path.filter!, e)) : emails;

  if (op === 'remove') {
    // Without its value an email is nothing: removing `value` removes the email.
    if (sub === undefined || sub === 'value') emails = emails.filter((e) => !selected.includes(e));
    else for (const e of selected) delete e[sub];
  } else if (sub === undefined) {
    if (path.filter) {
      const patch = toEmailPatch(value);
      if (selected.length === 0) emails = [...emails, toEmail({ ...seedFrom(path.filter), ...patch }, 'value')];
      else for (const e of selected) Object.assign(e, patch);
    } else {
      const list = toEmails(value) ?? [];
      emails = op === 'add' ? [...emails, ...list] : list;
    }
  } else {
    const fieldValue = sub === 'primary' ? toBoolean(value, 'emails.primary') : toOptionalString(value, `emails.${sub}`);
    if (selected.length === 0) {
      emails = [...emails, toEmail({ ...(path.filter ? seedFrom(path.filter) : {}), [sub]: fieldValue }, 'value')];
    } else {
      for (const e of selected) {
        if (fieldValue === undefined) delete e[sub];
        else (e as unknown as Record<string, unknown>)[sub] = fieldValue;
      }
    }
  }
  const primary = emails.filter((e) => e.primary === true);
  if (primary.length > 1) for (const e of primary.slice(0, -1)) e.primary = false;
  if (emails.length) attrs.emails = emails;
  else delete attrs.emails;
}

/** A partial email from a replace/add value object, validated field by field. */
function toEmailPatch(value: unknown): Partial<ScimEmail> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidValue('emails: value must be an object');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = canonical(EMAIL_KEYS, k);
    if (key === undefined) continue;
    out[key] = key === 'primary' ? toBoolean(v, 'emails.primary') : toOptionalString(v, `emails.${key}`);
  }
  return out as Partial<ScimEmail>;
}

/** The attribute values an `eq` filter implies, to create the element a filtered path names. */
function seedFrom(filter: Filter): Record<string, unknown> {
  if (filter.kind === 'compare' && filter.op === 'eq') {
    const key = canonical(EMAIL_KEYS, filter.attr);
    return key ? { [key]: filter.value } : {};
  }
  if (filter.kind === 'and') return { ...seedFrom(filter.left), ...seedFrom(filter.right) };
  throw scimError(400, 'noTarget', 'path: the value filter matches no email and does not name one to create');
}

/** Evaluates a value filter on one email (in memory, same semantics as the SQL translation). */
function matches(filter: Filter, email: ScimEmail): boolean {
  switch (filter.kind) {
    case 'and':
      return matches(filter.left, email) && matches(filter.right, email);
    case 'or':
      return matches(filter.left, email) || matches(filter.right, email);
    case 'not':
      return !matches(filter.filter, email);
    case 'valuePath':
      return false;
    case 'present': {
      const v = fieldOf(email, filter.attr);
      return v !== undefined && v !== '';
    }
    case 'compare': {
      const v = fieldOf(email, filter.attr);
      const want = filter.value;
      if (typeof v === 'boolean' || typeof want === 'boolean') {
        const b = typeof want === 'string' ? want.toLowerCase() === 'true' : want;
        const eq = (v ?? false) === b;
        return filter.op === 'eq' ? eq : filter.op === 'ne' ? !eq : false;
      }
      if (want === null) return filter.op === 'eq' ? v === undefined : filter.op === 'ne' ? v !== undefined : false;
      if (typeof want !== 'string') return false;
      if (v === undefined) return filter.op === 'ne';
      const a = v.toLowerCase();
      const b = want.toLowerCase();
      switch (filter.op) {
        case 'eq':
          return a === b;
        case 'ne':
          return a !== b;
        case 'co':
          return a.includes(b);
        case 'sw':
          return a.startsWith(b);
        case 'ew':
          return a.endsWith(b);
        case 'gt':
          return a > b;
        case 'ge':
          return a >= b;
        case 'lt':
          return a < b;
        case 'le':
          return a <= b;
      }
    }
  }
}

function fieldOf(email: ScimEmail, attr: string): string | boolean | undefined {
  const key = canonical(EMAIL_KEYS, attr);
  return key === undefined ? undefined : email[key];
}
