import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../lib/services.ts';
import { buildContext } from '../../lib/world/recall/context.ts';
import { startTarget, teamsEnv, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

/**
 * A question that asks for one of the user's kinds of fact in a roundabout way (the kind's word
 * before a question mark, before a clause of the user's, after "the") reaches the beliefs of that
 * kind, and a belief kept under no catalogue key is of a kind when its statement says the kind's
 * own name ("allergic" for an allergy). Beliefs written as the built-in extractor writes them.
 */
describe('questions that ask for a kind of fact in passing (node)', () => {
  let t: Target;
  let deps: AppDeps;
  const noor = 'noor@example.com';

  beforeAll(async () => {
    t = await startTarget('node', teamsEnv());
    deps = t.node!.deps;
    const held = [
      { statement: "The user's name is Noor", key: 'user.name' },
      { statement: 'The user lives in Rotterdam', key: 'user.location' },
      { statement: 'The user works at Van Oord', key: 'user.employer' },
      { statement: 'The user is a project engineer', key: 'user.occupation' },
      { statement: "The user's manager is Femke", key: 'user.manager' },
      { statement: 'The user has a tabby called Mosterd', key: 'user.pet.mosterd' },
      { statement: 'The user has a rabbit called Kees', key: 'user.pet.kees' },
      { statement: 'The user is modelling scour around the new quay walls', key: 'user.project.quay_scour' },
      { statement: 'The user uses DuckDB for the tide gauge data', key: 'user.tool.duckdb' },
      { statement: 'The user plays korfball on Sundays', key: 'user.hobby.korfball' },
      { statement: 'The user learned the hard way they are allergic to hazelnuts' },
      { statement: "The user's brother keeps bees near Gouda", key: 'user.family.brother' },
      { statement: 'The user booked a cottage on Texel for Pentecost', key: 'user.book.pentecost' },
    ];
    for (const belief of held) expect((await api(t, as.user(noor), 'POST', '/admin/api/beliefs', belief)).status).toBe(201);
  });
  afterAll(() => t?.stop());

  const injected = async (ask: string) => (await buildContext(deps, noor, { userTurns: [ask], scope: [] }, 20)).block ?? '';

  it('reads a kind word that ends its phrase at a question mark as asked for', async () => {
    const block = await injected('How can I speed up our database? Reports over a year of readings take minutes');
    expect(block).toContain('DuckDB');
  });

  it('reads a kind word followed by a clause of the user as theirs', async () => {
    // Beside another kind asked for (the boss), a project found by its word alone would not come.
    const block = await injected('Email my boss a summary of the project I am stuck on');
    expect(block).toContain('Femke');
    expect(block).toContain('quay walls');
  });

  it('reads a kind word after "my" that an -ing word follows as the one asked for', async () => {
    expect(await injected('Message my lead explaining why the survey slipped')).toContain('Femke');
  });

  it('reads "the" kind word in the user’s own request as theirs, and not in a general question', async () => {
    expect(await injected("I'm away in Lisbon for a week in May, who could look after the animals?")).toMatch(/Mosterd[\s\S]*Kees|Kees[\s\S]*Mosterd/);
    expect(await injected('Do the animals in a zoo get bored?')).not.toMatch(/Mosterd|Kees/);
  });

  it('counts a long request’s own words, not the key words looked up for the kinds it names, against a belief holding one', async () => {
    expect(await injected('What to pack for our Pentecost trip with the kids? No clue about weather')).toContain('Texel');
  });

  it('finds a belief kept under no key by the name of the kind a question needs', async () => {
    const block = await injected('Ideas for a quick breakfast I can grab before an early start?');
    expect(block).toContain('hazelnuts');
    expect(block).not.toContain('bees');
    // Only when the question is the user's: a general one reaches the kind by its keys alone.
    expect(await injected('Which breakfast cereals keep children full longest?')).not.toContain('hazelnuts');
  });
});
