import { describe, expect, it } from 'vitest';
import { TARGETS, type Target } from '../support/targets.ts';
import { call } from '../support/http.ts';
import { scim } from './support.ts';
import { useTarget } from '../support/suites.ts';
import { as } from '../support/as.ts';

type Belief = { id: string; owner: string; statement: string };
type List<T> = { data: T[] };

describe.each(TARGETS)('a deleted userName provisioned again on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const api = async (path: string, headers: Record<string, string>, init: { method?: string; json?: unknown } = {}) => {
    const res = await call(t, `/admin/api${path}`, { method: init.method, headers, json: init.json });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  const asUser = as.user('Rehired@Example.com');
  const asRoot = as.root();

  it('is a new person: the old beliefs stay with the deleted identity, which admins can still list, search and purge', async () => {
    const first = await scim(t, 'POST', '/Users', { userName: 'Rehired@Example.com' });
    expect(first.status).toBe(201);
    const created = await api('/beliefs', asUser, { method: 'POST', json: { statement: 'Keeps bees on the office roof' } });
    expect(created.status).toBe(201);
    const beliefId = (created.body as Belief).id;

    expect((await scim(t, 'DELETE', `/Users/${first.body.id}`)).status).toBe(204);
    const again = await scim(t, 'POST', '/Users', { userName: 'rehired@example.com' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);

    const own = await api('/beliefs?status=all', asUser);
    expect(own.status).toBe(200);
    expect((own.body as List<Belief>).data).toEqual([]);
    expect((await api('/beliefs?q=bees', asUser)).body.data).toEqual([]);
    expect((await api(`/beliefs/${beliefId}`, asUser)).status).toBe(404);

    const events = (await api('/audit?action=scim.user.deleted', asRoot)).body as List<{ target: string; detail: { archived_as: string } }>;
    const archive = events.data.find((e) => e.target === 'rehired@example.com')!.detail.archived_as;
    expect(archive).toBe(`~deleted/${first.body.id}/rehired@example.com`);
    const archived = (await api(`/beliefs?owner=${encodeURIComponent(archive)}`, asRoot)).body as List<Belief>;
    expect(archived.data.map((b) => [b.id, b.owner])).toEqual([[beliefId, archive]]);
    const found = (await api(`/beliefs?owner=${encodeURIComponent(archive)}&q=bees`, asRoot)).body as List<Belief>;
    expect(found.data.map((b) => b.id)).toEqual([beliefId]);

    expect((await api(`/beliefs/${beliefId}?purge=1`, asRoot, { method: 'DELETE' })).status).toBe(204);
    expect(await t.sql.all('SELECT id FROM beliefs WHERE id = ?', beliefId)).toEqual([]);
  });

  it('lets an admin hand the archive to the user provisioned again, only into an empty world model', async () => {
    const me = as.user('returner@example.com');
    const first = await scim(t, 'POST', '/Users', { userName: 'returner@example.com' });
    const belief = (await api('/beliefs', me, { method: 'POST', json: { statement: 'Speaks Basque at home' } })).body as Belief;
    expect((await scim(t, 'DELETE', `/Users/${first.body.id}`)).status).toBe(204);
    expect((await scim(t, 'POST', '/Users', { userName: 'returner@example.com' })).status).toBe(201);
    const archive = `~deleted/${first.body.id}/returner@example.com`;

    expect((await api('/users/restore', me, { method: 'POST', json: { archive, user_name: 'returner@example.com' } })).status).toBe(403);
    const bad = await api('/users/restore', asRoot, { method: 'POST', json: { archive: 'returner@example.com', user_name: 'returner@example.com' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^archive: /);

    const other = as.user('busy@example.com');
    expect((await api('/beliefs', other, { method: 'POST', json: { statement: 'Already has a memory' } })).status).toBe(201);
    const busy = await api('/users/restore', asRoot, { method: 'POST', json: { archive, user_name: 'busy@example.com' } });
    expect(busy.status).toBe(409);
    expect((await api(`/beliefs?owner=${encodeURIComponent(archive)}`, asRoot)).body.data).toHaveLength(1);

    const restored = await api('/users/restore', asRoot, { method: 'POST', json: { archive, user_name: 'Returner@Example.com' } });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ user_name: 'returner@example.com', archive, beliefs: 1 });
    const mine = (await api('/beliefs?q=basque', me)).body as List<Belief>;
    expect(mine.data.map((b) => [b.id, b.owner])).toEqual([[belief.id, 'returner@example.com']]);
    const events = (await api('/audit?action=user.archive.restored', asRoot)).body as List<{ actor: string; target: string }>;
    expect(events.data).toEqual([expect.objectContaining({ actor: 'root', target: 'returner@example.com' })]);
    const again = await api('/users/restore', asRoot, { method: 'POST', json: { archive, user_name: 'returner@example.com' } });
    expect(again.status).toBe(400);
  });
});

describe.each(TARGETS)('a renamed userName on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const beliefs = async (user: string) => {
    const res = await call(t, '/admin/api/beliefs?status=all', { headers: as.user(user) });
    return ((await res.json()) as List<Belief>).data.map((b) => b.statement);
  };

  it('takes its memory along: the new name has it, the old name provisioned again starts empty', async () => {
    const created = await scim(t, 'POST', '/Users', { userName: 'maiden@example.com' });
    const write = await call(t, '/admin/api/beliefs', {
      method: 'POST',
      headers: as.user('maiden@example.com'),
      json: { statement: 'Grows tomatoes on the balcony' },
    });
    expect(write.status).toBe(201);
    const renamed = await scim(t, 'PATCH', `/Users/${created.body.id}`, { Operations: [{ op: 'replace', path: 'userName', value: 'married@example.com' }] });
    expect(renamed.status).toBe(200);
    expect(await beliefs('married@example.com')).toEqual(['Grows tomatoes on the balcony']);
    expect((await scim(t, 'POST', '/Users', { userName: 'maiden@example.com' })).status).toBe(201);
    expect(await beliefs('maiden@example.com')).toEqual([]);
  });
});
