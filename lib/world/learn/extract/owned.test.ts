import { beforeAll, describe, expect, it } from 'vitest';
import { heldPairs, read } from '../../../../test/support/reading.ts';
import { heldOwned } from './owned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('heldOwned: the user’s own one of a thing', () => {
  it('finds it however the belief names it, and what it is', () => {
    const held = heldPairs(
      ['The user’s van is a Renault Master', null],
      ["The user's van is a Renault Master", 'user.van'],
      ['The user drives a Mercedes Sprinter van', 'user.drive.sprinter'],
      ['The user is a van driver', 'user.occupation'],
    );
    expect(heldOwned(held, 'van').map(({ row, old }) => [row.id, old])).toEqual([
      ['b1', 'Renault Master'],
      ['b2', 'Mercedes Sprinter van'],
    ]);
  });
});

describe('a vehicle or a device replaced by news', () => {
  it.each([
    ['picked up a new car on friday - a Kia Niro', 'The user drives a Honda Jazz', 'user.drive.honda_jazz', /Kia Niro/],
    ['Got a new phone. A Samsung Galaxy S24.', "The user's phone is an iPhone 11", 'user.phone', /Samsung Galaxy/],
    ['the company handed me a new laptop, a ThinkPad X1', 'The user codes on a MacBook Air', 'user.code.macbook_air', /ThinkPad/],
    ['the old Iveco went back to the dealer last week', 'The user drives an Iveco truck', 'user.drive.iveco_truck', undefined],
  ])('%s', (said, statement, key, now) => {
    const found = read(said, heldPairs([statement, key]));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    if (now) expect(found.beliefs.map((b) => b.statement)).toEqual(expect.arrayContaining([expect.stringMatching(now)]));
    expect(found.beliefs.filter((b) => b.key === key && !now?.test(b.statement))).toEqual([]);
  });

  it.each([
    'my sister got a new car, a Kia Niro',
    'the Jazz went back to the dealer for its service',
    'new wipers on the car today',
    'should I get a new car?',
    'my bike got stolen, need a new one',
  ])('%s ends nothing', (said) => {
    const held = heldPairs(['The user drives a Honda Jazz', 'user.drive.honda_jazz'], ['The user goes cycling on Sundays', 'user.hobby.cycling']);
    expect(read(said, held).retract).toEqual([]);
  });
});
