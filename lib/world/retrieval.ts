import { sql } from 'kysely';
import type { Belief, Db } from '../db/schema.ts';
import { contentWords } from './text.ts';

/** Matches of one word counted per query; ranking looks at no more than twice this many beliefs. */
const CANDIDATES = 1000;
const MAX_TERMS = 12;

/** The owner as one token of the full-text index (the `owner_tag` column of schema/0004_world.sql). */
export function ownerTag(owner: string): string {
  let hex = '';
  for (const b of new TextEncoder().encode(owner)) hex += b.toString(16).padStart(2, '0');
  return `o${hex}`;
}

/** An FTS5 MATCH expression: any of the words, in statement or key, among the owner's beliefs only. */
export function ownerMatch(owner: string, words: string[]): string {
  return `owner_tag : "${ownerTag(owner)}" AND {statement key} : (${words.map((w) => `"${w}"`).join(' OR ')})`;
}

/**
 * The owner's active beliefs ranked by BM25 over statement and key; near-equal ranks are ordered
 * by recency, then confidence. The index is narrowed to the owner, and the query keeps its rarest
 * words (the ones BM25 weighs most) while their matches fit a fixed budget, so the cost follows
 * the budget rather than the size of the store. The SQL filter on `owner` is the isolation
 * guarantee; the index narrowing only makes it fast.
 */
export async function searchBeliefs(db: Db, owner: string, text: string, limit: number): Promise<Belief[]> {
  const words = contentWords(text).slice(0, MAX_TERMS);
  if (words.length === 0 || limit <= 0) return [];
  const frequencies = await Promise.all(
    words.map(async (w) => {
      const r = await sql<{ n: number }>`
        SELECT count(*) AS n FROM (SELECT 1 FROM beliefs_fts WHERE beliefs_fts MATCH ${ownerMatch(owner, [w])} LIMIT ${CANDIDATES + 1})`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    }),
  );
  // Rarest words first, while their matches together stay within the budget; when every word is
  // common, only the rarest one, over its most recent matches.
  const byRarity = words.map((w, i) => ({ w, n: frequencies[i]! })).filter((x) => x.n > 0).sort((a, b) => a.n - b.n);
  if (byRarity.length === 0) return [];
  const chosen: string[] = [];
  let budget = 2 * CANDIDATES;
  for (const { w, n } of byRarity) {
    if (chosen.length > 0 && n > budget) break;
    chosen.push(w);
    budget -= n;
  }
  const result = await sql<Belief>`
    SELECT b.* FROM (
      SELECT rowid AS rid, bm25(beliefs_fts, 1.0, 1.0, 0.0) AS score FROM beliefs_fts
      WHERE beliefs_fts MATCH ${ownerMatch(owner, chosen)}
      ORDER BY rowid DESC LIMIT ${2 * CANDIDATES}
    ) AS m
    JOIN beliefs b ON b.rowid = m.rid
    WHERE b.owner = ${owner} AND b.status = 'active'
    ORDER BY round(m.score, 2), b.updated_at DESC, b.confidence DESC
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
    .where('pinned', '=', 1)
    .where('status', '=', 'active')
    .orderBy('updated_at', 'desc')
    .limit(200)
    .execute();
  const lower = text.toLowerCase();
  return rows.filter((b) => b.scope === 'universal' || (b.scope.startsWith('domain:') && lower.includes(b.scope.slice(7).toLowerCase()))).slice(0, limit);
}
