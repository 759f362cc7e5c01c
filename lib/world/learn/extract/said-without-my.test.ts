import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { plainRegister } from './register.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe("someone of the user's said with no 'my' before a name", () => {
  it.each([
    ["Wife's called Gemma and we've two lads at primary.", "The user's wife is Gemma [user.partner]"],
    ['the missus is Shannon', "The user's missus is Shannon [user.partner]"],
    ['personal: married, wife is Lakshmi, one daughter of 4.', "The user's wife is Lakshmi [user.partner]"],
    ['lead is katrin.', "The user's manager is Katrin [user.manager]"],
    ['partner: ole', "The user's partner is Ole [user.partner]"],
    ['missus is brooke.', "The user's missus is Brooke [user.partner]"],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each(['The boss is away this week', 'the lead is toxic'])('no name after it, no one learned: %s', (said) => {
    expect(learned(said).filter((b) => /manager|partner/.test(b))).toEqual([]);
  });

  it('a name ending in "-in" keeps its letters; a verb with its g dropped gets it back', () => {
    expect(plainRegister('lead is katrin', 1)).not.toMatch(/katring/i);
    expect(plainRegister('im makin bread', 1)).toBe("I'm making bread");
  });
});

describe('a trip said after its booking, or alone as how long, where and when', () => {
  it.each([
    ["Jess and I just booked flights!! Ten days in Bali in September, can't wait 🌴", 'The user is going to Bali [user.plan.bali]'],
    ["Booked Shannon's 30th — a week in Phuket in October 🎉", 'The user is going to Phuket [user.plan.phuket]'],
    ['Honeymoon is booked: Costa Rica in May!', 'The user is going to Costa Rica [user.plan.costa_rica]'],
    ["Good news, we've rebooked: the Faroe Islands in September instead!", 'The user is going to Faroe Islands [user.plan.faroe_islands]'],
  ])('%s', (said, plan) => {
    expect(learned(said)).toContain(plan);
  });

  it('a trip in the past is no plan', () => {
    expect(learned('Ten days in Bali last September was bliss')).toEqual([]);
  });

  it('"did I tell you X? no — it\'s Y" puts the plan right', () => {
    const plans = holding('The user is going to Costa Rica in May [user.plan.costa_rica]');
    const said = "wait, did I tell you Costa Rica? no — it's Belize. Costa Rica was the option we passed on.";
    expect(learned(said, plans)).toEqual(['The user is going to Belize in May [user.plan.belize]']);
    expect(ended(said, plans)).toEqual(['The user is going to Costa Rica in May']);
  });
});

describe('news of the user in a sentence that also says what someone else wants or found', () => {
  it("a move, and then what the company wants, is the user's move", () => {
    const home = holding('The user lives in Hyderabad [user.location]');
    const said = 'we have shifted to Chennai, company wants me in the OMR office now.';
    expect(learned(said, home)).toEqual(['The user lives in Chennai [user.location]']);
    expect(ended(said, home)).toEqual(['The user lives in Hyderabad']);
  });

  it("what a clinician found, after 'Plot twist:', is the user's", () => {
    expect(learned("Plot twist: the allergist reckons I'm now allergic to shellfish as well, so prawns are out.")).toEqual([
      'The user is allergic to shellfish [user.allergy.shellfish]',
    ]);
  });
});

describe('a partner by any of the names people give them', () => {
  it.each([
    ["howya, Siobhán here, I'm a pharmacist in Douglas, living in Ballincollig with my fella Eoin", "The user's fella is Eoin [user.partner]"],
    ['my hubby is Femi', "The user's husband is Femi [user.partner]"],
    ["I'm living in Leeds with my missus Jo", "The user's missus is named Jo [user.partner]"],
  ])('%s', (said, partner) => {
    expect(learned(said)).toContain(partner);
  });

  it('a greeting before the name in an introduction', () => {
    expect(learned("howya, Siobhán here, I'm a pharmacist in Douglas")).toContain("The user's name is Siobhán [user.name]");
  });
});
