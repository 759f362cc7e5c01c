import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a pastime said by its verb with the word for its kind before it', () => {
  it.each([
    ['I roller skate at the park most weekends', 'The user goes roller skating at the park most weekends [user.hobby.roller_skating]'],
    ['I ice skate on Fridays', 'The user goes ice skating on Fridays [user.hobby.ice_skating]'],
    ['we wild swim all year round', 'The user goes wild swimming all year round [user.hobby.swimming]'],
    ['I trail run at weekends', 'The user goes trail running at weekends [user.hobby.trail_running]'],
    ['I go ice skating on Fridays', 'The user goes ice skating on Fridays [user.hobby.ice_skating]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });

  it('a verb before another is no kind of pastime', () => {
    expect(learned('I help run the Sunday club').join()).not.toMatch(/hobby|running/);
    expect(learned('To be honest I eat fish occasionally').join()).not.toMatch(/hobby|fishing/);
    expect(learned('I often run')).toEqual(['The user often runs [user.hobby.running]']);
  });
});

describe('a distance run is the running, not a tool', () => {
  it.each([
    ['I run 5k most days', 'The user runs 5k [user.hobby.running]'],
    ['I run 10k every Sunday', 'The user runs 10k every Sunday [user.hobby.running]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });

  it('a product run is still a tool', () => {
    expect(learned('We run Postgres on AWS')).toEqual(['The user runs Postgres on AWS [user.tool.postgres]']);
  });
});

describe('learning to do something', () => {
  it.each([
    ["I'm learning to surf", 'The user is learning to surf [user.learning.surf]'],
    ["I've been learning to knit", 'The user has been learning to knit [user.learning.knit]'],
    ["I've started learning to swim", 'The user has started learning to swim [user.learning.swim]'],
    ["I'm learning to play the piano", 'The user is learning to play the piano [user.learning.piano]'],
    ['just started learning to play bass with my son', 'The user started learning to play bass with their son [user.learning.bass]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });

  it('learning to live with something is no skill', () => {
    expect(learned("I'm learning to live with it")).toEqual([]);
  });

  it('giving up what the user was learning ends it', () => {
    expect(ended('I gave up surfing', holding('The user is learning to surf [user.learning.surf]'))).toEqual(['The user is learning to surf']);
  });
});

describe('a pastime given up, said as "it"', () => {
  const held = holding('The user goes surfing most mornings before work [user.hobby.surfing]', 'The user plays the cello [user.instrument.cello]');
  it.each([
    ["surfing was fun but I've given it up", 'The user goes surfing most mornings before work'],
    ['The cello? I gave it up last year.', 'The user plays the cello'],
    ['the cello, I gave it up last year', 'The user plays the cello'],
  ])('%s', (said, gone) => {
    expect(ended(said, held)).toEqual([gone]);
    expect(learned(said, held)).toEqual([]);
  });

  it('swapped for another, the one the turn named before', () => {
    const said = "Not much surf in Brunswick, ha. I've swapped it for Aussie rules.";
    expect(ended(said, held)).toEqual(['The user goes surfing most mornings before work']);
    expect(learned(said, held).join()).toMatch(/user\.hobby\.aussie_rules/);
    expect(ended('The cello was too heavy to lug around so I traded it in for a ukulele', held)).toEqual(['The user plays the cello']);
  });

  it("someone else's giving up ends nothing of the user's", () => {
    expect(ended('Jess loved surfing but she gave it up', held)).toEqual([]);
  });
});
