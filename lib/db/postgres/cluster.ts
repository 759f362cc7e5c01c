import pg from 'pg';
import type { Cluster } from '../cluster.ts';
import type { Db } from '../schema.ts';
import { CONNECT_TIMEOUT_MS, survivingRestarts, type PostgresDatabase } from './database.ts';
import { PgEvents, type ReadBelief } from './events.ts';
import { pgLimits } from './limits.ts';
import { pgOwnerLock } from './owner-lock.ts';

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
export async function openPgCluster(
  connectionString: string,
  db: Db,
  readBelief: ReadBelief,
  log: (line: Record<string, unknown>) => void,
): Promise<PgCluster> {
  const lockPool = survivingRestarts(
    new pg.Pool({ connectionString, max: LOCK_CONNECTIONS, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'belief-store locks' }),
  );
  const bus = new PgEvents(
    () => new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'belief-store events' }),
    db,
    readBelief,
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

/**
 * `database` as a serving process uses it: with its cluster (openPgCluster), closed with it. The
 * database is closed when the cluster cannot be opened.
 */
export async function joinCluster(
  database: PostgresDatabase,
  connectionString: string,
  readBelief: ReadBelief,
  log: (line: Record<string, unknown>) => void,
): Promise<PostgresDatabase> {
  let shared: PgCluster;
  try {
    shared = await openPgCluster(connectionString, database.db, readBelief, log);
  } catch (err) {
    await database.close();
    throw err;
  }
  return {
    ...database,
    cluster: shared.cluster,
    async close() {
      await shared.close();
      await database.close();
    },
  };
}
