import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES } from '../dashboard/fixtures.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { useTarget } from '../support/suites.ts';
import { as } from '../support/as.ts';

const ROOT = as.root();
const ALICE = as.user('alice@example.com');
const JSON_TYPE = { 'content-type': 'application/json' };

describe.each(TARGETS)('operator dashboard and admin API on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const api = async (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${t.url}/admin/api${path}`, { ...init, headers: { ...ROOT, ...init.headers } });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  const html = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(`${t.url}${path}`, { headers, redirect: 'manual' });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  const create = (statement: string) =>
    api('/beliefs', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ statement, owner: 'alice@example.com' }) }).then((r) => {
      expect(r.status).toBe(201);
      return r.body.id as string;
    });

  it('lists carry total; q ranks by relevance, not by age; the page says "N beliefs"', async () => {
    const best = await create('Drinks green tea, green tea every single morning');
    await create('Owns a bicycle');
    const weak = await create('Once walked past a tea shop');
    const all = await api('/beliefs?owner=alice@example.com&limit=1');
    expect(all.body.total).toBe(3);
    expect(all.body.data).toHaveLength(1);
    expect(all.body.next_cursor).not.toBeNull();

    const found = await api(`/beliefs?owner=alice@example.com&q=${encodeURIComponent('green tea')}`);
    expect(found.body.total).toBe(2);
    expect(found.body.data.map((b: { id: string }) => b.id)).toEqual([best, weak]);

    const first = await api(`/beliefs?owner=alice@example.com&q=green+tea&limit=1`);
    expect(first.body).toMatchObject({ total: 2, data: [{ id: best }] });
    const second = await api(`/beliefs?owner=alice@example.com&q=green+tea&limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ total: 2, data: [{ id: weak }], next_cursor: null });

    const page = await html('/admin/beliefs', ALICE);
    expect(page.text).toMatch(/data-testid="belief-total">3 beliefs</);
    expect((await html('/admin/beliefs?q=bicycle', ALICE)).text).toMatch(/data-testid="belief-total">1 belief</);
  });

  it('audit log filters by actor, action and date range, in the API and on the page; a bad date is 400 naming it', async () => {
    const insert = (id: string, at: string, actor: string, action: string) =>
      t.sql.run(`INSERT INTO audit_events (id, at, actor, action, target, detail) VALUES (?, ?, ?, ?, NULL, NULL)`, id, at, actor, action);
    await insert('a1', '2026-01-01T10:00:00.000Z', 'ops@example.com', 'token.created');
    await insert('a2', '2026-01-03T23:59:59.000Z', 'ops@example.com', 'token.revoked');
    await insert('a3', '2026-01-04T00:00:00.000Z', 'ops@example.com', 'token.created');
    await insert('a4', '2026-01-03T12:00:00.000Z', 'other@example.com', 'token.created');
    const ids = async (query: string) => (await api(`/audit?${query}`)).body.data.map((e: { id: string }) => e.id);
    expect(await ids('actor=OPS@example.com')).toEqual(['a3', 'a2', 'a1']);
    expect(await ids('actor=ops@example.com&from=2026-01-02&to=2026-01-03')).toEqual(['a2']);
    expect(await ids('action=token.created&to=2026-01-03')).toEqual(['a4', 'a1']);
    expect(await ids('from=2026-01-04&to=2026-01-04&actor=ops@example.com')).toEqual(['a3']);
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['to=2026-13-45', 'to'],
      ['from=2026-01-05&to=2026-01-01', 'from'],
    ]) {
      const bad = await api(`/audit?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.message, query).toContain(field);
    }
    const page = await html('/admin/audit?actor=other%40example.com&from=2026-01-01&to=2026-01-31', ROOT);
    expect(page.status).toBe(200);
    expect(page.text).toContain('other@example.com');
    expect(page.text).not.toContain('ops@example.com');
    expect(page.text).toContain('name="from" value="2026-01-01"');
  });

  it('a config save that changes nothing writes no audit event; a real change does', async () => {
    const config = {
      providers: [{ id: 'p1', kind: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-nochange-0001', models: ['m1'] }],
      default_model: 'p1/m1',
    };
    const count = async () => (await t.sql.all<{ n: number }>(`SELECT count(*) AS n FROM audit_events WHERE action = 'config.changed'`))[0]!.n;
    const put = (body: unknown) => api('/config', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(body) });
    expect((await put(config)).status).toBe(200);
    const after = await count();
    expect((await put(config)).status).toBe(200);
    const reordered = { default_model: 'p1/m1', providers: [{ models: ['m1'], base_url: 'http://127.0.0.1:9/v1', kind: 'openai', id: 'p1' }] };
    expect((await put(reordered)).body.providers[0]).toMatchObject({ api_key_set: true });
    expect(await count()).toBe(after);
    expect((await put({ ...config, default_model: 'p1/m2' })).status).toBe(200);
    expect(await count()).toBe(after + 1);
    expect((await put({ providers: [{ ...config.providers[0], api_key: 'sk-nochange-0002' }] })).status).toBe(200);
    expect(await count()).toBe(after + 2);
  });

  it('the users page says how many users there are', async () => {
    const res = await html('/admin/users', ROOT);
    expect(res.text).toMatch(/data-testid="user-total">\d+ users?, \d+ active</);
  });

  it('admin-only pages answer a user 403 inside the dashboard frame with a plain explanation', async () => {
    for (const path of ADMIN_PAGES) {
      const res = await html(path, ALICE);
      expect(res.status, path).toBe(403);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.text, path).toContain('aria-label="Dashboard"');
      expect(res.text, path).toContain('href="/admin/beliefs"');
      expect(res.text, path).toContain('data-testid="admin-only"');
      expect(res.text, path).toContain('alice@example.com');
      expect(res.text, path).toContain('is for administrators');
    }
  });

  it('the overview shows activity per day and, for admins, the extraction counters', async () => {
    await t.sql.run(`INSERT INTO counters (name, value) VALUES ('extraction_invalid', 7) ON CONFLICT(name) DO UPDATE SET value = 7`);
    const today = new Date().toISOString().slice(0, 10);
    const admin = await html('/admin', ROOT);
    expect(admin.text).toContain('data-testid="activity"');
    expect(admin.text).toMatch(/data-testid="extraction-invalid">7</);
    expect(admin.text).toMatch(new RegExp(`data-day="${today}"><th scope="row">${today}</th><td data-testid="day-beliefs">3<`));
    const user = await html('/admin', ALICE);
    expect(user.text).toMatch(new RegExp(`data-day="${today}"><th scope="row">${today}</th><td data-testid="day-beliefs">3<`));
    expect(user.text).not.toContain('extraction-invalid');
    expect(user.text).not.toContain('day-audit');
  });
});
