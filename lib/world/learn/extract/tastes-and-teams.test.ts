import { beforeAll, describe, expect, it } from 'vitest';
import { heldPairs, read } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';
import { membersOf } from './vocabulary/categories.ts';

beforeAll(loadTagger);

describe('a family word ends what the user holds of its members', () => {
  it('knows the members of a family', () => {
    expect(membersOf('Coffee')).toContain('cortado');
    expect(membersOf('beer')).toContain('lager');
    expect(membersOf('laptop')).toEqual([]);
  });

  it.each([
    ['quit coffee for good, chamomile at night now', 'The user runs on flat whites [user.run.flat_whites]', /chamomile/i],
    ['tea is out for me, mostly water these days', 'The user drinks oolong at the office [user.drink.oolong]', /water/i],
    ['gave up beer after new year', 'The user likes a cold pilsner on Fridays [user.like.pilsner]', undefined],
    ['I stopped drinking wine, sleeping better', 'The user has a glass of rioja with dinner [user.have.rioja]', undefined],
  ])('%s', (said, belief, now) => {
    const [statement, key] = belief.split(' [') as [string, string];
    const found = read(said, heldPairs([statement, key.slice(0, -1)]));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    // Nothing of the old belief survives under its key.
    expect(found.beliefs.filter((b) => b.key === key.slice(0, -1))).toEqual([]);
    if (now) expect(found.beliefs.map((b) => b.statement)).toEqual(expect.arrayContaining([expect.stringMatching(now)]));
  });

  it.each(['my mum gave up coffee', 'I would quit coffee if I could', 'I quit my job at the tea shop', 'I quit drinking last year'])(
    '%s ends nothing',
    (said) => {
      expect(read(said, heldPairs(['The user runs on flat whites', 'user.run.flat_whites'])).retract.filter((r) => r.id)).toEqual([]);
    },
  );
});

describe('a team or a brand the user backs is switched', () => {
  it('ends a belief whose aside names the team, leaving no trimmed copy', () => {
    const found = read("I'm done with the jets", heldPairs(['The user wears green every Sunday, Jets fan since a kid', 'user.wear.green']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs).toEqual([]);
  });

  it('learns whom the user backs now, under a key of the new team', () => {
    const found = read('finished with Chelsea, Brentford fan now', heldPairs(['The user is a Chelsea fan', 'user.be.chelsea_fan']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.be.brentford_fan', 'The user is a Brentford fan']]);
  });

  it('ends a brand when another of its kind is taken up', () => {
    const found = read('Nescafe these days, Starbucks got too pricey', heldPairs(['The user buys Starbucks beans', 'user.buy.starbucks_beans']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
  });

  it.each(['my brother is a Brentford fan now', 'the Chelsea season is done for this year'])('%s ends nothing', (said) => {
    expect(read(said, heldPairs(['The user is a Chelsea fan', 'user.be.chelsea_fan'])).retract).toEqual([]);
  });
});
