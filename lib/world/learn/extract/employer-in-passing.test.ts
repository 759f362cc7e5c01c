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
