import { Decrypter, Encrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64Encode } from '../../lib/crypto.ts';
import { singleEnv, startTarget, TARGETS, type Target } from '../support/targets.ts';
import { exportArchive, importJson, PASSPHRASE, root, seed, snapshot } from './helpers.ts';
import { randomHex } from '../support/target-sql.ts';

const CHUNK = 64 * 1024 + 16;

/** Where the STREAM payload starts: after the header's MAC line and the 16-byte nonce. */
function payloadStart(archive: Uint8Array): number {
  const text = new TextDecoder('latin1').decode(archive.subarray(0, 1024));
  return text.indexOf('\n', text.indexOf('\n--- ')) + 1 + 16;
}

async function ageFile(plaintext: Uint8Array, logN = 10, passphrase = PASSPHRASE): Promise<Uint8Array> {
  const e = new Encrypter();
  e.setScryptWorkFactor(logN);
  e.setPassphrase(passphrase);
  return e.encrypt(plaintext);
}

/** An age file decrypted and encrypted again at the cheap work factor ageFile writes. */
async function cheaper(archive: Uint8Array): Promise<Uint8Array> {
  const d = new Decrypter();
  d.addPassphrase(PASSPHRASE);
  return ageFile(await d.decrypt(archive));
}

async function gzipLines(lines: unknown[]): Promise<Uint8Array> {
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const manifest = (version: number) => ({
  format: 'belief-store-backup',
  format_version: version,
  service_version: 'test',
  created_at: '2026-01-01T00:00:00.000Z',
  counts: {},
});

describe.each(TARGETS)('backup import failures on %s', (kind) => {
  let source: Target;
  let target: Target;
  let archive: Uint8Array;
  let before: Record<string, unknown[]>;

  beforeAll(async () => {
    [source, target] = await Promise.all([startTarget(kind, singleEnv()), startTarget(kind, singleEnv())]);
    await seed(source);
    // Incompressible statements so the archive spans several 64 KiB STREAM chunks.
    await source.sql.run(
      `INSERT INTO beliefs (id, owner, type, statement, norm_statement, source_kind, created_at, updated_at)
       WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 5000)
       SELECT 'r-' || i, 'root', 'fact', ${randomHex(source)}, 'x', 'chat', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM seq`,
    );
    archive = await exportArchive(source);
    expect(archive.length).toBeGreaterThan(3 * CHUNK);
    // The same payload at scrypt work factor 2^10 rather than the export's 2^15–2^17: every import
    // below derives a key first, which then takes milliseconds instead of a second under load.
    archive = await cheaper(archive);
    expect(archive.length).toBeGreaterThan(3 * CHUNK);
    await target.sql.run(`INSERT INTO beliefs (id, owner, type, statement, norm_statement, source_kind, created_at, updated_at)
      VALUES ('keep-1', 'root', 'fact', 'already here', 'already here', 'chat', '2026-01-01', '2026-01-01')`);
    before = await snapshot(target);
  });
  afterAll(async () => {
    await Promise.all([source?.stop(), target?.stop()]);
  });

  async function expectFailure(bytes: Uint8Array, code: string, passphrase = PASSPHRASE) {
    const { status, body } = await importJson(target, bytes, passphrase);
    expect({ status, code: body.error?.code }).toEqual({ status: 400, code });
    expect(body).toEqual({ ok: false, error: { code, message: expect.any(String) } });
    expect(await snapshot(target)).toEqual(before);
  }

  const mutate = (change: (b: Uint8Array) => void) => {
    const b = archive.slice();
    change(b);
    return b;
  };

  it('wrong passphrase → bad_passphrase', () => expectFailure(archive, 'bad_passphrase', 'not the right passphrase'));

  it('a flipped byte in the first, a middle and the last chunk → corrupt_archive', async () => {
    const start = payloadStart(archive);
    for (const at of [start + 5, start + CHUNK + 7, archive.length - 3]) {
      await expectFailure(
        mutate((b) => {
          b[at]! ^= 0x01;
        }),
        'corrupt_archive',
      );
    }
  });

  it('a flipped byte in the header MAC → corrupt_archive', async () => {
    const macAt = new TextDecoder('latin1').decode(archive.subarray(0, 1024)).indexOf('\n--- ') + 6;
    await expectFailure(
      mutate((b) => {
        b[macAt] = b[macAt] === 0x41 ? 0x42 : 0x41;
      }),
      'corrupt_archive',
    );
  });

  it('truncated mid-chunk and at a chunk boundary → corrupt_archive', async () => {
    await expectFailure(archive.slice(0, archive.length - 100), 'corrupt_archive');
    await expectFailure(archive.slice(0, payloadStart(archive) + 2 * CHUNK), 'corrupt_archive');
    await expectFailure(archive.slice(0, 40), 'corrupt_archive');
  });

  it('appended bytes → corrupt_archive', async () => {
    const longer = new Uint8Array(archive.length + 5);
    longer.set(archive);
    await expectFailure(longer, 'corrupt_archive');
  });

  it('two chunks swapped → corrupt_archive', async () => {
    const start = payloadStart(archive);
    await expectFailure(
      mutate((b) => {
        b.set(archive.subarray(start + CHUNK, start + 2 * CHUNK), start);
        b.set(archive.subarray(start, start + CHUNK), start + CHUNK);
      }),
      'corrupt_archive',
    );
  });

  it('bytes that are not an age file → corrupt_archive', async () => {
    await expectFailure(new TextEncoder().encode('{"hello":"world"}\n'.repeat(100)), 'corrupt_archive');
  });

  it('a scrypt work factor above the bound is refused before any key derivation', async () => {
    const header = new TextDecoder('latin1').decode(archive.subarray(0, 200));
    const patched = header.replace(/(-> scrypt \S+ )\d+/, '$122');
    expect(patched).not.toBe(header);
    const bytes = archive.slice();
    bytes.set(new TextEncoder().encode(patched));
    const { body } = await importJson(target, bytes);
    expect(body.error).toEqual({ code: 'corrupt_archive', message: expect.stringContaining('2^22') });
  });

  it('an authentic archive of an unknown format version → unsupported_version', async () => {
    await expectFailure(await ageFile(await gzipLines([manifest(2)])), 'unsupported_version');
  });

  it('an authentic archive whose payload is not a belief-store backup → corrupt_archive', async () => {
    await expectFailure(await ageFile(new TextEncoder().encode('just text')), 'corrupt_archive');
    await expectFailure(await ageFile(await gzipLines([{ hello: 1 }])), 'corrupt_archive');
    await expectFailure(await ageFile(await gzipLines([manifest(1), { type: 'belief', belief: { id: 'x' }, history: [] }])), 'corrupt_archive');
  });

  it('bad request bodies → invalid_request, naming the field', async () => {
    const post = (body: string) => fetch(`${target.url}/v1/backup/import`, { method: 'POST', headers: { ...root, 'content-type': 'application/json' }, body });
    for (const [body, field] of [
      ['{not json', 'body'],
      [JSON.stringify({ archive: base64Encode(archive) }), 'passphrase'],
      [JSON.stringify({ passphrase: PASSPHRASE }), 'archive'],
      [JSON.stringify({ passphrase: PASSPHRASE, archive: '***' }), 'archive'],
    ] as const) {
      const res = await post(body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(json.ok).toBe(false);
      expect(json.error.code).toBe('invalid_request');
      expect(json.error.message).toContain(field);
    }
    expect(await snapshot(target)).toEqual(before);
  });

  it('export refuses a passphrase under 12 characters → weak_passphrase', async () => {
    const res = await fetch(`${source.url}/v1/backup/export`, {
      method: 'POST',
      headers: { ...root, 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: 'short-11chr' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error: { code: 'weak_passphrase', message: expect.stringContaining('12') } });
  });

  it('a body past the JSON limit → 413 pointing to the dashboard import', async () => {
    const body = JSON.stringify({ passphrase: PASSPHRASE, archive: 'A'.repeat(65 * 1024 * 1024) });
    const post = () => fetch(`${target.url}/v1/backup/import`, { method: 'POST', headers: { ...root, 'content-type': 'application/json' }, body });
    // The server answers before reading the body and closes; the kernel may then reset the
    // connection before the client has read the answer. Retry that transport race, boundedly.
    let res: Response | undefined;
    for (let attempt = 0; attempt < 4 && !res; attempt++) res = await post().catch(() => undefined);
    expect(res?.status).toBe(413);
    const answer = (await res!.json()) as { error: { message: string } };
    expect(answer.error.message).toContain('/admin/backup');
    expect(await snapshot(target)).toEqual(before);
  });
});
