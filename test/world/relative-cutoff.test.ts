import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../../lib/world/recall/context.ts';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

/** The relative cutoff (lib/world/recall/relevance.ts) beside the beliefs of a kind a question names, through chat's recall. */
describe('the relative cutoff beside a kind asked for', () => {
  let t: Target;
  const owner = 'ines@example.com';

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    for (const body of [
      { statement: 'The user knits', key: 'user.hobby.knitting' },
      { statement: 'The user paints', key: 'user.hobby.painting' },
      { statement: 'The user has a cat named Tom', key: 'user.pet.tom' },
      { statement: 'The user signed up for a weekly evening pottery course at the community center near the old train station' },
      { statement: 'The user volunteers at the food bank' },
      { statement: 'The user bought a new bike' },
      { statement: 'The user lives near the city center' },
      { statement: 'The user fixed the printer at work' },
    ])
      expect((await api(t, as.user(owner), 'POST', '/admin/api/beliefs', body)).status).toBe(201);
  });
  afterAll(() => t?.stop());

  it('weighs a belief found by its words against the best found by words, not against the kind’s', async () => {
    const statements = new Map(
      (await t.sql.all<{ id: string; statement: string }>('SELECT id, statement FROM beliefs WHERE owner = ?', owner)).map((r) => [r.id, r.statement]),
    );
    const ctx = await buildContext(t.node!.deps, owner, { userTurns: ['What hobbies did I pick up at the community center?'], scope: [] }, 20);
    const relevant = (ctx.tiers?.relevant ?? []).map((id) => statements.get(id));
    expect(relevant).toEqual(expect.arrayContaining(['The user knits', 'The user paints']));
    expect(relevant).toContain('The user signed up for a weekly evening pottery course at the community center near the old train station');
    expect(relevant).not.toContain('The user has a cat named Tom');
  });
});
