import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SqlDialect } from '../dialect.ts';

/** The search_terms index expression of schema/postgres/0001_init.sql (beliefs_search): queries must repeat it to use the index. */
const termsVector = sql`to_tsvector('belief_terms', coalesce(search_terms, ''))`;

/** A tsquery text: any of these terms (letters and digits only, as lib/world/recall/terms.ts makes them). */
function anyOf(terms: string[]): string {
  const clean = terms.map((t) => t.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  return clean.length ? clean.join(' | ') : 'nothing_matches_this';
}

export const postgresDialect: SqlDialect = {
  param: (n) => `$${n}`,
  // A text expression, not the column: the planner cannot use the column's indexes for it.
  unindexed: (column) => sql`(${sql.ref(column)} || '')`,
  byteLength: (column) => sql<number>`octet_length(${sql.ref(column)})`,
  // One stemmed term: a backward range scan of belief_terms' primary key, stopping at the limit.
  termDoclist: (term, limit) =>
    sql`SELECT belief AS r FROM belief_terms WHERE term = (SELECT (tsvector_to_array(to_tsvector('belief_terms', ${term})))[1]) ORDER BY belief DESC LIMIT ${sql.lit(limit)}`,
  termRanking: (terms) =>
    sql`(SELECT rowid, -ts_rank(${termsVector}, q) AS rank FROM beliefs, to_tsquery('belief_terms', ${anyOf(terms)}) AS q WHERE ${termsVector} @@ q)`,
  jsonObjectOf: (table, key, value) => sql<string>`(select coalesce(json_object_agg(${sql.ref(key)}, ${sql.ref(value)})::text, '{}') from ${sql.table(table)})`,
  termsOf: (column) => sql`unnest(string_to_array(${sql.ref(column)}, ' ')) AS j(value)`,
  beliefObject: (columns, listColumns) =>
    sql<string>`json_build_object(${sql.join(columns.map((c) => sql`${sql.lit(c)}, ${listColumns.has(c) ? sql`json_list_or_empty(${sql.ref(`b.${c}`)})` : sql.ref(`b.${c}`)}`))})::text`,
  historyArray: (historyColumns, limit) =>
    sql<string>`coalesce((SELECT json_agg(json_build_object(${sql.join(historyColumns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`h.${c}`)}`))}) ORDER BY h.at, h.id)
      FROM (SELECT * FROM belief_history WHERE belief_id = b.id ORDER BY at, id LIMIT ${sql.lit(limit)}) h)::text, '[]')`,
  violatesUnique: (err, table, column) => {
    const e = err as { code?: string; constraint?: string } | null;
    return e?.code === '23505' && e.constraint === `${table}_${column}_key`;
  },
  lockForShare: true,
  scim: {
    resource: (path) => sql`(users.scim_resource::jsonb #>> ${path}::text[])`,
    element: (path) => sql`(e.value #>> ${path}::text[])`,
    emailsExist: (condition) =>
      sql<SqlBool>`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(users.scim_resource::jsonb -> 'emails') = 'array' then users.scim_resource::jsonb -> 'emails' else '[]'::jsonb end) as e where ${condition})`,
    definite: (condition) => sql<SqlBool>`coalesce(${condition}, false)`,
    isBoolean: (x: RawBuilder<unknown>, value) => sql`((coalesce(${x}::text, '0') in ('1', 'true')) = ${value})`,
    contains: (left, right) => sql`(strpos(${left}, ${right}) > 0)`,
    endsWith: (left, right) => sql`(right(${left}, length(${right})) = ${right})`,
  },
};
