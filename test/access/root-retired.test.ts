import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../lib/adapters/node/server.ts';
import { cleanupTempDirs, runToExit, tempDir } from '../support/npm-start.ts';
import { ROOT_TOKEN, singleEnv } from '../support/targets.ts';
import { bearer, call } from '../support/http.ts';

afterAll(cleanupTempDirs);

const NEWER = 'newer-root-token-for-tests-0123456789abcdef';

/** API.md §13 on SQLite: a deployment that replaced the root token retires the old value for good. */
describe('a retired root token (node, SQLite)', () => {
  it('refuses a later start with the retired SERVICE_API_TOKEN (exit 2 naming it) and keeps the newer one', async () => {
    const dir = tempDir();
    const start = (token: string) =>
      startServer({ env: singleEnv({ SERVICE_DATA_DIR: dir, SERVICE_API_TOKEN: token }), port: 0, log: () => {}, say: () => {} });
    await (await start(ROOT_TOKEN)).close();
    const newer = await start(NEWER);
    expect((await call(newer, '/admin/api/me', { headers: bearer(ROOT_TOKEN) })).status).toBe(401);
    await newer.close();

    const { code, stderr } = await runToExit(singleEnv({ SERVICE_DATA_DIR: dir, SERVICE_API_TOKEN: ROOT_TOKEN }));
    expect(code).toBe(2);
    expect(stderr).toContain('SERVICE_API_TOKEN');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toContain(ROOT_TOKEN);

    const again = await start(NEWER);
    expect((await call(again, '/admin/api/me', { headers: bearer(NEWER) })).status).toBe(200);
    expect((await call(again, '/admin/api/me', { headers: bearer(ROOT_TOKEN) })).status).toBe(401);
    await again.close();
  });

  it('keeps a rotation through the API across restarts while the deployment value is unchanged', async () => {
    const dir = tempDir();
    const start = () => startServer({ env: singleEnv({ SERVICE_DATA_DIR: dir }), port: 0, log: () => {}, say: () => {} });
    const first = await start();
    const rotated = await call(first, '/admin/api/root-token/rotate', { method: 'POST', headers: bearer(ROOT_TOKEN) });
    const { token } = (await rotated.json()) as { token: string };
    await first.close();
    const second = await start();
    expect((await call(second, '/admin/api/me', { headers: bearer(token) })).status).toBe(200);
    expect((await call(second, '/admin/api/me', { headers: bearer(ROOT_TOKEN) })).status).toBe(401);
    await second.close();
  });
});
