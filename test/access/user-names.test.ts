import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_HEADER, ROOT_TOKEN, SCIM_TOKEN, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { bearer, call } from '../support/http.ts';

/** A header value as the proxy puts it on the wire: UTF-8 bytes (Node writes strings as latin1). */
const wire = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const as = (user: string) => ({ [PROXY_HEADER]: wire(user) });
type Me = { user_name: string };

describe.each(TARGETS)('userNames on %s', (kind) => {
  let t: Target;
  beforeAll(async () => {
    t = await startTarget(kind, teamsEnv());
  });
  afterAll(() => t?.stop());

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
});
