import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SqlDialect } from '../dialect.ts';

const jsonPath = (path: string[]) => `$.${path.join('.')}`;
const termsArray = (column: RawBuilder<unknown>) =>
  sql`CASE WHEN json_valid('["' || replace(${column}, ' ', '","') || '"]') THEN '["' || replace(${column}, ' ', '","') || '"]' ELSE '[]' END`;

/** SQLite's SQL: FTS5 for full-text search, json1 for JSON (better-sqlite3, D1, Durable Object storage). */
export const sqliteDialect: SqlDialect = {
  param: () => '?',
  unindexed: (column) => sql`+${sql.ref(column)}`,
  byteLength: (column) => sql<number>`length(CAST(${sql.ref(column)} AS BLOB))`,
  // The term is quoted in SQL, so the statement's parameter is the term itself (compiled once: lookup.ts).
  termDoclist: (term, limit) =>
    sql`SELECT rowid AS r FROM beliefs_fts WHERE beliefs_fts MATCH '"' || ${term} || '"' ORDER BY rowid DESC LIMIT ${sql.lit(limit)}`,
  termRanking: (terms) => sql`(SELECT rowid, rank FROM beliefs_fts WHERE beliefs_fts MATCH ${matchOf(terms)})`,
  jsonObjectOf: (table, key, value) => sql<string>`(select json_group_object(${sql.ref(key)}, ${sql.ref(value)}) from ${sql.table(table)})`,
  termsOf: (column) => sql`json_each(${termsArray(sql.ref(column))}) j`,
  beliefObject(columns, listColumns) {
    const listValue = (c: string) => {
      const ref = sql.ref(`b.${c}`);
      return sql`json(CASE WHEN NOT json_valid(${ref}) THEN '[]' WHEN json_type(${ref}) = 'array' THEN ${ref} ELSE '[]' END)`;
    };
    return sql<string>`json_object(${sql.join(columns.map((c) => sql`${sql.lit(c)}, ${listColumns.has(c) ? listValue(c) : sql.ref(`b.${c}`)}`))})`;
  },
  historyArray: (historyColumns, limit) =>
    sql<string>`(SELECT json_group_array(json_object(${sql.join(historyColumns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`h.${c}`)}`))}))
      FROM (SELECT ${sql.join(historyColumns.map((c) => sql.ref(c)))} FROM belief_history WHERE belief_id = b.id ORDER BY at, id LIMIT ${sql.lit(limit)}) AS h)`,
  violatesUnique: (err, table, column) => String((err as Error)?.message ?? err).includes(`UNIQUE constraint failed: ${table}.${column}`),
  lockForShare: false,
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
