import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../lib/services.ts';
import { buildContext } from '../../lib/world/recall/context.ts';
import { refreshPersona } from '../../lib/world/recall/persona.ts';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

/**
 * The persona tier is left out of a question about someone else and not about the user ("what did
 * Femke cook", "where is she moving"), but for how the user wants to be answered and what the
 * question reaches of it; a question of the user's own keeps it whole.
 */
describe('the persona on a question about someone else (node)', () => {
  let t: Target;
  let deps: AppDeps;
  const owner = 'ines@example.com';

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    deps = t.node!.deps;
    const held = [
      { statement: "The user's name is Ines", key: 'user.name' },
      { statement: 'The user is allergic to shellfish', key: 'user.allergy.shellfish' },
      { statement: 'The user is vegetarian', key: 'user.diet' },
      { statement: 'The user lives in Ghent', key: 'user.location' },
      { statement: 'The user prefers short answers', type: 'preference' },
      { statement: "The user's colleague Femke bakes sourdough every weekend" },
    ];
    for (const belief of held) expect((await api(t, as.user(owner), 'POST', '/admin/api/beliefs', belief)).status).toBe(201);
    await refreshPersona(deps, owner);
  });
  afterAll(() => t?.stop());

  const persona = async (ask: string) => (await buildContext(deps, owner, { userTurns: [ask], scope: [] }, 20)).tiers?.persona ?? '';

  it.each(['Would Femke enjoy a pottery class?', 'Where is she moving to next year?', 'What did Femke cook for the party?'])(
    '%s: only how to answer',
    async (ask) => {
      const text = await persona(ask);
      expect(text).toMatch(/short answers/);
      expect(text).not.toMatch(/shellfish|vegetarian|Ghent|Ines/);
    },
  );

  it.each(['Would a pottery class suit me?', 'Recommend a restaurant for Friday night.', 'What should Femke and I cook tonight?'])(
    '%s: the whole persona',
    async (ask) => {
      expect(await persona(ask)).toMatch(/shellfish[\s\S]*vegetarian|vegetarian[\s\S]*shellfish/);
    },
  );
});
