import { sql } from 'kysely';
import pkg from '../../package.json' with { type: 'json' };
import { credentialFailure, openSecret } from '../provider-keys.ts';
import type { Deps } from '../deps.ts';
import { auditQuery } from '../stores/audit.ts';
import { encryptor, exportLogN } from './age.ts';
import { BackupError } from './errors.ts';
import { MAX_LINE_CHARS } from './lines.ts';
import { RecordReader } from './records.ts';
import { portablePrimitives } from './primitives.ts';
import {
  BELIEF_COLUMNS,
  BELIEF_LIST_COLUMNS,
  COMPACTION_COLUMNS,
  FORMAT,
  FORMAT_VERSION,
  HISTORY_COLUMNS,
  PERSONA_COLUMNS,
  type ConfigRecord,
  type Counts,
  type Manifest,
} from './format.ts';

export const MIN_PASSPHRASE_LENGTH = 12;
const PAGE = 1000;
/** A history row as archived: its belief_id is implied by the record it sits in. */
const HISTORY_RECORD_COLUMNS = HISTORY_COLUMNS.filter((c) => c !== 'belief_id');
/** History rows a belief's page reads with it; a belief with more (or a longer line) has them spread by spreadHistory. */
const HISTORY_INLINE = 64;
/** History rows read per query while spreading one belief's history. */
const HISTORY_PAGE = 500;

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

/** Archive text an export reads ahead before it answers: a record import would refuse among it is a 500, not a broken 200. */
const READ_AHEAD_CHARS = 4 * 1024 * 1024;

/**
 * Starts an export: reads the config (decrypting provider keys) and the counts up front, checks
 * the first records (READ_AHEAD_CHARS) the way an import reads them, records the audit event, and
 * returns the archive as a stream that pages through the database as the client reads it. Every
 * line is checked: one an import would refuse fails the export (`export_failed`, audited) — before
 * the answer when among the first, else by ending the stream in an error, never as a complete archive.
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
  const head = [manifest, ...(config ? [config] : [])].map((r) => JSON.stringify(r));
  const pages = checkedPages(archivePages(deps, head));
  const ahead: string[][] = [];
  try {
    for (let chars = 0; chars < READ_AHEAD_CHARS; ) {
      const next = await pages.next();
      if (next.done) break;
      ahead.push(next.value);
      for (const line of next.value) chars += line.length;
    }
  } catch (err) {
    throw await exportFailed(deps, actor, err);
  }
  await auditQuery(deps.db, { actor, action: 'backup.exported', detail: counts }, now).execute();
  const body = lineStream(ahead, pages, (err) => exportFailed(deps, actor, err));
  return { filename: archiveFilename(now), body: encrypt(primitives.gzip(body)) };
}

/** An export that met a record import would refuse: audited (the reason names the record, never its text), answered 500 `export_failed`. */
async function exportFailed(deps: Deps, actor: string, err: unknown): Promise<unknown> {
  if (!(err instanceof BackupError)) return err;
  const reason = `the archive would not import: ${err.message}`;
  await auditQuery(deps.db, { actor, action: 'backup.export_failed', detail: { reason } }, deps.now())
    .execute()
    .catch((e) => deps.platform.log({ level: 'error', msg: 'could not audit a failed export', error: String(e) }));
  return new BackupError('export_failed', reason);
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

/** Each page's lines, checked in order as an import reads them (RecordReader). */
async function* checkedPages(pages: AsyncGenerator<string[]>): AsyncGenerator<string[]> {
  const reader = new RecordReader();
  let number = 0;
  for await (const lines of pages) {
    for (const line of lines) reader.read(line, ++number);
    yield lines;
  }
}

/** The archive's JSON lines (without newlines) after `head`, one database page at a time, so the database is read only as fast as the client downloads. */
async function* archivePages(deps: Deps, head: string[]): AsyncGenerator<string[]> {
  const { db } = deps;
  const { dialect } = deps.database;
  yield head;
  let section: Section = 'persona';
  let after = '';
  /** The section to read next: the same one from `lastKey` on while pages come full, else `next` from its start. */
  const advance = (got: number, lastKey: string | undefined, next: Section): Section => {
    if (got < PAGE || lastKey === undefined) {
      after = '';
      return next;
    }
    after = lastKey;
    return section;
  };
  while (section !== 'done') {
    if (section === 'persona') {
      const rows = await db.selectFrom('persona_cache').select(PERSONA_COLUMNS).where('owner', '>', after).orderBy('owner').limit(PAGE).execute();
      section = advance(rows.length, rows.at(-1)?.owner, 'compaction');
      yield rows.map((r) => JSON.stringify({ type: 'persona', ...r }));
      continue;
    }
    if (section === 'compaction') {
      const rows = await db.selectFrom('compaction_history').select(COMPACTION_COLUMNS).where('id', '>', after).orderBy('id').limit(PAGE).execute();
      section = advance(rows.length, rows.at(-1)?.id, 'beliefs');
      yield rows.map((r) => JSON.stringify({ type: 'compaction', ...r }));
      continue;
    }
    const rows = await db
      .selectFrom('beliefs as b')
      .select([
        'b.id',
        dialect.beliefObject(BELIEF_COLUMNS, BELIEF_LIST_COLUMNS).as('belief'),
        dialect.historyArray(HISTORY_RECORD_COLUMNS, HISTORY_INLINE).as('history'),
        // Whether a row lies past the inline ones: found by skipping HISTORY_INLINE rows, never by counting them all.
        sql<boolean | number>`EXISTS (SELECT 1 FROM belief_history WHERE belief_id = b.id LIMIT 1 OFFSET ${sql.lit(HISTORY_INLINE)})`.as('history_beyond'),
      ])
      .where('b.id', '>', after)
      .orderBy('b.id')
      .limit(PAGE)
      .execute();
    section = advance(rows.length, rows.at(-1)?.id, 'done');
    let lines: string[] = [];
    for (const r of rows) {
      const line = `{"type":"belief","belief":${r.belief},"history":${r.history}}`;
      if (!Number(r.history_beyond) && line.length <= MAX_LINE_CHARS) {
        lines.push(line);
        continue;
      }
      yield lines;
      lines = [];
      for await (const record of spreadHistory(db, r.id, r.belief)) yield [record];
    }
    yield lines;
  }
}

/**
 * A belief whose history does not fit one line: its record with the rows that fit, then `history`
 * records naming it, each line within MAX_LINE_CHARS (a single history row is far shorter: its
 * detail holds at most two statements and two alias lists), read HISTORY_PAGE rows at a time.
 */
async function* spreadHistory(db: Deps['db'], id: string, belief: string): AsyncGenerator<string> {
  let open = `{"type":"belief","belief":${belief},"history":[`;
  let first = true;
  let rows: string[] = [];
  let size = open.length + 2;
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const page = await db
      .selectFrom('belief_history')
      .select(HISTORY_RECORD_COLUMNS)
      .where('belief_id', '=', id)
      .$if(after !== undefined, (q) => q.where((eb) => eb.or([eb('at', '>', after!.at), eb.and([eb('at', '=', after!.at), eb('id', '>', after!.id)])])))
      .orderBy('at')
      .orderBy('id')
      .limit(HISTORY_PAGE)
      .execute();
    for (const h of page) {
      const json = JSON.stringify(h);
      if (size + json.length + 1 > MAX_LINE_CHARS && (rows.length > 0 || first)) {
        yield `${open}${rows.join(',')}]}`;
        open = `{"type":"history","belief_id":${JSON.stringify(id)},"history":[`;
        first = false;
        rows = [];
        size = open.length + 2;
      }
      rows.push(json);
      size += json.length + 1;
    }
    if (page.length < HISTORY_PAGE) break;
    after = page.at(-1)!;
  }
  if (rows.length > 0 || first) yield `${open}${rows.join(',')}]}`;
}

/** The lines as a byte stream: those read ahead, then the rest as the client pulls; a failure ends the stream in `failed`'s error. */
function lineStream(ahead: string[][], rest: AsyncGenerator<string[]>, failed: (err: unknown) => Promise<unknown>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const enqueue = (controller: ReadableStreamDefaultController<Uint8Array>, lines: string[]) => {
    for (let i = 0; i < lines.length; i += CHUNK_RECORDS) {
      controller.enqueue(encoder.encode(lines.slice(i, i + CHUNK_RECORDS).join('\n') + '\n'));
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const lines = ahead.shift() ?? (await rest.next()).value;
          if (!lines) return controller.close();
          enqueue(controller, lines);
          if (lines.length > 0) return;
        }
      } catch (err) {
        controller.error(await failed(err));
      }
    },
    async cancel() {
      await rest.return(undefined);
    },
  });
}
