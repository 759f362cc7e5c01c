import type { Context } from 'hono';
import { z } from 'zod';
import { base64Decode } from '../crypto.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { issueText } from '../issue.ts';
import { actorName } from '../auth/principal.ts';
import { BackupError } from './errors.ts';
import { openExport } from './export.ts';
import { importArchive } from './import.ts';
import { boundaryOf, MultipartReader } from './multipart.ts';

/** Request handling shared by /v1/backup and /admin/api/backup. */

/** {"ok":false,"error":{code,message}}: the backup routes' own failure shape (docs/api.md §10). */
export async function backupFailures(c: Context<AppEnv>, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof BackupError) return c.json({ ok: false, error: { code: err.code, message: err.message } }, err.status);
    throw err;
  }
}

function requireEnabled(deps: Pick<Deps, 'settings'>, what: 'export' | 'import'): void {
  const on = what === 'export' ? deps.settings.backupExports : deps.settings.backupImports;
  if (!on) {
    const variable = what === 'export' ? 'SERVICE_BACKUP_EXPORTS_ENABLED' : 'SERVICE_BACKUP_IMPORTS_ENABLED';
    throw new ApiError(403, 'backup_disabled', `backup ${what}s are disabled on this instance (${variable}=false)`);
  }
}

const exportBody = z.object({ passphrase: z.string({ error: 'required, a string' }) });
const importBody = z.object({
  passphrase: z.string({ error: 'required, a string' }),
  archive: z.string({ error: 'required, the archive bytes base64-encoded' }).min(1, 'must not be empty'),
  replace_config: z.boolean({ error: 'must be true or false' }).default(false),
});

async function jsonBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw new BackupError('invalid_request', 'body: malformed JSON');
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new BackupError('invalid_request', issueText(parsed.error, 'body'));
}

/** The passphrase from a JSON body, or from a form for the dashboard's plain HTML form. */
async function exportPassphrase(c: Context<AppEnv>): Promise<string> {
  const type = c.req.header('content-type') ?? '';
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    const form = await c.req.parseBody();
    const passphrase = form.passphrase;
    if (typeof passphrase !== 'string') throw new BackupError('invalid_request', 'passphrase: required, a string');
    return passphrase;
  }
  return (await jsonBody(c, exportBody)).passphrase;
}

export async function exportResponse(c: Context<AppEnv>, deps: Deps): Promise<Response> {
  requireEnabled(deps, 'export');
  const passphrase = await exportPassphrase(c);
  const { filename, body } = await openExport(deps, passphrase, actorName(c.get('principal')));
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}

/** POST /v1/backup/import: the archive arrives base64-encoded inside JSON (bounded by the body limit). */
export async function jsonImportResponse(c: Context<AppEnv>, deps: Deps): Promise<Response> {
  requireEnabled(deps, 'import');
  const { passphrase, archive, replace_config } = await jsonBody(c, importBody);
  const result = await importArchive(deps, base64Stream(archive), passphrase, actorName(c.get('principal')), { replaceConfig: replace_config });
  return c.json({ ok: true, result });
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const SLICE = 1024 * 1024;

/** Decodes base64 (standard or url-safe, whitespace ignored) a slice at a time. */
function base64Stream(text: string): ReadableStream<Uint8Array> {
  const clean = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!BASE64.test(clean) || clean.length % 4 === 1) throw new BackupError('invalid_request', 'archive: not valid base64');
  const padded = clean + '='.repeat((4 - (clean.length % 4)) % 4);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= padded.length) return controller.close();
      controller.enqueue(base64Decode(padded.slice(offset, offset + SLICE)));
      offset += SLICE;
    },
  });
}

const MAX_PASSPHRASE_BYTES = 4096;
/** After a failed multipart import, at most this much of the rest of the upload is read and discarded. */
const DRAIN_BYTES = 256 * 1024 * 1024;
/** An archive part sent before the passphrase has to wait in memory; this much is allowed. */
const MAX_EARLY_ARCHIVE_BYTES = 64 * 1024 * 1024;

/** A form checkbox or CLI flag: "true", "1" or "on" (a checked box) asks; "false", "0" or "" do not. */
function formFlag(field: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  throw new BackupError('invalid_request', `${field}: must be true or false`);
}

/**
 * POST /admin/api/backup/import: multipart with `passphrase`, an optional `replace_config` and an
 * `archive` file, read as a stream (fields after the archive are not seen). With the passphrase first (as the dashboard and CLI send it) the archive is decrypted
 * while it uploads; an archive part that comes first is held (up to 64 MiB) until the passphrase.
 */
export async function multipartImportResponse(c: Context<AppEnv>, deps: Deps): Promise<Response> {
  requireEnabled(deps, 'import');
  const body = c.req.raw.body;
  if (!body) throw new BackupError('invalid_request', 'body: expected multipart/form-data with fields "passphrase" and "archive"');
  const parts = new MultipartReader(body, boundaryOf(c.req.header('content-type')));
  const actor = actorName(c.get('principal'));
  try {
    let passphrase: string | null = null;
    let replaceConfig = false;
    let early: Uint8Array[] | null = null;
    for (let part = await parts.next(); part; part = await parts.next()) {
      if (part.name === 'passphrase') {
        passphrase = await parts.text(MAX_PASSPHRASE_BYTES);
        if (early) break;
      } else if (part.name === 'replace_config') {
        replaceConfig = formFlag('replace_config', await parts.text(16));
      } else if (part.name === 'archive' && passphrase !== null) {
        const result = await importArchive(deps, parts.body(), passphrase, actor, { replaceConfig });
        return c.json({ ok: true, result });
      } else if (part.name === 'archive') {
        early = await holdArchive(parts.body());
      } else {
        await drain(parts.body());
      }
    }
    if (!early) throw new BackupError('invalid_request', 'archive: required (a file field named "archive")');
    if (passphrase === null) throw new BackupError('invalid_request', 'passphrase: required');
    const result = await importArchive(deps, streamOf(early), passphrase, actor, { replaceConfig });
    return c.json({ ok: true, result });
  } finally {
    await parts.close(DRAIN_BYTES);
  }
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  while (!(await reader.read()).done);
}

async function holdArchive(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const chunk = next.value;
    size += chunk.length;
    if (size > MAX_EARLY_ARCHIVE_BYTES) {
      throw new ApiError(413, 'payload_too_large', 'send the "passphrase" field before the "archive" file to import archives over 64 MiB');
    }
    chunks.push(chunk);
  }
  return chunks;
}
