import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { api, as, type Caller } from '../support/as.ts';

const alice = as.user('alice@example.com');
const bob = as.user('bob@example.com');
const boss = as.user('boss@example.com');

describe.each(TARGETS)('beliefs admin API on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const create = (who: Caller, body: Record<string, unknown>) => api(t, who, 'POST', '/admin/api/beliefs', body);

  it('supersedes by key, reinforces the same statement, and keeps the whole chain', async () => {
    const berlin = await create(alice, { statement: 'The user lives in Berlin', key: 'user.location' });
    expect(berlin.status).toBe(201);
    expect(berlin.body).toMatchObject({
      owner: 'alice@example.com',
      type: 'fact',
      key: 'user.location',
      status: 'active',
      pinned: false,
      reinforced_count: 0,
      source: { kind: 'manual' },
    });

    const again = await create(alice, { statement: 'the user lives in Berlin.', key: 'user.location' });
    expect(again.body.id).toBe(berlin.body.id);
    expect(again.body.reinforced_count).toBe(1);

    const paris = await create(alice, { statement: 'The user lives in Paris', key: 'user.location' });
    expect(paris.body.id).not.toBe(berlin.body.id);
    const rome = await create(alice, { statement: 'The user lives in Rome', key: 'user.location' });

    const old = await api(t, alice, 'GET', `/admin/api/beliefs/${berlin.body.id}`);
    expect(old.body).toMatchObject({ status: 'superseded', superseded_by: paris.body.id });
    expect(old.body.history.map((h: { event: string }) => h.event)).toEqual(['created', 'reinforced', 'superseded']);
    expect(old.body.chain.map((b: { id: string }) => b.id)).toEqual([berlin.body.id, paris.body.id, rome.body.id]);

    const active = await api(t, alice, 'GET', '/admin/api/beliefs?status=active');
    expect(active.body.data.filter((b: { key: string }) => b.key === 'user.location').map((b: { statement: string }) => b.statement)).toEqual([
      'The user lives in Rome',
    ]);
    const superseded = await api(t, alice, 'GET', '/admin/api/beliefs?status=superseded');
    expect(superseded.body.data.map((b: { id: string }) => b.id).sort()).toEqual([berlin.body.id, paris.body.id].sort());
  });

  it('de-duplicates unkeyed statements by normalised text', async () => {
    const a = await create(alice, { statement: 'Likes green tea', type: 'preference' });
    const b = await create(alice, { statement: '  likes GREEN tea! ', type: 'preference' });
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.reinforced_count).toBe(1);
    const rows = await t.sql.all(`SELECT id FROM beliefs WHERE owner = ? AND norm_statement = ?`, 'alice@example.com', 'likes green tea');
    expect(rows).toHaveLength(1);
  });

  it('edits, pins, removes (kept as superseded) and purges for its owner (API.md §4)', async () => {
    const b = await create(alice, { statement: 'Uses vim', type: 'preference' });
    const edited = await api(t, alice, 'PATCH', `/admin/api/beliefs/${b.body.id}`, { statement: 'Uses neovim', pinned: true, scope: 'domain:coding' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ statement: 'Uses neovim', pinned: true, scope: 'domain:coding' });
    const removed = await api(t, alice, 'DELETE', `/admin/api/beliefs/${b.body.id}`);
    expect(removed.status).toBe(204);
    const after = await api(t, alice, 'GET', `/admin/api/beliefs/${b.body.id}`);
    expect(after.body.status).toBe('superseded');
    expect(after.body.history.map((h: { event: string }) => h.event)).toEqual(['created', 'edited', 'pinned', 'superseded']);

    expect((await api(t, bob, 'DELETE', `/admin/api/beliefs/${b.body.id}?purge=1`)).status).toBe(404);
    expect((await api(t, alice, 'DELETE', `/admin/api/beliefs/${b.body.id}?purge=1`)).status).toBe(204);
    expect((await api(t, alice, 'GET', `/admin/api/beliefs/${b.body.id}`)).status).toBe(404);
    expect(await t.sql.all('SELECT id FROM belief_history WHERE belief_id = ?', b.body.id)).toEqual([]);
    const audit = await t.sql.all<{ actor: string }>(`SELECT actor FROM audit_events WHERE action = 'belief.purged' AND target = ?`, b.body.id);
    expect(audit).toEqual([expect.objectContaining({ actor: 'alice@example.com' })]);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const before = await t.sql.all('SELECT id FROM beliefs');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'statement'],
      [{ statement: '' }, 'statement'],
      [{ statement: 'x', type: 'opinion' }, 'type'],
      [{ statement: 'x', scope: 'everywhere' }, 'scope'],
      [{ statement: 'x', confidence: 2 }, 'confidence'],
      [{ statement: 'x', key: 'Not A Key' }, 'key'],
      [{ statement: 'x', pinned: 'yes' }, 'pinned'],
    ];
    for (const [body, field] of cases) {
      const res = await create(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    const patch = await api(t, alice, 'PATCH', `/admin/api/beliefs/${(await create(alice, { statement: 'Owns a bike' })).body.id}`, { type: 'nope' });
    expect(patch.status).toBe(400);
    expect((await api(t, alice, 'GET', '/admin/api/beliefs?status=bogus')).status).toBe(400);
    expect((await api(t, alice, 'GET', '/admin/api/beliefs?cursor=garbage')).status).toBe(400);
    expect((await t.sql.all('SELECT id FROM beliefs')).length).toBe(before.length + 1);
  });

  it("never shows one user another's beliefs; admins may pass owner=", async () => {
    const secret = await create(alice, { statement: 'Alice keeps a secret diary', key: 'user.home' });
    await create(bob, { statement: 'Bob plays the cello', key: 'user.occupation' });

    const bobs = await api(t, bob, 'GET', '/admin/api/beliefs?status=all');
    expect(bobs.body.data.map((b: { owner: string }) => b.owner)).toEqual(['bob@example.com']);
    expect((await api(t, bob, 'GET', '/admin/api/beliefs?q=diary&status=all')).body.data).toEqual([]);
    expect((await api(t, bob, 'GET', `/admin/api/beliefs/${secret.body.id}`)).status).toBe(404);
    expect((await api(t, bob, 'PATCH', `/admin/api/beliefs/${secret.body.id}`, { statement: 'hacked' })).status).toBe(404);
    expect((await api(t, bob, 'DELETE', `/admin/api/beliefs/${secret.body.id}`)).status).toBe(404);
    expect((await api(t, bob, 'GET', '/admin/api/beliefs?owner=alice@example.com')).status).toBe(403);
    expect((await api(t, bob, 'GET', '/admin/api/persona?owner=alice@example.com')).status).toBe(403);
    expect((await api(t, bob, 'POST', '/admin/api/beliefs', { statement: 'planted', owner: 'alice@example.com' })).status).toBe(403);

    const persona = await api(t, bob, 'GET', '/admin/api/persona');
    expect(persona.body.owner).toBe('bob@example.com');
    expect(persona.body.persona).toContain('cello');
    expect(persona.body.persona).not.toContain('diary');

    const asAdmin = await api(t, boss, 'GET', '/admin/api/beliefs?owner=alice@example.com&q=diary');
    expect(asAdmin.body.data.map((b: { id: string }) => b.id)).toEqual([secret.body.id]);
    const rootView = await api(t, as.root(), 'GET', '/admin/api/persona?owner=alice@example.com');
    expect(rootView.body.persona).toContain('diary');
  });

  it('caches the persona until the beliefs change', async () => {
    const carol = as.user('carol@example.com');
    const empty = await api(t, carol, 'GET', '/admin/api/persona');
    expect(empty.body).toMatchObject({ owner: 'carol@example.com', persona: '', belief_count: 0 });
    await create(carol, { statement: 'The user is a pilot', key: 'user.occupation' });
    const first = await api(t, carol, 'GET', '/admin/api/persona');
    expect(first.body).toMatchObject({ belief_count: 1 });
    expect(first.body.persona).toContain('pilot');
    const second = await api(t, carol, 'GET', '/admin/api/persona');
    expect(second.body.built_at).toBe(first.body.built_at);
    await create(carol, { statement: 'The user is a surgeon', key: 'user.occupation' });
    const third = await api(t, carol, 'GET', '/admin/api/persona');
    expect(third.body.persona).toContain('surgeon');
    expect(third.body.persona).not.toContain('pilot');
  });

  it('pages with cursors, no row twice and none lost', async () => {
    const dave = as.user('dave@example.com');
    for (let i = 0; i < 5; i++) await create(dave, { statement: `Dave fact number ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res: { body: { data: { id: string }[]; next_cursor: string | null } } = await api(
        t,
        dave,
        'GET',
        `/admin/api/beliefs?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.data.map((b) => b.id));
      cursor = res.body.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('compacts near-duplicates and folds chains, keeping every belief, for admins only', async () => {
    const erin = as.user('erin@example.com');
    const keep = await create(erin, { statement: 'The user drinks green tea', type: 'preference' });
    await create(erin, { statement: 'The user drinks green tea', type: 'preference' });
    const dup = await create(erin, { statement: 'green tea: the user drinks', type: 'preference' });
    for (const city of ['Oslo', 'Bergen', 'Tromsø', 'Bodø']) await create(erin, { statement: `The user lives in ${city}`, key: 'user.location' });
    expect((await api(t, erin, 'POST', '/admin/api/compaction', {})).status).toBe(403);

    const run = await api(t, boss, 'POST', '/admin/api/compaction', { owner: 'erin@example.com' });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ owner: 'erin@example.com', before_count: 3, after_count: 2 });
    expect(run.body.merged.groups).toEqual([{ kept: keep.body.id, merged: [dup.body.id] }]);
    expect(run.body.merged.folded).toBe(1);

    const all = await api(t, boss, 'GET', '/admin/api/beliefs?owner=erin@example.com&status=all');
    expect(all.body.data).toHaveLength(6);
    const merged = all.body.data.find((b: { id: string }) => b.id === dup.body.id);
    expect(merged).toMatchObject({ status: 'superseded', superseded_by: keep.body.id });
    const head = all.body.data.find((b: { status: string; key: string }) => b.status === 'active' && b.key === 'user.location');
    const chain = await api(t, boss, 'GET', `/admin/api/beliefs/${head.id}`);
    expect(chain.body.chain.map((b: { statement: string }) => b.statement)).toEqual(['Oslo', 'Bergen', 'Tromsø', 'Bodø'].map((c) => `The user lives in ${c}`));

    const history = await api(t, boss, 'GET', '/admin/api/compaction/history');
    expect(history.status).toBe(200);
    expect(history.body.data[0]).toMatchObject({ id: run.body.id, owner: 'erin@example.com', before_count: 3, after_count: 2 });
    expect((await api(t, erin, 'GET', '/admin/api/compaction/history')).status).toBe(403);
  });
});
