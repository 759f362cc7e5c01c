import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import type { Belief, Db } from '../db/schema.ts';
import { indexPendingBeliefs } from './reindex.ts';
import { ownerMatch } from './terms.ts';
import { contentWords } from './text.ts';

/** What a search returns of a belief: what context assembly uses, so the rows read stay narrow. */
const FOUND_COLUMNS = ['id', 'owner', 'statement', 'confidence', 'updated_at'] as const;
export type Found = Pick<Belief, (typeof FOUND_COLUMNS)[number]>;

/** Matches of one word read per query: all of a rare word's, a common word's most recent. */
const CANDIDATES = 200;
const MAX_TERMS = 12;
/** Beliefs written without search terms (by hand) are indexed by the next search, up to this many. */
export const SEARCH_TIME_INDEXING = { batch: 500, maxBatches: 20 };

/**
 * The owner's active beliefs ranked by full text over statement and key: BM25 with binary term
 * frequency (statements are short) and length normalisation, IDF from how many of the owner's
 * beliefs hold each word (a word with more than CANDIDATES counts as common); ties go to the more
 * recent, then the more confident belief. Each word is one owner-prefixed term of the index, so
 * reading its matches costs at most CANDIDATES doclist entries whatever the size of the store.
 * FTS5's bm25() is not used: it counts every match of every phrase on each query.
 * The SQL filter on `owner` is the isolation guarantee; the term prefix only makes it fast.
 */
export async function searchBeliefs(deps: Pick<Deps, 'db' | 'atomic'>, owner: string, text: string, limit: number): Promise<Found[]> {
  const words = contentWords(text).slice(0, MAX_TERMS);
  if (words.length === 0 || limit <= 0) return [];
  const { db } = deps;
  await indexPendingBeliefs(deps, SEARCH_TIME_INDEXING);
  const lists = await Promise.all(
    words.map((word) =>
      sql<{ r: number }>`SELECT rowid AS r FROM beliefs_fts WHERE beliefs_fts MATCH ${ownerMatch(owner, [word])} ORDER BY rowid DESC LIMIT ${CANDIDATES + 1}`
        .execute(db)
        .then((res) => res.rows.map((row) => Number(row.r))),
    ),
  );
  const scores = new Map<number, number>();
  for (const list of lists) {
    const idf = Math.log(1 + (10 * CANDIDATES) / (list.length + 0.5));
    for (const rowid of list) scores.set(rowid, (scores.get(rowid) ?? 0) + idf);
  }
  if (scores.size === 0) return [];
  const best = [...scores].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit * 3 + 20);
  const rows = await db
    .selectFrom('beliefs')
    .select(FOUND_COLUMNS)
    .select(sql<number>`rowid`.as('rid'))
    .where(sql<number>`rowid`, 'in', best.map(([rowid]) => rowid))
    // Unary + keeps the planner on the rowid lookup instead of walking the owner's index.
    .where(sql<string>`+owner`, '=', owner)
    .where(sql<string>`+status`, '=', 'active')
    .execute();
  // BM25's length normalisation (k1 = 1.2, b = 0.75) with tf = 1, over the fetched statements.
  const length = (r: Found) => r.statement.split(/\s+/).length;
  const avg = rows.reduce((n, r) => n + length(r), 0) / Math.max(1, rows.length);
  const final = new Map(rows.map((r) => [r.id, Math.round(((scores.get(Number(r.rid)) ?? 0) * 2.2 * 100) / (1 + 1.2 * (0.25 + (0.75 * length(r)) / avg)))]));
  rows.sort((a, b) => final.get(b.id)! - final.get(a.id)! || b.updated_at.localeCompare(a.updated_at) || b.confidence - a.confidence);
  return rows.slice(0, limit).map(({ rid: _rid, ...belief }) => belief);
}

/** Pinned active beliefs that apply here: universal ones, and `domain:<name>` ones whose name the text mentions. */
export async function pinnedBeliefs(db: Db, owner: string, text: string, limit: number): Promise<Found[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('beliefs')
    .select([...FOUND_COLUMNS, 'scope'])
    .where('owner', '=', owner)
    .where('pinned', '=', 1)
    .where('status', '=', 'active')
    .orderBy('updated_at', 'desc')
    .limit(200)
    .execute();
  const lower = text.toLowerCase();
  return rows
    .filter((b) => b.scope === 'universal' || (b.scope.startsWith('domain:') && lower.includes(b.scope.slice(7).toLowerCase())))
    .slice(0, limit)
    .map(({ scope: _scope, ...found }) => found);
}
