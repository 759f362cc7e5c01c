import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, ROOT_TOKEN, SCIM_TOKEN, TARGETS, type Target } from '../support/targets.ts';
import { bearer, call } from '../support/http.ts';
import { foldUserName } from '../../lib/user-name.ts';

/** A header value as the proxy puts it on the wire: UTF-8 bytes (Node writes strings as latin1). */
const wire = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const as = (user: string) => ({ [PROXY_HEADER]: wire(user) });
type Me = { user_name: string };

describe.each(TARGETS)('userNames on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('decodes the identity header as UTF-8, NFC-normalised and case folded', async () => {
    const composed = await call(t, '/admin/api/me', { headers: as('José@Example.com') });
    expect(composed.status).toBe(200);
    expect(((await composed.json()) as Me).user_name).toBe('josé@example.com');
    const decomposed = await call(t, '/admin/api/me', { headers: as('JOSE\u0301@example.com') });
    expect(((await decomposed.json()) as Me).user_name).toBe('josé@example.com');
    expect(await t.sql.all("SELECT user_name_lc FROM users WHERE user_name_lc LIKE 'jos%'")).toEqual([{ user_name_lc: 'josé@example.com' }]);
  });

  it('refuses an identity header that is not UTF-8, naming the header', async () => {
    const res = await call(t, '/admin/api/me', { headers: { [PROXY_HEADER]: 'bad\xff\xfe@example.com' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(PROXY_HEADER);
  });

  it('folds SCIM userNames the same way: the IdP and the proxy name one person', async () => {
    const created = await call(t, '/scim/v2/Users', { method: 'POST', headers: bearer(SCIM_TOKEN), json: { userName: 'ZOË@Example.com' } });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { userName: string }).userName).toBe('ZOË@Example.com');
    const me = await call(t, '/admin/api/me', { headers: as('zoe\u0308@example.com') });
    expect(((await me.json()) as Me).user_name).toBe('zoë@example.com');
    expect(await t.sql.all("SELECT scim_managed FROM users WHERE user_name_lc = 'zoë@example.com'")).toEqual([{ scim_managed: 1 }]);
    const dup = await call(t, '/scim/v2/Users', { method: 'POST', headers: bearer(SCIM_TOKEN), json: { userName: 'zoe\u0308@EXAMPLE.com' } });
    expect(dup.status).toBe(409);
  });

  it('reserves root in any letter case, and the archive prefix, on SCIM and the header', async () => {
    for (const userName of ['root', 'ROOT', 'Root', '~deleted/x/alice@example.com']) {
      const res = await call(t, '/scim/v2/Users', { method: 'POST', headers: bearer(SCIM_TOKEN), json: { userName } });
      expect(res.status, userName).toBe(400);
      expect(((await res.json()) as { scimType: string; detail: string }).detail).toContain('userName');
    }
    for (const user of ['rOOt', '~deleted/x/alice@example.com']) {
      expect((await call(t, '/admin/api/me', { headers: as(user) })).status, user).toBe(403);
    }
    expect(await t.sql.all("SELECT id FROM users WHERE user_name_lc = 'root' OR user_name_lc LIKE '~%'")).toEqual([]);
    const me = (await (await call(t, '/admin/api/me', { headers: bearer(ROOT_TOKEN) })).json()) as Me;
    expect(me.user_name).toBe('root');
  });
  it('never folds the Kelvin sign into k: SCIM, the header and a PAT owner refuse it, and kate stays one person', async () => {
    const kelvin = '\u212Aate@example.com';
    const kate = await call(t, '/scim/v2/Users', { method: 'POST', headers: bearer(SCIM_TOKEN), json: { userName: 'kate@example.com' } });
    expect(kate.status).toBe(201);
    const scim = await call(t, '/scim/v2/Users', { method: 'POST', headers: bearer(SCIM_TOKEN), json: { userName: kelvin } });
    expect(scim.status).toBe(400);
    expect(((await scim.json()) as { detail: string }).detail).toMatch(/userName.*U\+212A/);
    const header = await call(t, '/admin/api/me', { headers: as(kelvin) });
    expect(header.status).toBe(400);
    expect(((await header.json()) as { error: { message: string } }).error.message).toContain(PROXY_HEADER);
    const pat = await call(t, '/admin/api/tokens', { method: 'POST', headers: bearer(ROOT_TOKEN), json: { name: 'k', user_name: kelvin } });
    expect(pat.status).toBe(400);
    expect(((await pat.json()) as { error: { message: string } }).error.message).toContain('user_name');
    expect(await t.sql.all("SELECT id FROM api_tokens WHERE user_name = 'kate@example.com'")).toEqual([]);
    const filtered = await call(t, `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${kelvin}"`)}`, { headers: bearer(SCIM_TOKEN) });
    expect(((await filtered.json()) as { totalResults: number }).totalResults).toBe(0);
    expect(await t.sql.all("SELECT user_name_lc FROM users WHERE user_name_lc LIKE '%ate@example.com'")).toEqual([{ user_name_lc: 'kate@example.com' }]);
  });
});

describe('the userName fold', () => {
  it('keeps characters that normalisation would replace (Kelvin, Ohm, Ångström signs) distinct from the letters they resemble', () => {
    expect(foldUserName('\u212Aate@example.com')).not.toBe(foldUserName('kate@example.com'));
    expect(foldUserName('\u2126m@example.com')).not.toBe(foldUserName('\u03A9m@example.com'));
    expect(foldUserName('\u212Bsa@example.com')).not.toBe(foldUserName('\u00C5sa@example.com'));
  });

  it('still folds letter case and canonical composition', () => {
    expect(foldUserName('JOSE\u0301@Example.COM')).toBe('jos\u00e9@example.com');
    expect(foldUserName('ZO\u00CB@x')).toBe(foldUserName('zoe\u0308@x'));
  });
});
