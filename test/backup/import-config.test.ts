import { describe, expect, it } from 'vitest';
import { base64Encode } from '../../lib/crypto.ts';
import { exportArchive, importJson, PASSPHRASE, root, seed, snapshot } from '../backup/helpers.ts';
import { call } from '../support/http.ts';
import { useTarget } from '../support/suites.ts';
import { singleEnv, startTarget, type Target } from '../support/targets.ts';

const LIVE = {
  providers: [{ id: 'live', kind: 'anthropic', base_url: 'http://127.0.0.1:9', api_key: 'sk-live-key-0000LIVE', models: ['c1'] }],
  default_model: 'live/c1',
};

async function config(t: Target) {
  return (await call(t, '/admin/api/config', { headers: root })).json();
}

async function importMultipart(t: Target, archive: Uint8Array, replace?: string) {
  const form = new FormData();
  form.append('passphrase', PASSPHRASE);
  if (replace !== undefined) form.append('replace_config', replace);
  form.append('archive', new Blob([new Uint8Array(archive)]), 'a.bsbk');
  const res = await call(t, '/admin/api/backup/import', { method: 'POST', headers: root, form });
  return { status: res.status, body: await res.json() };
}

// Node only: the decision is in the shared import code, and a Node archive (scrypt 2^17) is slow under miniflare.
describe('import keeps a live config unless asked (docs/api.md §10, node)', { timeout: 120_000 }, () => {
  let source: Target;
  let archive: Uint8Array;
  useTarget(
    'node',
    async (s) => {
      source = s;
      await seed(source);
      archive = await exportArchive(source);
    },
    singleEnv(),
  );

  async function liveTarget(): Promise<Target> {
    const t = await startTarget('node', singleEnv());
    const res = await call(t, '/admin/api/config', { method: 'PUT', headers: root, json: LIVE });
    expect(res.status).toBe(200);
    return t;
  }

  it('JSON import: a configured instance keeps its config (config_restored false); replace_config: true replaces it', async () => {
    const t = await liveTarget();
    try {
      const kept = await importJson(t, archive);
      expect(kept.body).toMatchObject({ ok: true, result: { beliefs_imported: 3, config_restored: false } });
      expect(await config(t)).toMatchObject({ default_model: 'live/c1', providers: [{ id: 'live', api_key_set: true, api_key_hint: 'LIVE' }] });

      const res = await call(t, '/v1/backup/import', {
        method: 'POST',
        headers: root,
        json: { passphrase: PASSPHRASE, archive: base64Encode(archive), replace_config: true },
      });
      expect(await res.json()).toMatchObject({ ok: true, result: { beliefs_imported: 0, beliefs_skipped: 3, config_restored: true } });
      expect(await config(t)).toMatchObject({ default_model: 'local/m1', providers: [{ id: 'local', api_key_set: true }] });
    } finally {
      await t.stop();
    }
  });

  it('a fresh instance (no provider) takes the archive config without being asked', async () => {
    const t = await startTarget('node', singleEnv());
    try {
      expect((await importJson(t, archive)).body).toMatchObject({ ok: true, result: { config_restored: true } });
      expect(await config(t)).toMatchObject({ default_model: 'local/m1' });
    } finally {
      await t.stop();
    }
  });

  it('multipart: the replace_config field decides; a malformed value is 400 naming it and writes nothing', async () => {
    const t = await liveTarget();
    try {
      const before = await snapshot(t);
      const bad = await importMultipart(t, archive, 'maybe');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringContaining('replace_config') } });
      expect(await snapshot(t)).toEqual(before);

      expect((await importMultipart(t, archive, 'false')).body).toMatchObject({ ok: true, result: { config_restored: false } });
      expect((await config(t)).default_model).toBe('live/c1');
      expect((await importMultipart(t, archive, 'on')).body).toMatchObject({ ok: true, result: { config_restored: true } });
      expect((await config(t)).default_model).toBe('local/m1');
    } finally {
      await t.stop();
    }
  });

  it('JSON import: replace_config must be a boolean', async () => {
    const res = await call(source, '/v1/backup/import', {
      method: 'POST',
      headers: root,
      json: { passphrase: PASSPHRASE, archive: base64Encode(archive), replace_config: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringContaining('replace_config') } });
  });
});
