import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../lib/adapters/node/server.ts';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, PROXY_SECRET, teamsEnv, type Target } from '../support/targets.ts';
import { call } from '../support/http.ts';

const as = (user: string) => ({ [PROXY_HEADER]: user });
const SECRET_HEADER = 'x-belief-store-proxy-secret';

/** One of this machine's own non-loopback IPv4 addresses, if it has any. */
const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('identity header on node without SERVICE_TRUSTED_PROXIES', () => {
  let t: Target;
  useTarget('node', (s) => (t = s), teamsEnv({ HOST: '0.0.0.0' }));

  it('is honoured from loopback', async () => {
    expect((await call(t, '/admin/api/me', { headers: as('loop@example.com'), from: '127.0.0.9' })).status).toBe(200);
  });

  it.skipIf(!ownAddress)('is ignored, as if absent, from a non-loopback peer', async () => {
    const port = new URL(t.url).port;
    const viaLan = { ...t, url: `http://${ownAddress}:${port}` };
    const res = await call(viaLan, '/admin/api/me', { headers: as('lan@example.com'), from: ownAddress });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'lan@example.com'")).toEqual([]);
  });
});

describe('SERVICE_PROXY_SECRET on node', () => {
  let t: Target;
  useTarget('node', (s) => (t = s), teamsEnv({ SERVICE_PROXY_SECRET: PROXY_SECRET }));

  it('honours the identity header only on requests carrying the secret, even from a trusted peer', async () => {
    expect((await call(t, '/admin/api/me', { headers: as('sec@example.com') })).status).toBe(401);
    expect((await call(t, '/admin/api/me', { headers: { ...as('sec@example.com'), [SECRET_HEADER]: `${PROXY_SECRET}x` } })).status).toBe(401);
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'sec@example.com'")).toEqual([]);
    const ok = await call(t, '/admin/api/me', { headers: { ...as('sec@example.com'), [SECRET_HEADER]: PROXY_SECRET } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user_name: string }).user_name).toBe('sec@example.com');
  });
});

describe('identity header on workerd', () => {
  let t: Target;
  useTarget('workerd', (s) => (t = s));

  it('is honoured through the SSO proxy, which adds the secret', async () => {
    expect((await call(t, '/admin/api/me', { headers: as('via-proxy@example.com') })).status).toBe(200);
  });

  it('is ignored without the secret, whatever CF-Connecting-IP the client claims', async () => {
    const direct = { ...t, url: t.directUrl! };
    for (const headers of [
      { ...as('boss@example.com'), 'cf-connecting-ip': '127.0.0.1' },
      { ...as('boss@example.com'), [SECRET_HEADER]: 'a-guess-at-the-secret' },
    ]) {
      const res = await call(direct, '/admin/api/me', { headers });
      expect(res.status).toBe(401);
    }
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'boss@example.com'")).toEqual([]);
  });
});

describe('workerd in teams mode without SERVICE_PROXY_SECRET', () => {
  let t: Target;
  useTarget('workerd', (s) => (t = s), teamsEnv({ SERVICE_PROXY_SECRET: '' }));

  it('refuses to serve, naming the variable', async () => {
    const res = await call(t, '/healthz');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('misconfigured');
    expect(body.error.message).toContain('SERVICE_PROXY_SECRET');
  });
});

describe('start-up line (node)', () => {
  async function startupOutput(env: Record<string, string>): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'bs-startup-'));
    const lines: string[] = [];
    const running = await startServer({ env: { ...env, SERVICE_DATA_DIR: dir }, port: 0, log: () => {}, say: (m) => lines.push(m) });
    await running.close();
    rmSync(dir, { recursive: true, force: true });
    return lines;
  }

  it('names the trusted peers, loopback by default, and warns when SERVICE_PUBLIC_URL is unset', async () => {
    const plain = await startupOutput(teamsEnv());
    const listening = plain.find((l) => l.includes('listening on'))!;
    expect(listening).toMatch(
      /\(mode=teams, data dir=[^,]+, identity header x-forwarded-user trusted from 127\.0\.0\.0\/8 ::1\), dashboard http:\/\/127\.0\.0\.1:\d+\/admin$/,
    );
    expect(plain.some((l) => l.includes('warning') && l.includes('SERVICE_PUBLIC_URL'))).toBe(true);

    const listed = await startupOutput(teamsEnv({ SERVICE_TRUSTED_PROXIES: '10.0.0.0/8', SERVICE_PUBLIC_URL: 'https://memory.example.test' }));
    expect(listed.find((l) => l.includes('listening on'))).toContain('trusted from 10.0.0.0/8), dashboard ');
    expect(listed.some((l) => l.includes('SERVICE_PUBLIC_URL'))).toBe(false);
  });
});
