import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { decodeCursor, keysetPage, toPage, type CursorKey, type Page, type PageRequest } from '../../paging.ts';
import { indexPendingBeliefs } from '../recall/reindex.ts';
import { SEARCH_TIME_INDEXING } from '../recall/lookup.ts';
import { toRecord } from './beliefs.ts';
import { ownerPrefix } from '../../owner-prefix.ts';
import { contentWords } from '../text.ts';
import type { BeliefRecord, CompactionEntry } from '../../ports/beliefs.ts';

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

/** Reads a cursor made by lib/paging.ts's encodeCursor: a (timestamp, id) key, or ("offset", n) for a ranked search. */
function parseCursor(cursor: string): CursorKey {
  const key = decodeCursor(cursor, 2);
  if (key.every((v) => typeof v === 'string')) return key;
  throw badRequest('cursor', 'is not a cursor returned by this list');
}

const OFFSET = 'offset';

/** A page of beliefs and how many match the filter in all. */
export type BeliefPage = Page<BeliefRecord> & { total: number };

/**
 * The owner's beliefs, newest first. With `q`, only those matching its words in the full-text
 * index (statement and key), best match first (FTS5 rank), paged by position.
 */
export async function listBeliefs(deps: Pick<Deps, 'db' | 'atomic' | 'database'>, f: BeliefFilter): Promise<BeliefPage> {
  const { db } = deps;
  const after = f.cursor ? parseCursor(f.cursor) : null;
  const words = f.q !== undefined && f.q.trim() !== '' ? contentWords(f.q).slice(0, 24) : null;
  if (words !== null && words.length === 0) return { data: [], next_cursor: null, total: 0 };
  if (words) await indexPendingBeliefs(deps, SEARCH_TIME_INDEXING);
  const ranked = words ? deps.database.dialect.termRanking(words.map((w) => ownerPrefix(f.owner) + w)).as('m') : null;
  let base = ranked ? db.selectFrom('beliefs').innerJoin(ranked, (join) => join.on(sql<boolean>`m.rowid = beliefs.rowid`)) : db.selectFrom('beliefs');
  base = base.where('owner', '=', f.owner);
  if (f.status !== 'all') base = base.where('status', '=', f.status);
  if (f.type) base = base.where('type', '=', f.type);
  if (f.scope) base = base.where('scope', '=', f.scope);
  const total = async () => Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);

  if (ranked) {
    const offset = after === null ? 0 : after[0] === OFFSET && /^\d+$/.test(String(after[1])) ? Number(after[1]) : -1;
    if (offset < 0) throw badRequest('cursor', 'is not a cursor returned by this search');
    const [rows, count] = await Promise.all([
      base
        .selectAll('beliefs')
        .orderBy(sql`m.rank`)
        .orderBy('beliefs.id')
        .limit(f.limit + 1)
        .offset(offset)
        .execute(),
      total(),
    ]);
    return { ...toPage(rows, { limit: f.limit, after: null }, () => [OFFSET, String(offset + f.limit)], toRecord), total: count };
  }
  const [listed, count] = await Promise.all([
    keysetPage(base.selectAll('beliefs'), { limit: f.limit, after }, ['created_at', 'id'], 'desc', toRecord),
    total(),
  ]);
  return { ...listed, total: count };
}

export async function beliefHistory(db: Db, beliefId: string) {
  const rows = await db.selectFrom('belief_history').selectAll().where('belief_id', '=', beliefId).orderBy('at').orderBy(sql`rowid`).execute();
  return rows.map((r) => ({ id: r.id, event: r.event, at: r.at, actor: r.actor, detail: r.detail === null ? null : (JSON.parse(r.detail) as unknown) }));
}

export async function listCompactions(db: Db, owner: string | undefined, page: PageRequest): Promise<Page<CompactionEntry>> {
  let query = db.selectFrom('compaction_history').selectAll();
  if (owner) query = query.where('owner', '=', owner);
  return keysetPage(query, page, ['at', 'id'], 'desc', (r) => ({ ...r, merged: JSON.parse(r.merged) as CompactionEntry['merged'] }));
}
