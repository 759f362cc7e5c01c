import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, TARGETS, type Target } from '../support/targets.ts';
import { call, sessionCookie } from '../support/http.ts';
import { Client } from '../world/ws-client.ts';

const AGENT = 'Mozilla/5.0 (same browser build)';
const cookie = (secret: string) => ({ cookie: `bs_session=${secret}`, 'user-agent': AGENT });

/** API.md §2: an identity-header request without a cookie reuses the client's session and sets its cookie. */
describe.each(TARGETS)('a second browser of the same user on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('gets the reused session cookie, with which the live feed socket opens (the proxy strips the header on /v1/)', async () => {
    const user = 'two-browsers@example.com';
    const first = sessionCookie(await call(t, '/admin/beliefs', { headers: { [PROXY_HEADER]: user, 'user-agent': AGENT } }));
    expect(first).toBeTruthy();
    const second = await call(t, '/admin/beliefs', { headers: { [PROXY_HEADER]: user, 'user-agent': AGENT } });
    expect(second.status).toBe(200);
    const secret = sessionCookie(second);
    expect(secret).toBeTruthy();
    expect(await t.sql.all('SELECT id FROM sessions WHERE user_name = ?', user)).toHaveLength(1);

    for (const each of [secret!, first!]) {
      expect((await call(t, '/admin/api/me', { headers: cookie(each) })).status).toBe(200);
      const feed = await Client.open(`${t.url}/v1/ws/beliefs`, cookie(each));
      expect(feed.closed).toBeNull();
      feed.close();
    }
  });

  it('gives a browser whose cookie ended a fresh one of the live session', async () => {
    const user = 'stale-cookie@example.com';
    const live = sessionCookie(await call(t, '/admin/api/me', { headers: { [PROXY_HEADER]: user, 'user-agent': AGENT } }))!;
    const res = await call(t, '/admin/api/me', { headers: { [PROXY_HEADER]: user, ...cookie('a-cookie-of-an-ended-session') } });
    expect(res.status).toBe(200);
    const given = sessionCookie(res);
    expect(given).toBeTruthy();
    expect((await call(t, '/admin/api/me', { headers: cookie(given!) })).status).toBe(200);
    expect((await call(t, '/admin/api/me', { headers: cookie(live) })).status).toBe(200);
  });
});
