import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { compileAll, type Atomic } from '../atomic.ts';
import type { Database } from '../database.ts';
import type { Migration } from '../migrations.ts';
import type { Tables } from '../schema.ts';
import { postgresDialect } from './dialect.ts';
import { migrate, readMigrations } from './migrations.ts';
import { preparing } from './prepared.ts';

/** PostgreSQL through a pg pool; `cluster` is set once the process shares it with others (./cluster.ts). */
export interface PostgresDatabase extends Database {
  readonly pool: pg.Pool;
}

/** Whether `url` names a PostgreSQL server (postgres:// or postgresql://), for the tools that only work there. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:$/.test(new URL(url).protocol);
}

/** Counts and sums come back as numbers, as on SQLite (bigint: int8 and numeric, far below 2^53 here). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** serialization_failure, deadlock_detected: the transaction lost to a concurrent one and may run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 10;

/** How long a request waits for a connection while the database is away: it then fails (503), never hangs. */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * A pool whose connections may die with the server (a restart, an administrator's termination)
 * without crashing the process: node-postgres emits 'error' on a client checked out of the pool,
 * which has no listener then. The query in flight fails on its own, and the pool drops the broken
 * client when it comes back; the next request connects anew.
 */
export function survivingRestarts(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Connects a pool to `url` (TLS as the URL's sslmode says), applies the migrations not yet
 * applied, each file in its own transaction, under an advisory lock so nodes starting together
 * take turns (./migrations.ts). Without a cluster: ./cluster.ts adds one for a serving process.
 */
export async function openPostgres(url: string, poolSize: number, migrations: readonly Migration[] = readMigrations()): Promise<PostgresDatabase> {
  const pool = survivingRestarts(
    new pg.Pool({ connectionString: url, max: poolSize, types, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'belief-store' }),
  );
  try {
    await migrate(pool, migrations);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparing(pool), cursor: Cursor }) });
  // Serializable, as SQLite's one writer is: a list's guards (counts, EXISTS) hold against
  // concurrent lists. A list reads nothing in between, so one that loses a conflict runs again.
  const atomic: Atomic = async (queries) => {
    const compiled = compileAll(queries);
    for (let attempt = 1; ; attempt++) {
      try {
        return await db
          .transaction()
          .setIsolationLevel('serializable')
          .execute(async (trx) => {
            const results = [];
            for (const q of compiled) {
              const r = await trx.executeQuery<Record<string, unknown>>(q);
              results.push({ rows: r.rows, changes: Number(r.numAffectedRows ?? 0) });
            }
            return results;
          });
      } catch (err) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((err as { code?: string }).code ?? '')) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
      }
    }
  };
  return { db, atomic, dialect: postgresDialect, pool, close: () => db.destroy() };
}
