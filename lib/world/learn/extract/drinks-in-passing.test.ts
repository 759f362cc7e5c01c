import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a drink the user has as a habit, said on the way to something else', () => {
  it.each([
    [
      "I'm eggetarian, and honestly I can't start the day without strong filter coffee, two tumblers minimum.",
      'The user drinks filter coffee [user.drink.filter_coffee]',
    ],
    ['Being type 1 diabetic I have to watch the pints, so it’s a cortado in the day.', 'The user drinks cortado [user.drink.cortado]'],
    ['Race morning fuel will be a venti cold brew with sweet cream, same as every other morning.', 'The user drinks cold brew [user.drink.brew]'],
    ['it’s a cortado in the day and a can of Irn-Bru Sugar Free at gigs.', 'The user drinks Irn-Bru Sugar Free [user.drink.irn]'],
    ['A cup of decaf Welsh Brew after lunch suits me', 'The user drinks Welsh Brew [user.drink.welsh_brew]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    'my dad has a whisky every night',
    'I spilled coffee on my laptop this morning',
    'I gave up coffee every morning',
    'Should I have green tea every morning?',
    "I can't stand chai, every morning my flatmate makes it",
    'every morning I walk past a bottle of Evian on the shelf',
    'my dad has a pint of Guinness every night',
  ])('no habit of the user’s: %s', (said) => {
    expect(learned(said).join()).not.toMatch(/user\.drink/);
  });

  it('a change of drink is read once, by the change readers', () => {
    expect(learned('Doctor said coffee is increasing my BP 😣 so these days only green tea 🍵 in the morning')).toEqual([
      'The user drinks green tea [user.drink.green_tea]',
    ]);
  });
});
