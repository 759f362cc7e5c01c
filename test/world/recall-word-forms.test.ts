import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';
import { relevantTo } from '../support/relevant.ts';

/**
 * A word in another form than the belief's, through chat's recall: an irregular verb's forms are one word
 * (lib/world/recall/forms.ts), and a closed compound finds the belief that writes it open (lib/world/recall/lookup.ts).
 */
describe('recall of a word in another form', () => {
  let t: Target;
  const owner = 'tomasz@example.com';

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    for (const body of [
      { statement: 'The user bought a second-hand road bike' },
      { statement: 'The user met Ines at a climbing gym' },
      { statement: 'The user felt proud after the first half marathon' },
      { statement: 'The user took a road trip along the Atlantic coast' },
      { statement: 'The user fixed the road bike trip computer' },
      { statement: 'The user lives near the city center' },
      { statement: 'The user fixed the printer at work' },
      { statement: 'The user knits' },
    ])
      expect((await api(t, as.user(owner), 'POST', '/admin/api/beliefs', body)).status).toBe(201);
  });
  afterAll(() => t?.stop());

  const relevant = (question: string) => relevantTo(t, owner, question);

  it('finds the past form for a question in the base form', async () => {
    expect(await relevant('Where did I buy it from?')).toEqual(['The user bought a second-hand road bike']);
    expect(await relevant('Where did I meet my climbing partner?')).toEqual(['The user met Ines at a climbing gym']);
    expect(await relevant('How did I feel after the race?')).toEqual(['The user felt proud after the first half marathon']);
  });

  it('finds a closed compound written open, in one belief', async () => {
    expect(await relevant('Which coast did my roadtrip follow?')).toEqual(['The user took a road trip along the Atlantic coast']);
    expect(await relevant('Any roadtrips this year?')).toEqual(expect.arrayContaining(['The user took a road trip along the Atlantic coast']));
  });
});
