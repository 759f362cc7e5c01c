import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import type { Log } from '../../background.ts';
import { compileAll, type Atomic } from '../atomic.ts';
import type { Database } from '../database.ts';
import { registerReadNow } from '../precompiled.ts';
import type { Tables } from '../schema.ts';
import { CHECKPOINT, startCheckpointer } from './checkpoint.ts';
import { sqliteDialect } from './dialect.ts';
import { rowMaker } from './row-shape.ts';
import { unplannedValues } from './unplanned-values.ts';
import { startWriter } from './writer.ts';
import { walCommits } from './wal-commits.ts';
import { migrate } from './migrations.ts';

/** Node's SQLite file (better-sqlite3, WAL), with the bulk-write knobs a backup import uses. */
export interface SqliteDatabase extends Database {
  /** The one connection (tests and benchmarks read and seed it directly). */
  readonly raw: BetterSqlite3.Database;
  bulkWrites<T>(work: () => Promise<T>): Promise<T>;
  rebuiltIndexes(tables: readonly string[]): { drop: CompiledQuery[]; create: CompiledQuery[] };
}

/** Page cache during bulk writes (KiB, as a negative cache_size): a backup import's commit copies every belief through several indexes. */
const BULK_CACHE_KIB = 16 * 1024;
/** WAL pages between automatic checkpoints during bulk writes (about 80 MB): fewer checkpoints, each with its fsync. */
const BULK_WAL_PAGES = 20_000;

/** How long a connection waits for another's write lock (ms). */
const BUSY_TIMEOUT_MS = 5000;

/** A checkpoint failure's line where no server log is given (tools, benchmarks, tests). */
const stderrLog: Log = (line) => void process.stderr.write(`${JSON.stringify(line)}\n`);

/** Opens (creating it 0600) and migrates the data dir's belief-store.db; `log` takes the checkpointer's failures. */
export function openSqlite(dataDir: string, log: Log = stderrLog): SqliteDatabase {
  const file = join(dataDir, 'belief-store.db');
  const fresh = !existsSync(file);
  const raw = new BetterSqlite3(file);
  if (fresh) chmodSync(file, 0o600);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  raw.pragma('synchronous = FULL');
  migrate(raw);
  // Checkpoints run on a worker thread (./checkpoint.ts), not inside this connection's commits;
  // the first commit after the log restarts trims the file back to the restart size.
  raw.pragma('wal_autocheckpoint = 0');
  raw.pragma(`journal_size_limit = ${CHECKPOINT.restartBytes}`);
  const checkpointer = startCheckpointer(file, log, () => raw.pragma('wal_autocheckpoint = 1000'));
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
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: { prepare: prepared, close: () => raw.close() } }) });
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
  const writer = startWriter(file, { busyMs: BUSY_TIMEOUT_MS, journalLimit: CHECKPOINT.restartBytes }, atomic);
  // Rows as arrays, made objects here: better-sqlite3 sets a row object's properties one native call each, several times slower for a wide row.
  const shapes = new WeakMap<BetterSqlite3.Statement, { width: number; make: (values: readonly unknown[]) => Record<string, unknown> }>();
  const reads = new Map<string, BetterSqlite3.Statement>();
  const preparedRead = (sql: string) => {
    let s = reads.get(sql);
    if (!s || s.busy) {
      // Only readNow runs these: rows come back as arrays, once set.
      s = raw.prepare(unplannedValues(sql)).raw(true);
      if (reads.size > 500) reads.clear();
      reads.set(sql, s);
    }
    return s;
  };
  const readNow = (sql: string, parameters: readonly unknown[]) => {
    const statement = preparedRead(sql);
    const rows = statement.all(...parameters) as unknown[][];
    let shape = shapes.get(statement);
    // Named again should the schema have changed under the statement (SQLite re-prepares it).
    if (!shape || (rows.length > 0 && rows[0]!.length !== shape.width)) {
      const names = statement.columns().map((c) => c.name);
      shape = { width: names.length, make: rowMaker(names) };
      shapes.set(statement, shape);
    }
    return rows.map(shape.make);
  };
  const plucked = new Map<string, BetterSqlite3.Statement>();
  const readValuesNow = (sql: string, parameters: readonly unknown[]) => {
    let statement = plucked.get(sql);
    if (!statement || statement.busy) {
      // Only readValuesNow runs these: each row comes back as its one value.
      statement = raw.prepare(unplannedValues(sql)).pluck(true);
      if (plucked.size > 100) plucked.clear();
      plucked.set(sql, statement);
    }
    return statement.all(...parameters);
  };
  registerReadNow({ db, readNow });
  const commits = walCommits(file);
  return {
    raw,
    db,
    atomic,
    backgroundAtomic: writer.atomic,
    readNow,
    readValuesNow,
    commits: commits.count,
    dialect: sqliteDialect,
    bulkWrites,
    rebuiltIndexes,
    close: async () => {
      await writer.close();
      await checkpointer.close();
      await db.destroy();
      commits.close();
    },
  };
}
