import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger } from './extract/tagger.ts';
import { extractBeliefs } from './extractor.ts';
import { OPENING_CASES } from './opening-facts.cases.ts';

beforeAll(loadTagger);

const AT = '2026-03-02T10:00:00Z';
const keyFits = (key: string | null | undefined, wanted: string) => (wanted.endsWith('.') ? !!key?.startsWith(wanted) : key === wanted);

describe('opening facts said the way people type them are learned under their kind’s key', () => {
  it.each(OPENING_CASES.map((c) => [c.say, c] as const))('%s', (_, { say, learn }) => {
    const beliefs = extractBeliefs([{ role: 'user', content: say, at: AT }]).beliefs;
    const missing = learn.filter(([key, statement]) => !beliefs.some((b) => keyFits(b.key, key) && statement.test(b.statement)));
    expect({ missing: missing.map(([k, re]) => `${k} ${re}`), got: beliefs.map((b) => `${b.key}: ${b.statement}`) }).toMatchObject({ missing: [] });
  });
});

describe('what the readers of opening facts must not learn', () => {
  it.each([
    // A list handed over as someone else's material.
    "Here's my sister's profile:\n- lives in Glasgow\n- nurse",
    // Requests to the assistant are no habits, however often they ask.
    'Always answer in bullet points.',
    // Someone's suggestion is still theirs.
    'My doctor suggested I go vegan.',
    // A day's appointment under its day, someone else's move.
    'tuesday: dentist',
    // A label that says there is none of it.
    'allergies: none',
    'pets: n/a',
    'neighbour Mr. Ortiz sold his house and moved to Quito',
    // What one does once, or counts, is no pastime; an outing is no employer; a daydream is no plan.
    'onboarding Thursday, then training all week',
    'merging 40 spreadsheets into one, send help',
    'drinks at The Anchor with the team later',
    'not happening, just daydreaming about Porto',
    'weekends are hectic',
    'Evenings: one of the few quiet times I get',
    'we are 12 in the choir',
    "we're four at home since the twins",
  ])('%s', (content) => {
    expect(extractBeliefs([{ role: 'user', content, at: AT }]).beliefs.map((b) => b.statement)).toEqual([]);
  });

  it('takes an amount after a statement for no fact of its own', () => {
    const said = extractBeliefs([{ role: 'user', content: "I'm a tea person, minimum 4 cups, at least 2 before noon", at: AT }]).beliefs.map(
      (b) => b.statement,
    );
    expect(said.filter((s) => /minimum|at least/.test(s))).toEqual([]);
  });

  it('names no pet the user spoke of only as someone else’s', () => {
    const keys = extractBeliefs([{ role: 'user', content: 'My neighbour got a kitten, her name is Mochi.', at: AT }]).beliefs.map((b) => b.key);
    expect(keys.filter((k) => k?.startsWith('user.pet.'))).toEqual([]);
  });
});
