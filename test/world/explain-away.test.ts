import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../../lib/world/recall/context.ts';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

/** Which of two beliefs holding the same query words explains the other away (lib/world/recall/relevance.ts), through chat's recall. */
describe('explaining away beliefs that hold the same words', () => {
  let t: Target;
  const owner = 'pia@example.com';

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    for (const body of [
      { statement: 'The user likes pottery', key: 'user.likes.pottery' },
      { statement: 'The user signed up for a pottery class last spring' },
      { statement: 'The user ran a workshop on testing at work' },
    ])
      expect((await api(t, as.user(owner), 'POST', '/admin/api/beliefs', body)).status).toBe(201);
  });
  afterAll(() => t?.stop());

  const relevant = async (text: string) => {
    const statements = new Map(
      (await t.sql.all<{ id: string; statement: string }>('SELECT id, statement FROM beliefs WHERE owner = ?', owner)).map((r) => [r.id, r.statement]),
    );
    const ctx = await buildContext(t.node!.deps, owner, { userTurns: [text], scope: [] }, 20);
    return (ctx.tiers?.relevant ?? []).map((id) => statements.get(id));
  };

  it('keeps a sibling with the same words beside the belief the query names by its key’s value', async () => {
    const found = await relevant('When did I go to the pottery workshop?');
    expect(found).toContain('The user likes pottery');
    expect(found).toContain('The user signed up for a pottery class last spring');
  });
});
