import pkg from '../../package.json' with { type: 'json' };
import { credentialFailure, openSecret } from '../provider-keys.ts';
import type { Deps } from '../deps.ts';
import { auditQuery } from '../stores/audit.ts';
import { encryptor, exportLogN } from './age.ts';
import { BackupError } from './errors.ts';
import { portablePrimitives } from './primitives.ts';
import {
  BELIEF_COLUMNS,
  BELIEF_LIST_COLUMNS,
  COMPACTION_COLUMNS,
  FORMAT,
  FORMAT_VERSION,
  HISTORY_COLUMNS,
  PERSONA_COLUMNS,
  type ArchiveRecord,
  type ConfigRecord,
  type Counts,
  type Manifest,
} from './format.ts';

export const MIN_PASSPHRASE_LENGTH = 12;
const PAGE = 1000;
/** A history row as archived: its belief_id is implied by the record it sits in. */
const HISTORY_RECORD_COLUMNS = HISTORY_COLUMNS.filter((c) => c !== 'belief_id');
/** Records per enqueued chunk: small strings die young instead of piling up in V8's large-object space. */
const CHUNK_RECORDS = 50;

/** What an export would contain right now (the dashboard shows it before confirming); one statement, one snapshot. */
export async function previewCounts(deps: Deps): Promise<Counts> {
  const { db } = deps;
  const row = await db
    .selectNoFrom((eb) => {
      const count = (table: 'beliefs' | 'belief_history' | 'persona_cache' | 'compaction_history' | 'runtime_config' | 'credentials') =>
        eb.selectFrom(table).select(eb.fn.countAll<number>().as('n'));
      return [
        count('beliefs').as('beliefs'),
        eb.selectFrom('beliefs').where('status', '=', 'active').select(eb.fn.countAll<number>().as('n')).as('active'),
        count('belief_history').as('history'),
        count('persona_cache').as('persona'),
        count('compaction_history').as('compaction'),
        count('runtime_config').as('config'),
        count('credentials').as('keys'),
      ];
    })
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    beliefs: n(row.beliefs),
    active_beliefs: n(row.active),
    superseded_beliefs: n(row.beliefs) - n(row.active),
    belief_history: n(row.history),
    persona: n(row.persona),
    compaction: n(row.compaction),
    config: n(row.config) > 0 || n(row.keys) > 0 ? 1 : 0,
    provider_keys: n(row.keys),
  };
}

function archiveFilename(now: Date): string {
  return `belief-store-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.bsbk`;
}

function checkPassphrase(passphrase: string): void {
  if ([...passphrase].length < MIN_PASSPHRASE_LENGTH) {
    throw new BackupError('weak_passphrase', `passphrase: must be at least ${MIN_PASSPHRASE_LENGTH} characters`);
  }
}

/**
 * Starts an export: reads the config (decrypting provider keys) and the counts up front, records
 * the audit event, and returns the archive as a stream that pages through the database as the
 * client reads it.
 */
export async function openExport(deps: Deps, passphrase: string, actor: string): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  checkPassphrase(passphrase);
  const primitives = deps.platform.backup ?? portablePrimitives;
  // First, while the process holds the least: scrypt needs 128 MiB for as long as it runs.
  const encrypt = await encryptor(passphrase, primitives, exportLogN(deps.platform));
  const now = deps.now();
  const counts = await previewCounts(deps);
  const config = await configRecord(deps);
  const manifest: Manifest = {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    service_version: pkg.version,
    created_at: now.toISOString(),
    counts: { ...counts },
  };
  await auditQuery(deps.db, { actor, action: 'backup.exported', detail: counts }, now).execute();
  const head = [manifest, ...(config ? [config] : [])];
  return { filename: archiveFilename(now), body: encrypt(primitives.gzip(recordStream(deps, head))) };
}

async function configRecord(deps: Pick<Deps, 'db' | 'masterKey'>): Promise<ConfigRecord | null> {
  const row = await deps.db.selectFrom('runtime_config').select(['config', 'updated_at']).where('id', '=', 1).executeTakeFirst();
  const sealed = await deps.db.selectFrom('credentials').select(['provider_id', 'ciphertext']).orderBy('provider_id').execute();
  if (!row && sealed.length === 0) return null;
  let credentials: ConfigRecord['credentials'];
  try {
    credentials = sealed.map((c) => ({ provider_id: c.provider_id, api_key: openSecret(deps.masterKey, c.ciphertext, c.provider_id) }));
  } catch (err) {
    credentialFailure(err);
  }
  return {
    type: 'config',
    config: row ? (JSON.parse(row.config) as Record<string, unknown>) : null,
    updated_at: row?.updated_at ?? null,
    credentials,
  };
}

type Section = 'persona' | 'compaction' | 'beliefs' | 'done';

/** JSON lines, one database page per pull, so the database is read only as fast as the client downloads. */
function recordStream(deps: Deps, head: Array<Manifest | ArchiveRecord>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { db } = deps;
  let section: Section = 'persona';
  let after = '';

  const nextPage = async (): Promise<string[]> => {
    if (section === 'persona') {
      const rows = await db.selectFrom('persona_cache').select(PERSONA_COLUMNS).where('owner', '>', after).orderBy('owner').limit(PAGE).execute();
      advance(rows.length, rows.at(-1)?.owner, 'compaction');
      return rows.map((r) => JSON.stringify({ type: 'persona', ...r }));
    }
    if (section === 'compaction') {
      const rows = await db.selectFrom('compaction_history').select(COMPACTION_COLUMNS).where('id', '>', after).orderBy('id').limit(PAGE).execute();
      advance(rows.length, rows.at(-1)?.id, 'beliefs');
      return rows.map((r) => JSON.stringify({ type: 'compaction', ...r }));
    }
    const rows = await db
      .selectFrom('beliefs as b')
      .select(['b.id', deps.database.dialect.beliefRecord(BELIEF_COLUMNS, BELIEF_LIST_COLUMNS, HISTORY_RECORD_COLUMNS).as('line')])
      .where('b.id', '>', after)
      .orderBy('b.id')
      .limit(PAGE)
      .execute();
    advance(rows.length, rows.at(-1)?.id, 'done');
    return rows.map((r) => r.line);
  };

  function advance(got: number, lastKey: string | undefined, next: Section) {
    if (got < PAGE || lastKey === undefined) {
      section = next;
      after = '';
    } else {
      after = lastKey;
    }
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head.map((r) => JSON.stringify(r)).join('\n') + '\n'));
    },
    async pull(controller) {
      while (section !== 'done') {
        const lines = await nextPage();
        for (let i = 0; i < lines.length; i += CHUNK_RECORDS) {
          controller.enqueue(encoder.encode(lines.slice(i, i + CHUNK_RECORDS).join('\n') + '\n'));
        }
        if (lines.length > 0) return;
      }
      controller.close();
    },
  });
}
