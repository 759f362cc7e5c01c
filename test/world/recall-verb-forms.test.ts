import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContext } from '../../lib/world/recall/context.ts';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

/** An irregular verb's forms are one word to recall (lib/world/recall/forms.ts): a question in the base form finds the belief in the past, through chat's recall. */
describe('recall of an irregular verb', () => {
  let t: Target;
  const owner = 'tomasz@example.com';

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    for (const body of [
      { statement: 'The user bought a second-hand road bike' },
      { statement: 'The user met Ines at a climbing gym' },
      { statement: 'The user felt proud after the first half marathon' },
      { statement: 'The user lives near the city center' },
      { statement: 'The user fixed the printer at work' },
      { statement: 'The user knits' },
    ])
      expect((await api(t, as.user(owner), 'POST', '/admin/api/beliefs', body)).status).toBe(201);
  });
  afterAll(() => t?.stop());

  const relevant = async (question: string) => {
    const statements = new Map(
      (await t.sql.all<{ id: string; statement: string }>('SELECT id, statement FROM beliefs WHERE owner = ?', owner)).map((r) => [r.id, r.statement]),
    );
    const ctx = await buildContext(t.node!.deps, owner, { userTurns: [question], scope: [] }, 20);
    return (ctx.tiers?.relevant ?? []).map((id) => statements.get(id));
  };

  it('finds the past form for a question in the base form', async () => {
    expect(await relevant('Where did I buy it from?')).toEqual(['The user bought a second-hand road bike']);
    expect(await relevant('Where did I meet my climbing partner?')).toEqual(['The user met Ines at a climbing gym']);
    expect(await relevant('How did I feel after the race?')).toEqual(['The user felt proud after the first half marathon']);
  });
});
