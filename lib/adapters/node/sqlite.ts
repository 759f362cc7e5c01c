import { chmodSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { compileAll, type Atomic } from '../../db/atomic.ts';
import { applyMigrations, type Migration } from '../../db/migrations.ts';
import { startCheckpointer } from './checkpoint.ts';
import type { Database } from '../../db/schema.ts';

/** The project's schema/ directory, found above this module whether it runs from lib/adapters/node/ or from a bundle in .build/. */
export const SCHEMA_DIR = findSchemaDir(new URL('.', import.meta.url));

function findSchemaDir(from: URL): URL {
  for (let dir = from; ; dir = new URL('..', dir)) {
    const candidate = new URL('schema/', dir);
    if (existsSync(new URL('0001_init.sql', candidate))) return candidate;
    if (dir.pathname === '/') throw new Error(`belief-store: no schema/ directory above ${from.pathname}`);
  }
}

export function readMigrations(): Migration[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(new URL(name, SCHEMA_DIR), 'utf8') }));
}

export interface SqliteHandle {
  raw: BetterSqlite3.Database;
  db: Kysely<Database>;
  atomic: Atomic;
  /** Platform.bulkWrites: runs work with the connection tuned for bulk writes, then restores it. */
  bulkWrites<T>(work: () => Promise<T>): Promise<T>;
  /** Platform.rebuiltIndexes. */
  rebuiltIndexes(tables: readonly string[]): { drop: CompiledQuery[]; create: CompiledQuery[] };
  close(): Promise<void>;
}

/** Page cache during bulk writes (KiB, as a negative cache_size): a backup import's commit copies every belief through several indexes. */
const BULK_CACHE_KIB = 16 * 1024;
/** WAL pages between automatic checkpoints during bulk writes (about 80 MB): fewer checkpoints, each with its fsync. */
const BULK_WAL_PAGES = 20_000;

export function openSqlite(dataDir: string): SqliteHandle {
  const file = join(dataDir, 'belief-store.db');
  const fresh = !existsSync(file);
  const raw = new BetterSqlite3(file);
  if (fresh) chmodSync(file, 0o600);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = FULL');
  migrate(raw);
  // Checkpoints run on a worker thread (./checkpoint.ts), not inside this connection's commits.
  raw.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(file, () => raw.pragma('wal_autocheckpoint = 1000'));
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (sql: string) => {
    let s = statements.get(sql);
    // A statement still iterating (a streamed query) cannot run again: prepare a fresh one.
    if (!s || s.busy) {
      s = raw.prepare(sql);
      if (statements.size > 500) statements.clear();
      statements.set(sql, s);
    }
    return s;
  };
  // Kysely prepares every query anew; reusing statements halves the cost of a small query.
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: { prepare: prepared, close: () => raw.close() } }) });
  const atomic: Atomic = async (queries) => {
    const compiled = compileAll(queries);
    const run = raw.transaction(() =>
      compiled.map((q) => {
        const stmt = prepared(q.sql);
        const params = q.parameters as unknown[];
        if (stmt.reader) return { rows: stmt.all(...params) as Record<string, unknown>[], changes: 0 };
        return { rows: [], changes: stmt.run(...params).changes };
      }),
    );
    return run.immediate();
  };
  // One connection serves the whole process: the pragmas hold while any bulk writer runs.
  let bulkWriters = 0;
  let saved: { cache: unknown; wal: unknown } | null = null;
  const bulkWrites = async <T>(work: () => Promise<T>): Promise<T> => {
    if (bulkWriters++ === 0) {
      saved = { cache: raw.pragma('cache_size', { simple: true }), wal: raw.pragma('wal_autocheckpoint', { simple: true }) };
      raw.pragma(`cache_size = -${BULK_CACHE_KIB}`);
      raw.pragma(`wal_autocheckpoint = ${BULK_WAL_PAGES}`);
    }
    try {
      return await work();
    } finally {
      if (--bulkWriters === 0 && saved) {
        raw.pragma(`cache_size = ${Number(saved.cache)}`);
        raw.pragma(`wal_autocheckpoint = ${Number(saved.wal)}`);
        saved = null;
      }
    }
  };
  const rebuiltIndexes = (tables: readonly string[]) => {
    const indexes = raw
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')})`)
      .all(...tables) as { name: string; sql: string }[];
    return {
      drop: indexes.map((i) => CompiledQuery.raw(`DROP INDEX "${i.name.replaceAll('"', '""')}"`)),
      create: indexes.map((i) => CompiledQuery.raw(i.sql)),
    };
  };
  return {
    raw,
    db,
    atomic,
    bulkWrites,
    rebuiltIndexes,
    close: async () => {
      await checkpointer.close();
      await db.destroy();
    },
  };
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
