import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a statement of the user said around words that are not theirs', () => {
  it.each([
    ['My wife thinks I work too hard, and I live in Leeds.', 'The user lives in Leeds [user.location]'],
    [
      'My granddaughter tells me you are good at recipes, and I am in need of one: I am coeliac, diagnosed back in the nineties.',
      'The user is coeliac [user.condition.coeliac_disease]',
    ],
    [
      'My supervisor at Lakeview is Sister Agnes, who has been doing this forty years and could out-swear any sailor.',
      "The user's manager is Sister Agnes [user.manager]",
    ],
  ])('after reported words or beside a relative clause: %s', (said, belief) => expect(learned(said)).toContain(belief));

  it('keeps what someone else says out after the "and"', () => {
    expect(learned('My sister said she moved to Perth, and I was jealous.')).toEqual([]);
    expect(learned('My friend says he lives in Oslo, and he loves it.')).toEqual([]);
  });
});

describe('a pet described by what it does', () => {
  it('names each pet and goes on with the clause after the description', () => {
    const said = learned(
      'I live with Percy, a rather vain blue budgie who talks to the mirror, and I play bridge at the Kaikorai Valley club every Tuesday afternoon.',
    );
    expect(said).toContain('The user has a budgie named Percy [user.pet.percy]');
    expect(said).toContain('The user plays bridge at the Kaikorai Valley club every Tuesday afternoon [user.hobby.bridge]');
  });

  it('names pets said with "there\'s" after where they are', () => {
    expect(learned("At home there's Moose, our big old chocolate lab, and Pickles, a cat who thinks she owns the place.")).toEqual([
      'The user has a lab named Moose [user.pet.moose]',
      'The user has a cat named Pickles [user.pet.pickles]',
    ]);
  });
});

describe("where a boss is, said between the boss and the boss's name", () => {
  it.each([
    ['My line manager at Tesco is Priya.', "The user's manager is Priya [user.manager]"],
    ['My boss at the clinic is Tom.', "The user's manager is Tom [user.manager]"],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('takes no description of the boss for a name', () => expect(learned('My boss in the new job is a nightmare.')).toEqual([]));
});

describe('a home said with more about the house in it', () => {
  it('is the place, not the year the house was bought or what is said after it', () => {
    expect(learned('I live in Dunedin still, in the same draughty villa in Roslyn that my late husband Ron and I bought in 1978.')).toEqual([
      'The user lives in Dunedin [user.location]',
    ]);
    expect(learned('I still live in Leeds, near the park.')).toEqual(['The user lives in Leeds [user.location]']);
  });

  it('reads "that Kevin and I are…" after "is" as the pair\'s own clause', () => {
    expect(learned('The big news in our house is that Kevin and I are finally taking the caravan up to Uluru in September.')).toEqual([
      'The user is taking the caravan up to Uluru [user.plan.caravan]',
    ]);
  });

  it('never takes a year or a month for a place', () => {
    expect(learned('I live in Dunedin, in the villa that we bought in June.')).not.toContain('The user lives in June [user.location]');
  });
});
