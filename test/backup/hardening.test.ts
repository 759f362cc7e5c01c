import { Encrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { singleEnv, startTarget, TARGETS, type Target } from '../support/targets.ts';
import { exportArchive, importJson, PASSPHRASE, seed, snapshot } from './helpers.ts';

async function ageFile(plaintext: Uint8Array): Promise<Uint8Array> {
  const e = new Encrypter();
  e.setScryptWorkFactor(10);
  e.setPassphrase(PASSPHRASE);
  return e.encrypt(plaintext);
}

async function gzipText(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const manifest = JSON.stringify({
  format: 'belief-store-backup',
  format_version: 1,
  service_version: 'test',
  created_at: '2026-01-01T00:00:00.000Z',
  counts: {},
});

describe.each(TARGETS)('backup import hardening on %s', (kind) => {
  let t: Target;
  let before: Record<string, unknown[]>;
  beforeAll(async () => {
    t = await startTarget(kind, singleEnv());
    await seed(t);
    before = await snapshot(t);
  });
  afterAll(() => t?.stop());

  it('refuses a line over 1 MiB as corrupt_archive naming the line, and writes nothing', async () => {
    const long = JSON.stringify({ type: 'persona', owner: 'root', persona: 'x'.repeat(1024 * 1024), belief_count: 1, built_at: '2026-01-01T00:00:00.000Z' });
    const { status, body } = await importJson(t, await ageFile(await gzipText(`${manifest}\n${long}\n`)));
    expect(status).toBe(400);
    expect(body.error.code).toBe('corrupt_archive');
    expect(body.error.message).toMatch(/^line 2 is longer than 1048576 characters/);
    expect(await snapshot(t)).toEqual(before);
    // A record just under the bound still imports.
    const fits = JSON.stringify({ type: 'persona', owner: 'root', persona: 'y'.repeat(1000 * 1024), belief_count: 1, built_at: '2026-01-01T00:00:00.000Z' });
    expect((await importJson(t, await ageFile(await gzipText(`${manifest}\n${fits}\n`)))).status).toBe(200);
  });

  it('says what is wrong once, without repeating the cause', async () => {
    const archive = await exportArchive(t);
    const start = new TextDecoder('latin1').decode(archive.subarray(0, 1024)).indexOf('\n--- ');
    const payload = new TextDecoder('latin1').decode(archive.subarray(0, 1024)).indexOf('\n', start + 1) + 1 + 16;
    const cases = [archive.slice(0, payload + 40), archive.slice()];
    cases[1]![payload + 5]! ^= 0x01;
    for (const bytes of cases) {
      const { body } = await importJson(t, bytes);
      expect(body.error.code).toBe('corrupt_archive');
      expect(body.error.message).not.toMatch(/corrupt/i);
      expect(body.error.message.match(/the archive/g) ?? []).toHaveLength(1);
    }
  });
});

describe.each(TARGETS.filter((k) => k === 'node' || k === 'node-pg'))('concurrent backup key derivations on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s), singleEnv());

  it('runs two at a time, queues a few and refuses the rest with 503 and Retry-After, never all at once', async () => {
    // Exported here at 2^17 (128 MiB of scrypt memory per derivation): twelve at once would be 1.5 GiB.
    const archive = await exportArchive(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${t.url}/v1/backup/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${t.env.SERVICE_API_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ passphrase: 'not the passphrase at all', archive: Buffer.from(archive).toString('base64') }),
        }).then(async (res) => ({
          status: res.status,
          retry: res.headers.get('retry-after'),
          body: (await res.json()) as { error: { code: string; message: string } },
        })),
      ),
    );
    const busy = answers.filter((a) => a.status === 503);
    const refused = answers.filter((a) => a.status === 400);
    expect(busy.length + refused.length).toBe(12);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const a of refused) expect(a.body.error.code).toBe('bad_passphrase');
    for (const a of busy) {
      expect(a.retry).toBe('60');
      expect(a.body.error.code).toBe('backup_busy');
      expect(a.body.error.message).toMatch(/retry/);
    }
    // Once they are done, the next one runs.
    expect((await importJson(t, archive, 'still not the passphrase')).body.error.code).toBe('bad_passphrase');
  });
});
