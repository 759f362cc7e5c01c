import { beforeAll, describe, expect, it } from 'vitest';
import { endedIds, heldPairs } from '../../../../test/support/reading.ts';
import { readDeparture } from './departures.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('readDeparture: whom a clause says left, and how', () => {
  it.each([
    ['Marguerite handed in her notice', 'Marguerite', ['work']],
    ['my supervisor got sacked lol', 'supervisor', ['work']],
    ['Dr Achebe has been reassigned to the Leeds office', 'Dr Achebe', ['work']],
    ['tobias and I split up on saturday', 'tobias', ['couple']],
    ['me n Tobias r done', 'Tobias', ['couple']],
    ['we had to let Nutmeg go this morning', 'Nutmeg', ['life']],
    ['Nutmeg went to my cousin’s smallholding for good', 'Nutmeg', ['rehomed']],
  ])('%s', (clause, who, ways) => {
    expect(readDeparture(clause)).toMatchObject({ who, ways });
  });

  it.each(['Marguerite is thinking about leaving', 'my manager might retire next year', 'the printer quit on me', 'we let Nutmeg out at night'])(
    '%s says no one left',
    (clause) => {
      expect(readDeparture(clause)?.ways ?? []).toEqual([]);
    },
  );
});

describe('a departure ends the part the person had in the user’s life, under any key', () => {
  const manager = heldPairs(
    ["The user's manager is Marguerite", 'user.manager'],
    ["The user's gaffer Marguerite books the jobs", 'user.gaffer_marguerite.book'],
    ["The user's friend Ossian lives in Cork", 'user.friend.ossian'],
    ["The user's wife is Priya", 'user.partner'],
  );
  it.each([
    ['Marguerite stepped down on friday', ['b0', 'b1']],
    ['my boss got moved to the Galway branch', ['b0', 'b1']],
    ['Marguerite took voluntary redundancy', ['b0', 'b1']],
  ])('%s ends the manager', (turn, ids) => {
    expect(endedIds(turn, manager)).toEqual(ids);
  });

  it.each([
    'Ossian retired last month',
    'my wife retired last month',
    'Priya quit her job at the bank',
    'Marguerite left early today',
    'Marguerite quit sugar',
    'Marguerite went to Lisbon on holiday',
    'my sister resigned',
    'my old boss from the bakery retired',
  ])('%s ends nothing of the user’s', (turn) => {
    expect(endedIds(turn, manager)).toEqual([]);
  });

  const partner = heldPairs(
    ["The user's girlfriend is Tobias", 'user.partner'],
    ["The user's girlfriend Tobias sings in a choir", 'user.girlfriend_tobias.sing.choir'],
    ["The user's brother Tobias is a welder", 'user.family.brother'],
  );
  it.each([
    'Tobias moved out last weekend',
    'i broke up with tobias',
    'Tobias and me — it is over',
    'my gf dumped me',
    'Tobias took his things and moved out on Sunday',
  ])('%s ends the partner', (turn) => {
    expect(endedIds(turn, partner)).toEqual(['b0', 'b1']);
  });
  it.each(['Tobias left for a gig in Bristol', 'my flatmate moved out', 'should I break up with Tobias?'])('%s ends nothing', (turn) => {
    expect(endedIds(turn, partner)).toEqual([]);
  });

  it('the user’s own verb opening a sentence is no one who left: the employer named after it ends', () => {
    expect(endedIds('Left Calder Valley Vets on the Friday.', heldPairs(['The user is one of three vets at Calder Valley Vets', 'user.be.of']))).toContain(
      'b0',
    );
  });

  it('a partner held under the kind’s key by a word of the user’s own ends too', () => {
    expect(endedIds('so Tobias and me — it is finished', heldPairs(["The user's man is Tobias", 'user.partner']))).toEqual(['b0']);
  });

  const pets = heldPairs(['The user has a rabbit called Nutmeg', 'user.pet.nutmeg'], ["The user's dog Rolo is 9", 'user.pet.rolo']);
  it.each([
    ['the vet put Nutmeg to sleep', ['b0']],
    ['we found a new home for Rolo', ['b1']],
    ['Rolo got rehomed last month', ['b1']],
    ['Nutmeg is buried by the shed now', ['b0']],
  ])('%s ends the pet', (turn, ids) => {
    expect(endedIds(turn, pets)).toEqual(ids);
  });
  it('a pet that went somewhere for a while is still the user’s', () => {
    expect(endedIds('Rolo went to my aunt’s place for the weekend', pets)).toEqual([]);
    expect(endedIds('Rolo buried his bone by the shed', pets)).toEqual([]);
  });
});
