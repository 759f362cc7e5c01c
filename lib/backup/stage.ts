import { CompiledQuery, sql, type Compilable } from 'kysely';
import type { Deps } from '../deps.ts';
import { uuid } from '../crypto.ts';
import { sealSecret } from '../provider-keys.ts';
import type { Database } from '../db/database.ts';
import type { Db } from '../db/schema.ts';
import { auditQuery } from '../stores/audit.ts';
import { searchTerms } from '../world/recall/terms.ts';
import { BELIEF_COLUMNS, COMPACTION_COLUMNS, HISTORY_COLUMNS, PERSONA_COLUMNS, type ConfigRecord } from './format.ts';
import { stagedSupersessionQueries, storedSupersessionQueries, type KeyResolution } from './key-conflicts.ts';

/** A staged belief also carries its index terms (derived, so not part of the archive). */
const STAGED_BELIEF_COLUMNS = [...BELIEF_COLUMNS, 'search_terms'] as const;

/** Staging tables and the columns each one carries besides import_id. */
export const STAGES = {
  backup_stage_beliefs: STAGED_BELIEF_COLUMNS,
  backup_stage_history: HISTORY_COLUMNS,
  backup_stage_compaction: COMPACTION_COLUMNS,
  backup_stage_persona: PERSONA_COLUMNS,
} as const;
export type StageTable = keyof typeof STAGES;

/**
 * Writes a batch of rows into a staging table. On SQLite: multi-row inserts of up to 1,000 rows
 * each, applied together. On D1, where every statement counts against a per-invocation query
 * limit and a statement takes at most 100 parameters: one statement whose rows travel as a single JSON
 * array parameter. The SQL text comes from the constant table and column names above; every
 * value is a bound parameter.
 */
export async function stageRows(
  deps: Pick<Deps, 'db' | 'atomic' | 'database'>,
  table: StageTable,
  importId: string,
  rows: ReadonlyArray<object>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = STAGES[table];
  if (table === 'backup_stage_beliefs') rows = rows.map(stagedBelief);
  if (deps.database.stageRowsAsJson) {
    await sql`INSERT INTO ${sql.table(table)} (import_id, ${sql.join(columns.map((c) => sql.ref(c)))})
      SELECT ${importId}, ${sql.join(columns.map((c) => sql`json_extract(value, ${sql.lit(`$.${c}`)})`))}
      FROM json_each(${JSON.stringify(rows)})`.execute(deps.db);
    return;
  }
  const queries: CompiledQuery[] = [];
  for (let at = 0; at < rows.length; at += MULTI_ROWS) {
    const chunk = rows.slice(at, at + MULTI_ROWS);
    const params: unknown[] = [];
    for (const row of chunk) {
      const values = row as Record<string, unknown>;
      params.push(importId);
      for (const c of columns) params.push(values[c]);
    }
    queries.push(CompiledQuery.raw(insertSql(table, chunk.length, deps.database.dialect.param), params));
  }
  await deps.atomic(queries);
}

/** Rows per multi-row insert: (1 + columns) * rows stays under SQLite's 32,766 bound parameters. */
const MULTI_ROWS = 1000;

const insertSqlCache = new Map<string, string>();

/** `INSERT INTO <table> (…) VALUES (…), (…)` for n rows, built once per table and row count. */
function insertSql(table: StageTable, n: number, param: (n: number) => string): string {
  const key = `${table}:${n}:${param(2)}`;
  let text = insertSqlCache.get(key);
  if (!text) {
    const width = STAGES[table].length + 1;
    const tuples = Array.from({ length: n }, (_, row) => `(${Array.from({ length: width }, (_, c) => param(row * width + c + 1)).join(', ')})`);
    text = `INSERT INTO ${table} (import_id, ${STAGES[table].join(', ')}) VALUES ${tuples.join(', ')}`;
    if (insertSqlCache.size > 200) insertSqlCache.clear();
    insertSqlCache.set(key, text);
  }
  return text;
}

/** An archived belief as its row: list columns back to JSON text, index terms computed. */
function stagedBelief(row: object): object {
  const b = row as { owner: string; statement: string; key: string | null; aliases: string[]; participants: string[]; said_words: string[] };
  return {
    ...b,
    aliases: JSON.stringify(b.aliases),
    participants: JSON.stringify(b.participants),
    said_words: JSON.stringify(b.said_words),
    search_terms: searchTerms(b.owner, b.statement, b.key, b.aliases, b.said_words),
  };
}

export function clearStageQueries(db: Db, importId: string): Compilable[] {
  return (Object.keys(STAGES) as StageTable[]).map((t) => db.deleteFrom(t).where('import_id', '=', importId));
}

/** Import ids start with their start time, so rows left by an import that died can be found by age. */
export function newImportId(now: Date): string {
  return `${String(now.getTime()).padStart(13, '0')}-${uuid()}`;
}

const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Staging rows of imports started more than a day ago: their process died mid-import. */
export function clearStaleStageQueries(db: Db, now: Date): Compilable[] {
  const cutoff = String(now.getTime() - STALE_AFTER_MS).padStart(13, '0');
  return (Object.keys(STAGES) as StageTable[]).map((t) => db.deleteFrom(t).where('import_id', '<', cutoff));
}

/**
 * A staged belief superseded by a belief (staged or stored) of another owner, or undefined: a
 * supersession chain never crosses owners.
 */
export async function crossOwnerSupersession(db: Db, importId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('backup_stage_beliefs as s')
    .select('s.id')
    .where('s.import_id', '=', importId)
    .where('s.superseded_by', 'is not', null)
    .where(({ or, exists, selectFrom }) =>
      or([
        exists(selectFrom('beliefs as b').select('b.id').whereRef('b.id', '=', 's.superseded_by').whereRef('b.owner', '!=', 's.owner')),
        exists(
          selectFrom('backup_stage_beliefs as n')
            .select('n.id')
            .where('n.import_id', '=', importId)
            .whereRef('n.id', '=', 's.superseded_by')
            .whereRef('n.owner', '!=', 's.owner'),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export interface CommitInput {
  importId: string;
  config: ConfigRecord | null;
  masterKey: Uint8Array | null;
  actor: string;
  now: Date;
  detail: Record<string, unknown>;
  /** Imported and stored active beliefs sharing a key or slot: which are superseded (key-conflicts.ts). */
  conflicts: KeyResolution;
}

/** The first query of the commit counts what it is about to insert, inside the same transaction or batch. */
export interface CommitCounts {
  beliefs: number;
  compaction: number;
}

/** The staged rows an import adds to a live table, with the columns they carry. */
const ADDED = {
  beliefs: { stage: 'backup_stage_beliefs', live: 'beliefs', columns: STAGED_BELIEF_COLUMNS },
  compaction: { stage: 'backup_stage_compaction', live: 'compaction_history', columns: COMPACTION_COLUMNS },
} as const;

/** `FROM` the import's staged rows whose id the live table does not hold yet: an existing row is kept as it is. */
function newStaged(importId: string, added: keyof typeof ADDED) {
  const { stage, live } = ADDED[added];
  return sql`FROM ${sql.table(stage)} s WHERE s.import_id = ${importId} AND NOT EXISTS (SELECT 1 FROM ${sql.table(live)} x WHERE x.id = s.id)`;
}

function insertNewStaged(importId: string, added: keyof typeof ADDED) {
  const { live, columns } = ADDED[added];
  const names = sql.join(columns.map((c) => sql.ref(c)));
  const staged = sql.join(columns.map((c) => sql.ref(`s.${c}`)));
  return sql`INSERT INTO ${sql.table(live)} (${names}) SELECT ${staged} ${newStaged(importId, added)}`;
}

/**
 * The one atomic change that applies a staged import: new beliefs (with their history),
 * new compaction entries, persona and config replaced, staging rows removed, audit recorded.
 * Existing beliefs and compaction entries are kept as they are (matched by id), except that an
 * active one an imported belief observed later shares a key with is superseded by it (and the
 * other way round), so each owner keeps one active belief per key.
 */
export function commitQueries({ db, dialect }: Database, input: CommitInput): Array<Compilable | CompiledQuery> {
  const { importId, now } = input;
  const at = now.toISOString();
  const queries: Array<Compilable | CompiledQuery> = [
    sql`SELECT (SELECT count(*) ${newStaged(importId, 'beliefs')}) AS beliefs,
      (SELECT count(*) ${newStaged(importId, 'compaction')}) AS compaction`.compile(db),
    ...stagedSupersessionQueries(db, importId, input.conflicts, at),
    db
      .insertInto('belief_history')
      .columns(HISTORY_COLUMNS)
      .expression(
        db
          .selectFrom('backup_stage_history as h')
          .select(HISTORY_COLUMNS.map((c) => `h.${c}` as const))
          .where('h.import_id', '=', importId)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('beliefs as b').select('b.id').whereRef('b.id', '=', 'h.belief_id'))))
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('belief_history as x').select('x.id').whereRef('x.id', '=', 'h.id')))),
      ),
    // belief_vocab and belief_counts for the beliefs about to be inserted, one grouped upsert each;
    // their per-row insert triggers stand aside while backup_bulk holds this import's row.
    db.insertInto('backup_bulk').values({ import_id: importId }),
    sql`INSERT INTO belief_vocab (term, n)
      SELECT j.value, count(*) FROM backup_stage_beliefs s,
        ${dialect.termsOf('s.search_terms')}
      WHERE s.import_id = ${importId} AND s.search_terms IS NOT NULL AND j.value <> ''
        AND NOT EXISTS (SELECT 1 FROM beliefs b WHERE b.id = s.id)
      GROUP BY j.value
      ON CONFLICT (term) DO UPDATE SET n = belief_vocab.n + excluded.n`.compile(db),
    sql`INSERT INTO belief_counts (owner, active)
      SELECT s.owner, count(*) FROM backup_stage_beliefs s
      WHERE s.import_id = ${importId} AND s.status = 'active' AND NOT EXISTS (SELECT 1 FROM beliefs b WHERE b.id = s.id)
      GROUP BY s.owner
      ON CONFLICT (owner) DO UPDATE SET active = belief_counts.active + excluded.active`.compile(db),
    insertNewStaged(importId, 'beliefs').compile(db),
    db.deleteFrom('backup_bulk').where('import_id', '=', importId),
    insertNewStaged(importId, 'compaction').compile(db),
    db
      .insertInto('persona_cache')
      .columns(PERSONA_COLUMNS)
      .expression(
        db
          .selectFrom('backup_stage_persona as s')
          .select(PERSONA_COLUMNS.map((c) => `s.${c}` as const))
          .where('s.import_id', '=', importId),
      )
      .onConflict((oc) =>
        oc.column('owner').doUpdateSet((eb) => ({
          persona: eb.ref('excluded.persona'),
          belief_count: eb.ref('excluded.belief_count'),
          built_at: eb.ref('excluded.built_at'),
        })),
      ),
  ];
  queries.push(...storedSupersessionQueries(db, input.conflicts, input.actor, at));
  const { config } = input;
  if (config?.config) {
    const text = JSON.stringify(config.config);
    const updated = config.updated_at ?? at;
    queries.push(
      db
        .insertInto('runtime_config')
        .values({ id: 1, config: text, updated_at: updated })
        .onConflict((oc) => oc.column('id').doUpdateSet({ config: text, updated_at: updated })),
    );
  }
  for (const { provider_id, api_key } of config?.credentials ?? []) {
    const ciphertext = sealSecret(input.masterKey, api_key, provider_id);
    const hint = api_key.slice(-4);
    queries.push(
      db
        .insertInto('credentials')
        .values({ provider_id, ciphertext, hint, updated_at: at })
        .onConflict((oc) => oc.column('provider_id').doUpdateSet({ ciphertext, hint, updated_at: at })),
    );
  }
  queries.push(auditQuery(db, { actor: input.actor, action: 'backup.imported', detail: input.detail }, now));
  queries.push(...clearStageQueries(db, importId));
  return queries;
}
