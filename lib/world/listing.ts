import { sql } from 'kysely';
import { base64Decode } from '../crypto.ts';
import type { Db } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../errors.ts';
import { afterCursor, toPage, type CursorKey, type Page, type PageRequest } from '../paging.ts';
import { indexPendingBeliefs } from './reindex.ts';
import { SEARCH_TIME_INDEXING } from './retrieval.ts';
import { toRecord } from './store.ts';
import { ownerMatch } from './terms.ts';
import { contentWords } from './text.ts';
import type { BeliefRecord, CompactionEntry } from './types.ts';

export interface BeliefFilter {
  owner: string;
  status: 'active' | 'superseded' | 'all';
  type?: string;
  scope?: string;
  q?: string;
  limit: number;
  /** A `next_cursor` from a previous page. */
  cursor?: string;
}

/** Reads a cursor made by lib/paging.ts's encodeCursor for a (timestamp, id) key. */
function parseCursor(cursor: string): CursorKey {
  try {
    const key: unknown = JSON.parse(new TextDecoder().decode(base64Decode(cursor.replace(/-/g, '+').replace(/_/g, '/'))));
    if (Array.isArray(key) && key.length === 2 && key.every((v) => typeof v === 'string')) return key as string[];
  } catch {
    // fall through to the 400
  }
  throw badRequest('cursor', 'is not a cursor returned by this list');
}

/** The owner's beliefs, newest first; `q` filters by full text over statement and key. */
export async function listBeliefs(deps: Pick<Deps, 'db' | 'atomic'>, f: BeliefFilter): Promise<Page<BeliefRecord>> {
  const { db } = deps;
  const page: PageRequest = { limit: f.limit, after: f.cursor ? parseCursor(f.cursor) : null };
  let query = db.selectFrom('beliefs').selectAll().where('owner', '=', f.owner);
  if (f.status !== 'all') query = query.where('status', '=', f.status);
  if (f.type) query = query.where('type', '=', f.type);
  if (f.scope) query = query.where('scope', '=', f.scope);
  if (f.q !== undefined && f.q.trim() !== '') {
    const words = contentWords(f.q).slice(0, 24);
    if (words.length === 0) return { data: [], next_cursor: null };
    await indexPendingBeliefs(deps, SEARCH_TIME_INDEXING);
    query = query.where(sql<boolean>`beliefs.rowid IN (SELECT rowid FROM beliefs_fts WHERE beliefs_fts MATCH ${ownerMatch(f.owner, words)})`);
  }
  if (page.after) query = query.where(afterCursor(['created_at', 'id'], page.after, 'desc'));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit + 1).execute();
  return toPage(rows, page, (r) => [r.created_at, r.id], toRecord);
}

export async function beliefHistory(db: Db, beliefId: string) {
  const rows = await db.selectFrom('belief_history').selectAll().where('belief_id', '=', beliefId).orderBy('at').orderBy(sql`rowid`).execute();
  return rows.map((r) => ({ id: r.id, event: r.event, at: r.at, actor: r.actor, detail: r.detail === null ? null : (JSON.parse(r.detail) as unknown) }));
}

export async function listCompactions(db: Db, owner: string | undefined, page: PageRequest): Promise<Page<CompactionEntry>> {
  let query = db.selectFrom('compaction_history').selectAll();
  if (owner) query = query.where('owner', '=', owner);
  if (page.after) query = query.where(afterCursor(['at', 'id'], page.after, 'desc'));
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit + 1).execute();
  return toPage(rows, page, (r) => [r.at, r.id], (r) => ({ ...r, merged: JSON.parse(r.merged) as CompactionEntry['merged'] }));
}
