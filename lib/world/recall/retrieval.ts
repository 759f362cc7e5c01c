import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/schema.ts';
import { lookupWords, type Lookup } from './lookup.ts';
import { parseList } from '../../json-list.ts';
import { keyNames } from '../../key-names.ts';
import { contentWords, nameTerms, stemWord } from '../text.ts';
import { ranked } from './relevance.ts';
import { FOUND_COLUMNS, type Evidence, type Found } from './found.ts';

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
 * (lib/world/recall/terms.ts keyNames: `work.database` → database, `user.allergy.penicillin` →
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
