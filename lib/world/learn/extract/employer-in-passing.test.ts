import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { employerInPassing } from './employer-in-passing.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('where the user works, said through the workplace', () => {
  it.each([
    ['the Boots staff discount has gone down again', 'Boots'],
    ['New Costa apron came today, finally', 'Costa'],
    ['The canteen at Nissan only does pies on nights', 'Nissan'],
    ['Head office at Asda want us on self-checkouts now', 'Asda'],
    ["Arla's got me on the early rotation at the dairy", 'Arla'],
    ['The council just moved me to the parks team', undefined],
    ['I do payroll for Halfords', 'Halfords'],
    ['on the rigs with BP, three on three off', 'BP'],
    ['Nando’s crew here, need a chilli pun', 'Nando’s'],
  ])('%s', (said, org) => {
    expect(employerInPassing(said)).toEqual(org ? [`I work at ${org}`] : []);
  });

  it("someone else's workplace, a place, or a person is no employer of the user's", () => {
    expect(employerInPassing("my wife's Boots staff discount is better than mine")).toEqual([]);
    expect(employerInPassing('The canteen at Leeds is shut')).toEqual([]);
    expect(employerInPassing('The rota at Sarah is a mess')).toEqual([]);
  });

  it('is learned as the employer', () => {
    expect(learned('The canteen at Nissan only does pies on nights, any healthy packed lunch ideas?')).toContain('The user works at Nissan [user.employer]');
  });
});

describe('home said by what is around it', () => {
  it.each([
    ['rent in Porto where I live has doubled', 'The user lives in Porto [user.location]'],
    ['the trams were off twice this week in Zagreb where I live', 'The user lives in Zagreb [user.location]'],
    ['my neighbours in Lyon play drums at midnight', 'The user lives in Lyon [user.location]'],
    ['Grew up in Kano but Lagos has been home since 2012.', 'The user lives in Lagos [user.location]'],
    ['Born in Sunderland, never left, never will.', 'The user lives in Sunderland [user.location]'],
    ["We're out Harborne way, any good bakeries?", 'The user lives in Harborne [user.location]'],
    ['Currently in Tampines near my in-laws, commute is long.', 'The user lives in Tampines [user.location]'],
    ['Ma wee flat in Govan is freezing.', 'The user lives in Govan [user.location]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it("someone else's neighbours, or birth without staying, say nothing of home", () => {
    expect(learned("My sister's neighbours in Leeds are loud.").filter((b) => b.includes('[user.location]'))).toEqual([]);
    expect(learned('My brother was born in Derby, never left.').filter((b) => b.includes('[user.location]'))).toEqual([]);
  });

  it('a pastime only wished for is none the user does', () => {
    expect(learned("I've always wanted to try kitesurfing but I'm scared of the sea.").filter((b) => b.includes('[user.hobby.'))).toEqual([]);
  });
});
