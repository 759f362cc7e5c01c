import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePat } from '../../lib/auth/pat.ts';
import { PROXY_HEADER, ROOT_TOKEN, SCIM_TOKEN, singleEnv, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { bearer, call, freshAddress, sessionCookie } from '../support/http.ts';

/**
 * The access matrix of docs/api.md §2 as a table: every route group × every principal → the guard's
 * answer. `pass` = the guard let the request through (not 401/403/429): the handler behind it
 * may belong to another module and answer anything else. Numbers are exact.
 */
type Expect = number | 'pass' | 'skip';
type TeamsPrincipal = 'none' | 'root' | 'rootCookie' | 'pat' | 'revokedPat' | 'malformedPat' | 'user' | 'superAdmin' | 'deactivated' | 'scim';
type SinglePrincipal = 'none' | 'root' | 'rootCookie' | 'pat' | 'malformedPat' | 'header' | 'scim';

interface Route {
  method: string;
  path: string;
  json?: unknown;
}

const r = (method: string, path: string, json?: unknown): Route => ({ method, path, json });

interface Group<P extends string> {
  name: string;
  routes: Route[];
  expect: Record<P, Expect>;
}

const PROBES = [r('GET', '/healthz'), r('GET', '/readyz')];

const DENIED_CREDENTIALS = { revokedPat: 401, malformedPat: 401, deactivated: 403 } as const;

const TEAMS_TABLE: Group<Exclude<TeamsPrincipal, 'rootCookie'>>[] = [
  {
    name: 'chat, models, ws',
    routes: [
      r('POST', '/v1/chat/completions', {}),
      r('POST', '/v1/messages', {}),
      r('GET', '/v1/models'),
      r('GET', '/v1/models/local/m1'),
      r('GET', '/v1/ws/extract'),
      r('GET', '/v1/ws/beliefs'),
    ],
    expect: { none: 401, root: 'pass', pat: 'pass', user: 'pass', superAdmin: 'pass', scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'backup API',
    routes: [r('POST', '/v1/backup/export', {}), r('POST', '/v1/backup/import', {})],
    expect: { none: 401, root: 'pass', pat: 403, user: 403, superAdmin: 'pass', scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'dashboard pages',
    routes: [r('GET', '/admin'), r('GET', '/admin/settings'), r('GET', '/admin/beliefs')],
    expect: { none: 302, root: 'pass', pat: 403, user: 'pass', superAdmin: 'pass', scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'admin-only pages',
    routes: [r('GET', '/admin/users'), r('GET', '/admin/backup'), r('GET', '/admin/config'), r('GET', '/admin/audit')],
    expect: { none: 302, root: 'pass', pat: 403, user: 403, superAdmin: 'pass', scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'own admin API (exact)',
    routes: [r('GET', '/admin/api/me'), r('GET', '/admin/api/sessions'), r('GET', '/admin/api/tokens'), r('GET', '/admin/api/kinds')],
    expect: { none: 401, root: 200, pat: 403, user: 200, superAdmin: 200, scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'own admin API (other modules)',
    routes: [r('GET', '/admin/api/beliefs'), r('GET', '/admin/api/persona')],
    expect: { none: 401, root: 'pass', pat: 403, user: 'pass', superAdmin: 'pass', scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'admin API for all users (exact)',
    routes: [r('GET', '/admin/api/users'), r('GET', '/admin/api/audit'), r('GET', '/admin/api/tokens?all=1'), r('GET', '/admin/api/sessions?all=1')],
    expect: { none: 401, root: 200, pat: 403, user: 403, superAdmin: 200, scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'admin API for all users (other modules)',
    routes: [r('GET', '/admin/api/config'), r('GET', '/admin/api/compaction/history'), r('GET', '/admin/api/backup/preview')],
    expect: { none: 401, root: 'pass', pat: 403, user: 403, superAdmin: 'pass', scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'root-token rotation (single mode only)',
    routes: [r('POST', '/admin/api/root-token/rotate')],
    expect: { none: 404, root: 404, pat: 403, user: 403, superAdmin: 403, scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'SCIM',
    routes: [r('GET', '/scim/v2/Users'), r('GET', '/scim/v2/ServiceProviderConfig')],
    expect: { none: 401, root: 'pass', pat: 403, user: 403, superAdmin: 403, scim: 'pass', ...DENIED_CREDENTIALS },
  },
  {
    name: 'unknown paths',
    routes: [r('GET', '/nope'), r('POST', '/v1/nope', {}), r('DELETE', '/v1/models')],
    expect: { none: 401, root: 404, pat: 403, user: 404, superAdmin: 404, scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'unknown admin API path',
    routes: [r('GET', '/admin/api/nope')],
    expect: { none: 401, root: 404, pat: 403, user: 403, superAdmin: 404, scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'public routes',
    routes: [r('GET', '/admin/login')],
    expect: { none: 200, root: 200, pat: 403, user: 200, superAdmin: 200, scim: 403, ...DENIED_CREDENTIALS },
  },
  {
    name: 'load balancer probes (no credential is read)',
    routes: PROBES,
    expect: { none: 200, root: 200, pat: 200, user: 200, superAdmin: 200, scim: 200, revokedPat: 200, malformedPat: 200, deactivated: 200 },
  },
];

/** A root session opened with POST /admin/login (emergency access in teams mode) is root. */
const TEAMS: Group<TeamsPrincipal>[] = TEAMS_TABLE.map((g) => ({ ...g, expect: { ...g.expect, rootCookie: g.expect.root } }));

const SINGLE: Group<SinglePrincipal>[] = [
  {
    name: 'chat, models, ws',
    routes: TEAMS[0]!.routes,
    expect: { none: 401, root: 'pass', rootCookie: 'pass', pat: 401, malformedPat: 401, header: 401, scim: 401 },
  },
  {
    name: 'backup API',
    routes: TEAMS[1]!.routes,
    expect: { none: 401, root: 'pass', rootCookie: 'pass', pat: 401, malformedPat: 401, header: 401, scim: 401 },
  },
  {
    name: 'dashboard pages',
    routes: [...TEAMS[2]!.routes, ...TEAMS[3]!.routes],
    expect: { none: 302, root: 'pass', rootCookie: 'pass', pat: 401, malformedPat: 401, header: 302, scim: 401 },
  },
  {
    name: 'admin API (exact)',
    routes: [
      r('GET', '/admin/api/me'),
      r('GET', '/admin/api/sessions'),
      r('GET', '/admin/api/users'),
      r('GET', '/admin/api/audit'),
      r('GET', '/admin/api/sessions?all=1'),
    ],
    expect: { none: 401, root: 200, rootCookie: 200, pat: 401, malformedPat: 401, header: 401, scim: 401 },
  },
  {
    name: 'admin API (other modules)',
    routes: [...TEAMS[5]!.routes, ...TEAMS[7]!.routes],
    expect: { none: 401, root: 'pass', rootCookie: 'pass', pat: 401, malformedPat: 401, header: 401, scim: 401 },
  },
  {
    name: 'teams-only features',
    routes: [r('GET', '/admin/api/tokens'), r('POST', '/admin/api/tokens', { name: 'x' }), r('DELETE', '/admin/api/tokens/x')],
    expect: { none: 404, root: 404, rootCookie: 404, pat: 401, malformedPat: 401, header: 404, scim: 401 },
  },
  {
    name: 'SCIM switched off (answers 404 before any credential is checked)',
    routes: [r('GET', '/scim/v2/Users'), r('POST', '/scim/v2/Users', { userName: 'x' })],
    expect: { none: 404, root: 404, rootCookie: 404, pat: 404, malformedPat: 404, header: 404, scim: 404 },
  },
  {
    name: 'root-token rotation',
    routes: [r('POST', '/admin/api/root-token/rotate')],
    expect: { none: 401, root: 'skip', rootCookie: 'skip', pat: 401, malformedPat: 401, header: 401, scim: 401 },
  },
  {
    name: 'unknown paths',
    routes: [...TEAMS[10]!.routes, ...TEAMS[11]!.routes],
    expect: { none: 401, root: 404, rootCookie: 404, pat: 401, malformedPat: 401, header: 401, scim: 401 },
  },
  { name: 'public routes', routes: TEAMS[12]!.routes, expect: { none: 200, root: 200, rootCookie: 200, pat: 401, malformedPat: 401, header: 200, scim: 401 } },
  {
    name: 'load balancer probes (no credential is read)',
    routes: PROBES,
    expect: { none: 200, root: 200, rootCookie: 200, pat: 200, malformedPat: 200, header: 200, scim: 200 },
  },
];

function check(res: Response, expected: Expect): void {
  if (expected === 'pass') {
    // Let in: the route's own answer varies, but it is neither a refusal nor a failure.
    expect(res.status).toBeLessThan(500);
    expect([401, 403, 429]).not.toContain(res.status);
  } else expect(res.status).toBe(expected);
}

function cases<P extends string>(groups: Group<P>[]) {
  return groups.flatMap((g) =>
    Object.entries(g.expect as Record<string, Expect>)
      .filter(([, e]) => e !== 'skip')
      .flatMap(([principal, e]) => g.routes.map((route) => ({ group: g.name, principal: principal as P, route, expected: e }))),
  );
}

describe.each(TARGETS)('access matrix, teams mode, on %s', (kind) => {
  let t: Target;
  const headers = {} as Record<TeamsPrincipal, Record<string, string>>;

  beforeAll(async () => {
    t = await startTarget(kind, teamsEnv());
    const as = (user: string) => ({ [PROXY_HEADER]: user });
    const newToken = async (name: string) => {
      const res = await call(t, '/admin/api/tokens', { method: 'POST', headers: as('alice@example.com'), json: { name } });
      expect(res.status).toBe(201);
      return (await res.json()) as { id: string; token: string };
    };
    const valid = await newToken('matrix');
    const revoked = await newToken('matrix-revoked');
    expect((await call(t, `/admin/api/tokens/${revoked.id}`, { method: 'DELETE', headers: as('alice@example.com') })).status).toBe(204);
    expect((await call(t, '/admin/api/me', { headers: as('carol@example.com') })).status).toBe(200);
    await t.sql.run("UPDATE users SET active = 0 WHERE user_name_lc = 'carol@example.com'");
    const login = await call(t, '/admin/login', { method: 'POST', json: { token: ROOT_TOKEN } });
    expect(login.status).toBe(302);
    Object.assign(headers, {
      none: {},
      root: bearer(ROOT_TOKEN),
      rootCookie: { cookie: `bs_session=${sessionCookie(login)}` },
      pat: bearer(valid.token),
      revokedPat: bearer(revoked.token),
      malformedPat: bearer(valid.token.slice(0, -1) + (valid.token.endsWith('A') ? 'B' : 'A')),
      user: as('alice@example.com'),
      superAdmin: as('Boss@Example.com'),
      deactivated: as('carol@example.com'),
      scim: bearer(SCIM_TOKEN),
    });
  });
  afterAll(() => t?.stop());

  it.each(cases(TEAMS))('$group: $principal $route.method $route.path → $expected', async ({ principal, route, expected }) => {
    const res = await call(t, route.path, { method: route.method, json: route.json, headers: headers[principal], from: freshAddress() });
    check(res, expected);
    if (expected === 302) expect(res.headers.get('location')).toBe('/admin/login');
    if (expected === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('a PAT is refused with 403 on every route outside its allow-list, known or not', async () => {
    const routes = [
      r('GET', '/admin'),
      r('GET', '/admin/login'),
      r('POST', '/v1/backup/export', { passphrase: 'long enough passphrase' }),
      r('GET', '/scim/v2/Users'),
      r('POST', '/scim/v2/Users', {}),
      r('GET', '/admin/api/tokens'),
      r('POST', '/admin/api/tokens', { name: 'x' }),
      r('GET', '/v1/chat/completions'),
      r('POST', '/v1/models', {}),
      r('PUT', '/v1/messages', {}),
      r('OPTIONS', '/v1/models'),
      r('GET', '/does/not/exist'),
      r('GET', '/v1'),
      r('GET', '/v1/ws/extract/extra'),
    ];
    for (const route of routes) {
      const res = await call(t, route.path, { method: route.method, json: route.json, headers: headers.pat });
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
    }
  });
});

describe.each(TARGETS)('access matrix, single mode, on %s', (kind) => {
  let t: Target;
  const headers = {} as Record<SinglePrincipal, Record<string, string>>;

  beforeAll(async () => {
    t = await startTarget(kind, singleEnv());
    const login = await call(t, '/admin/login', { method: 'POST', json: { token: ROOT_TOKEN } });
    expect(login.status).toBe(302);
    const pat = generatePat().token;
    Object.assign(headers, {
      none: {},
      root: bearer(ROOT_TOKEN),
      rootCookie: { cookie: `bs_session=${sessionCookie(login)}` },
      pat: bearer(pat),
      malformedPat: bearer('bst_short_abcdef'),
      header: { [PROXY_HEADER]: 'alice@example.com' },
      scim: bearer(SCIM_TOKEN),
    });
  });
  afterAll(() => t?.stop());

  it.each(cases(SINGLE))('$group: $principal $route.method $route.path → $expected', async ({ principal, route, expected }) => {
    const res = await call(t, route.path, { method: route.method, json: route.json, headers: headers[principal], from: freshAddress() });
    check(res, expected);
  });

  it('ignores the identity header entirely: no user is created', async () => {
    await call(t, '/admin/api/me', { headers: headers.header });
    expect(await t.sql.all('SELECT user_name FROM users')).toEqual([]);
  });
});
