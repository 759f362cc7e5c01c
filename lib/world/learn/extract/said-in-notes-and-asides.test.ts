import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a switch noted with an arrow', () => {
  it.each([
    ['IaC: Terraform -> Pulumi. team call.', 'The user uses Terraform for IaC [user.tool.terraform]', 'The user uses Pulumi for IaC [user.tool.pulumi]'],
    ['job again: Stripe -> Cloudflare. started Mon.', 'The user works at Stripe [user.employer]', 'The user works at Cloudflare [user.employer]'],
    ['home: Ottawa → Kingston', 'The user lives in Ottawa [user.location]', 'The user lives in Kingston [user.location]'],
  ])('%s', (turn, before, after) => {
    const held = holding(before);
    expect(ended(turn, held)).toEqual([held[0]!.statement]);
    expect(learned(turn, held)).toContain(after);
  });

  it("is where someone else went after a verb, never the user's move", () => {
    const held = holding('The user lives in Toronto [user.location]');
    expect(ended('bro (Arjun) relocated -> Vancouver. fyi.', held)).toEqual([]);
    expect(learned('bro (Arjun) relocated -> Vancouver. fyi.', held).join(' ')).toContain("The user's brother relocated to Vancouver");
  });

  it('"bro" said to the listener leaves the user the subject', () => {
    expect(learned('bro I just moved to Ottawa')).toContain('The user lives in Ottawa [user.location]');
  });
});

describe('a home, a workplace and a housemate said in passing', () => {
  it('a flat the user got themselves is their home', () => {
    const held = holding('The user lives in Whitby [user.location]');
    const turn = "Well, it's done! I've sold the house and got myself a little ground-floor flat in Scarborough, right by the South Bay.";
    expect(ended(turn, held)).toEqual(['The user lives in Whitby']);
    expect(learned(turn, held)).toContain('The user lives in Scarborough [user.location]');
  });

  it('a workplace named after two words of what it is', () => {
    expect(learned("I'm a graphic designer at a little branding studio called Paperbark.")).toEqual([
      'The user is a graphic designer [user.occupation]',
      'The user works at Paperbark [user.employer]',
    ]);
  });

  it('a terse introduction after "so", with a housemate and a misspelt roommate', () => {
    expect(learned('hey so im jordan, 20, junior at umich. live in ann arbor w my roomate devin')).toEqual(
      expect.arrayContaining(["The user's name is Jordan [user.name]", "The user's roommate is named Devin [user.family.roommate.devin]"]),
    );
    expect(learned('live in west end w my housemate jess')).toContain("The user's housemate is named Jess [user.family.housemate.jess]");
  });
});

describe('what an emoji or a farewell sets apart', () => {
  it('a new job said after an emoji', () => {
    const held = holding('The user works at Paperbark [user.employer]');
    const turn = 'quit paperbark 😬 starting at saltwater creative next month, proper in-house team';
    expect(ended(turn, held)).toEqual(['The user works at Paperbark']);
    expect(learned(turn, held)).toContain('The user works at Saltwater creative [user.employer]');
  });

  it('"so bye bye" ends the old tool and keeps the new one', () => {
    const held = holding('The user uses Illustrator for everything [user.tool.illustrator]');
    const turn = 'the new place uses figma for everything so bye bye illustrator';
    expect(ended(turn, held)).toEqual(['The user uses Illustrator for everything']);
    expect(learned(turn, held).join(' ')).toContain('[user.tool.figma]');
  });
});

describe('who runs the shift now', () => {
  it('someone named who now runs nights is the new manager', () => {
    const held = holding("The user's new night supervisor is Marcus Bell [user.manager]");
    expect(learned('Marcus only lasted two months. Now Dana Whitfield is running nights.', held)).toContain(
      "The user's manager is Dana Whitfield [user.manager]",
    );
    expect(learned("Priya's leading the team now.")).toContain("The user's manager is Priya [user.manager]");
  });

  it('without "now" it is no news of a manager', () => {
    expect(learned('Tom is running the kitchen.')).toEqual([]);
  });
});

describe('as a German speaker writes it', () => {
  it('works "by" an employer', () => {
    expect(learned('Since March I am working by Brenner Hydraulik, also as team lead.')).toContain('The user works at Brenner Hydraulik [user.employer]');
    expect(learned('I work by Siemens in Munich.').join(' ')).toContain('[user.employer]');
  });

  it('a day of the month with a full stop ends no sentence', () => {
    const said = learned('From 1. April I am working at Brenner.');
    expect(said.join(' ')).toContain('[user.employer]');
    expect(said.join(' ')).not.toContain('user.origin');
  });
});

describe('a lead-in and an allergy given as the reason', () => {
  it('"I must say" opens what the user says', () => {
    const held = holding("The user's favorite food is okonomiyaki [user.favorite.food]");
    const turn = 'I must say now my favourite food is laksa, there is one place in Newtown, I go every week.';
    expect(ended(turn, held)).toHaveLength(1);
    expect(learned(turn, held)).toContain("The user's favorite food is laksa [user.favorite.food]");
    expect(learned('I must say goodbye to my old car.')).toEqual([]);
  });

  it('what the user cannot eat because of an allergy, its "it is" dropped after', () => {
    expect(learned('I cannot eat kiwi fruit because of allergy, is very serious.')).toEqual(['The user is allergic to kiwi fruit [user.allergy.kiwi_fruit]']);
    expect(learned("I can't eat kiwi because of my allergy.")).toEqual(['The user is allergic to kiwi [user.allergy.kiwi]']);
  });
});
