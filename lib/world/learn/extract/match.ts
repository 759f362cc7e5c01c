import { wordsOf } from './clause-words.ts';
import { keyPart } from './keys.ts';
import type { Meaning } from './meaning.ts';
import { PHRASES } from './phrases.ts';
import { acceptable, cleanValue, listItems, orgName, placeAlone, placeName } from './values.ts';
import { expandContractions, theirs, voice } from './voice.ts';
import { withArticle } from '../../text.ts';
import type { Candidate } from '../../../ports/beliefs.ts';

/** The phrase table (phrases.ts) applied to one clause: the first phrase that fits, read into beliefs. */

/** Each block of rows (its cue, shared by its rows) by number, and the blocks each cue word opens. */
const BLOCKS = new Map<readonly string[], number>();
const OPENS = new Map<string, number[]>();
for (const { cue } of PHRASES) {
  if (BLOCKS.has(cue)) continue;
  BLOCKS.set(cue, BLOCKS.size);
  for (const w of cue) OPENS.set(w, [...(OPENS.get(w) ?? []), BLOCKS.size - 1]);
}
const COMPILED = PHRASES.map(({ source, meaning, cue }) => ({ re: new RegExp(`^${source}$`, 'iu'), meaning, block: BLOCKS.get(cue)! }));

/** An aside a phrase captures as `aside`: "instead", or a clause in lower case or of a number after a comma ("…, 4 days"). */
const ASIDE = /^(?: instead)?(?:[,;] [\p{Ll}\d].*)?$/u;

interface Match {
  candidate: Candidate;
  values: Record<string, string>;
}

/** The first phrase whose values pass their checks: its beliefs (one per list item, plus `also`). */
export function match(text: string): Match[] {
  // The blocks the clause's words open: the rows of any other block cannot fit it.
  const open = new Uint8Array(BLOCKS.size);
  for (const w of wordsOf(text)) for (const b of OPENS.get(w) ?? []) open[b] = 1;
  for (const { re, meaning, block } of COMPILED) {
    if (!open[block]) continue;
    const m = re.exec(text);
    if (!m) continue;
    const values: Record<string, string> = {};
    const { aside, ...groups } = m.groups ?? {};
    for (const [name, value] of Object.entries(groups)) {
      if (value !== undefined) values[name] = cleanValue(value);
    }
    // "we're going to Fiji instead, same week": what is said after the value, in lower case, is no part of the belief ("…, Porto and Faro" is).
    const said = aside && ASIDE.test(aside) ? text.slice(0, text.length - aside.length) : text;
    const main = read(meaning, values, said);
    if (main.length) return [...main, ...(meaning.also ?? []).flatMap((mn) => read(mn, values, said))];
  }
  return [];
}

/** One meaning's beliefs from the captured values; none when a value it uses fails its check. */
function read(meaning: Meaning, values: Record<string, string>, text: string): Match[] {
  const items = meaning.list && values[meaning.list] ? listItems(values[meaning.list]!) : [undefined];
  const out: Match[] = [];
  for (const item of items) {
    const v = item === undefined ? values : { ...values, [meaning.list!]: item };
    for (const [name, list] of Object.entries(meaning.spelled ?? {})) {
      const lower = v[name]?.toLowerCase();
      v[name] = list.find((w) => w.toLowerCase() === lower) ?? v[name]!;
    }
    // An employer is checked as its name ("a Tesco Extra" is Tesco Extra).
    for (const [name, check] of Object.entries(meaning.checks ?? {})) {
      if (check === 'org' && v[name] !== undefined) v[name] = orgName(v[name]);
      if ((check === 'place' || check === 'city') && v[name] !== undefined) v[name] = placeAlone(v[name]);
    }
    // A value the meaning checks is checked even where it does not say it ("a nurse in Leeds": Leeds must be a place's name).
    const used = new Set([...usedValues(meaning), ...Object.keys(meaning.checks ?? {}).filter((name) => v[name] !== undefined)]);
    if (![...used].every((name) => v[name] !== undefined && acceptable(v[name], meaning.checks?.[name]))) continue;
    for (const [name, check] of Object.entries(meaning.checks ?? {})) if (check === 'place' && v[name] !== undefined) v[name] = placeName(v[name]);
    const said = item === undefined ? text : text.replace(values[meaning.list!]!, item);
    const candidate = build(meaning, v, said);
    if (candidate) out.push({ candidate, values: v });
  }
  return out;
}

const PLACEHOLDER = /\{(\w+)(:a)?\}/g;

const USED = new WeakMap<Meaning, Set<string>>();

/** The values a meaning's statement and key name, read once per meaning. */
function usedValues(meaning: Meaning): Set<string> {
  const known = USED.get(meaning);
  if (known) return known;
  const names = new Set<string>();
  USED.set(meaning, names);
  for (const t of [meaning.statement, typeof meaning.key === 'string' ? meaning.key : '']) {
    for (const [, name] of t.matchAll(PLACEHOLDER)) if (name !== 'voice') names.add(name!);
  }
  return names;
}

function build(meaning: Meaning, values: Record<string, string>, said: string): Candidate | null {
  let statement: string;
  if (meaning.statement === '{voice}') {
    const v = voice(expandContractions(said));
    if (!v) return null;
    statement = v.statement;
  } else {
    statement = fill(meaning.statement, values, theirs);
  }
  const key = typeof meaning.key === 'function' ? meaning.key(values) : meaning.key === null ? null : fill(meaning.key, values, keyPart);
  const out: Candidate = { type: meaning.type, key, statement, scope: 'universal', confidence: 0.9 };
  if (meaning.aliases) out.aliases = meaning.aliases.map((a) => fill(a, values, (v) => v.toLowerCase()));
  return out;
}

/** `{x}` → the value through `as`; `{x:a}` → the value with an indefinite article. */
function fill(template: string, values: Record<string, string>, as: (v: string) => string): string {
  return template.replace(PLACEHOLDER, (_, name: string, article?: string) => {
    const v = as(values[name] ?? '');
    return article ? withArticle(v) : v;
  });
}
