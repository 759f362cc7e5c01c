import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { MOVED_TO_POSTGRES } from '../sqlite/offline.ts';

/**
 * Tables not copied: SQLite's own and its full-text index, the migration record (each database
 * keeps its own), backup staging (transient), and belief_vocab and belief_counts, which
 * PostgreSQL's triggers rebuild from the copied beliefs.
 */
const SKIPPED = /^(sqlite_|beliefs_fts|schema_migrations$|belief_vocab$|belief_counts$|backup_stage_|backup_bulk$)/;
/** Rows per multi-row insert: (columns × rows) stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

/**
 * Copies every row of a stopped SQLite instance into a freshly migrated, empty PostgreSQL
 * database, in one transaction: all of it or none. Every table is read in one SQLite read
 * transaction (one snapshot). A column PostgreSQL lacks fails the copy, naming it, rather than
 * being dropped. Rows go in SQLite's rowid order, so PostgreSQL's `rowid` columns keep the same
 * order (retrieval reads newest first by it). Returns the rows copied per table.
 */
export async function copySqliteToPostgres(
  raw: BetterSqlite3.Database,
  pool: pg.Pool,
  progress?: (table: string, rows: number) => void,
): Promise<Map<string, number>> {
  raw.exec('BEGIN');
  try {
    return await copyTables(raw, pool, progress);
  } finally {
    raw.exec('COMMIT');
  }
}

async function copyTables(raw: BetterSqlite3.Database, pool: pg.Pool, progress?: (table: string, rows: number) => void): Promise<Map<string, number>> {
  const tables = (raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[])
    .map((r) => r.name)
    .filter((name) => !SKIPPED.test(name));
  const client = await pool.connect();
  const copied = new Map<string, number>();
  try {
    await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
    for (const table of tables) {
      const target = (
        await client.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'rowid'`,
          [table],
        )
      ).rows.map((r) => r.column_name);
      if (target.length === 0) throw new Error(`table ${table} has no counterpart in the PostgreSQL schema`);
      const held = await client.query(`SELECT 1 FROM ${quote(table)} LIMIT 1`);
      if (held.rowCount) throw new Error(`the PostgreSQL database is not empty (table ${table} holds rows); migrate into a new database`);
      const source = (raw.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((r) => r.name);
      const lacking = source.filter((c) => !target.includes(c));
      if (lacking.length > 0) throw new Error(`column ${table}.${lacking[0]} has no counterpart in the PostgreSQL schema (it would be lost)`);
      const columns = target.filter((c) => source.includes(c));
      // The mark a move leaves in the SQLite file stays there.
      const only = table === 'meta' ? ` WHERE key <> ${quoteText(MOVED_TO_POSTGRES)}` : '';
      const select = raw.prepare(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}${only} ORDER BY rowid`).raw(true);
      let batch: unknown[][] = [];
      let n = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const values = batch.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
        await client.query(`INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${values.join(', ')}`, batch.flat());
        n += batch.length;
        progress?.(table, n);
        batch = [];
      };
      for (const row of select.iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length === BATCH) await flush();
      }
      await flush();
      copied.set(table, n);
    }
    await client.query('COMMIT');
    return copied;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
