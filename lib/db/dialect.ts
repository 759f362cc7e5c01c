import type { RawBuilder, SqlBool } from 'kysely';

/**
 * The few pieces of SQL that differ between backends: SQLite's (lib/db/sqlite/dialect.ts: Node's
 * file, D1, the Durable Object database) and PostgreSQL's (lib/db/postgres/dialect.ts). Each
 * backend's Database (lib/db/database.ts) carries its own; the core reads it from there
 * (`deps.database.dialect`). Everything else is written once, in Kysely or portable SQL.
 */
export interface SqlDialect {
  /** The n-th (1-based) bound-parameter placeholder of hand-written SQL. */
  param(n: number): string;
  /** A column the planner should not use an index for (the query has a better one). */
  unindexed(column: string): RawBuilder<unknown>;
  /** The length of a text column in bytes (UTF-8): never less than its length in JavaScript (UTF-16 code units). */
  byteLength(column: string): RawBuilder<number>;
  /**
   * `SELECT r` (belief rowids) of beliefs whose search_terms hold this (owner-prefixed) term, newest first, at most `limit`;
   * its one parameter is the term: the limit is written into the statement (SQLite's FTS5 reads a doclist newest first
   * 20–40% faster under a literal LIMIT than under a bound one, measured on rare and common words alike).
   */
  termDoclist(term: string, limit: number): RawBuilder<{ r: number }>;
  /** A subquery of (rowid, rank) of beliefs holding any of these terms; a lower rank is a better match. */
  termRanking(terms: string[]): RawBuilder<{ rowid: number; rank: number }>;
  /** One JSON object text of `key → value` over the rows of `table` ('{}' when none). */
  jsonObjectOf(table: string, key: string, value: string): RawBuilder<string>;
  /** The terms of a search_terms column as a row source aliased `j`, each term in column `j.value`. */
  termsOf(column: string): RawBuilder<unknown>;
  /** JSON text of the belief object of row alias `b` as archived (list columns as arrays). */
  beliefObject(columns: readonly string[], listColumns: ReadonlySet<string>): RawBuilder<string>;
  /** JSON text of an array of the first `limit` history rows (`historyColumns`) of belief `b`, oldest first. */
  historyArray(historyColumns: readonly string[], limit: number): RawBuilder<string>;
  /** Whether `err` is the refusal of a row that would repeat `table.column`'s unique value. */
  violatesUnique(err: unknown, table: string, column: string): boolean;
  /**
   * Whether a read guarding a write takes `FOR SHARE` locks on its rows: writers run concurrently
   * (PostgreSQL); SQLite, D1 and the Durable Object database run one writer at a time.
   */
  lockForShare: boolean;
  scim: ScimSql;
}

/** What the SCIM filter translation (lib/scim/filter-sql.ts) needs of the dialect. */
export interface ScimSql {
  /** A text value at a JSON path (segments) in users.scim_resource. */
  resource(path: string[]): RawBuilder<unknown>;
  /** A value at a JSON path in one element (`e`) of users.scim_resource's emails. */
  element(path: string[]): RawBuilder<unknown>;
  emailsExist(condition: RawBuilder<SqlBool>): RawBuilder<SqlBool>;
  /** A condition as SCIM's two-valued logic: NULL counts as false. */
  definite(condition: RawBuilder<unknown>): RawBuilder<SqlBool>;
  /** `x` (a 0/1 column or a JSON boolean) is the given boolean. */
  isBoolean(x: RawBuilder<unknown>, value: boolean): RawBuilder<unknown>;
  contains(left: RawBuilder<unknown>, right: RawBuilder<unknown>): RawBuilder<unknown>;
  endsWith(left: RawBuilder<unknown>, right: RawBuilder<unknown>): RawBuilder<unknown>;
}
