import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, ROOT_TOKEN, SCIM_TOKEN, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { startServer } from '../../lib/adapters/node/server.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, call } from '../support/http.ts';

const PUBLIC = 'https://memory.example.test';
const host = { host: 'memory.example.test' };
const as = (user: string) => ({ [PROXY_HEADER]: user, ...host });

describe.each(TARGETS)('SERVICE_PUBLIC_URL on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s), teamsEnv({ SERVICE_PUBLIC_URL: PUBLIC }));

  it('refuses a request for any other host with 421, in the route group error shape', async () => {
    const rebound = { host: 'attacker.example' };
    const admin = await call(t, '/admin/api/me', { headers: { ...rebound, [PROXY_HEADER]: 'dns@example.com' } });
    expect(admin.status).toBe(421);
    expect(((await admin.json()) as { error: { code: string } }).error.code).toBe('misdirected_request');
    const messages = await call(t, '/v1/messages', { method: 'POST', headers: rebound, json: {} });
    expect(messages.status).toBe(421);
    expect(((await messages.json()) as { type: string }).type).toBe('error');
    const scim = await call(t, '/scim/v2/Users', { headers: { ...rebound, ...bearer(SCIM_TOKEN) } });
    expect(scim.status).toBe(421);
    expect(((await scim.json()) as { status: string }).status).toBe('421');
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'dns@example.com'")).toEqual([]);
  });

  it('keeps /healthz open for load balancers probing by address', async () => {
    const res = await call(t, '/healthz', { headers: { host: '10.0.0.7:8787' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves its own host, with the __Host- Secure cookie of an https origin', async () => {
    const res = await call(t, '/admin/api/me', { headers: as('pub@example.com') });
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('__Host-bs_session='));
    expect(set).toMatch(/; Secure/i);
    expect(set).toMatch(/; Path=\//);
  });

  it('compares Origin with the public origin, scheme included', async () => {
    const post = (origin: string) => call(t, '/admin/api/tokens', { method: 'POST', headers: { ...as('pub@example.com'), origin }, json: { name: 'o' } });
    const http = await post('http://memory.example.test');
    expect(http.status).toBe(403);
    expect(((await http.json()) as { error: { code: string } }).error.code).toBe('cross_site');
    expect((await post('https://memory.example.test')).status).toBe(201);
  });

  it("accepts the operator's direct path: the listen address as a loopback literal, with the root token", async () => {
    const port = new URL(t.url).port;
    for (const direct of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const res = await call(t, '/admin/api/me', { headers: { host: direct, ...bearer(ROOT_TOKEN) } });
      expect(res.status, direct).toBe(200);
    }
  });

  it('refuses a rebound page that names the public host only in X-Forwarded-Host', async () => {
    const forged = { host: 'attacker.example', 'x-forwarded-host': 'memory.example.test', [PROXY_HEADER]: 'forged@example.com' };
    const res = await call(t, '/admin/api/me', { headers: forged });
    expect(res.status).toBe(421);
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'forged@example.com'")).toEqual([]);
  });

  it('uses the public origin in SCIM meta.location and Location', async () => {
    const res = await call(t, '/scim/v2/Users', { method: 'POST', headers: { ...host, ...bearer(SCIM_TOKEN) }, json: { userName: 'located@example.com' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; meta: { location: string } };
    expect(body.meta.location).toBe(`${PUBLIC}/scim/v2/Users/${body.id}`);
    expect(res.headers.get('location')).toBe(body.meta.location);
  });
});

describe('SERVICE_PUBLIC_URL validation (node)', () => {
  it.each(['memory.example.test', 'ftp://memory.example.test', 'https://memory.example.test/path'])(
    'refuses %s at start-up, naming the variable',
    async (value) => {
      await expect(startTarget('node', teamsEnv({ SERVICE_PUBLIC_URL: value }))).rejects.toThrow(/SERVICE_PUBLIC_URL/);
    },
  );
});

describe('the start-up line with SERVICE_PUBLIC_URL (node)', () => {
  it('prints the public origin as the dashboard address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-public-'));
    const lines: string[] = [];
    const running = await startServer({
      env: { ...teamsEnv({ SERVICE_PUBLIC_URL: PUBLIC }), SERVICE_DATA_DIR: dir },
      port: 0,
      log: () => {},
      say: (m) => lines.push(m),
    });
    await running.close();
    rmSync(dir, { recursive: true, force: true });
    expect(lines.find((l) => l.includes('listening on'))).toMatch(
      /listening on http:\/\/127\.0\.0\.1:\d+ \(.*\), dashboard https:\/\/memory\.example\.test\/admin$/,
    );
  });
});

/** Without SERVICE_PUBLIC_URL (and without a proxy secret, which a page cannot send): the identity header only on requests addressed by address. */
describe.each(TARGETS.filter((k) => k === 'node' || k === 'node-pg'))('teams mode without SERVICE_PUBLIC_URL on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('refuses an identity-header request addressed by a DNS name (a rebound page) with 421, writing nothing', async () => {
    const port = new URL(t.url).port;
    const res = await call(t, '/v1/backup/export', {
      method: 'POST',
      headers: { host: `rebound.attacker.example:${port}`, [PROXY_HEADER]: 'boss@example.com' },
      json: { passphrase: 'correct horse battery staple' },
    });
    expect(res.status).toBe(421);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('SERVICE_PUBLIC_URL');
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'boss@example.com'")).toEqual([]);
  });

  it('serves the identity header addressed by IP address or localhost, and bearer requests by any name', async () => {
    const port = new URL(t.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const res = await call(t, '/admin/api/me', { headers: { host, [PROXY_HEADER]: 'addressed@example.com' } });
      expect(res.status, host).toBe(200);
    }
    const named = await call(t, '/admin/api/me', {
      headers: { host: `memory.example.test:${port}`, [PROXY_HEADER]: 'ignored@example.com', ...bearer(ROOT_TOKEN) },
    });
    expect(named.status).toBe(200);
  });
});
