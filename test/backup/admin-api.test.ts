import { describe, expect, it } from 'vitest';
import { bearer, call } from '../support/http.ts';
import { useTarget } from '../support/suites.ts';
import { useTargets } from '../support/suites.ts';
import { PROXY_HEADER, SCIM_TOKEN, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { exportArchive, OTHER_KEY, PASSPHRASE, root, seed, snapshot } from './helpers.ts';

const boss = { [PROXY_HEADER]: 'boss@example.com' };
const alice = { [PROXY_HEADER]: 'alice@example.com' };

function form(fields: Array<[string, string | Uint8Array]>): FormData {
  const f = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([Uint8Array.from(value)], { type: 'application/octet-stream' }), 'archive.bsbk');
  }
  return f;
}

describe.each(TARGETS)('dashboard backup API and access on %s (teams)', (kind) => {
  let source: Target;
  let fresh: Target;
  let pat: string;
  useTargets(kind, [teamsEnv(), teamsEnv({ SERVICE_ENCRYPTION_KEY: OTHER_KEY })], async (ts) => {
    [source, fresh] = ts as [Target, Target];
    await seed(source);
    const res = await call(source, '/admin/api/tokens', { method: 'POST', headers: root, json: { name: 'laptop', user_name: 'alice@example.com' } });
    expect(res.status).toBe(201);
    pat = ((await res.json()) as { token: string }).token;
  });

  it('previews the contents for a super admin', async () => {
    const res = await call(source, '/admin/api/backup/preview', { headers: boss });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { counts: Record<string, number>; exports_enabled: boolean };
    expect(body.counts).toMatchObject({
      beliefs: 3,
      active_beliefs: 1,
      superseded_beliefs: 2,
      belief_history: 4,
      persona: 1,
      compaction: 1,
      config: 1,
      provider_keys: 1,
    });
    expect(body.exports_enabled).toBe(true);
  });

  it('refuses PATs, the SCIM token and ordinary users on every backup route', async () => {
    const who = [{ authorization: `Bearer ${pat}` }, { authorization: `Bearer ${SCIM_TOKEN}` }, alice];
    for (const headers of who) {
      for (const [method, path] of [
        ['POST', '/v1/backup/export'],
        ['POST', '/v1/backup/import'],
        ['GET', '/admin/api/backup/preview'],
        ['POST', '/admin/api/backup/export'],
        ['POST', '/admin/api/backup/import'],
      ] as const) {
        const res = await call(source, path, { method, headers, json: method === 'POST' ? { passphrase: PASSPHRASE } : undefined });
        expect({ path, status: res.status, body: await res.text() }).toMatchObject({ path, status: 403 });
      }
    }
  });

  it('exports for a super admin and restores through the streamed multipart import, passphrase first', async () => {
    const res = await call(source, '/admin/api/backup/export', { method: 'POST', headers: boss, json: { passphrase: PASSPHRASE } });
    expect(res.status).toBe(200);
    const archive = new Uint8Array(await res.arrayBuffer());
    const imported = await call(fresh, '/admin/api/backup/import', {
      method: 'POST',
      headers: root,
      form: form([
        ['passphrase', PASSPHRASE],
        ['archive', archive],
      ]),
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({
      ok: true,
      result: { beliefs_imported: 3, beliefs_skipped: 0, compaction_entries_imported: 1, persona_restored: true, config_restored: true },
    });
    const [a, b] = await Promise.all([snapshot(source), snapshot(fresh)]);
    expect(b.beliefs).toEqual(a.beliefs);
  });

  it('takes the archive before the passphrase too, and reports a wrong passphrase in the backup shape', async () => {
    const archive = await exportArchive(source);
    const again = await call(fresh, '/admin/api/backup/import', {
      method: 'POST',
      headers: boss,
      form: form([
        ['archive', archive],
        ['passphrase', PASSPHRASE],
      ]),
    });
    expect(await again.json()).toMatchObject({ ok: true, result: { beliefs_imported: 0, beliefs_skipped: 3 } });
    const before = await snapshot(fresh);
    const wrong = await call(fresh, '/admin/api/backup/import', {
      method: 'POST',
      headers: boss,
      form: form([
        ['passphrase', 'wrong passphrase!!'],
        ['archive', archive],
      ]),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ ok: false, error: { code: 'bad_passphrase', message: expect.any(String) } });
    const missing = await call(fresh, '/admin/api/backup/import', { method: 'POST', headers: boss, form: form([['passphrase', PASSPHRASE]]) });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'invalid_request',
      message: expect.stringContaining('archive'),
    });
    expect(await snapshot(fresh)).toEqual(before);
  });

  it('does not carry PATs over: the old instance token is unknown after a restore', async () => {
    expect((await call(source, '/v1/models', { headers: bearer(pat) })).status).toBe(200);
    expect((await call(fresh, '/v1/models', { headers: bearer(pat) })).status).toBe(401);
    expect(await fresh.sql.all('SELECT id FROM api_tokens')).toEqual([]);
  });
});

describe.each(TARGETS)('backup switches on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s), teamsEnv({ SERVICE_BACKUP_EXPORTS_ENABLED: 'false', SERVICE_BACKUP_IMPORTS_ENABLED: 'false' }));

  it('answers 403 backup_disabled for exports and imports when switched off', async () => {
    for (const path of ['/v1/backup/export', '/v1/backup/import', '/admin/api/backup/export', '/admin/api/backup/import']) {
      const res = await call(t, path, { method: 'POST', headers: root, json: { passphrase: PASSPHRASE, archive: 'AAAA' } });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('backup_disabled');
    }
  });
});
