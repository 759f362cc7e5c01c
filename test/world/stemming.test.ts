import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../../lib/world/recall/context.ts';
import { startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

/** Recall runs in process, so the in-process targets: SQLite's FTS5 porter index and PostgreSQL's porter dictionary. */
describe.each(TARGETS.filter((k) => k === 'node' || k === 'node-pg'))('stemming under the owner prefix on %s', (kind) => {
  let t: Target;
  const owner = 'tess@example.com';

  beforeAll(async () => {
    t = await startTarget(kind, teamsEnv());
    for (const statement of ['The user spends time with family', 'The user orders the same coffee every day', 'The user runs every morning'])
      expect((await api(t, as.user(owner), 'POST', '/admin/api/beliefs', { statement })).status).toBe(201);
  });
  afterAll(() => t?.stop());

  const relevant = async (text: string) => {
    const statements = new Map(
      (await t.sql.all<{ id: string; statement: string }>('SELECT id, statement FROM beliefs WHERE owner = ?', owner)).map((r) => [r.id, r.statement]),
    );
    const ctx = await buildContext(t.node!.deps, owner, { userTurns: [text], scope: [] }, 20);
    return (ctx.tiers?.relevant ?? []).map((id) => statements.get(id));
  };

  it('stems each word as the word itself: a name is not the stem of a longer word', async () => {
    expect(await relevant('What did Tim say about the trip?')).toEqual([]);
    expect(await relevant('Where does Sam live?')).toEqual([]);
  });

  it('still meets a word’s forms', async () => {
    expect(await relevant('Have I been running lately?')).toEqual(['The user runs every morning']);
    expect(await relevant('How much time do I get with my families?')).toEqual(['The user spends time with family']);
  });
});
