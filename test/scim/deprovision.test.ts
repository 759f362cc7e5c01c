import { describe, expect, it } from 'vitest';
import { ROOT_TOKEN, TARGETS, type Target } from '../support/targets.ts';
import { bearer, call } from '../support/http.ts';
import { asHeaderUser, fixture, insertPat, patStatus, scim, withCookie } from './support.ts';
import { useTarget } from '../support/suites.ts';

type Path = { name: string; action: string; run: (t: Target, id: string, userName: string) => Promise<number> };

const PATHS: Path[] = [
  {
    name: 'Entra PATCH "Replace" active "False"',
    action: 'scim.user.deactivated',
    run: async (t, id) => (await scim(t, 'PATCH', `/Users/${id}`, fixture('entra-deactivate.json'))).status,
  },
  {
    name: 'Okta path-less PATCH {"active": false}',
    action: 'scim.user.deactivated',
    run: async (t, id) => (await scim(t, 'PATCH', `/Users/${id}`, fixture('okta-patch-deactivate.json'))).status,
  },
  {
    name: 'Okta PUT with active false',
    action: 'scim.user.deactivated',
    run: async (t, id, userName) => (await scim(t, 'PUT', `/Users/${id}`, fixture('okta-put-deactivate.json', { id, userName }))).status,
  },
  {
    name: 'DELETE',
    action: 'scim.user.deleted',
    run: async (t, id) => (await scim(t, 'DELETE', `/Users/${id}`)).status,
  },
];

async function provision(t: Target, userName: string): Promise<string> {
  const res = await scim(t, 'POST', '/Users', fixture('okta-create.json', { userName }));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe.each(TARGETS)('deprovisioning on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('a deactivation that lands among sign-ins leaves no live session behind (a session is opened only while the user is live)', async () => {
    for (let round = 0; round < 4; round++) {
      const userName = `racer${round}@example.com`;
      const id = await provision(t, userName);
      const signIns = (wave: number) => Array.from({ length: 15 }, (_, i) => asHeaderUser(t, userName, undefined, `browser-${wave}-${i}/1`));
      const before = signIns(0);
      const deactivation = scim(t, 'PATCH', `/Users/${id}`, fixture('okta-patch-deactivate.json'));
      const during = [...signIns(1), ...signIns(2)];
      const statuses = (await Promise.all([...before, ...during])).map((r) => r.status);
      expect((await deactivation).status).toBe(200);
      expect(statuses.every((s) => s === 200 || s === 403)).toBe(true);
      expect(await t.sql.all('SELECT id FROM sessions WHERE user_name = ? AND terminated_at IS NULL', userName)).toEqual([]);
    }
  });

  it('a deactivation that lands among token creations leaves no live PAT behind', async () => {
    for (let round = 0; round < 4; round++) {
      const userName = `minter${round}@example.com`;
      const id = await provision(t, userName);
      const mint = (wave: number) =>
        Array.from({ length: 8 }, (_, i) =>
          call(t, '/admin/api/tokens', { method: 'POST', headers: bearer(ROOT_TOKEN), json: { name: `t${wave}-${i}`, user_name: userName } }),
        );
      const before = mint(0);
      const deactivation = scim(t, 'PATCH', `/Users/${id}`, fixture('okta-patch-deactivate.json'));
      const statuses = (await Promise.all([...before, ...mint(1), ...mint(2)])).map((r) => r.status);
      expect((await deactivation).status).toBe(200);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(await t.sql.all('SELECT id FROM api_tokens WHERE user_name = ? AND revoked_at IS NULL', userName)).toEqual([]);
    }
  });

  it.each(PATHS.map((p, i) => [p.name, p, i] as const))('%s revokes every PAT, ends every session, locks the header identity out', async (_, path, i) => {
    const userName = `Person${i}@Example.com`;
    const lc = userName.toLowerCase();
    const id = await provision(t, userName);
    const a = await asHeaderUser(t, userName);
    const b = await asHeaderUser(t, lc, undefined, 'another-browser/1');
    expect([a.status, b.status]).toEqual([200, 200]);
    const pats = [await insertPat(t, userName), await insertPat(t, userName)];
    const bystander = await insertPat(t, 'someone-else@example.com');
    for (const p of pats) expect(await patStatus(t, p)).toBe(200);
    await t.sql.run(
      `INSERT INTO beliefs (id, owner, type, statement, norm_statement, source_kind, created_at, updated_at) VALUES (?, ?, 'fact', 'likes tea', 'likes tea', 'manual', 'x', 'x')`,
      `belief-${i}`,
      lc,
    );

    expect(await path.run(t, id, userName)).toBe(path.name === 'DELETE' ? 204 : 200);
    // A deleted user's rows move to the archive owner (a later user of the name starts empty).
    const owner = path.name === 'DELETE' ? `~deleted/${id}/${lc}` : lc;

    for (const p of pats) expect(await patStatus(t, p)).toBe(401);
    const tokens = await t.sql.all<{ revoked_at: string | null; revoked_by: string | null }>(
      'SELECT revoked_at, revoked_by FROM api_tokens WHERE user_name = ?',
      owner,
    );
    expect(tokens).toHaveLength(2);
    for (const row of tokens) expect(row).toMatchObject({ revoked_by: 'scim', revoked_at: expect.any(String) });
    expect(await patStatus(t, bystander)).toBe(200);

    const sessions = await t.sql.all<{ terminated_at: string | null }>('SELECT terminated_at FROM sessions WHERE user_name = ?', owner);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    for (const s of sessions) expect(s.terminated_at).not.toBeNull();
    expect(await withCookie(t, a.cookie!)).toBe(401);

    const header = await call(t, '/admin/api/me', { headers: { 'x-forwarded-user': userName.toUpperCase() } });
    expect(header.status).toBe(403);
    expect(await header.json()).toMatchObject({ error: { code: 'account_deactivated' } });

    const events = await t.sql.all<{ action: string; actor: string }>('SELECT action, actor FROM audit_events WHERE target = ?', lc);
    expect(events).toContainEqual({ action: path.action, actor: 'scim' });
    expect(await t.sql.all('SELECT id FROM beliefs WHERE owner = ?', owner)).toHaveLength(1);
  });

  it('reactivation restores sign-in while revoked PATs stay revoked', async () => {
    const userName = 'returning@example.com';
    const id = await provision(t, userName);
    const pat = await insertPat(t, userName);
    expect((await scim(t, 'PATCH', `/Users/${id}`, fixture('okta-patch-deactivate.json'))).status).toBe(200);
    expect((await asHeaderUser(t, userName)).status).toBe(403);
    const on = await scim(t, 'PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.body.active).toBe(true);
    expect((await asHeaderUser(t, userName)).status).toBe(200);
    expect(await patStatus(t, pat)).toBe(401);
    const fresh = await insertPat(t, userName);
    expect(await patStatus(t, fresh)).toBe(200);
    const actions = (await t.sql.all<{ action: string }>('SELECT action FROM audit_events WHERE target = ? ORDER BY at', userName)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['scim.user.created', 'scim.user.deactivated', 'scim.user.reactivated']));
  });

  it('concurrent profile updates never undo a deactivation (no lost update)', async () => {
    const userName = 'racing@example.com';
    const id = await provision(t, userName);
    for (let round = 0; round < 5; round++) {
      expect((await scim(t, 'PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'active', value: true }] })).status).toBe(200);
      const updates = Array.from({ length: 3 }, (_, i) =>
        scim(t, 'PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'displayName', value: `Racer ${round}.${i}` }] }),
      );
      const off = scim(t, 'PATCH', `/Users/${id}`, fixture('okta-patch-deactivate.json'));
      const replies = await Promise.all([off, ...updates]);
      for (const r of replies) expect([200, 409]).toContain(r.status);
      expect(replies[0]!.status).toBe(200);
      const now = await scim(t, 'GET', `/Users/${id}`);
      expect(now.body.active).toBe(false);
      expect((await asHeaderUser(t, userName)).status).toBe(403);
    }
  });

  it('a POST with active false provisions the person locked out', async () => {
    const userName = 'arrives.inactive@example.com';
    expect((await asHeaderUser(t, userName)).status).toBe(200);
    const pat = await insertPat(t, userName);
    const res = await scim(t, 'POST', '/Users', { ...fixture('okta-create.json', { userName }), active: false });
    expect(res.status).toBe(201);
    expect(res.body.active).toBe(false);
    expect(await patStatus(t, pat)).toBe(401);
    expect((await asHeaderUser(t, userName)).status).toBe(403);
  });

  it('PUT without active keeps the current value', async () => {
    const userName = 'keeps@example.com';
    const id = await provision(t, userName);
    expect((await scim(t, 'PATCH', `/Users/${id}`, fixture('entra-deactivate.json'))).body.active).toBe(false);
    const put = await scim(t, 'PUT', `/Users/${id}`, { userName, displayName: 'Kept' });
    expect(put.body).toMatchObject({ active: false, displayName: 'Kept' });
    expect(put.body).not.toHaveProperty('emails');
  });

  it('a user first seen through the proxy header is adopted by POST, not refused', async () => {
    expect((await asHeaderUser(t, 'Early.Bird@example.com')).status).toBe(200);
    const pat = await insertPat(t, 'early.bird@example.com');
    const created = await scim(t, 'POST', '/Users', fixture('okta-create.json', { userName: 'early.bird@example.com' }));
    expect(created.status).toBe(201);
    const rows = await t.sql.all<{ scim_id: string; scim_managed: number; user_name: string }>(
      'SELECT scim_id, scim_managed, user_name FROM users WHERE user_name_lc = ?',
      'early.bird@example.com',
    );
    expect(rows).toEqual([{ scim_id: created.body.id, scim_managed: 1, user_name: 'early.bird@example.com' }]);
    expect(await patStatus(t, pat)).toBe(200);
    const dup = await scim(t, 'POST', '/Users', fixture('okta-create.json', { userName: 'EARLY.BIRD@example.com' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ scimType: 'uniqueness', status: '409' });
  });

  it('a userName change moves the identity: old PATs and sessions end, the new header name signs in', async () => {
    const id = await provision(t, 'old.name@example.com');
    const pat = await insertPat(t, 'old.name@example.com');
    expect((await asHeaderUser(t, 'old.name@example.com')).status).toBe(200);
    const renamed = await scim(t, 'PATCH', `/Users/${id}`, { Operations: [{ op: 'Replace', path: 'userName', value: 'new.name@example.com' }] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.userName).toBe('new.name@example.com');
    expect(await patStatus(t, pat)).toBe(401);
    expect((await asHeaderUser(t, 'new.name@example.com')).status).toBe(200);
    const taken = await provision(t, 'taken@example.com');
    const clash = await scim(t, 'PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'userName', value: 'TAKEN@example.com' }] });
    expect(clash.status).toBe(409);
    expect(clash.body.scimType).toBe('uniqueness');
    expect((await scim(t, 'GET', `/Users/${taken}`)).body.userName).toBe('taken@example.com');
  });
});

describe.each(TARGETS)('deactivation during a request storm on %s', (kind) => {
  let t: Target;
  // A fresh target: the storm's 401s must not trip the failed-authentication limiter of other tests.
  useTarget(kind, (s) => (t = s));

  it('leaves no token usable once the deactivation has answered', async () => {
    const userName = 'storm@example.com';
    const id = await provision(t, userName);
    const pats: string[] = [];
    for (let i = 0; i < 5; i++) pats.push(await insertPat(t, userName));
    const storm = pats.flatMap((p) => Array.from({ length: 4 }, () => patStatus(t, p)));
    const deactivation = scim(t, 'PATCH', `/Users/${id}`, fixture('entra-deactivate.json'));
    const statuses = await Promise.all(storm);
    expect((await deactivation).status).toBe(200);
    for (const s of statuses) expect([200, 401, 403]).toContain(s);
    for (const p of pats) expect(await patStatus(t, p)).toBe(401);
    const open = await t.sql.all('SELECT id FROM api_tokens WHERE user_name = ? AND revoked_at IS NULL', userName);
    expect(open).toEqual([]);
  });
});
