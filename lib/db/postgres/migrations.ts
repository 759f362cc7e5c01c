import type pg from 'pg';
import type { Migration } from '../migrations.ts';
import { readMigrationFiles, SCHEMA_DIR } from '../schema-files.ts';

/** The PostgreSQL migrations (schema/postgres/NNNN_*.sql), in order. */
export function readMigrations(): Migration[] {
  return readMigrationFiles(new URL('postgres/', SCHEMA_DIR));
}

/** Serializes migration runs of every process sharing the database (pg_advisory_lock key). */
const MIGRATION_LOCK = 0x62656c6965660001n;

/** Applies the migrations not yet applied, each file in its own transaction, under an advisory lock so nodes starting together take turns. */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[]): Promise<void> {
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
