import type BetterSqlite3 from 'better-sqlite3';
import { applyMigrations, type Migration } from '../migrations.ts';
import { readMigrationFiles, SCHEMA_DIR } from '../schema-files.ts';

/** SQLite's migrations (schema/NNNN_*.sql), in order: Node's file and the Durable Object database. */
export function readMigrations(): Migration[] {
  return readMigrationFiles(SCHEMA_DIR);
}

/** Applies schema/*.sql files (or `migrations`) not yet applied, each in its own transaction. */
export function migrate(raw: BetterSqlite3.Database, migrations: readonly Migration[] = readMigrations()): void {
  applyMigrations(
    {
      exec: (sql) => raw.exec(sql),
      applied: () => (raw.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map((r) => r.name),
      record: (name, at) => raw.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(name, at),
      transaction: (fn) => raw.transaction(fn)(),
    },
    migrations,
  );
}
