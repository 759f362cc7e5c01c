import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as, patFor } from '../support/as.ts';
import { relevantTo } from '../support/relevant.ts';
import { exportArchive, importJson } from '../backup/helpers.ts';
import { Client } from './ws-client.ts';

/**
 * A belief learned from the user's turn is found by the words said around it (lib/world/recall/terms.ts saidWords):
 * "The user roasted marshmallows with the kids" was said of a camping trip, and "what did I do while camping?" finds it.
 */
describe('a learned belief is found by the words said around it', () => {
  let t: Target;
  const owner = 'sol@example.com';
  const said = (statement: string) =>
    t.sql
      .all<{ said_words: string }>('SELECT said_words FROM beliefs WHERE owner = ? AND statement = ?', owner, statement)
      .then((r) => JSON.parse(r[0]?.said_words ?? 'null'));

  async function learn(content: string, expected: number): Promise<void> {
    const { token } = await patFor(t, owner);
    const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    c.send({ type: 'turn', role: 'user', content });
    await c.until('ack', () => c.of('ack').length === 1, 10_000);
    c.close();
    for (let i = 0; i < 100; i++) {
      const [row] = await t.sql.all<{ n: number }>("SELECT count(*) AS n FROM beliefs WHERE owner = ? AND status = 'active'", owner);
      if (Number(row!.n) >= expected) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`fewer than ${expected} beliefs learned`);
  }

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    await learn('We went camping by the lake last weekend. I roasted marshmallows with the kids.', 2);
    await learn('I play the cello in an orchestra. My password is hunter2, lol.', 3);
  });
  afterAll(() => t?.stop());

  it('finds what was done on the trip by the trip', async () => {
    expect(await relevantTo(t, owner, 'What did I do while camping?')).toContain('The user roasted marshmallows with the kids');
    expect(await said('The user roasted marshmallows with the kids')).toEqual(['camping', 'lake', 'weekend']);
  });

  it('keeps its own words out of them, and never a sentence that holds a secret', async () => {
    expect(await said('The user roasted marshmallows with the kids')).not.toContain('marshmallows');
    expect(await said('The user plays the cello in an orchestra')).toEqual([]);
    const rows = await t.sql.all<{ search_terms: string }>('SELECT search_terms FROM beliefs WHERE owner = ?', owner);
    expect(rows.map((r) => r.search_terms).join(' ')).not.toMatch(/hunter2|password/);
  });

  it('keeps them through an edit of the statement', async () => {
    const [row] = await t.sql.all<{ id: string }>(
      'SELECT id FROM beliefs WHERE owner = ? AND statement = ?',
      owner,
      'The user roasted marshmallows with the kids',
    );
    const edited = await api(t, as.user(owner), 'PATCH', `/admin/api/beliefs/${row!.id}`, { statement: 'The user toasted marshmallows with the kids' });
    expect(edited.status).toBe(200);
    expect(await relevantTo(t, owner, 'What did I do while camping?')).toContain('The user toasted marshmallows with the kids');
  });

  it('keeps them through a backup and a restore', async () => {
    const archive = await exportArchive(t);
    const ids = await t.sql.all<{ id: string }>('SELECT id FROM beliefs WHERE owner = ?', owner);
    for (const { id } of ids) expect((await api(t, as.user(owner), 'DELETE', `/admin/api/beliefs/${id}?purge=1`)).status).toBe(204);
    expect(await relevantTo(t, owner, 'What did I do while camping?')).toEqual([]);
    const restored = await importJson(t, archive);
    expect(restored.status).toBe(200);
    expect(restored.body.result.beliefs_imported).toBe(ids.length);
    expect(await relevantTo(t, owner, 'What did I do while camping?')).toContain('The user toasted marshmallows with the kids');
    expect(await said('The user toasted marshmallows with the kids')).toEqual(expect.arrayContaining(['camping']));
  });
});
