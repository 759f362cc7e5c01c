import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a plan moved to another time with "move", as a home is moved', () => {
  const plans = holding(
    'The user is going to Cape Town on the 14th of December [user.plan.cape_town]',
    'The user is going to Lisbon in May [user.plan.lisbon]',
    'The user lives in Leeds [user.location]',
  );

  it.each([
    ['Had to move the Cape Town trip to January, the 10th to the 17th. Year-end crunch at work.', 'Cape Town', 'January'],
    ["we've moved the Lisbon trip to June", 'Lisbon', 'June'],
  ])('%s', (said, place, when) => {
    expect(learned(said, plans)).toEqual([`The user is going to ${place} in ${when} [user.plan.${place.toLowerCase().replace(' ', '_')}]`]);
    expect(ended(said, plans)).toEqual([plans.find((h) => h.statement.includes(place))!.statement]);
  });

  it('moving something to a room is no plan and no home', () => {
    expect(ended('I moved the couch to the spare room', plans)).toEqual([]);
  });
});
