import type { D1Database, DurableObjectNamespace, DurableObjectState, SqlStorage, SqlStorageValue } from '@cloudflare/workers-types/index';
import { DurableObject } from 'cloudflare:workers';
import { applyMigrations, splitStatements, type Migration } from '../migrations.ts';

/**
 * The database of self-hosted workerd, which has Durable Objects on local disk but no D1: one
 * SQLite-backed Durable Object (`DATABASE.idFromName('main')`) holds every table, and `d1Shim`
 * gives the app a D1-shaped binding that calls its `query` method over RPC, so the app keeps one
 * codebase (kysely-d1 and `Atomic` as a D1 batch). A batch runs in one `transactionSync`: all or
 * nothing, like D1. On Cloudflare the real D1 is bound instead and none of this runs.
 *
 * Results are shaped as D1's, BLOBs as arrays of bytes, as Miniflare's D1 simulator returns them.
 */

const DATABASE_OBJECT = 'main';

interface Query {
  sql: string;
  params: SqlStorageValue[];
}

type ResultValue = string | number | null | number[];

export interface QueryResult {
  success: true;
  results: Record<string, ResultValue>[];
  meta: { changes: number; last_row_id: number; rows_read: number; rows_written: number };
}

/** The schema files, put into the bundle by the self-hosted launcher. */
declare const __BELIEF_STORE_MIGRATIONS__: Migration[] | undefined;

function migrations(): Migration[] {
  return typeof __BELIEF_STORE_MIGRATIONS__ === 'undefined' ? [] : __BELIEF_STORE_MIGRATIONS__;
}

/** The Durable Object class holding the whole database (SQLite storage, `enableSql`). */
export class BeliefDatabase extends DurableObject<unknown> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // Applied before the first query runs: the constructor finishes before any call is delivered.
    this.migrate();
  }

  /** Applies schema/*.sql files not yet recorded in schema_migrations, each in its own transaction. */
  private migrate(): void {
    applyMigrations(
      {
        // SqlStorage.exec runs every statement of a multi-statement string.
        exec: (sql) => void this.sql.exec(sql),
        applied: () => [...this.sql.exec('SELECT name FROM schema_migrations').raw()].map((row) => String(row[0])),
        record: (name, at) => void this.sql.exec('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)', name, at),
        transaction: (fn) => this.ctx.storage.transactionSync(fn),
      },
      migrations(),
    );
  }

  /** Runs the queries in order, more than one in one transaction; a failing one throws and undoes them all. */
  query(queries: Query[]): QueryResult[] {
    return queries.length === 1 ? [this.run(queries[0]!)] : this.ctx.storage.transactionSync(() => queries.map((q) => this.run(q)));
  }

  private counters(): { total: number; lastRowId: number } {
    const row = this.sql.exec('SELECT total_changes() AS total, last_insert_rowid() AS lastRowId').one();
    return { total: Number(row.total), lastRowId: Number(row.lastRowId) };
  }

  private run(query: Query): QueryResult {
    const before = this.counters();
    const cursor = this.sql.exec(query.sql, ...query.params);
    const columns = cursor.columnNames;
    const results = [...cursor.raw()].map((row) =>
      Object.fromEntries(columns.map((name, i) => [name, row[i] instanceof ArrayBuffer ? [...new Uint8Array(row[i])] : row[i]!])),
    );
    const after = this.counters();
    return {
      success: true,
      results,
      meta: { changes: after.total - before.total, last_row_id: after.lastRowId, rows_read: cursor.rowsRead, rows_written: cursor.rowsWritten },
    };
  }
}

/** A bound value as SQLite takes it: bytes as an ArrayBuffer, booleans as 0/1, like D1's own client. */
function wireValue(value: unknown): SqlStorageValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof ArrayBuffer) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice().buffer;
  throw new TypeError(`D1_TYPE_ERROR: type '${typeof value}' not supported for value '${String(value)}'`);
}

class ShimStatement {
  constructor(
    readonly db: ShimDatabase,
    readonly sql: string,
    readonly params: SqlStorageValue[] = [],
  ) {}

  bind(...values: unknown[]): ShimStatement {
    return new ShimStatement(this.db, this.sql, values.map(wireValue));
  }

  async all(): Promise<QueryResult> {
    return (await this.db.send([{ sql: this.sql, params: this.params }]))[0]!;
  }

  run(): Promise<QueryResult> {
    return this.all();
  }

  async first(column?: string): Promise<unknown> {
    const row = (await this.all()).results[0];
    if (!row) return null;
    return column === undefined ? row : row[column];
  }

  async raw(): Promise<unknown[][]> {
    return (await this.all()).results.map((row) => Object.values(row));
  }
}

class ShimDatabase {
  constructor(private readonly ns: DurableObjectNamespace<BeliefDatabase>) {}

  prepare(sql: string): ShimStatement {
    return new ShimStatement(this, sql);
  }

  async batch(statements: ShimStatement[]): Promise<QueryResult[]> {
    if (statements.length === 0) return [];
    return this.send(statements.map((s) => ({ sql: s.sql, params: s.params })));
  }

  async exec(sql: string): Promise<{ count: number }> {
    const statements = splitStatements(sql);
    await this.send(statements.map((s) => ({ sql: s, params: [] })));
    return { count: statements.length };
  }

  async send(queries: Query[]): Promise<QueryResult[]> {
    try {
      return await this.ns.get(this.ns.idFromName(DATABASE_OBJECT)).query(queries);
    } catch (err) {
      throw new Error(`D1_ERROR: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** A D1-shaped binding over the database Durable Object (self-hosted workerd only). */
export function d1Shim(ns: DurableObjectNamespace<BeliefDatabase>): D1Database {
  return new ShimDatabase(ns) as unknown as D1Database;
}
