import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/schema.ts';
import { precompiledValues, readNow } from '../../db/precompiled.ts';
import { indexPendingBeliefs } from './reindex.ts';
import { ownerPrefix } from '../../owner-prefix.ts';
import { corrections, TYPO_MIN_LENGTH } from './vocabulary.ts';
import { Remembered } from './owner-reads.ts';
import { otherForms } from './forms.ts';

/** Matches of one word read per query: all of a rare word's, a common word's most recent. */
const CANDIDATES = 200;
/** Index lookups per query: past it, the owner's rarest words are kept (the most informative). */
const MAX_LOOKUPS = 40;
/** Query words weighed for rarity, at most (one statement's parameters; D1 allows 100). */
const MAX_WORDS = 90;
/** Words corrected per query (each costs a bounded read of the owner's vocabulary). */
const MAX_TYPO_WORDS = 4;
/** Irregular verbs per query looked up by their other forms (forms.ts; each form one more bounded index read). */
const MAX_VERB_WORDS = 4;
/**
 * Words per query read as a closed compound, the fewest letters of each part, and the most letters of a compound:
 * its parts are checked in the owner's vocabulary in one statement (at most 2 × 27 terms; D1 allows 100 parameters).
 */
const MAX_COMPOUND_WORDS = 2;
const COMPOUND_PART = 3;
const COMPOUND_MAX_LENGTH = 14;
/** Active beliefs counted for IDF; past it the owner counts as this large (bounded index read). */
const COUNT_CAP = 500;
/** Superseded beliefs read per query (the most recent) to leave out of a word's document count. */
const SUPERSEDED_CAP = 500;
/** A word held by more than this share of the owner's beliefs (and more than COMMON_MIN) is common. */
const COMMON_SHARE = 0.2;
const COMMON_MIN = 3;
/** Beliefs written without search terms (by hand) are indexed by the next search, up to this many. */
export const SEARCH_TIME_INDEXING = { batch: 500, maxBatches: 20 };

/** One query word as the owner's index knows it. */
export interface WordHits {
  /** Rowids of the owner's beliefs holding the word (or, when it matched nothing, a one-edit correction). May be a remembered set, shared between requests: never changed. */
  rowids: Set<number>;
  /** The indexed words that matched: the word itself and its other forms (an irregular verb's), or its corrections, or a compound's two parts. */
  via: string[];
  idf: number;
  /** Held by so many of the owner's beliefs that it alone makes nothing relevant. */
  common: boolean;
}

/** The query's words as the owner's index knows them. */
export interface Lookup {
  hits: Map<string, WordHits>;
  /** The IDF of a word no active belief of the owner holds (what it weighs in a query's information). */
  unknownIdf: number;
}

/**
 * Reads, for each query word, which of the owner's beliefs hold it. Each word is one owner-prefixed
 * term of the FTS5 index (lib/world/recall/terms.ts), so a lookup costs at most CANDIDATES doclist entries
 * whatever the number of beliefs the owner holds; past MAX_LOOKUPS words, the `first` ones (the latest turn's) go
 * before the others, each group rarest first. An irregular verb is looked up by its other forms too ("buy" by
 * "bought": forms.ts), a word of TYPO_MIN_LENGTH+ letters that matches nothing by its one-edit corrections
 * among the owner's words, and a longer one that still matches nothing as a closed compound the beliefs write
 * open ("roadtrip": the beliefs holding both "road" and "trip"). IDF is BM25's, over the owner's active
 * beliefs: `activeBeliefs` when the caller knows it, else counted up to COUNT_CAP. A word's index entries
 * and corrections are read through `remember` (lib/world/recall/owner-reads.ts), but when beliefs written by
 * hand were indexed first.
 */
export async function lookupWords(
  deps: Pick<Deps, 'db' | 'atomic' | 'database'>,
  owner: string,
  words: string[],
  options: { first?: string[]; activeBeliefs?: number; remember?: Remembered } = {},
): Promise<Lookup> {
  const hits = new Map<string, WordHits>();
  if (words.length === 0) return { hits, unknownIdf: 0 };
  // Beliefs indexed now were not in the index the owner's remembered reads came from.
  const remember = (await indexPendingBeliefs(deps, SEARCH_TIME_INDEXING)) > 0 ? Remembered.none : (options.remember ?? Remembered.none);
  const listOf = (word: string) => remember.read(`doclist ${word}`, () => doclist(deps.database, owner, word));
  const kept = words.length > MAX_LOOKUPS ? await rarest(deps.db, owner, words.slice(0, MAX_WORDS), options.first ?? []) : words;
  const counted = Promise.resolve(options.activeBeliefs ?? activeCount(deps.db, owner));
  const [total, superseded, lists] = await Promise.all([
    counted,
    // A large owner's counts are estimates already (COUNT_CAP, CANDIDATES): its superseded beliefs are not read, which keeps the request's cost.
    counted.then((n) => (n < COUNT_CAP ? remember.read('superseded', () => supersededRowids(deps.db, owner)) : new Set<number>())),
    Promise.all(kept.map(listOf)),
  ]);
  // A word's document count is over the owner's active beliefs, as the count it is compared with (the index holds superseded ones too).
  // The list may be the remembered read itself: never changed below (a hit's rowids are replaced, not pushed to).
  const active = (list: number[]) => (list.length > CANDIDATES || superseded.size === 0 ? list : list.filter((r) => !superseded.has(r)));
  const found = new Map(kept.map((w, i) => [w, { rowids: active(lists[i]!), via: [] as string[] }]));
  for (const [w, hit] of found) if (hit.rowids.length) hit.via.push(w);
  // An irregular verb's other forms are the same word ("buy" finds "bought", "felt" finds "feel"): the stemmer cannot join them.
  const verbs = [...found].filter(([word]) => otherForms(word).length > 0).slice(0, MAX_VERB_WORDS);
  await Promise.all(
    verbs.map(async ([word, hit]) => {
      for (const [form, list] of await Promise.all(otherForms(word).map(async (form) => [form, active(await listOf(form))] as const))) {
        if (list.length === 0) continue;
        hit.rowids = hit.rowids.concat(list);
        hit.via.push(form);
      }
    }),
  );
  let typos = 0;
  for (const [word, hit] of found) {
    if (hit.rowids.length || word.length < TYPO_MIN_LENGTH || /\d/.test(word) || typos >= MAX_TYPO_WORDS) continue;
    typos++;
    for (const fix of await remember.read(`corrections ${word}`, () => corrections(deps.database, owner, word))) {
      const list = active(await listOf(fix));
      if (list.length) {
        hit.rowids = hit.rowids.concat(list);
        hit.via.push(fix);
      }
    }
  }
  // A closed compound the owner's beliefs write open ("roadtrip", "icecream", "weightlifting"): a word still matching nothing is
  // looked up as two words of the owner's vocabulary, COMPOUND_PART+ letters each, that one belief holds both of.
  const compounds = [...found]
    .filter(([word, hit]) => !hit.rowids.length && word.length > 2 * COMPOUND_PART && word.length <= COMPOUND_MAX_LENGTH && !/\d/.test(word))
    .slice(0, MAX_COMPOUND_WORDS);
  if (compounds.length) {
    const known = await vocabularyHolds(
      deps.db,
      owner,
      compounds.flatMap(([word]) => compoundParts(word).flat()),
    );
    for (const [word, hit] of compounds) {
      for (const [head, tail] of compoundParts(word)) {
        if (!known.has(head) || !(known.has(tail) || known.has(tail.replace(/s$/, '')))) continue;
        const [heads, tails] = await Promise.all([listOf(head), listOf(tail)]);
        const inTail = new Set(active(tails));
        const both = active(heads).filter((r) => inTail.has(r));
        if (both.length === 0) continue;
        hit.rowids = hit.rowids.concat(both);
        hit.via.push(head, tail);
        break;
      }
    }
  }
  const n = Math.max(total, 1);
  const idf = (df: number) => Math.log(1 + (Math.max(n, df) - df + 0.5) / (df + 0.5));
  // A word's own index entries as read (no superseded left out, no other form or correction added) are the remembered read itself:
  // its set is remembered beside it, not built again per request (a few hundred entries a word).
  const asRead = new Set<number[]>(lists);
  const setOf = (word: string, list: number[]) =>
    asRead.has(list)
      ? remember.value(
          `rowids ${word}`,
          (known: { of: number[]; set: Set<number> }) => known.of === list,
          () => ({ of: list, set: new Set(list) }),
        ).set
      : new Set(list);
  for (const [word, hit] of found) {
    if (hit.rowids.length === 0) continue;
    const rowids = setOf(word, hit.rowids);
    const df = Math.min(rowids.size, CANDIDATES + 1);
    hits.set(word, {
      rowids,
      via: hit.via,
      idf: idf(df),
      common: df > Math.max(COMMON_MIN, COMMON_SHARE * n),
    });
  }
  return { hits, unknownIdf: idf(0) };
}

const doclistQuery = precompiledValues((db, dialect) => ({ compile: () => dialect.termDoclist('', CANDIDATES + 1).compile(db) }));

/** Rowids of the owner's beliefs (any status) indexed under one word, newest first, bounded. */
async function doclist(database: Database, owner: string, word: string): Promise<number[]> {
  const rowids = await doclistQuery(database, [ownerPrefix(owner) + word]);
  // SQLite's are numbers already (a row object and a copy each were most of a first read's garbage); PostgreSQL may answer strings.
  return rowids.every((r) => typeof r === 'number') ? (rowids as number[]) : rowids.map(Number);
}

async function activeCount(db: Db, owner: string): Promise<number> {
  const [row] = await readNow(
    db,
    sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM beliefs WHERE owner = ${owner} AND status = 'active' LIMIT ${COUNT_CAP}) AS capped`,
  );
  return Number(row?.n ?? 0);
}

/** A word's splits into two parts of COMPOUND_PART+ letters (the tail also without a plural "s" when looked up in the vocabulary). */
function compoundParts(word: string): [string, string][] {
  const out: [string, string][] = [];
  for (let i = COMPOUND_PART; i <= word.length - COMPOUND_PART; i++) out.push([word.slice(0, i), word.slice(i)]);
  return out;
}

/** Which of these words (and of the tails without their plural "s") the owner's vocabulary holds (belief_vocab, one read). */
async function vocabularyHolds(db: Db, owner: string, words: string[]): Promise<Set<string>> {
  const prefix = ownerPrefix(owner);
  const terms = [...new Set(words.flatMap((w) => [w, w.replace(/s$/, '')]))].map((w) => prefix + w);
  const rows = await readNow(db, db.selectFrom('belief_vocab').select('term').where('term', 'in', terms));
  return new Set(rows.map((r) => r.term.slice(prefix.length)));
}

/** Rowids of the owner's most recently superseded beliefs, at most SUPERSEDED_CAP. */
async function supersededRowids(db: Db, owner: string): Promise<Set<number>> {
  const rows = await readNow(
    db,
    sql<{ r: number }>`SELECT rowid AS r FROM beliefs WHERE owner = ${owner} AND status = 'superseded' ORDER BY updated_at DESC LIMIT ${SUPERSEDED_CAP}`,
  );
  return new Set(rows.map((row) => Number(row.r)));
}

/** MAX_LOOKUPS words: the `first` ones, then the others; in each, the words the owner's vocabulary holds, rarest first, then unknown ones (typo candidates). */
async function rarest(db: Db, owner: string, words: string[], first: string[]): Promise<string[]> {
  const prefix = ownerPrefix(owner);
  const rows = await readNow(
    db,
    db
      .selectFrom('belief_vocab')
      .select(['term', 'n'])
      .where(
        'term',
        'in',
        words.map((w) => prefix + w),
      ),
  );
  const counts = new Map(rows.map((r) => [r.term.slice(prefix.length), r.n]));
  const priority = new Set(first);
  const rank = (w: string) => (priority.has(w) ? 0 : 2) + (counts.has(w) ? 0 : 1);
  return [...words].sort((a, b) => rank(a) - rank(b) || (counts.get(a) ?? 0) - (counts.get(b) ?? 0)).slice(0, MAX_LOOKUPS);
}
