import { sql } from 'kysely';
import type { Belief, Db } from '../db/schema.ts';
import { ftsQuery } from './text.ts';

/**
 * The owner's active beliefs ranked by BM25 over statement and key; near-equal ranks are
 * ordered by recency, then confidence. The owner filter is part of the query: nobody else's rows.
 */
export async function searchBeliefs(db: Db, owner: string, text: string, limit: number): Promise<Belief[]> {
  const match = ftsQuery(text);
  if (match === null || limit <= 0) return [];
  const result = await sql<Belief>`
    SELECT b.* FROM beliefs_fts
    JOIN beliefs b ON b.rowid = beliefs_fts.rowid
    WHERE beliefs_fts MATCH ${match} AND b.owner = ${owner} AND b.status = 'active'
    ORDER BY round(bm25(beliefs_fts), 2), b.updated_at DESC, b.confidence DESC
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/** Pinned active beliefs that apply here: universal ones, and `domain:<name>` ones whose name the text mentions. */
export async function pinnedBeliefs(db: Db, owner: string, text: string, limit: number): Promise<Belief[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('beliefs')
    .selectAll()
    .where('owner', '=', owner)
    .where('status', '=', 'active')
    .where('pinned', '=', 1)
    .orderBy('updated_at', 'desc')
    .limit(200)
    .execute();
  const lower = text.toLowerCase();
  return rows.filter((b) => b.scope === 'universal' || (b.scope.startsWith('domain:') && lower.includes(b.scope.slice(7).toLowerCase()))).slice(0, limit);
}
