import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from './schema.ts';

/**
 * The few pieces of SQL that differ between SQLite (Node, D1, Durable Objects) and PostgreSQL.
 * The core asks dialectOf(db) for them; an adapter whose database is not SQLite registers its
 * own with useDialect(db, …). Everything else is written once, in Kysely or portable SQL.
 */
export interface SqlDialect {
  /** The n-th (1-based) bound-parameter placeholder of hand-written SQL. */
  param(n: number): string;
  /** A column the planner should not use an index for (the query has a better one). */
  unindexed(column: string): RawBuilder<unknown>;
  /** `SELECT r` (belief rowids) of beliefs whose search_terms hold any of these (owner-prefixed) terms, newest first. */
  termDoclist(terms: string[], limit: number): RawBuilder<{ r: number }>;
  /** A subquery of (rowid, rank) of beliefs holding any of these terms; a lower rank is a better match. */
  termRanking(terms: string[]): RawBuilder<{ rowid: number; rank: number }>;
  /** One JSON object text of `key → value` over the rows of `table` ('{}' when none). */
  jsonObjectOf(table: string, key: string, value: string): RawBuilder<string>;
  /** The terms of a search_terms column as a row source aliased `j`, each term in column `j.value`. */
  termsOf(column: string): RawBuilder<unknown>;
  /** JSON text of the belief record `{"type":"belief","belief":{…},"history":[…]}` of row alias `b`. */
  beliefRecord(columns: readonly string[], listColumns: ReadonlySet<string>, historyColumns: readonly string[]): RawBuilder<string>;
  /** Whether `err` is the refusal of a row that would repeat `table.column`'s unique value. */
  violatesUnique(err: unknown, table: string, column: string): boolean;
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

const jsonPath = (path: string[]) => `$.${path.join('.')}`;
const termsArray = (column: RawBuilder<unknown>) =>
  sql`CASE WHEN json_valid('["' || replace(${column}, ' ', '","') || '"]') THEN '["' || replace(${column}, ' ', '","') || '"]' ELSE '[]' END`;

const sqliteDialect: SqlDialect = {
  param: () => '?',
  unindexed: (column) => sql`+${sql.ref(column)}`,
  termDoclist: (terms, limit) => sql`SELECT rowid AS r FROM beliefs_fts WHERE beliefs_fts MATCH ${matchOf(terms)} ORDER BY rowid DESC LIMIT ${limit}`,
  termRanking: (terms) => sql`(SELECT rowid, rank FROM beliefs_fts WHERE beliefs_fts MATCH ${matchOf(terms)})`,
  jsonObjectOf: (table, key, value) => sql<string>`(select json_group_object(${sql.ref(key)}, ${sql.ref(value)}) from ${sql.table(table)})`,
  termsOf: (column) => sql`json_each(${termsArray(sql.ref(column))}) j`,
  beliefRecord(columns, listColumns, historyColumns) {
    const listValue = (c: string) => {
      const ref = sql.ref(`b.${c}`);
      return sql`json(CASE WHEN NOT json_valid(${ref}) THEN '[]' WHEN json_type(${ref}) = 'array' THEN ${ref} ELSE '[]' END)`;
    };
    return sql<string>`'{"type":"belief","belief":'
  || json_object(${sql.join(columns.map((c) => sql`${sql.lit(c)}, ${listColumns.has(c) ? listValue(c) : sql.ref(`b.${c}`)}`))})
  || ',"history":'
  || (SELECT json_group_array(json_object(${sql.join(historyColumns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`h.${c}`)}`))}))
      FROM (SELECT ${sql.join(historyColumns.map((c) => sql.ref(c)))} FROM belief_history WHERE belief_id = b.id ORDER BY at, id) AS h)
  || '}'`;
  },
  violatesUnique: (err, table, column) => String((err as Error)?.message ?? err).includes(`UNIQUE constraint failed: ${table}.${column}`),
  scim: {
    resource: (path) => sql`json_extract(users.scim_resource, ${jsonPath(path)})`,
    element: (path) => sql`json_extract(e.value, ${jsonPath(path)})`,
    emailsExist: (condition) => sql<SqlBool>`exists (select 1 from json_each(users.scim_resource, '$.emails') as e where ${condition})`,
    definite: (condition) => sql<SqlBool>`coalesce(${condition}, 0)`,
    isBoolean: (x, value) => sql`(coalesce(${x}, 0) = ${value ? 1 : 0})`,
    contains: (left, right) => sql`(instr(${left}, ${right}) > 0)`,
    endsWith: (left, right) => sql`(substr(${left}, -length(${right})) = ${right})`,
  },
};

/** An FTS5 MATCH expression: any of these terms. */
function matchOf(terms: string[]): string {
  return terms.map((t) => `"${t}"`).join(' OR ');
}

const registered = new WeakMap<object, SqlDialect>();

/** Registers the dialect of a database whose SQL is not SQLite's (every Kysely instance sharing its adapter). */
export function useDialect(db: Db, dialect: SqlDialect): void {
  registered.set(db.getExecutor().adapter, dialect);
}

export function dialectOf(db: Db): SqlDialect {
  return registered.get(db.getExecutor().adapter) ?? sqliteDialect;
}
