import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { Db } from '../db/schema.ts';
import { indexPendingBeliefs } from './reindex.ts';
import { parseList } from './beliefs.ts';
import { keyNames, ownerPrefix } from './terms.ts';
import { contentWords, nameTerms, stemWord } from './text.ts';
import { ranked } from './relevance.ts';
import { FOUND_COLUMNS, type Evidence, type Found } from './found.ts';
import { corrections, TYPO_MIN_LENGTH } from './vocabulary.ts';

/** Matches of one word read per query: all of a rare word's, a common word's most recent. */
const CANDIDATES = 200;
/** Index lookups per query: past it, the owner's rarest words are kept (the most informative). */
const MAX_LOOKUPS = 40;
/** Query words weighed for rarity, at most (one statement's parameters; D1 allows 100). */
const MAX_WORDS = 90;
/** Words corrected per query (each costs a bounded read of the owner's vocabulary). */
const MAX_TYPO_WORDS = 4;
/** Active beliefs counted for IDF; past it the owner counts as this large (bounded index read). */
const COUNT_CAP = 500;
/** A word held by more than this share of the owner's beliefs (and more than COMMON_MIN) is common. */
const COMMON_SHARE = 0.2;
const COMMON_MIN = 3;
/** A word of a name (alias or key) the query names whole weighs this much more than one in the statement. */
const KEY_WEIGHT = 2;
/** What makes a match strong enough for a domain belief when the request names no scope. */
const STRONG_WORDS = 2;
const STRONG_WEIGHT = 0.5;
/** Beliefs fetched and scored per query, at most: FETCHED_PER_SLOT per belief the caller may inject, and a margin. */
const FETCHED_PER_SLOT = 1;
const FETCHED_MARGIN = 15;
/** Rows read per request, at most (one statement's parameters: D1 allows 100). */
const MAX_FETCHED = 90;
/** Beliefs written without search terms (by hand) are indexed by the next search, up to this many. */
export const SEARCH_TIME_INDEXING = { batch: 500, maxBatches: 20 };

/** One query word as the owner's index knows it. */
export interface WordHits {
  /** Rowids of the owner's beliefs holding the word (or, when it matched nothing, a one-edit correction). */
  rowids: Set<number>;
  /** The indexed words that matched: the word itself, or its corrections. */
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
 * term of the FTS5 index (lib/world/terms.ts), so a lookup costs at most CANDIDATES doclist entries
 * whatever the number of beliefs the owner holds; past MAX_LOOKUPS words, the `first` ones (the latest turn's) go
 * before the others, each group rarest first. A word of TYPO_MIN_LENGTH+ letters that matches nothing is looked
 * up by its one-edit corrections among the owner's words. IDF is BM25's, over the owner's active
 * beliefs: `activeBeliefs` when the caller knows it, else counted up to COUNT_CAP.
 */
export async function lookupWords(
  deps: Pick<Deps, 'db' | 'atomic' | 'database'>,
  owner: string,
  words: string[],
  options: { first?: string[]; activeBeliefs?: number } = {},
): Promise<Lookup> {
  const hits = new Map<string, WordHits>();
  if (words.length === 0) return { hits, unknownIdf: 0 };
  const { db } = deps;
  await indexPendingBeliefs(deps, SEARCH_TIME_INDEXING);
  const kept = words.length > MAX_LOOKUPS ? await rarest(deps.db, owner, words.slice(0, MAX_WORDS), options.first ?? []) : words;
  const [total, lists] = await Promise.all([
    options.activeBeliefs ?? activeCount(deps.db, owner),
    Promise.all(kept.map((w) => doclist(deps.database, owner, w))),
  ]);
  const found = new Map(kept.map((w, i) => [w, { rowids: lists[i]!, via: lists[i]!.length ? [w] : [] }]));
  let typos = 0;
  for (const [word, hit] of found) {
    if (hit.rowids.length || word.length < TYPO_MIN_LENGTH || /\d/.test(word) || typos >= MAX_TYPO_WORDS) continue;
    typos++;
    for (const fix of await corrections(db, owner, word)) {
      const list = await doclist(deps.database, owner, fix);
      if (list.length) {
        hit.rowids.push(...list);
        hit.via.push(fix);
      }
    }
  }
  const n = Math.max(total, 1);
  const idf = (df: number) => Math.log(1 + (Math.max(n, df) - df + 0.5) / (df + 0.5));
  for (const [word, hit] of found) {
    if (hit.rowids.length === 0) continue;
    const df = Math.min(new Set(hit.rowids).size, CANDIDATES + 1);
    hits.set(word, {
      rowids: new Set(hit.rowids),
      via: hit.via,
      idf: idf(df),
      common: df > Math.max(COMMON_MIN, COMMON_SHARE * n),
    });
  }
  return { hits, unknownIdf: idf(0) };
}

/** Rowids of the owner's beliefs (any status) indexed under one word, newest first, bounded. */
async function doclist({ db, dialect }: Database, owner: string, word: string): Promise<number[]> {
  const res = await dialect.termDoclist([ownerPrefix(owner) + word], CANDIDATES + 1).execute(db);
  return res.rows.map((row) => Number(row.r));
}

async function activeCount(db: Db, owner: string): Promise<number> {
  const res = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM beliefs WHERE owner = ${owner} AND status = 'active' LIMIT ${COUNT_CAP}) AS capped`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** MAX_LOOKUPS words: the `first` ones, then the others; in each, the words the owner's vocabulary holds, rarest first, then unknown ones (typo candidates). */
async function rarest(db: Db, owner: string, words: string[], first: string[]): Promise<string[]> {
  const prefix = ownerPrefix(owner);
  const rows = await db
    .selectFrom('belief_vocab')
    .select(['term', 'n'])
    .where(
      'term',
      'in',
      words.map((w) => prefix + w),
    )
    .execute();
  const counts = new Map(rows.map((r) => [r.term.slice(prefix.length), r.n]));
  const priority = new Set(first);
  const rank = (w: string) => (priority.has(w) ? 0 : 2) + (counts.has(w) ? 0 : 1);
  return [...words].sort((a, b) => rank(a) - rank(b) || (counts.get(a) ?? 0) - (counts.get(b) ?? 0)).slice(0, MAX_LOOKUPS);
}

/** A belief read for scoring: its row, and the names it answers to (stemmed words of each). */
export interface Candidate {
  belief: Found;
  rowid: number;
  names: string[][];
  /** Stems of the proper nouns its statement mentions (capitalised inside a sentence: "writes Python at work"). */
  properNouns: Set<string>;
  length: number;
}

/** What the owner's beliefs are matched against: fetched once per request, scored per set of weights. */
export interface Pool {
  candidates: Candidate[];
  avgLength: number;
}

/**
 * Reads the owner's active beliefs that any of the weighted word sets match, the best few of each
 * set by a rough score (weight × IDF, before names and length count), the first set's first (the
 * latest turn's). With `relevantOnly`, a belief holding only common words is left out (it cannot
 * be relevant). At most MAX_FETCHED rows, one statement; the SQL
 * filter on `owner` is the isolation guarantee, the term prefix only makes it fast.
 */
export async function candidatePool(
  database: Database,
  owner: string,
  lookup: Lookup,
  sets: Map<string, number>[],
  limit: number,
  options: { relevantOnly: boolean },
): Promise<Pool> {
  const wanted: number[] = [];
  for (const weights of sets) {
    const rough = new Map<number, number>();
    for (const [word, weight] of weights) {
      const hit = lookup.hits.get(word);
      if (!hit || (options.relevantOnly && hit.common)) continue;
      for (const rowid of hit.rowids) rough.set(rowid, (rough.get(rowid) ?? 0) + weight * hit.idf);
    }
    if (rough.size === 0) continue;
    const best = [...rough].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit * FETCHED_PER_SLOT + FETCHED_MARGIN);
    for (const [rowid] of best) wanted.push(rowid);
  }
  const rowids = [...new Set(wanted)].slice(0, MAX_FETCHED);
  if (rowids.length === 0) return { candidates: [], avgLength: 1 };
  const { db, dialect } = database;
  const rows = await db
    .selectFrom('beliefs')
    .select(FOUND_COLUMNS)
    .select(sql<number>`rowid`.as('rid'))
    .where(sql<number>`rowid`, 'in', rowids)
    // Unary + keeps the planner on the rowid lookup instead of walking the owner's index.
    .where(dialect.unindexed('owner'), '=', owner)
    .where(dialect.unindexed('status'), '=', 'active')
    .execute();
  const candidates = rows.map(
    ({ rid, ...belief }): Candidate => ({
      belief,
      rowid: Number(rid),
      names: namesOf(belief),
      properNouns: properNounsOf(belief.statement),
      length: belief.statement.split(/\s+/).length,
    }),
  );
  const avgLength = candidates.reduce((n, c) => n + c.length, 0) / Math.max(1, candidates.length);
  return { candidates, avgLength };
}

/**
 * The names a belief answers to, each as its stemmed words: every alias, and its key's name
 * (lib/world/terms.ts keyNames: `work.database` → database, `user.allergy.penicillin` →
 * allergy penicillin) with, for a key of several segments, its last one (penicillin).
 */
function namesOf(belief: Pick<Found, 'key' | 'aliases'>): string[][] {
  const texts = parseList(belief.aliases);
  if (belief.key !== null) {
    texts.push(keyNames(belief.key));
    const segments = belief.key.split('.');
    if (segments.length > 2) texts.push(segments.at(-1)!.replace(/[_-]+/g, ' '));
  }
  return texts.map(nameTerms).filter((n) => n.length > 0);
}

/** Capitalised words that do not open a sentence, stemmed: the things a statement names. */
function properNounsOf(statement: string): Set<string> {
  const out = new Set<string>();
  for (const m of statement.matchAll(/(?<![.!?:]\s*|^\s*)\b\p{Lu}[\p{L}\p{N}]*/gu)) for (const w of nameTerms(m[0])) out.add(w);
  return out;
}

/**
 * Each pooled belief's evidence for a query: its words with their weights (1 for the latest turn,
 * less for earlier turns of the same topic) and the stemmed words names are matched against (the
 * latest turn's, with their typo corrections). Only beliefs holding a query word are returned.
 */
export function evidenceOf(pool: Pool, lookup: Lookup, weights: Map<string, number>, nameWords: ReadonlySet<string>): Evidence[] {
  let mass = 0;
  let queryWords = 0;
  for (const [word, weight] of weights) {
    mass += weight * (lookup.hits.get(word)?.idf ?? 0);
    if (weight === 1) queryWords++;
  }
  const namedBy = (c: Candidate) => c.names.filter((n) => n.every((w) => nameWords.has(w)));
  const claimed = new Set(pool.candidates.flatMap((c) => namedBy(c).flat()));
  const out: Evidence[] = [];
  for (const c of pool.candidates) {
    const named = namedBy(c);
    const namedWords = new Set(named.flat());
    let lexical = 0;
    let held = 0;
    let strongWords = 0;
    let mentions = 0;
    const matched = new Set<string>();
    for (const [word, weight] of weights) {
      const hit = lookup.hits.get(word);
      if (!hit?.rowids.has(c.rowid)) continue;
      const byName = hit.via.some((w) => namedWords.has(stemWord(w)));
      lexical += weight * hit.idf * (byName ? KEY_WEIGHT : 1);
      if (hit.common || (!byName && hit.via.some((w) => claimed.has(stemWord(w))))) continue;
      matched.add(word);
      if (hit.via.some((w) => c.properNouns.has(stemWord(w)))) mentions++;
      held += weight * hit.idf;
      if (weight >= STRONG_WEIGHT) strongWords++;
    }
    if (lexical === 0) continue;
    const norm = (1 + 1.2) / (1 + 1.2 * (0.25 + (0.75 * c.length) / pool.avgLength));
    out.push({
      belief: c.belief,
      lexical: lexical * norm,
      matched,
      named: named.length > 0,
      mentions,
      strong: named.length > 0 || strongWords >= STRONG_WORDS,
      coverage: mass > 0 ? held / mass : 0,
      queryWords,
    });
  }
  return out;
}

/**
 * The owner's active pinned beliefs of these scopes (`universal` always), most recent first:
 * the open questions (by the owner-and-type index, schema/0010) or the others, at most `limit`.
 */
export function pinnedBeliefs({ db, dialect }: Database, owner: string, scopes: string[], questions: boolean, limit: number): Promise<Found[]> {
  const { unindexed } = dialect;
  return db
    .selectFrom('beliefs')
    .select(FOUND_COLUMNS)
    .where('owner', '=', owner)
    .where('pinned', '=', 1)
    .where('status', '=', 'active')
    .where(questions ? sql<string>`type` : unindexed('type'), questions ? '=' : '!=', 'question')
    .where(unindexed('scope'), 'in', ['universal', ...scopes])
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

/** The owner's active beliefs among these ids, by primary key (owner and status checked here). */
export async function beliefsById(db: Db, owner: string, ids: string[]): Promise<Found[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('beliefs')
    .select([...FOUND_COLUMNS, 'status'])
    .where('id', 'in', ids)
    .execute();
  return rows.filter((r) => r.owner === owner && r.status === 'active').map(({ status: _status, ...found }) => found);
}

/** The owner's active beliefs matching a text, best first, with no relevance cutoff (search and tests). */
export async function searchBeliefs(deps: Pick<Deps, 'db' | 'atomic' | 'database'>, owner: string, text: string, limit: number): Promise<Found[]> {
  const words = contentWords(text);
  if (limit <= 0) return [];
  const lookup = await lookupWords(deps, owner, words);
  const weights = new Map(words.map((w) => [w, 1]));
  const pool = await candidatePool(deps.database, owner, lookup, [weights], limit, { relevantOnly: false });
  return ranked(evidenceOf(pool, lookup, weights, new Set(nameTerms(text))))
    .slice(0, limit)
    .map((s) => s.belief);
}
