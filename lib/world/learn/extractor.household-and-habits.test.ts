import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger } from './extract/tagger.ts';
import { extractBeliefs } from './extractor.ts';
import { learned } from '../../../test/support/learned.ts';

beforeAll(loadTagger);

describe('a diet or an origin said of "we": the user is one of us', () => {
  it.each([
    ["We're both vegetarian.", 'The user is vegetarian [user.diet]'],
    ['we both are vegetarian from last year', 'The user is vegetarian [user.diet]'],
    ['Both of us went vegan in March.', 'The user is vegan [user.diet]'],
    ['We eat mostly keto since January.', 'The user is keto [user.diet]'],
    ['We are both from Leeds.', 'The user is from Leeds [user.origin]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('keeps "both" out of what the user is', () => {
    expect(learned('We are both vegetarian.').join()).not.toMatch(/both/);
  });
});

describe('a contrast after a comma ("…, no coffee") is a clause of its own', () => {
  it('learns the fact before it', () => {
    expect(learned('I drink green tea, no coffee.')).toEqual(['The user drinks green tea [user.drink.tea]']);
    expect(learned('I work in Leeds, not Manchester.').join()).toMatch(/works in Leeds/);
  });

  it('leaves a hedge with what it hedges', () => {
    expect(learned("I'm moving to Leeds, not sure when.").join()).not.toMatch(/Leeds/);
  });
});

describe('a pastime named by its noun, then when it comes back', () => {
  it.each([
    ['Floorball tue and thu.', 'The user plays floorball on Tuesdays and Thursdays [user.hobby.floorball]'],
    ['Swimming on Mondays.', 'The user does swimming on Mondays [user.hobby.swimming]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });

  it('learns a pastime the vocabulary names', () => {
    expect(learned('Parkrun on Saturdays.').join()).toMatch(/The user does parkrun on Saturdays/);
    expect(learned('five-a-side football on Saturday mornings').join()).toMatch(/The user plays five-a-side football on Saturday mornings/);
  });

  it('learns nothing from what is no pastime', () => {
    expect(learned('Meetings on Mondays.')).toEqual([]);
    expect(learned('Church on Sundays.')).toEqual([]);
    expect(learned('Bins on Thursdays.')).toEqual([]);
  });
});

describe('"and" before a time and the user opens a clause of its own', () => {
  it.each([
    ['I work at Tesco, and in the evenings I play darts.', 'The user plays darts in the evenings [user.hobby.darts]'],
    ['I work at Tesco and in summer I go sailing.', 'The user goes sailing in summer [user.hobby.sailing]'],
    ['I live in Leeds and during the week I swim.', 'The user lives in Leeds [user.location]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });
});

describe('what happened next, said after a comma or an emoji', () => {
  it('reads "…, turns out I…" as the user’s own clause', () => {
    expect(learned("And on top of the shellfish thing, turns out I'm allergic to sesame too.")).toContain(
      'The user is allergic to sesame [user.allergy.sesame]',
    );
    expect(learned('Went to the doctor, turns out I’m lactose intolerant.').join('|')).not.toMatch(/doctor, turns out/);
    expect(learned('I love this place, turned out it was a bakery.')).toEqual([]);
  });

  it('ends a sentence at an emoji before a verb in the past or before "same"', () => {
    expect(learned('the bootcamp paid off 😭 moved up to Auckland on the weekend')).toContain('The user lives in Auckland [user.location]');
    expect(learned("so I've moved back home to Welly 🙌 same Newtown flat and everything")).toEqual(['The user lives in Welly [user.location]']);
  });

  it('ends a sentence at a typed face, or at an emoji before a time that opens a clause', () => {
    expect(learned('my boss Priti retired :( from Monday I report to Gavin')).toContain("The user's manager is Gavin [user.manager]");
    expect(learned('sold the old house 😢 these days I live in Hove')).toContain('The user lives in Hove [user.location]');
    expect(learned('left Acme ;-) since March I work at Initech').join()).toMatch(/works at Initech.*\[user.employer\]/);
  });
});

describe('a pet or a child named after a comma or "and", with a pronoun', () => {
  it.each([
    ['adopted a street kitten, named her luna', 'The user adopted a street kitten named Luna [user.pet.luna]'],
    ['I adopted a kitten and named her Luna.', 'The user adopted a kitten named Luna [user.pet.luna]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });

  it('leaves a pronoun someone else calls a name alone', () => {
    expect(learned('The kids called him a hero.').join()).not.toMatch(/called a hero/);
  });
});

describe('whom the user answers to, said first, and a place booked', () => {
  it.each([
    ["It's Aisha I answer to now.", "The user's manager is Aisha [user.manager]"],
    ['It is Mr Patel that I report to.', "The user's manager is Mr Patel [user.manager]"],
    ['Booked Copenhagen for the August bank holiday.', 'The user is going to Copenhagen for the August bank holiday [user.plan.copenhagen]'],
    ['We just booked Lisbon!', 'The user is going to Lisbon [user.plan.lisbon]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });
});

describe('the user’s workplace moving them to a tool', () => {
  it.each([
    ['School switched us to Slack.', 'The user uses Slack [user.tool.slack]'],
    ['The company rolled out Slack for everything.', 'The user uses Slack [user.tool.slack]'],
    ['The hospital put us on Slack.', 'The user uses Slack [user.tool.slack]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });

  it('leaves someone else’s workplace alone', () => {
    expect(learned("My sister's school switched to Slack.").join()).not.toMatch(/The user uses Slack/);
  });
});

describe('terse and chatty forms of facts the user states', () => {
  it.each([
    ['I am from Poland but living in Rotterdam since six years.', 'The user lives in Rotterdam [user.location]'],
    ["allergist says I'm allergic to kiwi also now.", 'The user is allergic to kiwi [user.allergy.kiwi]'],
    ['doc wants me on mediterranean', 'The user is mediterranean [user.diet]'],
    ['oat flat white every morning no exceptions', 'The user drinks oat flat white every morning [user.drink.oat]'],
    ['been keto like 2 yrs.', 'The user is keto [user.diet]'],
    ['also allergic to shellfish now??', 'The user is allergic to shellfish [user.allergy.shellfish]'],
    ['Mostly I write Kotlin.', 'The user mostly writes Kotlin [user.programming_language.kotlin]'],
    ["Outside work it's mostly bouldering at the wall twice a week.", 'The user goes bouldering at the wall twice a week [user.hobby.bouldering]'],
    ['Outside of work I play the cello.', 'The user plays the cello [user.instrument.cello]'],
    ["I'm sysadmin at OhioHealth.", 'The user is a sysadmin [user.occupation]'],
    ["Outside work it's cycling, and me and my partner Gethin have a greyhound called Dai.", 'The user has a greyhound called Dai [user.pet.dai]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('keeps a real question and what is no pastime out', () => {
    expect(learned('do you think I should move to Leeds??')).toEqual([]);
    expect(learned("Evenings it's raining a lot.")).toEqual([]);
  });
});

describe('a clinician’s finding, a date said with "from", a person named in apposition', () => {
  it.each([
    ["Ugh, new thing: allergist says I'm allergic to kiwi also now.", 'The user is allergic to kiwi [user.allergy.kiwi]'],
    ['I became vegan from last month, for environment reasons.', 'The user is vegan [user.diet]'],
    ['The new boss is a woman, Sanne de Vries, very strict about the breaks.', "The user's manager is Sanne de Vries [user.manager]"],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });

  it('leaves what someone else says of the user alone', () => {
    expect(learned("My sister says I'm allergic to cats.")).toEqual([]);
  });
});

describe('an introduction that opens with the user’s age', () => {
  it('reads the list after it as the user’s', () => {
    expect(learned('24, glasgow based.')).toEqual(['The user is 24 years old [user.age]', 'The user lives in Glasgow [user.location]']);
    expect(learned('35, nurse, Leeds.')).toEqual(
      expect.arrayContaining(['The user is 35 years old [user.age]', 'The user is a nurse [user.occupation]', 'The user lives in Leeds [user.location]']),
    );
  });

  it('leaves a list of numbers alone', () => {
    expect(learned('24, 25 and 26 are fine.')).toEqual([]);
    expect(learned('45, maybe 50 people came.')).toEqual([]);
  });
});

describe('"<name> here" opening a turn, as its own sentence', () => {
  it('is the user’s name', () => {
    expect(learned('hey. lachie here. data engineer in perth')).toContain("The user's name is Lachie [user.name]");
    expect(learned('hi there. sophie here!')).toEqual(["The user's name is Sophie [user.name]"]);
  });

  it('leaves "nobody here" alone', () => {
    expect(learned('nobody here.')).toEqual([]);
  });
});

describe('what the user says of the two of them ("Ilse and I live in Aarau") is the user’s too', () => {
  it.each([
    ['Ilse and I live in Aarau, near the old town.', 'The user lives in Aarau [user.location]'],
    ['me and my hubby Koen are renting in Ghent with the twins', 'The user lives in Ghent [user.location]'],
    ['me and my hubby Koen are renting in Ghent with the twins', "The user's husband is Koen [user.partner]"],
    ['me n my fiance Dario have a greyhound called Pesto', "The user's fiance is Dario [user.partner]"],
    ['me n my fiance Dario have a greyhound called Pesto', 'The user has a greyhound called Pesto [user.pet.pesto]'],
    ['My wife Annick and I moved to Namur last spring.', 'The user lives in Namur [user.location]'],
    ['me and Tavita play touch rugby on Wednesdays', 'The user plays touch rugby on Wednesdays [user.play.touch_rugby]'],
    ['My fiancé Tomás and I live together in Cádiz', 'The user lives in Cádiz [user.location]'],
    ['Ilse and I got hitched in June!', 'The user is married to Ilse [user.partner]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    ['Ilse and I split up in May.', /Ilse|lives/],
    ['my husband Arjen and I are getting divorced', /Arjen|divorc/],
    ['me and my wife rent a flat in Leeds', /wife is/],
  ])('the couple’s own news, or no name, is read as said: %s', (said, never) => {
    expect(learned(said).join()).not.toMatch(never);
  });
});

describe('a person who "got transferred to Dayton" moved; nothing of the user’s ended', () => {
  const held = [{ id: 'b0', key: 'user.girl', statement: "The user's girl is rachel", active: true }];
  it('keeps who they are to the user', () => {
    expect(extractBeliefs([{ role: 'user', content: 'rachel got transferred to toledo so we moved' }], { held }).retract).toEqual([]);
  });
  it('what was handed over still ends', () => {
    const work = [{ id: 'b0', key: 'user.project.orchard', statement: 'The user works on the Orchard account', active: true }];
    expect(extractBeliefs([{ role: 'user', content: 'the Orchard account got handed to Jo' }], { held: work }).retract.map((r) => r.id)).toEqual(['b0']);
  });
});

describe('setup facts said the way people introduce themselves', () => {
  it.each([
    ['We live in Ely with Nutmeg, our cocker spaniel, and two hens.', 'The user has a cocker spaniel named Nutmeg [user.pet.nutmeg]'],
    ['I run a B&B with Otto, my partner, and Zuzu, our parakeet.', 'The user has a parakeet named Zuzu [user.pet.zuzu]'],
    ['still in student halls in Jesmond lol', 'The user lives in Jesmond [user.location]'],
    ["I'm in a shared flat in Gracia with two Italians", 'The user lives in a shared flat in Gracia [user.location]'],
    ['already fifteen years I live in Graz.', 'The user lives in Graz [user.location]'],
    ['originally I am from Cluj but 12 years I live in Turin.', 'The user is from Cluj [user.origin]'],
    ['originally I am from Cluj but 12 years I live in Turin.', 'The user lives in Turin [user.location]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    ["I'm in the studio in Hackney all day", /lives in/],
    ['in a hotel in Porto for the conference', /lives in/],
    ['love this flat 😍 so happy', /happy/],
  ])('a workplace, a stay or a feeling is no home: %s', (said, never) => {
    expect(learned(said).join()).not.toMatch(never);
  });
});

describe('a drink the user cannot do without, said in the words of need or of always', () => {
  it.each([
    ['every morning I need a flat white or I cannot work', 'The user drinks flat white'],
    ["honestly I can't function without my double espresso", 'double espresso'],
    ["I'll never say no to a proper builder's tea.", "The user drinks builder's tea"],
    ['and without black coffee I am not a person.', 'The user drinks black coffee'],
    ['Rooibos, always.', 'The user drinks Rooibos'],
    ['sweet tea is basically my whole personality', 'The user drinks sweet tea'],
  ])('%s', (said, statement) => {
    const drinks = learned(said).filter((b) => b.includes('[user.drink.'));
    expect(drinks).toHaveLength(1);
    expect(drinks[0]).toContain(statement);
  });

  it.each(['I need the car every morning', 'my sister can’t live without green tea', 'pizza, always', 'Saturdays, always.'])(
    'names no drink of the user’s: %s',
    (said) => {
      expect(learned(said).filter((b) => b.includes('[user.drink.'))).toEqual([]);
    },
  );
});

describe('a hedge on how much is no hedge on whether', () => {
  it.each([
    ['In the evenings I play chess online, blitz, too much probably.', '[user.hobby.chess_online]'],
    ['I drink coffee, probably way too much.', '[user.drink.coffee]'],
    ['I play Wordle, maybe more than I should.', '[user.hobby.wordle]'],
  ])('%s', (said, key) => {
    expect(learned(said).filter((b) => b.endsWith(key))).toHaveLength(1);
  });

  it('a hedge on the doing itself still keeps it out', () => {
    expect(learned("I'll probably play chess online.")).toEqual([]);
  });
});

describe('the user’s own time said by what it is not', () => {
  it.each([
    ["When I'm not on exercise I do a lot of fell running in the Lakes.", 'The user does a lot of fell running in the Lakes [user.hobby.fell_running]'],
    ["When I'm not on shift I go climbing.", 'The user goes climbing [user.hobby.climbing]'],
    ['Weekend I go cycling at the park, sometimes fishing also.', '[user.hobby.cycling]'],
  ])('%s', (said, belief) => {
    expect(learned(said).filter((b) => b.endsWith(belief) || b === belief)).toHaveLength(1);
  });

  it('"go" written as the verb names no tool', () => {
    expect(learned('Outside work I go climbing.')).toEqual(['The user goes climbing [user.hobby.climbing]']);
  });

  it('a bare time of day keeps its own reading', () => {
    expect(learned('Evenings I play chess online.')).toEqual(['The user plays chess online in the evenings [user.hobby.chess_online]']);
  });
});
