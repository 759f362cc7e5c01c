import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, ROOT_TOKEN, TARGETS, type Target } from '../support/targets.ts';
import { bearer, call, freshAddress, loginForm } from '../support/http.ts';

const as = (user: string) => ({ [PROXY_HEADER]: user });

describe.each(TARGETS)('page and admin API headers on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  function expectPageHeaders(res: Response) {
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
  }

  it('sends the dashboard CSP on the login page, a failed sign-in and error pages', async () => {
    const login = await call(t, '/admin/login');
    expect(login.status).toBe(200);
    expectPageHeaders(login);
    expect(await login.text()).not.toMatch(/style="/);

    const wrong = await loginForm(t, 'nope', freshAddress());
    expect(wrong.status).toBe(401);
    expectPageHeaders(wrong);

    const forbidden = await call(t, '/admin/users', { headers: as('plain@example.com') });
    expect(forbidden.status).toBe(403);
    expectPageHeaders(forbidden);
    expect(await forbidden.text()).not.toMatch(/style="/);

    const missing = await call(t, '/admin/no-such-page', { headers: bearer(ROOT_TOKEN) });
    expect(missing.status).toBe(404);
    expectPageHeaders(missing);
  });

  it('marks every /admin/api answer Cache-Control: no-store, errors included', async () => {
    for (const [path, headers, status] of [
      ['/admin/api/me', bearer(ROOT_TOKEN), 200],
      ['/admin/api/users', as('plain@example.com'), 403],
      ['/admin/api/no-such-route', bearer(ROOT_TOKEN), 404],
      ['/admin/api/me', {}, 401],
    ] as const) {
      const res = await call(t, path, { headers });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
