import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../lib/adapters/node/server.ts';
import { bearer, call } from '../support/http.ts';
import { cleanupTempDirs, tempDir } from '../support/npm-start.ts';
import { ROOT_TOKEN } from '../support/targets.ts';

afterAll(cleanupTempDirs);

const start = (env: Record<string, string>) => startServer({ env: { SERVICE_MODE: 'single', ...env }, port: 0, log: () => {}, say: () => {} });
const me = (s: RunningServer, token: string) => call(s, '/admin/api/me', { headers: bearer(token) }).then((r) => r.status);
async function rotate(s: RunningServer, token: string): Promise<string> {
  const res = await call(s, '/admin/api/root-token/rotate', { method: 'POST', headers: bearer(token) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('root rotation and the generated root-token file (single mode, node)', () => {
  it('rewrites the generated file (0600) with the new token, which also survives a restart', async () => {
    const dir = tempDir();
    const file = join(dir, 'root-token');
    let server = await start({ SERVICE_DATA_DIR: dir });
    const first = readFileSync(file, 'utf8').trim();
    const second = await rotate(server, first);
    expect(readFileSync(file, 'utf8').trim()).toBe(second);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await me(server, first)).toBe(401);
    expect(await me(server, second)).toBe(200);
    await server.close();

    server = await start({ SERVICE_DATA_DIR: dir });
    try {
      expect(await me(server, second)).toBe(200);
      expect(await me(server, first)).toBe(401);
      const third = await rotate(server, second);
      expect(readFileSync(file, 'utf8').trim()).toBe(third);
    } finally {
      await server.close();
    }
    server = await start({ SERVICE_DATA_DIR: dir });
    try {
      expect(await me(server, readFileSync(file, 'utf8').trim())).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('writes no file when the token comes from SERVICE_API_TOKEN', async () => {
    const dir = tempDir();
    const server = await start({ SERVICE_DATA_DIR: dir, SERVICE_API_TOKEN: ROOT_TOKEN });
    try {
      const next = await rotate(server, ROOT_TOKEN);
      expect(await me(server, next)).toBe(200);
      expect(existsSync(join(dir, 'root-token'))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
