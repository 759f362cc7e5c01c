import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { read } from '../../../../test/support/reading.ts';
import { categoriesOf } from '../../recall/category.ts';
import type { Held } from './resolve.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('what the user has, by a kind of the catalogue', () => {
  it.each([
    ['We moved into a villa at a retirement village in Robina last month.', 'The user lives in Robina [user.location]'],
    ['I’ve gone over to Glenfarclas, the 15.', 'The user has gone over to Glenfarclas, the 15 [user.drink.glenfarclas]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it('a dram is a drink', () => {
    expect([...categoriesOf('What dram should I tell the family to get me this year?').kinds].map((k) => k.kind)).toContain('drink');
  });

  it('a holiday villa is no home', () => {
    expect(learned('We moved into a holiday villa in Spain.').filter((b) => b.endsWith('[user.location]'))).toEqual([]);
  });
});

describe('what the user drives is a kind of the catalogue', () => {
  it.each([
    ['I drive a Toyota Corolla.', 'The user drives a Toyota Corolla [user.vehicle.toyota]'],
    ['Just bought a Ford Ranger.', 'The user has a Ford Ranger [user.vehicle.ford_ranger]'],
    ['Picked up a Kia Niro hybrid on finance Saturday.', 'The user picked up a Kia Niro hybrid on finance Saturday [user.vehicle.kia]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it('a job title stays a job', () => {
    expect(learned('I’m a park ranger.')).toEqual(['The user is a park ranger [user.occupation]']);
  });

  it('a new car takes the old one’s place', () => {
    const held: Held[] = [{ id: 'b0', key: 'user.vehicle.toyota', statement: 'The user drives a Toyota Corolla', active: true }];
    const found = read('Sold the Corolla, got a Kia Niro now.', held);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.key)).toEqual(['user.vehicle.kia']);
  });

  it.each(['What car do I drive?', 'What tyre pressure should I run on my car?', 'What oil should I be putting in the jeep?'])(
    '%s asks for the user’s vehicle',
    (question) => {
      expect([...categoriesOf(question).kinds].map((k) => k.kind)).toEqual(['vehicle']);
    },
  );
});
