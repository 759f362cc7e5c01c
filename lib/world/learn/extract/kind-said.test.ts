import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const HELD = holding(
  'The user is vegetarian [user.diet]',
  'The user is on the platform team [user.team]',
  'The user has a cat called Miso [user.pet.miso]',
  'The user plays tennis [user.hobby.tennis]',
);

/** The keys of what a turn learns beside what is held. */
const keys = (said: string) => learned(said, HELD).map((b) => b.replace(/^.* \[(.*)\]$/, '$1'));

describe('a statement whose words say its kind is kept under that kind', () => {
  it.each([
    ["I've been fully plant-based since March.", 'user.diet'],
    ['Honestly I’m eating meat again, the iron thing got me.', 'user.diet'],
    ["I've started having fish again", 'user.diet'],
  ])('a diet changed: %s', (said, key) => {
    expect(keys(said)).toContain(key);
    expect(ended(said, HELD)).toEqual(['The user is vegetarian']);
  });

  it.each([
    ['I sit in the risk team these days.', 'user.team'],
    ["I'm on the commercial crew now", 'user.team'],
    ['I sit in the fraud team these days', 'user.team'],
    ["they've moved me to the identity squad", 'user.team'],
    // A diet for the gut may be kept beside the vegetarian one: it is the diet's, and ends nothing here.
    ["I'm on a low FODMAP diet now, gut's much happier", 'user.diet'],
  ])('a team or a diet: %s', (said, key) => {
    expect(keys(said)).toContain(key);
  });

  it.each([
    ['We took in a rescue greyhound last week, Pablo.', 'user.pet.pablo'],
    ['I do a bit of bouldering on weekends now.', 'user.hobby.bouldering'],
    ["I'm all about trail running these days", 'user.hobby.trail_running'],
  ])('%s', (said, key) => {
    expect(keys(said)).toContain(key);
  });

  it.each([
    ['Caved. Had a steak at the pub Friday, been eating meat all week.', 'The user has been eating meat all week [user.diet]'],
    ['My GP has me on low sodium for the blood pressure now.', 'The user is on low sodium for the blood pressure [user.diet]'],
  ])('what the user has been eating, or a diet said by what it is low in, is the diet: %s', (said, belief) => {
    expect(learned(said, HELD)).toContain(belief);
  });

  it('keeps the diet the turn names over what it says the user eats', () =>
    expect(learned("Iron's low so I've started eating fish again. Pescatarian, technically!", HELD)).toEqual(['The user is pescatarian [user.diet]']));

  it('leaves someone else’s and a denied one as they are', () => {
    expect(keys('My sister has been vegan for years')).not.toContain('user.diet');
    expect(keys("I'm not eating meat these days")).not.toContain('user.diet.meat');
    expect(ended('My brother is eating meat again', HELD)).toEqual([]);
  });
});
