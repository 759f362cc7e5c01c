import { readdirSync, readFileSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { compileAll, type Atomic } from '../../db/atomic.ts';
import { useDialect } from '../../db/dialect.ts';
import type { Migration } from '../../db/migrations.ts';
import type { Database } from '../../db/schema.ts';
import { postgresDialect } from './postgres-dialect.ts';
import { preparing } from './pg-prepared.ts';
import { SCHEMA_DIR } from './sqlite.ts';

export interface PostgresHandle {
  db: Kysely<Database>;
  atomic: Atomic;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** The PostgreSQL migrations (schema/postgres/NNNN_*.sql), in order. */
function readPostgresMigrations(): Migration[] {
  const dir = new URL('postgres/', SCHEMA_DIR);
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(new URL(name, dir), 'utf8') }));
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

/** Serializes migration runs of every process sharing the database (pg_advisory_lock key). */
const MIGRATION_LOCK = 0x62656c6965660001n;

/**
 * Connects a pool to `url` (TLS as the URL's sslmode says), applies the migrations not yet
 * applied, each file in its own transaction, under an advisory lock so nodes starting together
 * take turns, and returns the Kysely instance and the Atomic port.
 */
export async function openPostgres(url: string, poolSize: number, migrations: readonly Migration[] = readPostgresMigrations()): Promise<PostgresHandle> {
  const pool = survivingRestarts(
    new pg.Pool({ connectionString: url, max: poolSize, types, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'belief-store' }),
  );
  try {
    await migrate(pool, migrations);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparing(pool), cursor: Cursor }) });
  useDialect(db, postgresDialect);
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
  return { db, atomic, pool, close: () => db.destroy() };
}

async function migrate(pool: pg.Pool, migrations: readonly Migration[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT COLLATE "C" PRIMARY KEY, applied_at TEXT NOT NULL)');
      const applied = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
      for (const m of migrations) {
        if (applied.has(m.name)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [m.name, new Date().toISOString()]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${m.name}: ${(err as Error).message}`);
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}
