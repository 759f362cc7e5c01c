import type { Target } from './targets.ts';
import { ownerPrefix } from '../../lib/owner-prefix.ts';
import { ownerMatch } from '../../lib/world/recall/terms.ts';

/** Whether the target's database is PostgreSQL (its direct SQL then speaks PostgreSQL). */
export function onPostgres(t: Pick<Target, 'kind'>): boolean {
  return t.kind === 'node-pg';
}

/** A row source `j` of one term per row (column j.value) of a belief's search_terms, aliased `b`. */
export function termsOfBelief(t: Pick<Target, 'kind'>): string {
  return onPostgres(t)
    ? `unnest(string_to_array(b.search_terms, ' ')) AS j(value)`
    : `json_each(CASE WHEN json_valid('["' || replace(b.search_terms, ' ', '","') || '"]') THEN '["' || replace(b.search_terms, ' ', '","') || '"]' ELSE '[]' END) j`;
}

/** Ids of the owner's beliefs the full-text index finds under any of these words. */
export async function indexedIds(t: Target, owner: string, words: string[]): Promise<string[]> {
  const rows = onPostgres(t)
    ? await t.sql.all<{ id: string }>(
        `SELECT id FROM beliefs WHERE to_tsvector('belief_terms', coalesce(search_terms, '')) @@ to_tsquery('belief_terms', ?) ORDER BY id`,
        words.map((w) => ownerPrefix(owner) + w).join(' | '),
      )
    : await t.sql.all<{ id: string }>(
        `SELECT b.id FROM beliefs_fts f JOIN beliefs b ON b.rowid = f.rowid WHERE beliefs_fts MATCH ? ORDER BY b.id`,
        ownerMatch(owner, words),
      );
  return rows.map((r) => r.id);
}

/** An SQL expression of 96 random hex characters. */
export function randomHex(t: Pick<Target, 'kind'>): string {
  return onPostgres(t) ? 'md5(random()::text) || md5(random()::text) || md5(random()::text)' : 'hex(randomblob(48))';
}

/** An SQL expression of the ISO time `days` days ago plus `seconds` (an SQL expression) seconds, as the service writes times. */
export function isoTimeAgo(t: Pick<Target, 'kind'>, days: number, seconds = '0'): string {
  return onPostgres(t)
    ? `to_char((now() - interval '${days} days' + (${seconds}) * interval '1 second') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${days} days', '+' || (${seconds}) || ' seconds')`;
}

/** The names of the target's tables (the full-text index's own tables left out). */
export async function tableNames(t: Target): Promise<string[]> {
  const rows = onPostgres(t)
    ? await t.sql.all<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`)
    : await t.sql.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' AND name NOT LIKE '_cf_%'",
      );
  return rows.map((r) => r.name);
}
