import type { CompiledQuery } from 'kysely';
import type { Atomic } from './atomic.ts';
import type { Cluster } from './cluster.ts';
import type { SqlDialect } from './dialect.ts';
import type { Db } from './schema.ts';

/**
 * One database backend, as the app uses it. Each backend is a folder beside this file with
 * parallel file names — sqlite/ (better-sqlite3 on Node), postgres/ (pg on Node), d1/ (D1 on
 * Cloudflare, and the Durable Object database of self-hosted workerd behind a D1-shaped binding) —
 * whose `database.ts` opens it, applying its migrations (`migrations.ts`; D1's are applied by
 * wrangler). The runtime adapter that opened it hands it to the app in Deps: nothing looks a
 * backend up, and a backend that lacks a required member does not compile.
 */
export interface Database {
  /** The Kysely instance over the tables of lib/db/schema.ts. */
  readonly db: Db;
  /** Multi-row changes, all or nothing: a transaction, or a batch on D1. */
  readonly atomic: Atomic;
  /**
   * Atomic, committed away from the event loop (SQLite on Node: a worker thread's own connection),
   * for changes nobody waits on: buffered usage counts and receipts. Absent elsewhere (atomic serves).
   */
  readonly backgroundAtomic?: Atomic;
  /** The SQL that differs between backends: placeholders, full-text search, JSON, unique violations, SCIM filters. */
  readonly dialect: SqlDialect;
  /**
   * Runs a bulk write (a backup import) with the database tuned for it, such as a larger page
   * cache and rarer WAL checkpoints on Node's SQLite, restored afterwards; absent where the
   * database offers no such knobs (PostgreSQL, D1, the database Durable Object).
   */
  bulkWrites?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Statements that drop the secondary indexes of `tables` and create them again, for a bulk
   * insert to run between them inside one transaction: one sorted build per index instead of a
   * random insert per row and index. Absent where schema changes are not transactional or cheap.
   */
  rebuiltIndexes?(tables: readonly string[]): { drop: CompiledQuery[]; create: CompiledQuery[] };
  /**
   * Stage imported rows as one statement a batch, the rows travelling as a single JSON array
   * parameter: for D1, where every statement counts against a per-invocation query limit and a
   * statement takes at most 100 parameters. One prepared insert per row without it.
   */
  readonly stageRowsAsJson?: boolean;
  /**
   * Runs one compiled read at once on the connection, without Kysely's executor and its promise
   * hops: what a hot path's statement (db/precompiled.ts) uses where the driver is synchronous
   * (SQLite on Node, whose one connection no Kysely transaction holds while the service runs).
   */
  readNow?(sql: string, parameters: readonly unknown[]): unknown[];
  /** readNow of a read of one column: the column's values, with no row made for each (db/precompiled.ts precompiledValues). */
  readValuesNow?(sql: string, parameters: readonly unknown[]): unknown[];
  /**
   * A count that moves whenever anything was committed to the database since the last call, by any
   * connection of any process (SQLite on Node: its wal-index header), so a hot read can be kept until
   * the next commit (db/until-commit.ts). Absent where no such signal is cheap (PostgreSQL, D1).
   */
  commits?(): number;
  /** Set when several processes share the database (PostgreSQL): the owner lock, feed fan-out and limits across them. */
  readonly cluster?: Cluster;
  /** Ends the connections (and a cluster's listener); nothing runs on the database afterwards. */
  close(): Promise<void>;
}
