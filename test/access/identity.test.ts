import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, ROOT_TOKEN, singleEnv, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { bearer, call, freshAddress, sessionCookie, loginForm } from '../support/http.ts';

const as = (user: string) => ({ [PROXY_HEADER]: user });
const cookie = (secret: string) => ({ cookie: `bs_session=${secret}` });
type List<T> = { data: T[]; next_cursor: string | null };
type SessionRow = { id: string; user_name: string; created_at: string; last_seen_at: string; terminated_at: string | null };

describe.each(TARGETS)('teams identity, sessions and users on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('creates the user on first sight and issues an HttpOnly SameSite=Lax session cookie', async () => {
    const res = await call(t, '/admin/api/me', { headers: as('Alice@Example.com') });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user_name: 'alice@example.com', mode: 'teams', admin: false, active: true });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('bs_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    const users = await t.sql.all<{ user_name: string; active: number }>("SELECT user_name, active FROM users WHERE user_name_lc = 'alice@example.com'");
    expect(users).toEqual([{ user_name: 'Alice@Example.com', active: 1 }]);
  });

  it('audits a user created on first sight once, however many first requests arrive at once', async () => {
    const name = `First.${kind}.${Date.now().toString(36)}@Example.com`;
    const lc = name.toLowerCase();
    const first = await Promise.all(Array.from({ length: 4 }, () => call(t, '/admin/api/me', { headers: as(name) })));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await call(t, '/admin/api/me', { headers: as(lc) })).status).toBe(200);
    const events = await t.sql.all<{ actor: string; target: string; detail: string }>(
      "SELECT actor, target, detail FROM audit_events WHERE action = 'user.created' AND target = ?",
      lc,
    );
    expect(events.map((e) => [e.actor, e.target, JSON.parse(e.detail)])).toEqual([[lc, lc, { user_name: name }]]);
    expect(await t.sql.all('SELECT id FROM users WHERE user_name_lc = ?', lc)).toHaveLength(1);

    // Root creating a token for a userName never seen before creates, and audits, the user too.
    const named = `named.${kind}.${Date.now().toString(36)}@example.com`;
    expect((await call(t, '/admin/api/tokens', { method: 'POST', headers: bearer(ROOT_TOKEN), json: { name: 'ci', user_name: named } })).status).toBe(201);
    const byRoot = await t.sql.all<{ actor: string }>("SELECT actor FROM audit_events WHERE action = 'user.created' AND target = ?", named);
    expect(byRoot).toEqual([{ actor: 'root' }]);
  });

  it('names the cookie __Host-bs_session and marks it Secure behind https', async () => {
    const res = await call(t, '/admin/api/me', { headers: { ...as('secure@example.com'), 'x-forwarded-proto': 'https' } });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('bs_session='))).toBeUndefined();
    expect(res.headers.getSetCookie().find((c) => c.startsWith('__Host-bs_session='))).toMatch(/Secure/i);
  });

  it('matches the identity case-insensitively and reports super admins', async () => {
    const res = await call(t, '/admin/api/me', { headers: as('BOSS@example.COM') });
    expect(await res.json()).toEqual({ user_name: 'boss@example.com', mode: 'teams', admin: true, active: true });
  });

  it('the cookie alone identifies the user; a different asserted identity gets a new session', async () => {
    const first = sessionCookie(await call(t, '/admin/api/me', { headers: as('gina@example.com') }))!;
    const again = await call(t, '/admin/api/me', { headers: { ...as('GINA@example.com'), ...cookie(first) } });
    expect(sessionCookie(again)).toBeUndefined();
    const alone = await call(t, '/admin/api/me', { headers: cookie(first) });
    expect(((await alone.json()) as { user_name: string }).user_name).toBe('gina@example.com');

    const switched = await call(t, '/admin/api/me', { headers: { ...as('hank@example.com'), ...cookie(first) } });
    expect(((await switched.json()) as { user_name: string }).user_name).toBe('hank@example.com');
    const second = sessionCookie(switched);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await call(t, '/admin/api/me', { headers: cookie(first) })).status).toBe(401);
    expect(((await (await call(t, '/admin/api/me', { headers: cookie(second!) })).json()) as { user_name: string }).user_name).toBe('hank@example.com');
  });

  it('locks a deactivated user out everywhere, by header or cookie', async () => {
    const secret = sessionCookie(await call(t, '/admin/api/me', { headers: as('ivy@example.com') }))!;
    await t.sql.run("UPDATE users SET active = 0 WHERE user_name_lc = 'ivy@example.com'");
    for (const headers of [as('ivy@example.com'), cookie(secret)]) {
      for (const path of ['/admin/api/me', '/v1/models', '/admin']) {
        const res = await call(t, path, { headers });
        expect(res.status, path).toBe(403);
      }
    }
    const body = (await (await call(t, '/admin/api/me', { headers: as('ivy@example.com') })).json()) as { error: { code: string } };
    expect(body.error.code).toBe('account_deactivated');
    await t.sql.run("UPDATE users SET active = 1 WHERE user_name_lc = 'ivy@example.com'");
    expect((await call(t, '/admin/api/me', { headers: as('ivy@example.com') })).status).toBe(200);
  });

  it('refuses "root" as an asserted identity', async () => {
    expect((await call(t, '/admin/api/me', { headers: as('Root') })).status).toBe(403);
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'root'")).toEqual([]);
  });

  it('refuses cross-site writes by header or cookie, and writes nothing', async () => {
    const secret = sessionCookie(await call(t, '/admin/api/me', { headers: as('jack@example.com') }))!;
    const before = (await t.sql.all('SELECT id FROM api_tokens')).length;
    const attempts: Record<string, string>[] = [
      { ...as('jack@example.com'), origin: 'https://evil.example' },
      { ...cookie(secret), origin: 'https://evil.example' },
      { ...cookie(secret), 'sec-fetch-site': 'cross-site' },
      { ...as('jack@example.com'), origin: 'null' },
      { ...as('newcomer@example.com'), origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      const res = await call(t, '/admin/api/tokens', { method: 'POST', headers, json: { name: 'csrf' } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('cross_site');
    }
    expect(await t.sql.all('SELECT id FROM api_tokens')).toHaveLength(before);
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'newcomer@example.com'")).toEqual([]);

    const host = new URL(t.url).host;
    const same = await call(t, '/admin/api/tokens', {
      method: 'POST',
      headers: { ...cookie(secret), origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
      json: { name: 'ok' },
    });
    expect(same.status).toBe(201);
    const byBearer = await call(t, '/admin/api/tokens', {
      method: 'POST',
      headers: { ...bearer(ROOT_TOKEN), origin: 'https://evil.example' },
      json: { name: 'ci', user_name: 'jack@example.com' },
    });
    expect(byBearer.status).toBe(201);
  });

  it('lists and terminates sessions: own, or all for admins; a terminated session stops at once', async () => {
    const s1 = sessionCookie(await call(t, '/admin/api/me', { headers: as('kim@example.com') }))!;
    const own = (await (await call(t, '/admin/api/sessions', { headers: cookie(s1) })).json()) as List<SessionRow>;
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((s) => s.user_name === 'kim@example.com')).toBe(true);
    expect(Object.keys(own.data[0]!).sort()).toEqual(['created_at', 'id', 'last_seen_at', 'terminated_at', 'user_name']);
    const id = own.data[0]!.id;

    expect((await call(t, '/admin/api/sessions?all=1', { headers: as('kim@example.com') })).status).toBe(403);
    expect((await call(t, `/admin/api/sessions/${id}`, { method: 'DELETE', headers: as('alice@example.com') })).status).toBe(404);
    const all = (await (await call(t, '/admin/api/sessions?all=1&limit=200', { headers: as('boss@example.com') })).json()) as List<SessionRow>;
    expect(all.data.map((s) => s.id)).toContain(id);

    const del = await call(t, `/admin/api/sessions/${id}`, { method: 'DELETE', headers: cookie(s1) });
    expect(del.status).toBe(204);
    expect((await call(t, '/admin/api/me', { headers: cookie(s1) })).status).toBe(401);
    const events = (await (await call(t, `/admin/api/audit?action=session.terminated&target=${id}`, { headers: bearer(ROOT_TOKEN) })).json()) as List<{
      actor: string;
    }>;
    expect(events.data.map((e) => e.actor)).toEqual(['kim@example.com']);
  });

  it('lists users with token and session counts (admins only)', async () => {
    const lou = sessionCookie(await call(t, '/admin/api/tokens', { method: 'POST', headers: as('lou@example.com'), json: { name: 'a' } }))!;
    expect((await call(t, '/admin/api/users', { headers: { ...as('lou@example.com'), ...cookie(lou) } })).status).toBe(403);
    const res = await call(t, '/admin/api/users?limit=200', { headers: as('boss@example.com') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as List<Record<string, unknown>>;
    expect(body.data.find((u) => u.user_name === 'lou@example.com')).toEqual({
      id: expect.any(String),
      user_name: 'lou@example.com',
      active: true,
      scim_managed: false,
      token_count: 1,
      session_count: 1,
    });
    const ivy = body.data.find((u) => u.user_name === 'ivy@example.com');
    expect(ivy?.active).toBe(true);
  });

  it('records token creation in the audit log with who, when and what', async () => {
    const created = (await (await call(t, '/admin/api/tokens', { method: 'POST', headers: as('mia@example.com'), json: { name: 'mine' } })).json()) as {
      id: string;
    };
    const res = await call(t, `/admin/api/audit?target=${created.id}`, { headers: as('boss@example.com') });
    const events = ((await res.json()) as List<Record<string, unknown>>).data;
    expect(events).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actor: 'mia@example.com',
        action: 'token.created',
        target: created.id,
        detail: { user_name: 'mia@example.com', name: 'mine' },
      },
    ]);
    expect((await call(t, '/admin/api/audit', { headers: as('mia@example.com') })).status).toBe(403);
  });

  it('rate-limits failed bearer authentication per client address', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 30; i++) {
      expect((await call(t, '/v1/models', { headers: bearer(`guess-${i}-0123456789abcdef`), from: attacker })).status).toBe(401);
    }
    expect((await call(t, '/v1/models', { headers: bearer('guess-30-0123456789abcdef'), from: attacker })).status).toBe(401);
    const blocked = await call(t, '/v1/models', { headers: bearer('guess-31-0123456789abcdef'), from: attacker });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A valid credential is still served from a blocked address (other clients behind the same proxy).
    expect((await call(t, '/admin/api/me', { headers: bearer(ROOT_TOKEN), from: attacker })).status).toBe(200);
    expect((await call(t, '/admin/api/me', { headers: bearer(ROOT_TOKEN), from: freshAddress() })).status).toBe(200);
  });
});

// The peer address is what Node trusts; workerd cannot see it (test/access/proxy-trust.test.ts).
describe.each(['node' as const])('trusted proxies on %s', (kind) => {
  let t: Target;
  const proxy = '127.0.0.2';
  useTarget(kind, (s) => (t = s), teamsEnv({ SERVICE_TRUSTED_PROXIES: `10.1.0.0/16, ${proxy}` }));

  it('honours the identity header only from a listed peer', async () => {
    expect((await call(t, '/admin/api/me', { headers: as('nia@example.com'), from: proxy })).status).toBe(200);
    expect((await call(t, '/admin/api/me', { headers: as('nia@example.com'), from: '127.0.0.3' })).status).toBe(401);
    const spoofed = await call(t, '/admin/api/me', { headers: { ...as('boss@example.com'), 'x-forwarded-for': proxy }, from: '127.0.0.4' });
    expect(spoofed.status).toBe(401);
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'boss@example.com'")).toEqual([]);
  });

  it('counts failures per forwarded client behind a trusted proxy, per peer otherwise', async () => {
    const guess = (from: string, xff: string) =>
      call(t, '/v1/models', { headers: { ...bearer('wrong-guess-0123456789abcdef'), 'x-forwarded-for': xff }, from });
    for (let i = 0; i < 31; i++) expect((await guess(proxy, '10.9.0.1')).status).toBe(401);
    expect((await guess(proxy, '10.9.0.1')).status).toBe(429);
    expect((await guess(proxy, '10.9.0.2')).status).toBe(401);
    const untrusted = '127.0.0.5';
    for (let i = 0; i < 31; i++) expect((await guess(untrusted, `10.8.0.${i + 1}`)).status).toBe(401);
    expect((await guess(untrusted, '10.8.1.1')).status).toBe(429);
  });
});

describe.each(TARGETS)('single mode: root login, logout, rotation on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s), singleEnv());

  it('serves an accessible login form and refuses a wrong token', async () => {
    const page = await call(t, '/admin/login');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<label for="token">/);
    expect(html).toMatch(/<input id="token" name="token" type="password"/);
    const wrong = await loginForm(t, 'nope', freshAddress());
    expect(wrong.status).toBe(401);
    expect(sessionCookie(wrong)).toBeUndefined();
    const wrongJson = await call(t, '/admin/login', { method: 'POST', json: { token: 'nope' }, from: freshAddress() });
    expect(wrongJson.status).toBe(401);
    expect((await call(t, '/admin/login', { method: 'POST', json: {} })).status).toBe(400);
  });

  it('signs root in by form, names the user root, and signs out', async () => {
    const login = await loginForm(t, ROOT_TOKEN);
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/admin');
    const secret = sessionCookie(login)!;
    const me = await call(t, '/admin/api/me', { headers: cookie(secret) });
    expect(await me.json()).toEqual({ user_name: 'root', mode: 'single', admin: true, active: true });
    expect(await t.sql.all('SELECT user_name FROM sessions WHERE terminated_at IS NULL')).toContainEqual({ user_name: 'root' });

    const logout = await call(t, '/admin/logout', { method: 'POST', headers: cookie(secret) });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/admin/login');
    expect((await call(t, '/admin/api/me', { headers: cookie(secret) })).status).toBe(401);
    const actions = ((await (await call(t, '/admin/api/audit', { headers: bearer(ROOT_TOKEN) })).json()) as List<{ action: string }>).data.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['login', 'logout']));
  });

  it('rotates the root token: shown once, the old value and other root sessions stop at once', async () => {
    const other = sessionCookie(await call(t, '/admin/login', { method: 'POST', json: { token: ROOT_TOKEN } }))!;
    const mine = sessionCookie(await call(t, '/admin/login', { method: 'POST', json: { token: ROOT_TOKEN } }))!;
    const res = await call(t, '/admin/api/root-token/rotate', { method: 'POST', headers: cookie(mine) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { token } = (await res.json()) as { token: string };
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect((await call(t, '/admin/api/me', { headers: bearer(ROOT_TOKEN), from: freshAddress() })).status).toBe(401);
    expect((await call(t, '/admin/api/me', { headers: bearer(token) })).status).toBe(200);
    expect((await call(t, '/admin/api/me', { headers: cookie(other) })).status).toBe(401);
    expect((await call(t, '/admin/api/me', { headers: cookie(mine) })).status).toBe(200);
    const dump = JSON.stringify(await t.sql.all('SELECT * FROM meta'));
    expect(dump).not.toContain(token);
    const events = ((await (await call(t, '/admin/api/audit?action=root.rotated', { headers: bearer(token) })).json()) as List<unknown>).data;
    expect(events).toHaveLength(1);
  });
});
