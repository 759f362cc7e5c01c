import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../../lib/world/recall/context.ts';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

/** Which of two beliefs holding a query's words explains the other away or pads it (lib/world/recall/relevance.ts), through chat's recall. */
describe('explaining away beliefs that hold the same words', () => {
  let t: Target;
  const beliefs: Record<string, Record<string, unknown>[]> = {
    'pia@example.com': [
      { statement: 'The user likes pottery', key: 'user.likes.pottery' },
      { statement: 'The user signed up for a pottery class last spring' },
      { statement: 'The user ran a workshop on testing at work' },
    ],
    'max@example.com': [
      { statement: 'The user likes pottery and weekend workshops', key: 'user.likes.pottery' },
      { statement: 'The user signed up for a pottery class' },
      { statement: 'The user ran a workshop on testing at work' },
      { statement: 'The user went to a workshop about bread' },
      { statement: 'The user met Ana at the gym' },
    ],
  };

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    for (const [owner, bodies] of Object.entries(beliefs))
      for (const body of bodies) expect((await api(t, as.user(owner), 'POST', '/admin/api/beliefs', body)).status).toBe(201);
  });
  afterAll(() => t?.stop());

  const relevant = async (owner: string, text: string) => {
    const statements = new Map(
      (await t.sql.all<{ id: string; statement: string }>('SELECT id, statement FROM beliefs WHERE owner = ?', owner)).map((r) => [r.id, r.statement]),
    );
    const ctx = await buildContext(t.node!.deps, owner, { userTurns: [text], scope: [] }, 20);
    return (ctx.tiers?.relevant ?? []).map((id) => statements.get(id));
  };

  it('keeps a sibling with the same words beside the belief the query names by its key’s value', async () => {
    const found = await relevant('pia@example.com', 'When did I go to the pottery workshop?');
    expect(found).toContain('The user likes pottery');
    expect(found).toContain('The user signed up for a pottery class last spring');
  });

  it('weighs a belief holding more of the query without the weight of its name against one holding less', async () => {
    const found = await relevant('max@example.com', 'When did I go to the pottery workshop with Ana?');
    expect(found).toContain('The user likes pottery and weekend workshops');
    expect(found).toContain('The user signed up for a pottery class');
  });

  it('judges what pads a belief holding the whole query without the weight of its name', async () => {
    const found = await relevant('max@example.com', 'What happened at my pottery workshop?');
    expect(found).toContain('The user likes pottery and weekend workshops');
    expect(found).toContain('The user signed up for a pottery class');
    expect(found).not.toContain('The user ran a workshop on testing at work');
  });
});
