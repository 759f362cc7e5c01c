import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import type { Db } from '../db/schema.ts';
import { embeddingText, textHash, vectorBytes } from './text.ts';

/** Ids per statement (D1 takes at most 100 parameters). */
const IDS_PER_STATEMENT = 90;

/** An active belief whose vector of the model is missing or out of date. */
export interface PendingBelief {
  rid: number;
  id: string;
  owner: string;
  updatedAt: string;
  text: string;
  hash: string;
  /** Its stored vector is of this model and text (only its belief's updated_at moved): no provider call needed. */
  unchanged: boolean;
}

interface PendingRow {
  rid: number;
  id: string;
  owner: string;
  statement: string;
  key: string | null;
  aliases: string;
  updated_at: string;
  model: string | null;
  text_hash: string | null;
  has_vector: number;
}

/** Active beliefs with no current vector of `model`; with `retryFailed`, failed ones (a null vector) too. */
function pendingQuery(db: Db, model: string, retryFailed: boolean) {
  return db
    .selectFrom('beliefs as b')
    .leftJoin('belief_vectors as v', 'v.belief_id', 'b.id')
    .select(['b.id', 'b.owner', 'b.statement', 'b.key', 'b.aliases', 'b.updated_at', 'v.model', 'v.text_hash'])
    .select(sql<number>`b.rowid`.as('rid'))
    .select(sql<number>`CASE WHEN v.vector IS NULL THEN 0 ELSE 1 END`.as('has_vector'))
    .where('b.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('v.belief_id', 'is', null),
        eb('v.model', '!=', model),
        eb('v.source_updated_at', '!=', eb.ref('b.updated_at')),
        ...(retryFailed ? [eb('v.vector', 'is', null)] : []),
      ]),
    );
}

function pendingOf(rows: PendingRow[], model: string): PendingBelief[] {
  return rows.map((r) => {
    const text = embeddingText(r);
    const hash = textHash(text);
    return {
      rid: Number(r.rid),
      id: r.id,
      owner: r.owner,
      updatedAt: r.updated_at,
      text,
      hash,
      unchanged: r.model === model && r.text_hash === hash && Number(r.has_vector) === 1,
    };
  });
}

/** The next `limit` pending or failed beliefs after belief rowid `after`, in rowid order (a full scan, page by page). */
export async function pendingAfter(db: Db, model: string, after: number, limit: number): Promise<PendingBelief[]> {
  const rows = await pendingQuery(db, model, true).where(sql`b.rowid`, '>', after).orderBy(sql`b.rowid`).limit(limit).execute();
  return pendingOf(rows as PendingRow[], model);
}

/** Which of these beliefs are pending. */
export async function pendingAmong(db: Db, model: string, ids: string[]): Promise<PendingBelief[]> {
  const out: PendingBelief[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const rows = await pendingQuery(db, model, false)
      .where('b.id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
      .execute();
    out.push(...pendingOf(rows as PendingRow[], model));
  }
  return out;
}

/** The newest belief change (belief_history's last rowid): when it moves, some belief changed. */
export async function changeMark(db: Db): Promise<number> {
  const res = await sql<{ m: number | null }>`SELECT max(rowid) AS m FROM belief_history`.execute(db);
  return Number(res.rows[0]?.m ?? 0);
}

/** Ids of the beliefs changed after `mark` (at most `limit` history rows) and the mark they reach. */
export async function changedSince(db: Db, mark: number, limit: number): Promise<{ ids: string[]; mark: number }> {
  const res = await sql<{
    r: number;
    belief_id: string;
  }>`SELECT rowid AS r, belief_id FROM belief_history WHERE rowid > ${mark} ORDER BY rowid LIMIT ${limit}`.execute(db);
  const rows = res.rows;
  return { ids: [...new Set(rows.map((r) => r.belief_id))], mark: rows.length ? Number(rows.at(-1)!.r) : mark };
}

/** One belief's embedding outcome: its vector, or null when the provider failed it. */
export interface Embedded {
  belief: PendingBelief;
  vector: Float32Array | null;
}

/**
 * Stores vectors (and failures) of `model` in one transaction; `stamp` orders them for the per-owner
 * caches. Each is written only while its belief is still active, under the owner it has then: a
 * belief purged or forgotten (or moved) while its embedding call was under way gets no vector from
 * it. On PostgreSQL the belief's row is share-locked by the write, so a concurrent purge either
 * lands first or waits and then deletes what was written.
 */
export async function writeVectors(deps: Pick<Deps, 'db' | 'atomic' | 'database'>, model: string, results: Embedded[], stamp: number): Promise<void> {
  const { db } = deps;
  await deps.atomic(
    results.map(({ belief, vector }) => {
      const row = {
        model,
        source_updated_at: belief.updatedAt,
        text_hash: belief.hash,
        vector: vector ? vectorBytes(vector) : null,
        stamp,
      };
      let live = db
        .selectFrom('beliefs as b')
        .select(['b.id', 'b.owner', ...Object.entries(row).map(([column, value]) => sql`${value}`.as(column))])
        .where('b.id', '=', belief.id)
        .where('b.status', '=', 'active');
      if (deps.database.dialect.lockForShare) live = live.forShare();
      return db
        .insertInto('belief_vectors')
        .columns(['belief_id', 'owner', 'model', 'source_updated_at', 'text_hash', 'vector', 'stamp'])
        .expression(live)
        .onConflict((oc) => oc.column('belief_id').doUpdateSet((eb) => ({ ...row, owner: eb.ref('excluded.owner') })));
    }),
  );
}

/** Marks an unchanged text's vector current again (its belief's updated_at moved: a reinforcement). */
export async function confirmVectors(deps: Pick<Deps, 'db' | 'atomic'>, beliefs: PendingBelief[]): Promise<void> {
  await deps.atomic(beliefs.map((b) => deps.db.updateTable('belief_vectors').set({ source_updated_at: b.updatedAt }).where('belief_id', '=', b.id)));
}

/** Drops the vectors of those of these beliefs no longer active (superseded), so rankings stop reading them. */
export async function retireVectors(deps: Pick<Deps, 'db' | 'atomic'>, ids: string[], stamp: number): Promise<void> {
  const { db } = deps;
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const chunk = ids.slice(i, i + IDS_PER_STATEMENT);
    await db
      .updateTable('belief_vectors')
      .set({ vector: null, stamp })
      .where('belief_id', 'in', chunk)
      .where('vector', 'is not', null)
      .where('belief_id', 'not in', db.selectFrom('beliefs').select('id').where('id', 'in', chunk).where('status', '=', 'active'))
      .execute();
  }
}

/** GET /admin/api/embeddings: over all active beliefs, how many have a current vector of `model`, failed, or wait (all 0 without a model). */
export async function embeddingCounts(db: Db, model: string | null): Promise<{ embedded: number; pending: number; failed: number }> {
  if (model === null) return { embedded: 0, pending: 0, failed: 0 };
  const [active, done] = await Promise.all([
    db
      .selectFrom('beliefs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'active')
      .executeTakeFirst(),
    db
      .selectFrom('beliefs as b')
      .innerJoin('belief_vectors as v', 'v.belief_id', 'b.id')
      .select(sql<number>`CASE WHEN v.vector IS NULL THEN 0 ELSE 1 END`.as('ok'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('b.status', '=', 'active')
      .where('v.model', '=', model)
      .whereRef('v.source_updated_at', '=', 'b.updated_at')
      .groupBy(sql`CASE WHEN v.vector IS NULL THEN 0 ELSE 1 END`)
      .execute(),
  ]);
  const embedded = Number(done.find((r) => Number(r.ok) === 1)?.n ?? 0);
  const failed = Number(done.find((r) => Number(r.ok) === 0)?.n ?? 0);
  return { embedded, failed, pending: Math.max(0, Number(active?.n ?? 0) - embedded - failed) };
}

/** The owner's newest vector write of `model` (the cache's freshness check: one step down the index, never a count). */
export async function latestStamp(db: Db, owner: string, model: string): Promise<number> {
  const row = await db
    .selectFrom('belief_vectors')
    .select('stamp')
    .where('owner', '=', owner)
    .where('model', '=', model)
    .orderBy('stamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.stamp ?? 0);
}

/** The owner's vector rows of `model` written at or after `since` (null vectors: dropped or failed). */
export function vectorsSince(db: Db, owner: string, model: string, since: number) {
  return db
    .selectFrom('belief_vectors')
    .select(['belief_id', 'vector', 'stamp'])
    .where('owner', '=', owner)
    .where('model', '=', model)
    .where('stamp', '>=', since)
    .execute();
}
