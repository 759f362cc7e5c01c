import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a sport or pastime the user does as a habit, said on the way to something else', () => {
  it.each([
    ["Netball's Tuesday nights, I play goal defence.", 'The user plays netball [user.hobby.netball]'],
    ['and we try to get up to Noosa for a surf most long weekends.', 'The user goes surfing [user.hobby.surfing]'],
    ['golf every Sunday with the lads', 'The user plays golf every Sunday [user.hobby.golf]'],
    ['Salsa classes every Wednesday in Braamfontein', "The user's hobby is salsa [user.hobby.salsa]"],
    [
      'Been at the pottery studio every Sunday, and roller derby practice wrecked my knees again.',
      "The user's hobby is roller derby [user.hobby.roller_derby]",
    ],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    'my son has football every Saturday',
    'Back in the seventies Earl and I ran a snowball stand every summer.',
    "I'd love to take up golf every Sunday",
    'Is tennis every week too much?',
    'Spanish lessons every Tuesday',
    'safety training every Monday at work',
  ])('no habit of the user’s: %s', (said) => {
    expect(learned(said).join()).not.toMatch(/user\.hobby/);
  });
});
