import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger } from './tagger.ts';
import { acceptable } from './values.ts';
import { learned } from '../../../../test/support/learned.ts';

beforeAll(loadTagger);

describe('a name where a name stands', () => {
  it('is a name when compromise guesses a place only from a word of it ("Ward", "Hill"), not when it knows the place', () => {
    expect(acceptable('Róisín Ward', 'person')).toBe(true);
    expect(acceptable('Amara Hill', 'person')).toBe(true);
    expect(acceptable('Paris', 'person')).toBe(false);
    expect(acceptable('Leeds', 'person')).toBe(false);
    expect(acceptable('Google', 'person')).toBe(false);
  });

  it('files such a name under its kind, so a later change can end it', () => {
    expect(learned('My manager is Róisín Ward.')).toEqual(["The user's manager is Róisín Ward [user.manager]"]);
    expect(learned('My new boss is Declan Hill.')).toEqual(["The user's manager is Declan Hill [user.manager]"]);
  });
});

describe("a place's name", () => {
  it.each([
    ['We just moved to Tromso and honestly love it.', 'The user lives in Tromso [user.location]'],
    ['we just moved to tromso and honestly love it', 'The user lives in Tromso [user.location]'],
    ['We live in Bosnia and Herzegovina.', 'The user lives in Bosnia and Herzegovina [user.location]'],
  ])('ends where "and" goes on to something else: %s', (said, belief) => expect(learned(said)).toEqual([belief]));
});
