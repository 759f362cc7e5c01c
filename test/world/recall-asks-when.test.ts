import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';
import { relevantTo } from '../support/relevant.ts';

/** A question that asks when (lib/world/recall/period.ts asksWhen) is answered by a belief that carries a date, through chat's recall. */
describe('a question that asks when', () => {
  let t: Target;
  const owner = 'noor@example.com';

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    for (const body of [
      { statement: 'The user had a check-up at the dentist', event_at: '2026-02-03' },
      { statement: 'The user’s dentist is Dr. Okafor' },
      { statement: 'The user is scared of the dentist' },
      { statement: 'The user bought a new bike' },
      { statement: 'The user lives near the city center' },
      { statement: 'The user fixed the printer at work' },
      { statement: 'The user volunteers at the food bank' },
      { statement: 'The user knits' },
      { statement: 'The user renewed their passport on 3 March 2025' },
      { statement: 'The user keeps the passport in the desk drawer' },
      { statement: 'The user lost a passport photo once' },
    ])
      expect((await api(t, as.user(owner), 'POST', '/admin/api/beliefs', body)).status).toBe(201);
  });
  afterAll(() => t?.stop());

  const relevant = (question: string) => relevantTo(t, owner, question);

  it('brings the dated belief, not the undated ones that only share its words', async () => {
    expect(await relevant('When did I last go to the dentist?')).toEqual(['The user had a check-up at the dentist']);
  });

  it('takes a date the statement states for one, without an event_at', async () => {
    expect(await t.sql.all('SELECT event_at FROM beliefs WHERE owner = ? AND statement LIKE ?', owner, '%3 March 2025%')).toEqual([{ event_at: null }]);
    expect(await relevant('When did I deal with my passport?')).toEqual(['The user renewed their passport on 3 March 2025']);
  });

  it('weighs the same beliefs by their words alone when the question does not ask when', async () => {
    expect(await relevant('What do I know about my dentist?')).toEqual(
      expect.arrayContaining(['The user had a check-up at the dentist', 'The user’s dentist is Dr. Okafor']),
    );
  });
});
