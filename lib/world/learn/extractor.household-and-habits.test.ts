import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger } from './extract/tagger.ts';
import { extractBeliefs } from './extractor.ts';

beforeAll(loadTagger);

const learned = (content: string) => extractBeliefs([{ role: 'user', content }]).beliefs.map((b) => `${b.statement} [${b.key}]`);

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
