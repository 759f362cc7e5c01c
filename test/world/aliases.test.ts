import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { api, as, type Caller } from '../support/as.ts';

const alice = as.user('alice@example.com');
const bob = as.user('bob@example.com');

describe.each(TARGETS)('belief aliases and participants on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const create = (who: Caller, body: Record<string, unknown>) => api(t, who, 'POST', '/admin/api/beliefs', body);
  const search = async (who: Caller, q: string) =>
    (await api(t, who, 'GET', `/admin/api/beliefs?q=${encodeURIComponent(q)}`)).body.data.map((b: { id: string }) => b.id);

  it('stores aliases on create, returns them everywhere and finds the belief by them', async () => {
    const pg = await create(alice, { statement: 'The team runs PostgreSQL 16', aliases: ['pg', 'postgres', 'pg'] });
    expect(pg.status).toBe(201);
    expect(pg.body).toMatchObject({ aliases: ['pg', 'postgres'], participants: [], type: 'fact' });
    const got = await api(t, alice, 'GET', `/admin/api/beliefs/${pg.body.id}`);
    expect(got.body.aliases).toEqual(['pg', 'postgres']);
    const listed = (await api(t, alice, 'GET', '/admin/api/beliefs')).body.data.find((b: { id: string }) => b.id === pg.body.id);
    expect(listed.aliases).toEqual(['pg', 'postgres']);
    expect(await search(alice, 'pg')).toContain(pg.body.id);
  });

  it('edits aliases through PATCH: history records from/to and search follows the new names', async () => {
    const diet = await create(alice, { statement: 'The user eats no meat', aliases: ['veggie'] });
    expect(await search(alice, 'veggie')).toContain(diet.body.id);
    const edited = await api(t, alice, 'PATCH', `/admin/api/beliefs/${diet.body.id}`, { aliases: ['diet', 'vegetarian'] });
    expect(edited.status).toBe(200);
    expect(edited.body.aliases).toEqual(['diet', 'vegetarian']);
    expect(await search(alice, 'vegetarian')).toContain(diet.body.id);
    expect(await search(alice, 'veggie')).not.toContain(diet.body.id);
    const detail = await api(t, alice, 'GET', `/admin/api/beliefs/${diet.body.id}`);
    const edit = detail.body.history.find((h: { event: string }) => h.event === 'edited');
    expect(edit.detail).toEqual({ aliases: { from: ['veggie'], to: ['diet', 'vegetarian'] } });
    const [row] = await t.sql.all<{ aliases: string }>('SELECT aliases FROM beliefs WHERE id = ?', diet.body.id);
    expect(JSON.parse(row!.aliases)).toEqual(['diet', 'vegetarian']);
  });

  it('links a relation to the owner’s own beliefs, as a list of ids', async () => {
    const sam = await create(alice, { statement: 'Sam is a colleague', type: 'entity' });
    const acme = await create(alice, { statement: 'Acme is a company', type: 'entity' });
    const rel = await create(alice, { statement: 'Sam works at Acme', participants: [sam.body.id, acme.body.id] });
    expect(rel.status).toBe(201);
    expect(rel.body).toMatchObject({ type: 'relation', participants: [sam.body.id, acme.body.id] });
    const patched = await api(t, alice, 'PATCH', `/admin/api/beliefs/${rel.body.id}`, { participants: [acme.body.id] });
    expect(patched.status).toBe(200);
    expect(patched.body.participants).toEqual([acme.body.id]);
    const got = await api(t, alice, 'GET', `/admin/api/beliefs/${rel.body.id}`);
    expect(got.body.participants).toEqual([acme.body.id]);
    expect(got.body.history.at(-1)).toMatchObject({ event: 'edited', detail: { participants: { from: [sam.body.id, acme.body.id], to: [acme.body.id] } } });
  });

  it('refuses bad aliases and participants with a 400 naming the field, and changes nothing', async () => {
    const own = await create(alice, { statement: 'The user likes jazz' });
    const theirs = await create(bob, { statement: 'Bob likes rock' });
    const before = await t.sql.all('SELECT * FROM beliefs ORDER BY id');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ statement: 'x', aliases: Array.from({ length: 21 }, (_, i) => `a${i}`) }, 'aliases'],
      [{ statement: 'x', aliases: ['a'.repeat(101)] }, 'aliases'],
      [{ statement: 'x', aliases: [''] }, 'aliases'],
      [{ statement: 'x', aliases: 'pg' }, 'aliases'],
      [{ statement: 'x', aliases: [3] }, 'aliases'],
      [{ statement: 'x', participants: Array.from({ length: 9 }, () => own.body.id) }, 'participants'],
      [{ statement: 'x', participants: [theirs.body.id] }, 'participants'],
      [{ statement: 'x', participants: ['no-such-belief'] }, 'participants'],
      [{ statement: 'x', type: 'fact', participants: [own.body.id] }, 'participants'],
    ];
    for (const [body, field] of cases) {
      const res = await create(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(new RegExp(`^${field}\\b`));
    }
    const rel = await create(alice, { statement: 'Jazz goes with evenings', participants: [own.body.id] });
    const snapshot = await t.sql.all('SELECT * FROM beliefs ORDER BY id');
    const patches: Array<[string, Record<string, unknown>, string]> = [
      [own.body.id, { aliases: ['b'.repeat(101)] }, 'aliases'],
      [rel.body.id, { participants: [theirs.body.id] }, 'participants'],
      [rel.body.id, { participants: [rel.body.id] }, 'participants'],
      [rel.body.id, { type: 'fact' }, 'participants'],
    ];
    for (const [id, body, field] of patches) {
      const res = await api(t, alice, 'PATCH', `/admin/api/beliefs/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(new RegExp(`^${field}\\b`));
    }
    expect(await t.sql.all('SELECT * FROM beliefs ORDER BY id')).toEqual(snapshot);
    expect(before.length + 1).toBe(snapshot.length);
  });

  it('lets an admin link participants among another owner’s beliefs, never across owners', async () => {
    const a = await create(as.root(), { statement: 'Bob knows Kim', owner: 'bob@example.com', type: 'entity' });
    const rel = await create(as.root(), { statement: 'Bob mentors Kim', owner: 'bob@example.com', participants: [a.body.id] });
    expect(rel.status).toBe(201);
    expect(rel.body.owner).toBe('bob@example.com');
    const own = await create(alice, { statement: 'Alice owns this' });
    const cross = await create(as.root(), { statement: 'Bob mentors Alice', owner: 'bob@example.com', participants: [own.body.id] });
    expect(cross.status).toBe(400);
  });
});
