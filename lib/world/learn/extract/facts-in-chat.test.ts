import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('facts said the way people type them in a chat', () => {
  it.each([
    ['Sharks supporter till I die.', 'The user is a Sharks supporter [user.be.sharks_supporter]'],
    ['Huge Arsenal fan.', 'The user is a huge Arsenal fan [user.be.arsenal_fan]'],
    ['bucks fan, been since the bradley center days', 'The user is a bucks fan [user.be.bucks_fan]'],
  ])('whom the user backs, said without "I\'m": %s', (said, fan) => expect(learned(said)).toContain(fan));

  it('a fan who is someone else is theirs', () => {
    expect(learned("my brother's a Spurs fan").filter((b) => b.startsWith('The user is'))).toEqual([]);
  });

  it.each([
    ["Can't stand coriander, tastes like soap to me.", 'The user dislikes coriander [user.likes.coriander]'],
    ["can't stomach Vegemite, never could", 'The user dislikes Vegemite [user.likes.vegemite]'],
    ["Can't eat gluten, coeliac.", 'The user does not eat gluten [user.avoids.gluten]'],
  ])('what the user cannot stand or eat, without "I": %s', (said, belief) => expect(learned(said)).toContain(belief));

  it('a question that opens with "can" is still a question', () => expect(learned('Can you recommend a film?')).toEqual([]));

  it.each([
    ['Polish and English obviously', ['The user speaks Polish [user.language.polish]', 'The user speaks English [user.language.english]']],
    ["I'm doing Irish on Duolingo", ['The user is learning Irish [user.learning.irish]']],
  ])('languages named alone, and one being done: %s', (said, beliefs) => expect(learned(said)).toEqual(beliefs));

  it.each([
    ['Chommie, my Jack Russell, has chewed through his third lead this month', 'The user has a jack russell named Chommie [user.pet.chommie]'],
    ['I have a Border Collie called Fly', 'The user has a border collie called Fly [user.pet.fly]'],
  ])('a breed written capitalised is no name: %s', (said, pet) => expect(learned(said)).toContain(pet));

  it('a pronoun is no pet\'s name: "He\'s our collie" is Bran, named before', () =>
    expect(learned("Walking Bran this morning. He's our collie.")).toEqual(['The user has a collie named Bran [user.pet.bran]']));

  it.each([
    [
      'Day to day we are using Kotlin and Spring Boot on top of Postgres.',
      [
        'The user is using Kotlin [user.tool.kotlin]',
        'The user is using Spring Boot [user.tool.spring_boot]',
        'The user is using Postgres [user.tool.postgres]',
      ],
    ],
    ['I do most of my work in Python.', ['The user does most of their work in Python [user.tool.python]']],
    [
      "Stack-wise it's Python, dbt and Snowflake all day.",
      [
        "The user's stack includes Python [user.tool.python]",
        "The user's stack includes dbt [user.tool.dbt]",
        "The user's stack includes Snowflake [user.tool.snowflake]",
      ],
    ],
    ['React + TypeScript mostly.', ['The user uses React [user.tool.react]', 'The user uses TypeScript [user.tool.typescript]']],
  ])('what the user works in: %s', (said, tools) => expect(learned(said)).toEqual(tools));

  it('things joined by "+" that are no tools are nothing', () => expect(learned('salt + pepper')).toEqual([]));

  it.each([
    ['The arthritis in my knees has been giving me fits this fall.', 'The user has arthritis [user.condition.arthritis]'],
    ['the doctor has me on pills for my blood pressure too', 'The user has high blood pressure [user.condition.high_blood_pressure]'],
    ['I get these awful migraines if I skip meals.', 'The user has migraines [user.condition.migraines]'],
    ['dust allergy is very bad for me, keep sneezing the whole monsoon', 'The user is allergic to dust [user.allergy.dust]'],
  ])('a condition said by what it does or how it is treated: %s', (said, condition) => expect(learned(said)).toContain(condition));

  it("someone else's condition is theirs", () => {
    expect(learned('My mum gets migraines').filter((b) => b.includes('[user.condition'))).toEqual([]);
    expect(learned("my sister's on pills for her blood pressure").filter((b) => b.includes('[user.condition'))).toEqual([]);
  });

  it.each([["Two kids — Alfie's 9 and Rosie's 6 — and a very fat cat called Dumpling."], ['Two kids: Alfie (9) and Rosie (6).']])(
    'children counted, then named: %s',
    (said) => {
      expect(learned(said)).toEqual(
        expect.arrayContaining(['The user has a kid called Alfie who is 9 [user.child.alfie]', 'The user has a kid called Rosie who is 6 [user.child.rosie]']),
      );
    },
  );

  it('"the kids, Zayn and Amira" are the user\'s', () => {
    expect(learned('We live in a semi in Hall Green — me, my husband Imran and the kids, Zayn and Amira.')).toEqual(
      expect.arrayContaining(['The user has a kid called Zayn [user.child.zayn]', 'The user has a kid called Amira [user.child.amira]']),
    );
  });

  it('names typed in lower case in a row after how many pets', () => {
    expect(learned('gf is kirsty. 2 dogs, tam and rab.')).toEqual(
      expect.arrayContaining(["Tam is one of the user's dogs [user.pet.tam]", "Rab is one of the user's dogs [user.pet.rab]"]),
    );
  });

  it.each([
    ['Massive tea drinker, milk no sugar.', ['The user drinks tea [user.drink.tea]']],
    ['drink irn bru not coffee', ['The user drinks irn bru [user.drink.irn_bru]']],
    ["I'm vegan, not vegetarian", ['The user is vegan [user.diet]']],
  ])('what the user drinks or is, then only what it is not: %s', (said, beliefs) => expect(learned(said)).toEqual(beliefs));

  it('a drinker who is someone else is theirs', () => {
    expect(learned('my dad is a big whisky drinker').filter((b) => b.includes('[user.drink'))).toEqual([]);
  });

  it('when someone else does something is no doubt on what the user said before it', () => {
    expect(learned('I do most of my work in Python, with some Excel when the business people insist.')).toEqual([
      'The user does most of their work in Python [user.tool.python]',
    ]);
  });

  it('a plan said without "I\'m"', () => {
    expect(learned('planning a family trip to lisbon in october, first time in europe for all of us!!').join()).toMatch(
      /The user is planning a family trip to Lisbon.*\[user\.plan\./,
    );
  });

  it.each([
    ["Grew up in Townsville so the humidity doesn't faze me one bit haha", 'The user is from Townsville [user.origin]'],
    ['Hi, myself Rahul Menon, working as backend developer in Flipkart.', "The user's name is Rahul Menon [user.name]"],
    ['Myself and Cian (my fella, six years together) are renting a little terraced house in Galway city.', "The user's fella is Cian [user.partner]"],
    ['Jono and I are getting married on 14 March next year!!', 'The user is getting married on 14 March [user.plan.marry]'],
    ["first anatomy exam is 12 May and I'm so not ready", 'The user has their first anatomy exam on 12 May [user.plan.first_anatomy_exam]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('"myself and" inside a clause is no subject', () => {
    expect(learned('I did it myself and Tom helped').join()).not.toContain('Tom and');
  });
});

describe('pastimes and diets said tersely', () => {
  it.each([
    ['Still play a bit of footy for the local amateurs', 'The user plays footy for the local amateurs [user.hobby.footy]'],
    ['beer league hockey every thurs, im a d-man, knees hate me', 'The user plays beer league hockey on Thursdays [user.hobby.beer_league_hockey]'],
    ['Halal only obviously', 'The user is halal [user.diet]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('a pastime every week at a place is no employer', () => {
    expect(learned("Five-a-side every Wednesday at Tolka Park, I'm the worst goalkeeper in the whole league").join()).not.toContain('[user.employer]');
  });

  it('what a pronoun stands for is no dislike of its own', () => expect(learned('pickles ruin every burger, hate em')).toEqual([]));
});
