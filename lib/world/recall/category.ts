/**
 * Category questions (API.md §7): a question that names a kind of fact in everyday words ("what
 * are my hobbies", "where do I work", "who's my manager", "my upcoming race") reaches the owner's
 * beliefs of that kind through the catalogue's `words` (lib/world/kinds.ts), and a word used in
 * another sense ("how TCP slow start works") does not.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { precompiledByShape } from '../../db/precompiled.ts';
import { RANKING } from './ranking.ts';
import { KINDS, kindOfKey, sameSubjectKeys, type Kind } from '../kinds.ts';
import { keyNames } from '../../key-names.ts';
import { contentWords, normalizeStatement, stemWord } from '../text.ts';

/** Words before a category word that make the user its owner ("my hobbies", "where do I work", "am I working on", "our holiday"). */
const OWNERS = new Set(['my', 'i', "i'm", 'im', 'me', "i've", "i'd", "i'll", 'mine', 'myself', 'our']);
/** Words that ask for a category ("what pets…", "which languages…", "how many kids…"). */
const ASKING = new Set(['what', 'which', 'many']);
/** How far from the category word its owner may stand ("my upcoming half marathon race", "what pets do I have"). */
const OWNER_WINDOW = 3;
/** Words that ask rather than name ("when did I…", "why did I…"): a statement holding one ("when they were a kid") is not about the question. */
const ASKS = new Set(['when', 'why', 'where', 'how', 'what', 'who', 'whom', 'whose', 'which']);

/** Words before a verb ("how to work", "does it work") and before a noun ("the work", "our team"): a cheap part-of-speech rule. */
const BEFORE_A_VERB = new Set([
  'to',
  'can',
  'could',
  'will',
  'would',
  'should',
  'does',
  'do',
  'did',
  'it',
  'that',
  'this',
  'which',
  'who',
  "doesn't",
  "don't",
  "didn't",
]);
const BEFORE_A_NOUN = new Set([
  'the',
  'a',
  'an',
  'our',
  'your',
  'their',
  'his',
  'her',
  'its',
  'these',
  'those',
  'some',
  'any',
  'no',
  'every',
  'each',
  'of',
  'for',
  'in',
  'at',
  'on',
]);

/**
 * A catalogue word used as a verb of something else than the user: after a word that comes
 * before verbs, or inflected with -s after a word that does not come before nouns ("how TCP slow
 * start works", "does it work"). "The team", "our work" and "my projects" are nouns.
 */
function verbSense(words: string[], at: number): boolean {
  const before = words[at - 1] ?? '';
  if (BEFORE_A_VERB.has(before)) return true;
  return /[^s]s$/.test(words[at]!) && before !== '' && !BEFORE_A_NOUN.has(before);
}

/** What a question says about kinds: the kinds it asks for, and its words that name a kind in another sense. */
export interface Categories {
  /** Kinds the question names as the user's own. */
  kinds: Set<Kind>;
  /** Content words of the question that make nothing relevant alone: catalogue words used as verbs of something else ("how TCP slow start works") and the words that ask ("when did I…"). */
  otherSense: Set<string>;
  /** Words to look up for the kinds named: the words of each kind's key (`user.hobby` → hobby). */
  keyWords: string[];
  /** The question's content words that named a kind ("hobbies", "work", "race"). */
  kindWords: Set<string>;
  /** The question speaks of the user ("I", "my", "me"): only then may a belief come in by its meaning alone. */
  aboutTheUser: boolean;
}

/** Each catalogue word (one word) by its stem, and each phrase (several words) as written, with the kinds that use it. */
const BY_STEM = new Map<string, Kind[]>();
const PHRASES: [string[], Kind][] = [];
for (const kind of KINDS) {
  for (const word of kind.words) {
    const parts = normalizeStatement(word).split(' ');
    if (parts.length > 1) PHRASES.push([parts, kind]);
    else BY_STEM.set(stemWord(parts[0]!), [...(BY_STEM.get(stemWord(parts[0]!)) ?? []), kind]);
  }
}

/** The kinds a question names as the user's own, and its catalogue words used otherwise. */
export function categoriesOf(text: string): Categories {
  const words = normalizeStatement(text).split(' ');
  const kinds = new Set<Kind>();
  const other = new Set<string>();
  const named = new Set<string>();
  // "my hobbies", "where do I work"; or asked for, the user named after it: "what pets do I have", "which languages do I speak".
  const owned = (at: number) =>
    words.slice(Math.max(0, at - OWNER_WINDOW), at).some((w) => OWNERS.has(w)) ||
    (ASKING.has(words[at - 1] ?? '') && words.slice(at + 1, at + 1 + OWNER_WINDOW).some((w) => OWNERS.has(w)));
  // A kind is asked for when its word ends the phrase: "where do I work?", "my kids", not "do I enjoy painting" (about painting).
  const headed = (at: number) => at + 1 >= words.length || contentWords(words[at + 1]!).length === 0;
  words.forEach((word, i) => {
    const found = BY_STEM.get(stemWord(word.replace(/'s$/, '')));
    if (!found) return;
    if (owned(i)) {
      if (!headed(i)) return;
      for (const k of found) kinds.add(k);
      named.add(word.replace(/'s$/, '').replace(/'/g, ''));
    } else if (verbSense(words, i)) other.add(word.replace(/'/g, ''));
  });
  for (const word of words) if (ASKS.has(word)) other.add(word);
  for (const [phrase, kind] of PHRASES) {
    for (let i = 0; i + phrase.length <= words.length; i++) {
      const end = i + phrase.length - 1;
      if (phrase.every((p, j) => words[i + j] === p) && owned(end) && headed(end)) kinds.add(kind);
    }
  }
  const content = new Set(contentWords(text));
  return {
    kinds,
    otherSense: new Set([...other].filter((w) => content.has(w))),
    kindWords: new Set([...named].filter((w) => content.has(w))),
    keyWords: [...new Set([...kinds].flatMap((k) => contentWords(keyNames(k.key))))],
    aboutTheUser: words.some((w) => OWNERS.has(w)),
  };
}

/** Whether a text is one of the catalogue's everyday words for a kind ("plan", "hobbies", "can't eat"): it names a kind, not one belief. */
export function isCategoryWord(text: string): boolean {
  const words = normalizeStatement(text).split(' ');
  if (words.length > 1) return PHRASES.some(([phrase]) => phrase.join(' ') === words.join(' '));
  return BY_STEM.has(stemWord(words[0]!));
}

/** Whether a belief is of one of the kinds a question names (by its key: `user.hobby.chess` is a hobby). */
export function ofKinds(key: string | null, kinds: ReadonlySet<Kind>): boolean {
  if (key === null || kinds.size === 0) return false;
  const kind = kindOfKey(key);
  return kind !== undefined && kinds.has(kind);
}

/**
 * Row ids of the owner's active beliefs of these kinds, found by key (a one-value kind's keys, a
 * several-value kind's key prefix), the most recent RANKING.category.byKey: a question naming a kind
 * reaches its beliefs even when they share no indexed word with it ("our holiday" → `user.plan.sicily`:
 * "plan" is a filler word the index never holds).
 */
export async function kindRowids(database: Database, owner: string, kinds: ReadonlySet<Kind>): Promise<number[]> {
  if (kinds.size === 0) return [];
  const terms = [...kinds].flatMap((k): KeyTerm[] => (k.one_value ? sameSubjectKeys(k).map((key) => [key]) : [[`${k.key}.`, `${k.key}.\uffff`]]));
  const shape = terms.map((t) => (t.length === 1 ? KEY : RANGE)).join('');
  const parameters = [...terms.flatMap((t) => [owner, 'active', ...t]), RANKING.category.byKey];
  const rows = await kindRowidsQuery(database, shape, parameters);
  return rows.map((r) => Number(r.rid));
}

/** One term of a kinds read: a key, or the bounds (exclusive) of a key prefix's range. */
type KeyTerm = [key: string] | [after: string, before: string];
const KEY = 'k';
const RANGE = 'r';

/**
 * The kinds read for a shape (KEY or RANGE per term, in order); parameters: owner, 'active' and the
 * term's key or bounds for each term, then the limit. Owner and status are in every term of the OR,
 * so SQLite reads each key (or key range) by the owner-and-key index (MULTI-INDEX OR) instead of
 * walking all the owner's active beliefs: a cost in what it returns, not in what the owner holds.
 */
const kindRowidsQuery = precompiledByShape<{ rid: number }>((db, _dialect, shape) =>
  db
    .selectFrom('beliefs')
    .select(sql<number>`rowid`.as('rid'))
    .where((eb) => {
      const active = (...terms: ReturnType<typeof eb>[]) => eb.and([eb('owner', '=', ''), eb('status', '=', ''), ...terms]);
      return eb.or([...shape].map((term) => (term === KEY ? active(eb('key', '=', '')) : active(eb('key', '>', ''), eb('key', '<', '')))));
    })
    .orderBy('updated_at', 'desc')
    .orderBy(sql`rowid`, 'desc')
    .limit(0),
);
