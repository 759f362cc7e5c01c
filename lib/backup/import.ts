import type { CompiledQuery } from 'kysely';
import { DEFAULT_CONFIG, loadConfig } from '../stores/config.ts';
import { applyConfigInput, configInput } from '../config/validate.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { issueText } from '../issue.ts';
import { decryptStream } from './age.ts';
import { BackupError, corrupt } from './errors.ts';
import { FORMAT, FORMAT_VERSION, manifestSchema, RECORD_SCHEMAS, type ArchiveRecord, type ConfigRecord, type Manifest, type RecordType } from './format.ts';
import { resolveKeyConflicts } from './key-conflicts.ts';
import { readLines } from './lines.ts';
import type { ImportResult } from './result.ts';
import { portablePrimitives } from './primitives.ts';
import {
  clearStageQueries,
  clearStaleStageQueries,
  commitQueries,
  crossOwnerSupersession,
  newImportId,
  stageRows,
  type CommitCounts,
  type StageTable,
} from './stage.ts';

export interface ImportOptions {
  /** Replace the live runtime config with the archive's even when a provider is configured. */
  replaceConfig: boolean;
}

const BATCH_ROWS = 500;
const BATCH_BYTES = 512 * 1024;

/**
 * Decrypts and parses the archive as it streams in, staging records in small batches; only after
 * the final chunk has authenticated does one atomic change apply them. On any failure the staged
 * rows are deleted and the real tables are untouched. The archive's config replaces the live one
 * only when no provider is configured or the caller asks for it (docs/api.md §10).
 */
export async function importArchive(
  deps: Deps,
  source: ReadableStream<Uint8Array>,
  passphrase: string,
  actor: string,
  options: ImportOptions = { replaceConfig: false },
): Promise<ImportResult> {
  const run = () => runImport(deps, source, passphrase, actor, options);
  return deps.database.bulkWrites ? deps.database.bulkWrites(run) : run();
}

async function runImport(deps: Deps, source: ReadableStream<Uint8Array>, passphrase: string, actor: string, options: ImportOptions): Promise<ImportResult> {
  const importId = newImportId(deps.now());
  const stager = new Stager(deps, importId);
  await deps.atomic(clearStaleStageQueries(deps.db, deps.now()));
  try {
    const primitives = deps.platform.backup ?? portablePrimitives;
    const plaintext = await decryptStream(source, passphrase, primitives);
    let manifest: Manifest | null = null;
    let config: ConfigRecord | null = null;
    const seen: Record<RecordType, number> = { belief: 0, config: 0, persona: 0, compaction: 0 };
    for await (const line of readLines(primitives.gunzip(plaintext))) {
      const value = parseLine(line.text, line.number);
      if (!manifest) {
        manifest = checkManifest(value);
        continue;
      }
      const record = parseRecord(value, line.number, seen);
      switch (record.type) {
        case 'belief': {
          const { belief, history } = record;
          await stager.add('backup_stage_beliefs', belief, line.text.length);
          const injectedOn = new Set<string>();
          for (const h of history) {
            // Injections stay in history once per day (older archives carry each one).
            if (h.event === 'injected') {
              if (injectedOn.has(h.at.slice(0, 10))) continue;
              injectedOn.add(h.at.slice(0, 10));
            }
            await stager.add('backup_stage_history', { ...h, belief_id: belief.id }, 0);
          }
          break;
        }
        case 'compaction': {
          const { type: _type, ...row } = record;
          await stager.add('backup_stage_compaction', row, line.text.length);
          break;
        }
        case 'persona': {
          const { type: _type, ...row } = record;
          await stager.add('backup_stage_persona', row, line.text.length);
          break;
        }
        case 'config':
          if (config) throw corrupt(`line ${line.number}: a second config record`);
          if (record.credentials.length > 0 && !deps.masterKey) {
            throw new BackupError(
              'invalid_request',
              'the archive holds provider keys but this instance has no master key to store them (set SERVICE_ENCRYPTION_KEY)',
            );
          }
          config = record;
          break;
      }
    }
    if (!manifest) throw corrupt('the archive holds no manifest');
    await stager.flushAll();
    const crossing = await crossOwnerSupersession(deps.db, importId);
    if (crossing) throw corrupt(`belief ${crossing}: superseded_by names a belief of another owner`);
    const conflicts = await resolveKeyConflicts(deps.db, importId);

    const staged = stager.counts;
    const applyConfig = config !== null && (options.replaceConfig || (await loadConfig(deps.db)).providers.length === 0);
    const [count, ...apply] = commitQueries(deps.database, {
      importId,
      config: applyConfig ? config : null,
      masterKey: deps.masterKey,
      actor,
      now: deps.now(),
      detail: { archive_created_at: manifest.created_at, staged, config_restored: applyConfig, superseded: conflicts.staged.size + conflicts.stored.size },
      conflicts,
    });
    const indexes = await indexesToRebuild(deps, staged.backup_stage_beliefs);
    const results = await deps.atomic([count!, ...indexes.drop, ...apply, ...indexes.create]);
    const counts = results[0]!.rows[0] as unknown as CommitCounts;
    const imported = Number(counts.beliefs);
    return {
      beliefs_imported: imported,
      beliefs_skipped: staged.backup_stage_beliefs - imported,
      compaction_entries_imported: Number(counts.compaction),
      persona_restored: staged.backup_stage_persona > 0,
      config_restored: applyConfig,
    };
  } catch (err) {
    if (stager.wrote) await deps.atomic(clearStageQueries(deps.db, importId));
    throw err;
  }
}

/** Below this many staged beliefs an import's commit keeps the indexes as they are. */
const REBUILD_MIN_BELIEFS = 10_000;

/**
 * The indexes of the tables an import fills, dropped before its rows go in and built again after,
 * when the rows imported are at least as many as those already there (so rebuilding costs less
 * than inserting into the indexes row by row).
 */
async function indexesToRebuild(deps: Deps, staged: number): Promise<{ drop: CompiledQuery[]; create: CompiledQuery[] }> {
  const none = { drop: [], create: [] };
  if (!deps.database.rebuiltIndexes || staged < REBUILD_MIN_BELIEFS) return none;
  const existing = await deps.db.selectFrom('beliefs').select(deps.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(existing.n) <= staged ? deps.database.rebuiltIndexes(['beliefs', 'belief_history']) : none;
}

function parseLine(text: string, number: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw corrupt(`line ${number} is not valid JSON`);
  }
}

/**
 * Validates one record against what the service itself would store, before anything is
 * written; a failure names the record by its type and number ("belief record 3: status: …").
 */
function parseRecord(value: unknown, line: number, seen: Record<RecordType, number>): ArchiveRecord {
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(RECORD_SCHEMAS, type)) {
    throw corrupt(`record on line ${line}: type: must be one of ${Object.keys(RECORD_SCHEMAS).join(', ')}`);
  }
  const kind = type as RecordType;
  const name = `${kind} record ${++seen[kind]}`;
  const parsed = RECORD_SCHEMAS[kind].safeParse(value);
  if (!parsed.success) {
    const text = issueText(parsed.error, 'record', (p) => (kind === 'belief' && p[0] === 'belief' ? p.slice(1) : p));
    throw corrupt(`${name}: ${text} (line ${line})`);
  }
  if (parsed.data.type === 'config' && parsed.data.config !== null) checkRuntimeConfig(parsed.data.config, name, line);
  return parsed.data;
}

/** A config record must be a config the admin API would accept. */
function checkRuntimeConfig(config: Record<string, unknown>, name: string, line: number): void {
  const parsed = configInput.safeParse(config);
  if (!parsed.success) {
    throw corrupt(`${name}: config.${issueText(parsed.error, '')} (line ${line})`);
  }
  try {
    applyConfigInput(DEFAULT_CONFIG, parsed.data);
  } catch (err) {
    if (err instanceof ApiError) throw corrupt(`${name}: config.${err.message} (line ${line})`);
    throw err;
  }
}

function checkManifest(value: unknown): Manifest {
  const head = value as Partial<Manifest> | null;
  if (!head || typeof head !== 'object' || head.format !== FORMAT) {
    throw corrupt('the archive does not start with a belief-store-backup manifest');
  }
  if (head.format_version !== FORMAT_VERSION) {
    throw new BackupError(
      'unsupported_version',
      `archive format_version ${JSON.stringify(head.format_version)} is not supported (this service reads version ${FORMAT_VERSION})`,
    );
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) throw corrupt(`manifest: ${issueText(parsed.error, '')}`);
  return parsed.data;
}

/** Buffers rows per staging table and writes them in batches of bounded size. */
class Stager {
  readonly counts: Record<StageTable, number> = {
    backup_stage_beliefs: 0,
    backup_stage_history: 0,
    backup_stage_compaction: 0,
    backup_stage_persona: 0,
  };
  wrote = false;
  private readonly pending = new Map<StageTable, object[]>();
  private pendingBytes = 0;

  constructor(
    private readonly deps: Deps,
    private readonly importId: string,
  ) {}

  async add(table: StageTable, row: object, bytes: number): Promise<void> {
    let rows = this.pending.get(table);
    if (!rows) {
      rows = [];
      this.pending.set(table, rows);
    }
    rows.push(row);
    this.counts[table]++;
    this.pendingBytes += bytes;
    if (rows.length >= BATCH_ROWS || this.pendingBytes >= BATCH_BYTES) await this.flushAll();
  }

  async flushAll(): Promise<void> {
    for (const [table, rows] of this.pending) {
      if (rows.length === 0) continue;
      this.wrote = true;
      try {
        await stageRows(this.deps, table, this.importId, rows);
      } catch (err) {
        if (/UNIQUE|PRIMARY KEY/i.test(String(err))) throw corrupt('the archive holds the same record twice');
        throw err;
      }
      rows.length = 0;
    }
    this.pendingBytes = 0;
  }
}
