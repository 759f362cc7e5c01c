import { sql } from 'kysely';
import type { Belief, Db } from '../db/schema.ts';
import { contentWords } from './text.ts';

/** Matches of one word read per query. */
const CANDIDATES = 1000;
const MAX_TERMS = 12;
const RECENT = 10 * CANDIDATES;

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
 * The owner's active beliefs ranked by full text over statement and key: BM25 with binary term
 * frequency (statements are short) and length normalisation, IDF from each word's frequency
 * among the owner's beliefs; ties go to the more recent, then the more confident belief. Each word's matches are read from
 * the index narrowed to the owner, at most CANDIDATES of them (a common word's from the owner's
 * recent beliefs), so the cost follows that budget rather than the size of the store. FTS5's
 * bm25() is not used: it counts every row of every phrase, the owner's included, on each query.
 * The SQL filter on `owner` is the isolation guarantee; the index narrowing only makes it fast.
 */
export async function searchBeliefs(db: Db, owner: string, text: string, limit: number): Promise<Belief[]> {
  const words = contentWords(text).slice(0, MAX_TERMS);
  if (words.length === 0 || limit <= 0) return [];
  const matches = (word: string, floor: number) =>
    sql<{ r: number }>`SELECT rowid AS r FROM beliefs_fts WHERE beliefs_fts MATCH ${ownerMatch(owner, [word])} AND rowid >= ${floor} LIMIT ${CANDIDATES + 1}`
      .execute(db)
      .then((res) => res.rows.map((row) => Number(row.r)));
  const lists = await Promise.all(words.map((w) => matches(w, 0)));
  if (lists.some((l) => l.length > CANDIDATES)) {
    const floor = await recentFloor(db, owner);
    await Promise.all(lists.map(async (l, i) => (l.length > CANDIDATES ? (lists[i] = await matches(words[i]!, floor)) : l)));
  }
  const scores = new Map<number, number>();
  for (const list of lists) {
    const idf = Math.log(1 + (10 * CANDIDATES) / (list.length + 0.5));
    for (const rowid of list) scores.set(rowid, (scores.get(rowid) ?? 0) + idf);
  }
  if (scores.size === 0) return [];
  const best = [...scores].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit * 3 + 20);
  const rows = await db
    .selectFrom('beliefs')
    .selectAll()
    .select(sql<number>`rowid`.as('rid'))
    .where(sql<number>`rowid`, 'in', best.map(([rowid]) => rowid))
    .where('owner', '=', owner)
    .where('status', '=', 'active')
    .execute();
  // BM25's length normalisation (k1 = 1.2, b = 0.75) with tf = 1, over the fetched statements.
  const length = (r: Belief) => r.statement.split(/\s+/).length;
  const avg = rows.reduce((n, r) => n + length(r), 0) / Math.max(1, rows.length);
  const final = new Map(rows.map((r) => [r.id, Math.round(((scores.get(Number(r.rid)) ?? 0) * 2.2 * 100) / (1 + 1.2 * (0.25 + (0.75 * length(r)) / avg)))]));
  rows.sort((a, b) => final.get(b.id)! - final.get(a.id)! || b.updated_at.localeCompare(a.updated_at) || b.confidence - a.confidence);
  return rows.slice(0, limit).map(({ rid: _rid, ...belief }) => belief as Belief);
}

/** The rowid where the owner's RECENT most recently updated active beliefs begin (0 when it has fewer). */
async function recentFloor(db: Db, owner: string): Promise<number> {
  const row = await db
    .selectFrom('beliefs')
    .select(sql<number>`rowid`.as('r'))
    .where('owner', '=', owner)
    .where('status', '=', 'active')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .offset(RECENT)
    .executeTakeFirst();
  return row ? Number(row.r) : 0;
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
