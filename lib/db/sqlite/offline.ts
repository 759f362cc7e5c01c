import { existsSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { compileAll, type Atomic } from '../atomic.ts';
import type { Database } from '../database.ts';
import type { Tables } from '../schema.ts';
import { sqliteDialect } from './dialect.ts';
import { migrate } from './migrations.ts';

/** The meta key a move to PostgreSQL leaves in the SQLite file it copied (scripts/migrate-to-postgres.ts). */
export const MOVED_TO_POSTGRES = 'moved_to_postgres';

/** Where `raw`'s file was moved to ("postgres://…@host/db at <time>"), or null when it never was. */
export function movedToPostgres(raw: BetterSqlite3.Database): string | null {
  return (raw.prepare('SELECT value FROM meta WHERE key = ?').get(MOVED_TO_POSTGRES) as { value: string } | undefined)?.value ?? null;
}

/** How long a script waits for the file before it concludes that a service holds it. */
const CLAIM_WAIT_MS = 2000;

export interface OfflineSqlite extends Database {
  file: string;
  raw: BetterSqlite3.Database;
  /** Where the file was moved to ("postgres://…@host/db at <time>"), or null. */
  movedTo(): string | null;
  close(): Promise<void>;
}

/**
 * Opens the instance's SQLite file for an operator script (reown, migrate-to-postgres) that must
 * have it alone: exclusive locking mode, then an exclusive transaction, so the lock is held until
 * the script closes the file. A running service keeps its connection open, and a WAL connection
 * holds its lock for as long as it is open, so this fails while the service runs; and a service
 * started meanwhile cannot open the file. Throws a one-line reason; nothing has been changed then.
 */
export function openOffline(dataDir: string): OfflineSqlite {
  const file = join(dataDir, 'belief-store.db');
  if (!existsSync(file)) throw new Error(`no database at ${file}: set SERVICE_DATA_DIR to the instance's data dir`);
  const raw = new BetterSqlite3(file, { fileMustExist: true });
  try {
    raw.pragma(`busy_timeout = ${CLAIM_WAIT_MS}`);
    raw.pragma('locking_mode = EXCLUSIVE');
    try {
      raw.exec('BEGIN EXCLUSIVE');
      raw.exec('COMMIT');
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      throw new Error(`${file} is in use, most likely by the running service: stop it first (nothing was changed)`);
    }
    raw.pragma('foreign_keys = ON');
    // The scripts read the current schema: an older file is brought up to date first.
    migrate(raw);
  } catch (err) {
    raw.close();
    throw err;
  }
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: raw }) });
  const atomic: Atomic = async (queries) => {
    const compiled = compileAll(queries);
    return raw.transaction(() =>
      compiled.map((q) => {
        const stmt = raw.prepare(q.sql);
        const params = q.parameters as unknown[];
        if (stmt.reader) return { rows: stmt.all(...params) as Record<string, unknown>[], changes: 0 };
        return { rows: [], changes: stmt.run(...params).changes };
      }),
    )();
  };
  return {
    file,
    raw,
    db,
    atomic,
    dialect: sqliteDialect,
    movedTo: () => movedToPostgres(raw),
    close: () => db.destroy(),
  };
}
