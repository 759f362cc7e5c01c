import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import type { Belief, Db } from '../db/schema.ts';
import { indexPendingBeliefs } from './reindex.ts';
import { parseList } from './beliefs.ts';
import { keyNames, ownerPrefix } from './terms.ts';
import { dialectOf } from '../db/dialect.ts';
import { contentWords } from './text.ts';
import { corrections, TYPO_MIN_LENGTH } from './vocabulary.ts';

/** What a search returns of a belief: what context assembly uses, so the rows read stay narrow. */
export const FOUND_COLUMNS = [
  'id',
  'owner',
  'type',
  'key',
  'statement',
  'scope',
  'pinned',
  'confidence',
  'updated_at',
  'aliases',
  'participants',
  'event_at',
] as const;
export type Found = Pick<Belief, (typeof FOUND_COLUMNS)[number]>;

/** Matches of one word read per query: all of a rare word's, a common word's most recent. */
const CANDIDATES = 200;
/** Index lookups per query: past it, the owner's rarest words are kept (the most informative). */
const MAX_LOOKUPS = 24;
/** Query words weighed for rarity, at most (one statement's parameters; D1 allows 100). */
const MAX_WORDS = 90;
/** Words corrected per query (each costs a bounded read of the owner's vocabulary). */
const MAX_TYPO_WORDS = 4;
/** Active beliefs counted for IDF; past it the owner counts as this large (bounded index read). */
const COUNT_CAP = 500;
/** A word held by more than this share of the owner's beliefs (and more than COMMON_MIN) is common. */
const COMMON_SHARE = 0.2;
const COMMON_MIN = 3;
/** A match on a belief's key or alias weighs this much more than one in its statement. */
const KEY_WEIGHT = 2;
/** What makes a match strong enough for a domain belief when the request names no scope. */
const STRONG_WORDS = 2;
const STRONG_WEIGHT = 0.5;
/** Beliefs fetched and scored per query, at most: FETCHED_PER_SLOT per belief the caller may inject, and a margin. */
const FETCHED_PER_SLOT = 1;
const FETCHED_MARGIN = 15;
/**
 * With `relevantOnly`, a belief is not fetched when it holds only common words (it cannot be
 * relevant) or its rough score (weights × IDF, before key boosts and length normalisation) is under
 * this share of the best: well under the relevance cutoff's (lib/world/context.ts), which a key
 * match and a short statement together rarely make up.
 */
const ROUGH_FLOOR = 0.08;
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

export type Lookup = Map<string, WordHits>;

/**
 * Reads, for each query word, which of the owner's beliefs hold it. Each word is one owner-prefixed
 * term of the FTS5 index (lib/world/terms.ts), so a lookup costs at most CANDIDATES doclist entries
 * whatever the number of beliefs the owner holds; past MAX_LOOKUPS words, the `first` ones (the latest turn's) go
 * before the others, each group rarest first. A word of TYPO_MIN_LENGTH+ letters that matches nothing is looked
 * up by its one-edit corrections among the owner's words. IDF is BM25's, over the owner's active
 * beliefs: `activeBeliefs` when the caller knows it, else counted up to COUNT_CAP.
 */
export async function lookupWords(
  deps: Pick<Deps, 'db' | 'atomic'>,
  owner: string,
  words: string[],
  options: { first?: string[]; activeBeliefs?: number } = {},
): Promise<Lookup> {
  const lookup: Lookup = new Map();
  if (words.length === 0) return lookup;
  const { db } = deps;
  await indexPendingBeliefs(deps, SEARCH_TIME_INDEXING);
  const kept = words.length > MAX_LOOKUPS ? await rarest(deps.db, owner, words.slice(0, MAX_WORDS), options.first ?? []) : words;
  const [total, lists] = await Promise.all([options.activeBeliefs ?? activeCount(deps.db, owner), Promise.all(kept.map((w) => doclist(deps.db, owner, w)))]);
  const found = new Map(kept.map((w, i) => [w, { rowids: lists[i]!, via: lists[i]!.length ? [w] : [] }]));
  let typos = 0;
  for (const [word, hit] of found) {
    if (hit.rowids.length || word.length < TYPO_MIN_LENGTH || /\d/.test(word) || typos >= MAX_TYPO_WORDS) continue;
    typos++;
    for (const fix of await corrections(db, owner, word)) {
      const list = await doclist(deps.db, owner, fix);
      if (list.length) {
        hit.rowids.push(...list);
        hit.via.push(fix);
      }
    }
  }
  const n = Math.max(total, 1);
  for (const [word, hit] of found) {
    if (hit.rowids.length === 0) continue;
    const df = Math.min(new Set(hit.rowids).size, CANDIDATES + 1);
    lookup.set(word, {
      rowids: new Set(hit.rowids),
      via: hit.via,
      idf: Math.log(1 + (Math.max(n, df) - df + 0.5) / (df + 0.5)),
      common: df > Math.max(COMMON_MIN, COMMON_SHARE * n),
    });
  }
  return lookup;
}

/** Rowids of the owner's beliefs (any status) indexed under one word, newest first, bounded. */
async function doclist(db: Db, owner: string, word: string): Promise<number[]> {
  const res = await dialectOf(db)
    .termDoclist([ownerPrefix(owner) + word], CANDIDATES + 1)
    .execute(db);
  return res.rows.map((row) => Number(row.r));
}

async function activeCount(db: Db, owner: string): Promise<number> {
  const res = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM beliefs WHERE owner = ${owner} AND status = 'active' LIMIT ${COUNT_CAP}) AS capped`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** MAX_LOOKUPS words: the `first` ones, then the others, each by how rarely the owner's vocabulary holds them (unknown first: typo candidates). */
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
  const rank = (w: string) => (priority.has(w) ? 0 : 1);
  return [...words].sort((a, b) => rank(a) - rank(b) || (counts.get(a) ?? 0) - (counts.get(b) ?? 0)).slice(0, MAX_LOOKUPS);
}

/** A candidate belief with how well it matches the query. */
export interface Scored {
  belief: Found;
  score: number;
  /** The non-common query words it matches (from any turn of the topic). */
  matched: Set<string>;
  /** A strong match: by its key or an alias, or by STRONG_WORDS non-common words, at weight STRONG_WEIGHT or more. */
  strong: boolean;
}

/**
 * The owner's active beliefs matching the weighted query words, best first (with `relevantOnly`,
 * only those that could pass the relevance cutoff). A belief scores the sum, over the words it
 * holds, of the word's weight (1 for the latest turn, less for earlier turns of the same topic)
 * × IDF, × KEY_WEIGHT when the word names its key (lib/world/terms.ts keyNames) or is one of its
 * aliases, with BM25's length normalisation (binary term frequency: statements are short). Ties
 * go to the pinned, the more confident, then the more recent belief. The SQL filter on `owner` is
 * the isolation guarantee; the term prefix only makes it fast.
 */
export async function scoreBeliefs(
  db: Db,
  owner: string,
  lookup: Lookup,
  weights: Map<string, number>,
  limit: number,
  options: { relevantOnly: boolean },
): Promise<Scored[]> {
  const rough = new Map<number, number>();
  for (const [word, weight] of weights) {
    const hit = lookup.get(word);
    if (!hit || (options.relevantOnly && hit.common)) continue;
    for (const rowid of hit.rowids) rough.set(rowid, (rough.get(rowid) ?? 0) + weight * hit.idf);
  }
  if (rough.size === 0) return [];
  const ranked = [...rough].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const floor = options.relevantOnly ? ranked[0]![1] * ROUGH_FLOOR : 0;
  const best = ranked.filter(([, score]) => score >= floor).slice(0, limit * FETCHED_PER_SLOT + FETCHED_MARGIN);
  const dialect = dialectOf(db);
  const rows = await db
    .selectFrom('beliefs')
    .select(FOUND_COLUMNS)
    .select(sql<number>`rowid`.as('rid'))
    .where(
      sql<number>`rowid`,
      'in',
      best.map(([rowid]) => rowid),
    )
    // Unary + keeps the planner on the rowid lookup instead of walking the owner's index.
    .where(dialect.unindexed('owner'), '=', owner)
    .where(dialect.unindexed('status'), '=', 'active')
    .execute();
  const length = (r: Found) => r.statement.split(/\s+/).length;
  const avg = rows.reduce((n, r) => n + length(r), 0) / Math.max(1, rows.length);
  const scored = rows.map(({ rid, ...belief }): Scored => {
    const named =
      belief.key === null && belief.aliases === '[]'
        ? NO_NAMES
        : new Set(contentWords(`${keyNames(belief.key)} ${parseList(belief.aliases).join(' ')}`).map(stem));
    let score = 0;
    const matched = new Set<string>();
    let strongWords = 0;
    let keyMatch = false;
    for (const [word, weight] of weights) {
      const hit = lookup.get(word);
      if (!hit?.rowids.has(Number(rid))) continue;
      const byName = hit.via.some((w) => named.has(stem(w)));
      score += weight * hit.idf * (byName ? KEY_WEIGHT : 1);
      if (hit.common) continue;
      matched.add(word);
      if (weight >= STRONG_WEIGHT) {
        strongWords++;
        if (byName) keyMatch = true;
      }
    }
    const norm = (1 + 1.2) / (1 + 1.2 * (0.25 + (0.75 * length(belief)) / avg));
    return { belief, score: score * norm, matched, strong: keyMatch || strongWords >= STRONG_WORDS };
  });
  return scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.belief.pinned - a.belief.pinned ||
      b.belief.confidence - a.belief.confidence ||
      b.belief.updated_at.localeCompare(a.belief.updated_at),
  );
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** A crude suffix strip, enough to tell whether a matched word is the key's or alias's word. */
function stem(word: string): string {
  return word.replace(/(ies|es|s|ing|ed)$/, '');
}

/**
 * The owner's active pinned beliefs of these scopes (`universal` always), most recent first:
 * the open questions (by the owner-and-type index, schema/0010) or the others, at most `limit`.
 */
export function pinnedBeliefs(db: Db, owner: string, scopes: string[], questions: boolean, limit: number): Promise<Found[]> {
  const { unindexed } = dialectOf(db);
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
export async function searchBeliefs(deps: Pick<Deps, 'db' | 'atomic'>, owner: string, text: string, limit: number): Promise<Found[]> {
  const words = contentWords(text);
  if (limit <= 0) return [];
  const lookup = await lookupWords(deps, owner, words);
  const scored = await scoreBeliefs(deps.db, owner, lookup, new Map(words.map((w) => [w, 1])), limit, { relevantOnly: false });
  return scored.slice(0, limit).map((s) => s.belief);
}
