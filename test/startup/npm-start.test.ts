import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../lib/adapters/node/server.ts';
import { cleanupTempDirs, listeningUrl, npmStart, runToExit, tempDir } from '../support/npm-start.ts';
import { bundleDashboard } from '../../lib/adapters/dashboard-bundle.mjs';
import { ROOT_TOKEN, singleEnv } from '../support/targets.ts';
import { as } from '../support/as.ts';

afterAll(cleanupTempDirs);

const KEY_A = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
const KEY_B = 'Hx4dHBsaGRgXFhUUExIREA8ODQwLCgkIBwYFBAMCAQA=';
const PROVIDER_KEY = 'sk-provider-secret-XYZW9876';

/** One line on stderr, exit 2, naming the variable, and no stack trace. */
function expectRefusal(result: { code: number | null; stderr: string }, variable: string): void {
  expect(result.code).toBe(2);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(variable);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('every listen and data-dir setting is refused in one line with exit 2 (npm start)', { timeout: 60_000 }, () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ HOST: 'not a host!' }, 'HOST'],
    [{ HOST: '999.1.1.1' }, 'HOST'],
    [{ HOST: '203.0.113.7' }, 'HOST'],
    [{ SERVICE_DATA_DIR: '/proc/nope' }, 'SERVICE_DATA_DIR'],
    [{ SERVICE_DATA_DIR: '/proc' }, 'SERVICE_DATA_DIR'],
  ])('refuses %j naming %s', async (env, variable) => {
    expectRefusal(await runToExit(env), variable);
  });

  it('refuses a database file that is not a database, without touching it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'belief-store.db'), 'not a database at all, but long enough to be read as a header');
    expectRefusal(await runToExit({ SERVICE_DATA_DIR: dir }), 'SERVICE_DATA_DIR');
    expect(readFileSync(join(dir, 'belief-store.db'), 'utf8')).toContain('not a database');
  });

  it('refuses a data dir below a regular file, and a port already in use', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    expectRefusal(await runToExit({ SERVICE_DATA_DIR: join(file, 'data') }), 'SERVICE_DATA_DIR');

    const busy = await startServer({ env: singleEnv({ SERVICE_DATA_DIR: tempDir() }), port: 0, log: () => {}, say: () => {} });
    try {
      const port = new URL(busy.url).port;
      expectRefusal(await runToExit({ PORT: port }), `PORT: ${port} is already in use`);
    } finally {
      await busy.close();
    }
  });
});

describe('a master key that cannot open the stored provider keys refuses start-up', { timeout: 60_000 }, () => {
  async function storeProviderKey(env: Record<string, string>): Promise<void> {
    const server = await startServer({ env, port: 0, log: () => {}, say: () => {} });
    try {
      const res = await fetch(`${server.url}/admin/api/config`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ROOT_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          providers: [{ id: 'local', kind: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: PROVIDER_KEY, models: ['m1'] }],
          default_model: 'local/m1',
        }),
      });
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }
  }

  it('a different SERVICE_ENCRYPTION_KEY: exit 2, one line naming it, no key material', async () => {
    const dir = tempDir();
    await storeProviderKey(singleEnv({ SERVICE_DATA_DIR: dir, SERVICE_ENCRYPTION_KEY: KEY_A }));
    const refused = await runToExit(singleEnv({ SERVICE_DATA_DIR: dir, SERVICE_ENCRYPTION_KEY: KEY_B }));
    expectRefusal(refused, 'SERVICE_ENCRYPTION_KEY');
    expect(refused.stderr).toContain('"local"');
    for (const secret of [KEY_A, KEY_B, PROVIDER_KEY, PROVIDER_KEY.slice(-4)]) expect(refused.stderr + refused.stdout).not.toContain(secret);

    // The right key still starts, and config reports the key as set.
    const ok = await startServer({ env: singleEnv({ SERVICE_DATA_DIR: dir, SERVICE_ENCRYPTION_KEY: KEY_A }), port: 0, log: () => {}, say: () => {} });
    try {
      const config = await (await fetch(`${ok.url}/admin/api/config`, { headers: as.root() })).json();
      expect(config.providers[0]).toMatchObject({ id: 'local', api_key_set: true });
      // A sealed key this instance cannot open (changed behind its back) is not reported as set.
      ok.sqlite!.raw.prepare(`UPDATE credentials SET ciphertext = 'v1:' || substr(ciphertext, 4, 40) || 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'`).run();
      const after = await (await fetch(`${ok.url}/admin/api/config`, { headers: as.root() })).json();
      expect(after.providers[0]).toMatchObject({ id: 'local', api_key_set: false, api_key_hint: null });
    } finally {
      await ok.close();
    }
  });

  it('a replaced master.key file (no SERVICE_ENCRYPTION_KEY) is refused the same way', async () => {
    const dir = tempDir();
    await storeProviderKey({ SERVICE_MODE: 'single', SERVICE_API_TOKEN: ROOT_TOKEN, SERVICE_DATA_DIR: dir });
    writeFileSync(join(dir, 'master.key'), `${KEY_B}\n`, { mode: 0o600 });
    const refused = await runToExit({ SERVICE_API_TOKEN: ROOT_TOKEN, SERVICE_DATA_DIR: dir });
    expectRefusal(refused, 'SERVICE_ENCRYPTION_KEY');
    expect(refused.stderr).toContain('master.key');
    expect(refused.stderr).not.toContain(KEY_B);
  });
});

describe('npm start names the dashboard; the bare origin and the favicon', { timeout: 60_000 }, () => {
  it('prints mode, URL, data dir and <URL>/admin; a browser at / goes to /admin, an API client gets the JSON 404', async () => {
    const dir = tempDir();
    const started = npmStart({ SERVICE_DATA_DIR: dir });
    try {
      const url = await listeningUrl(started);
      const line = started.output.stdout.split('\n').find((l) => l.includes('listening on'))!;
      expect(line).toContain('mode=single');
      expect(line).toContain(`data dir=${dir}`);
      expect(line).toContain(`dashboard ${url}/admin`);

      const browser = await fetch(`${url}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }, redirect: 'manual' });
      expect(browser.status).toBe(302);
      expect(browser.headers.get('location')).toBe('/admin');

      const api = await fetch(`${url}/`, { headers: { accept: 'application/json' } });
      expect(api.status).toBe(404);
      expect((await api.json()).error).toMatchObject({ code: 'not_found' });

      const icon = await fetch(`${url}/favicon.ico`);
      expect(icon.status).toBeLessThan(300);
      // The generated root token still works, from its file.
      const token = readFileSync(join(dir, 'root-token'), 'utf8').trim();
      expect((await fetch(`${url}/admin/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      // The server bundle carries the dashboard's script: client/ as lib/adapters/dashboard-bundle.mjs bundles it.
      expect(await (await fetch(`${url}/admin/assets/app.js`)).text()).toBe(await bundleDashboard());
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
    }
  });
});
