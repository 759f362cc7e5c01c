import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_HEADER, SCIM_TOKEN, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { bearer, call } from '../support/http.ts';

const PUBLIC = 'https://memory.example.test';
const host = { host: 'memory.example.test' };
const as = (user: string) => ({ [PROXY_HEADER]: user, ...host });

describe.each(TARGETS)('SERVICE_PUBLIC_URL on %s', (kind) => {
  let t: Target;
  beforeAll(async () => {
    t = await startTarget(kind, teamsEnv({ SERVICE_PUBLIC_URL: PUBLIC }));
  });
  afterAll(() => t?.stop());

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
