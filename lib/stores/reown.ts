import { sql, type Compilable } from 'kysely';
import type { Deps } from '../deps.ts';
import type { Db } from '../db/schema.ts';
import { indexPendingBeliefs } from '../world/reindex.ts';
import { auditQuery } from './audit.ts';

/** How many beliefs (any status) an owner holds. */
export async function beliefCountOf(db: Db, owner: string): Promise<number> {
  const row = await db
    .selectFrom('beliefs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One atomic change that gives every belief of `from` (with its persona, compaction history and
 * injection receipts) to `to`, audited. The search terms are owner-scoped, so they are cleared
 * and recomputed afterwards (lib/world/reindex.ts). The caller makes sure `to` owns no beliefs:
 * two world models are never merged (that could leave two active beliefs for one key).
 */
export function reownQueries(db: Db, from: string, to: string, moved: number, now: Date): Compilable[] {
  return [
    db.updateTable('beliefs').set({ owner: to, search_terms: null }).where('owner', '=', from),
    db.deleteFrom('persona_cache').where('owner', '=', to),
    db.updateTable('persona_cache').set({ owner: to }).where('owner', '=', from),
    db.updateTable('compaction_history').set({ owner: to }).where('owner', '=', from),
    db.updateTable('injections').set({ owner: to }).where('owner', '=', from),
    auditQuery(db, { actor: 'operator', action: 'beliefs.reowned', target: to, detail: { from, to, beliefs: moved } }, now),
  ];
}

/**
 * `npm run reown`: checks and moves in one serializable transaction (one snapshot), then indexes
 * the moved beliefs' search terms. Throws a one-line reason when there is nothing to move or `to`
 * already owns beliefs; nothing is moved then.
 */
export async function reownOwner(store: Pick<Deps, 'db' | 'atomic'>, from: string, to: string): Promise<number> {
  const moved = await store.db
    .transaction()
    .setIsolationLevel('serializable')
    .execute(async (trx) => {
      const moved = await beliefCountOf(trx, from);
      if (moved === 0) throw new Error(`"${from}" owns no beliefs; nothing to move`);
      const existing = await beliefCountOf(trx, to);
      if (existing > 0) throw new Error(`"${to}" already owns ${existing} beliefs; world models are never merged, nothing was moved`);
      for (const query of reownQueries(trx, from, to, moved, new Date())) await trx.executeQuery(query.compile());
      return moved;
    });
  await indexPendingBeliefs(store);
  return moved;
}

/**
 * Connections of a running service (any node: its pool, owner locks and event listener all name
 * themselves `belief-store…`) to this PostgreSQL database, other than the caller's own.
 */
export async function servicePostgresConnections(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'belief-store%'`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
