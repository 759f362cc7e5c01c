import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../functions/index.ts';
import { startServer, type RunningServer } from './adapters/node/server.ts';
import { routeFor } from './routes.ts';

const ROOT_TOKEN = 'root-token-for-route-tests-0123456789';
const PROXY_SECRET = 'proxy-secret-for-route-tests-0123456789';
const USER_HEADER = 'x-forwarded-user';

/** The app of a real Node server (SQLite) in teams mode; `app.request` sees no socket peer, so the proxy secret vouches for the identity header. */
async function teamsServer(dataDir: string): Promise<RunningServer> {
  const env = {
    SERVICE_MODE: 'teams',
    SERVICE_DATA_DIR: dataDir,
    SERVICE_API_TOKEN: ROOT_TOKEN,
    OIDC_PROXY_HEADER: USER_HEADER,
    SERVICE_PROXY_SECRET: PROXY_SECRET,
    SERVICE_SUPER_ADMINS: 'boss@example.com',
    SERVICE_ENCRYPTION_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
  };
  return startServer({ env, port: 0, log: () => {}, say: () => {} });
}

/** A request path that the route pattern `pattern` (as Hono stores it) matches. */
function samplePath(pattern: string): string {
  return pattern.replace(/:\w+(\{[^}]*\})?\??/g, 'x').replace(/\*/g, 'x');
}

describe('the route table', () => {
  let dataDir: string;
  let server: RunningServer;
  let app: ReturnType<typeof createApp>;
  const as = (user: string) => ({ [USER_HEADER]: user, 'x-belief-store-proxy-secret': PROXY_SECRET });
  const who: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bs-routes-'));
    server = await teamsServer(dataDir);
    app = createApp(server.deps, '');
    app.get('/v1/unlisted', (c) => c.json({ entered: true }));
    app.post('/reports/unlisted', (c) => c.json({ entered: true }));
    app.get('/admin/unlisted-page', (c) => c.html('<p>entered</p>'));
    const created = await app.request('/admin/api/tokens', {
      method: 'POST',
      headers: { ...as('alice@example.com'), 'content-type': 'application/json' },
      body: '{"name":"routes"}',
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    Object.assign(who, {
      anonymous: {},
      root: { authorization: `Bearer ${ROOT_TOKEN}` },
      superAdmin: as('boss@example.com'),
      user: as('alice@example.com'),
      pat: { authorization: `Bearer ${token}` },
    });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('has a row for every route the app mounts', () => {
    const mounted = createApp(server.deps, '')
      .routes.filter((r) => !(r.method === 'ALL' && r.path === '/*'))
      .map((r) => `${r.method} ${r.path}`);
    expect(mounted.length).toBeGreaterThan(20);
    const unlisted = mounted.filter((route) => routeFor(samplePath(route.split(' ')[1]!)) === null);
    expect(unlisted).toEqual([]);
  });

  it('fails closed on a mounted route without a row: root and super admins enter, a user and a PAT are refused, anonymous is asked to sign in', async () => {
    expect([routeFor('/v1/unlisted'), routeFor('/reports/unlisted')]).toEqual([null, null]);
    const expected = { root: 200, superAdmin: 200, user: 403, pat: 403, anonymous: 401 };
    for (const [principal, status] of Object.entries(expected)) {
      const get = await app.request('/v1/unlisted', { headers: who[principal] });
      expect(get.status, `${principal} GET`).toBe(status);
      const post = await app.request('/reports/unlisted', {
        method: 'POST',
        headers: { ...who[principal], 'content-type': 'application/json' },
        body: '{}',
      });
      expect(post.status, `${principal} POST`).toBe(status);
      if (status === 200) expect(await get.json()).toEqual({ entered: true });
      else expect(((await get.json()) as { error: { type: string } }).error.type).toBeTruthy();
    }
  });

  it('admits only admins to a dashboard page that has no row of its own, and sends the anonymous browser to sign in', async () => {
    const expected = { root: 200, superAdmin: 200, user: 403, pat: 403, anonymous: 302 };
    for (const [principal, status] of Object.entries(expected)) {
      const res = await app.request('/admin/unlisted-page', { headers: who[principal] });
      expect(res.status, principal).toBe(status);
      if (status === 403) expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('leaves a path where nothing is mounted to the router: 404 to the signed in, the PAT still refused', async () => {
    for (const path of ['/v1/unlisted/deeper', '/nope']) {
      expect((await app.request(path, { headers: who.user })).status, path).toBe(404);
      expect((await app.request(path, { headers: who.root })).status, path).toBe(404);
      expect((await app.request(path, { headers: who.pat })).status, path).toBe(403);
      expect((await app.request(path)).status, path).toBe(401);
    }
    expect((await app.request('/v1/unlisted', { method: 'POST', headers: who.user })).status).toBe(404);
  });
});
