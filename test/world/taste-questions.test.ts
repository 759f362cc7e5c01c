import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../lib/services.ts';
import { buildContext } from '../../lib/world/recall/context.ts';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

/**
 * A question that needs a drink without naming one ("what should I pour for myself") reaches what
 * the user drinks through the catalogue's needs; "what should I watch" reaches the shows they
 * follow. Beliefs written as the built-in extractor writes them.
 */
describe('questions about what the user drinks and watches (node)', () => {
  let t: Target;
  let deps: AppDeps;
  const jo = 'jo@example.com';

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    deps = t.node!.deps;
    const held = [
      { statement: 'The user lives in Madison', key: 'user.location' },
      { statement: 'The user is an executive chef', key: 'user.occupation' },
      { statement: 'The user drinks mezcal', key: 'user.drink.mezcal' },
      { statement: 'The user restores old motorcycles', key: 'user.hobby.motorcycles' },
      { statement: 'The user watches Gunsmoke reruns', key: 'user.watch.gunsmoke' },
    ];
    for (const belief of held) expect((await api(t, as.user(jo), 'POST', '/admin/api/beliefs', belief)).status).toBe(201);
  });
  afterAll(() => t?.stop());

  const injected = async (ask: string) => (await buildContext(deps, jo, { userTurns: [ask], scope: [] }, 20)).block ?? '';

  it('reaches what the user drinks from a question about what to pour', async () => {
    expect(await injected("I'm hosting friends Saturday. What should I pour for myself?")).toContain('mezcal');
  });

  it('reaches the shows the user watches from "what should I watch"', async () => {
    expect(await injected('Feeling lazy, what should I watch tonight?')).toContain('Gunsmoke');
  });

  it('leaves them out of a question about something else', async () => {
    expect(await injected('Which spark plugs suit an old Triumph?')).not.toMatch(/mezcal|Gunsmoke/);
  });
});
