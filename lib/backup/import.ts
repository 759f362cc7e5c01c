import type { CompiledQuery } from 'kysely';
import { loadConfig } from '../stores/config.ts';
import type { Deps } from '../deps.ts';
import { decryptStream } from './age.ts';
import { BackupError, corrupt } from './errors.ts';
import type { ConfigRecord } from './format.ts';
import { resolveKeyConflicts } from './key-conflicts.ts';
import { readLines } from './lines.ts';
import { RecordReader } from './records.ts';
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
    const reader = new RecordReader();
    let config: ConfigRecord | null = null;
    /** Days the current belief's injections were kept on (its history may span several records). */
    let injectedOn = new Set<string>();
    for await (const line of readLines(primitives.gunzip(plaintext))) {
      const record = reader.read(line.text, line.number);
      if (!record) continue;
      switch (record.type) {
        case 'belief':
        case 'history': {
          const beliefId = record.type === 'belief' ? record.belief.id : record.belief_id;
          if (record.type === 'belief') {
            await stager.add('backup_stage_beliefs', record.belief, line.text.length);
            injectedOn = new Set();
          }
          // A belief's line counts toward the batch with the belief; a history record's with its first row.
          let bytes = record.type === 'history' ? line.text.length : 0;
          for (const h of record.history) {
            // Injections stay in history once per day (older archives carry each one).
            if (h.event === 'injected') {
              if (injectedOn.has(h.at.slice(0, 10))) continue;
              injectedOn.add(h.at.slice(0, 10));
            }
            await stager.add('backup_stage_history', { ...h, belief_id: beliefId }, bytes);
            bytes = 0;
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
    const manifest = reader.head;
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
