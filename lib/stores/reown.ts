import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import type { Db } from '../db/schema.ts';
import { auditQuery } from './audit.ts';
import { beliefCountOf, moveOwnerQueries } from './owners.ts';

/**
 * `npm run reown`: checks and moves in one serializable transaction (one snapshot), audited. Throws
 * a one-line reason when there is nothing to move or `to` already owns beliefs (two world models
 * are never merged: that could leave two active beliefs for one key); nothing is moved then.
 */
export async function reownOwner(store: Pick<Deps, 'db'>, from: string, to: string): Promise<number> {
  return store.db
    .transaction()
    .setIsolationLevel('serializable')
    .execute(async (trx) => {
      const moved = await beliefCountOf(trx, from);
      if (moved === 0) throw new Error(`"${from}" owns no beliefs; nothing to move`);
      const existing = await beliefCountOf(trx, to);
      if (existing > 0) throw new Error(`"${to}" already owns ${existing} beliefs; world models are never merged, nothing was moved`);
      const audit = auditQuery(trx, { actor: 'operator', action: 'beliefs.reowned', target: to, detail: { from, to, beliefs: moved } }, new Date());
      for (const query of [...moveOwnerQueries(trx, from, to), audit]) await trx.executeQuery(query.compile());
      return moved;
    });
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
