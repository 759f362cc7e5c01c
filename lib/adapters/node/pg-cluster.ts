import pg from 'pg';
import type { Cluster } from '../../cluster.ts';
import type { Db } from '../../db/schema.ts';
import { PgEvents } from './pg-events.ts';
import { CONNECT_TIMEOUT_MS, survivingRestarts } from './postgres.ts';
import { pgLimits } from './pg-limits.ts';
import { pgOwnerLock } from './pg-owner-lock.ts';

/** Connections held by world-model writers waiting for, or holding, an owner's lock. */
const LOCK_CONNECTIONS = 8;

export interface PgCluster {
  cluster: Cluster;
  close(): Promise<void>;
}

/**
 * What one process shares with the others serving the same PostgreSQL database (migrated to
 * schema/postgres/0002_cluster.sql): owner locks on a small pool of their own, events over
 * LISTEN/NOTIFY, and the limits' counters (through the app's `db`). Resolves once this process
 * listens, so no event of a later change is missed.
 */
export async function openPgCluster(connectionString: string, db: Db, log: (line: Record<string, unknown>) => void): Promise<PgCluster> {
  const lockPool = survivingRestarts(
    new pg.Pool({ connectionString, max: LOCK_CONNECTIONS, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'belief-store locks' }),
  );
  const bus = new PgEvents(
    () => new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'belief-store events' }),
    db,
    log,
  );
  try {
    await bus.start();
  } catch (err) {
    await lockPool.end();
    throw err;
  }
  const cluster: Cluster = {
    ownerLock: pgOwnerLock(lockPool),
    publish: (owner, events) => bus.publish(owner, events),
    subscribe: (listener) => bus.subscribe(listener),
    onCredentialsChanged: (listener) => bus.onCredentialsChanged(listener),
    limits: pgLimits(db, log),
  };
  return {
    cluster,
    async close() {
      await bus.close();
      await lockPool.end();
    },
  };
}
