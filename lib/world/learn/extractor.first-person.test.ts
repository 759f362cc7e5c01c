import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../test/support/table.ts';
import { loadTagger } from './extract/tagger.ts';
import { extractBeliefs } from './extractor.ts';

beforeAll(loadTagger);

const one = (content: string) => extractBeliefs([{ role: 'user', content }]);

describe('built-in extractor: first-person statements become beliefs with stable keys', () => {
  it.each([
    ['I live in Berlin', 'fact', 'user.location', 'The user lives in Berlin'],
    ['I live in Berlin.', 'fact', 'user.location', 'The user lives in Berlin'],
    ['I moved to Paris', 'fact', 'user.location', 'The user lives in Paris'],
    ["I've just moved to New York last year.", 'fact', 'user.location', 'The user lives in New York'],
    ["I'm based in Lisbon", 'fact', 'user.location', 'The user lives in Lisbon'],
    ['I live in Munich now', 'fact', 'user.location', 'The user lives in Munich'],
    ['Actually I moved to Munich last month', 'fact', 'user.location', 'The user lives in Munich'],
    ['i live in new york', 'fact', 'user.location', 'The user lives in New York'],
    ['My name is Ada Lovelace', 'fact', 'user.name', "The user's name is Ada Lovelace"],
    ['Call me Ada', 'fact', 'user.name', "The user's name is Ada"],
    ['I work at Acme Corp', 'fact', 'user.employer', 'The user works at Acme Corp'],
    ['I work for the Red Cross', 'fact', 'user.employer', 'The user works at the Red Cross'],
    ['I work as an engineer', 'fact', 'user.occupation', 'The user is an engineer'],
    ["I'm a software engineer", 'fact', 'user.occupation', 'The user is a software engineer'],
    ["I'm now a senior engineer", 'fact', 'user.occupation', 'The user is a senior engineer'],
    ['My new manager is Sam', 'fact', 'user.manager', "The user's manager is Sam"],
    ['I report to Dana', 'fact', 'user.manager', "The user's manager is Dana"],
    ['I answer to Dana', 'fact', 'user.manager', "The user's manager is Dana"],
    ['My headteacher is Mr Osei', 'fact', 'user.manager', "The user's manager is Mr Osei"],
    ['I report into Sandra', 'fact', 'user.manager', "The user's manager is Sandra"],
    ['Officially a charge nurse as of Monday', 'fact', 'user.occupation', 'The user is a charge nurse'],
    ['Handed in my notice at Lidl, starting at Boots next week', 'fact', 'user.employer', 'The user works at Boots'],
    // The pets the user keeps, said as their keeper.
    ["I'm a cat dad to a tabby called Pixel", 'entity', 'user.pet.pixel', 'The user has a cat named Pixel'],
    // A new home by the house the user is in now.
    ['the new flat in Leith has a tiny kitchen', 'fact', 'user.location', 'The user lives in a flat in Leith'],
    ['First night in the Ashby house!', 'fact', 'user.location', 'The user lives in a house in Ashby'],
    // The user admitting it is the user saying it.
    ["I'm ashamed to say I'm a tea person now", 'fact', 'user.drink.tea', 'The user is a tea person'],
    // What kind of one the user is is still the diet; a lapsed one is none.
    ["I'm back to being a boring vegetarian", 'fact', 'user.diet', 'The user is vegetarian'],
    // A diet said with how often, or spelled out after it.
    ['I eat pescatarian, fish yes, meat no', 'fact', 'user.diet', 'The user is pescatarian'],
    ['I eat low carb most days', 'fact', 'user.diet', 'The user is low carb'],
    // A title with a word before it, said without "my".
    ['yard manager is Dana', 'fact', 'user.manager', "The user's yard manager is Dana"],
    ['Sam is my new boss', 'fact', 'user.manager', "The user's manager is Sam"],
    ["I'm learning Japanese", 'fact', 'user.learning.japanese', 'The user is learning Japanese'],
    ['I play the cello', 'fact', 'user.instrument.cello', 'The user plays the cello'],
    ['I play chess', 'fact', 'user.hobby.chess', 'The user plays chess'],
    ["I'm allergic to peanuts", 'fact', 'user.allergy.peanuts', 'The user is allergic to peanuts'],
    ['I’m allergic to shellfish!', 'fact', 'user.allergy.shellfish', 'The user is allergic to shellfish'],
    ['I am vegetarian', 'fact', 'user.diet', 'The user is vegetarian'],
    ["I've been vegetarian since childhood", 'fact', 'user.diet', 'The user is vegetarian'],
    ["I've been living in Porto for two years", 'fact', 'user.location', 'The user lives in Porto'],
    ["I've been learning Korean for a few months", 'fact', 'user.learning.korean', 'The user is learning Korean'],
    ['I became vegan', 'fact', 'user.diet', 'The user is vegan'],
    ["I'm 42 years old", 'fact', 'user.age', 'The user is 42 years old'],
    ['I prefer tea over coffee', 'preference', 'user.preference.drink', 'The user prefers tea over coffee'],
    ['Now I prefer coffee over tea', 'preference', 'user.preference.drink', 'The user prefers coffee over tea'],
    ['I switched from tea to coffee', 'preference', 'user.preference.drink', 'The user prefers coffee over tea'],
    ['I prefer dark mode in editors', 'preference', 'user.preference.theme', 'The user prefers dark mode in editors'],
    ['I prefer trains to planes', 'preference', 'user.preference.transport', 'The user prefers trains over planes'],
    ['I prefer jazz over techno', 'preference', 'user.preference.jazz_vs_techno', 'The user prefers jazz over techno'],
    ['I love hiking', 'preference', 'user.likes.hiking', 'The user likes hiking'],
    ['I hate hiking', 'preference', 'user.likes.hiking', 'The user dislikes hiking'],
    ['My favorite color is green', 'preference', 'user.favorite.color', "The user's favorite color is green"],
    ["I'm from Lagos", 'fact', 'user.origin', 'The user is from Lagos'],
    ['I speak Portuguese', 'fact', 'user.language.portuguese', 'The user speaks Portuguese'],
    ["I've decided to learn Rust", 'decision', 'user.decision.learn_rust', 'The user has decided to learn Rust'],
    ["I'm planning to move to Hamburg", 'decision', 'user.plan.move', 'The user plans to move to Hamburg'],
    ['I have a dog named Rex', 'entity', 'user.pet.rex', 'The user has a dog named Rex'],
    ['Actually, I live in Rome', 'fact', 'user.location', 'The user lives in Rome'],
    ['My email is ada@example.com', 'fact', 'user.email', "The user's email is ada@example.com"],
    ['My wife is Anna', 'fact', 'user.partner', "The user's wife is Anna"],
    ['My wife is a doctor', 'fact', 'user.family.wife.occupation', "The user's wife is a doctor"],
  ])('%s', (text, type, key, statement) => {
    const found = one(text);
    expect(found.retract).toEqual([]);
    expect(found.beliefs).toHaveLength(1);
    expect(found.beliefs[0]).toMatchObject({ type, key, statement, scope: 'universal' });
  });

  it('gives beliefs aliases they answer to', () => {
    expect(one("I'm vegetarian").beliefs[0]?.aliases).toContain('diet');
    expect(one('I live in Oslo').beliefs[0]?.aliases).toEqual(expect.arrayContaining(['home', 'city']));
  });

  it('finds one belief per clause and never reads the assistant or the system', () => {
    const found = extractBeliefs([
      { role: 'system', content: 'I live in Atlantis. My name is Root.' },
      { role: 'user', content: 'Hi! My name is Ada. I live in Berlin. Where is a good café?' },
      { role: 'assistant', content: 'I live in the cloud. My name is Claude.' },
    ]);
    expect(found.beliefs.map((b) => b.statement)).toEqual(["The user's name is Ada", 'The user lives in Berlin']);
  });
});

describe('built-in extractor: retractions name the key they retract', () => {
  it.each(rows`
    I'm no longer vegetarian           → user.diet              → vegetarian
    I'm not vegetarian anymore         → user.diet              → vegetarian
    I don't live in Munich anymore     → user.location          → Munich
    I no longer live in Munich         → user.location          → Munich
    I'm not learning Japanese any more → user.learning.japanese → Japanese
    I stopped learning Japanese        → user.learning.japanese → Japanese
    I don't work at Acme any more      → user.employer          → Acme
    I quit my job at Acme              → user.employer          → Acme
    Dana isn't my manager anymore      → user.manager           → Dana
    My manager is no longer Dana       → user.manager           → Dana
    I no longer play the cello         → user.instrument.cello  → cello
    I don't like tea anymore           → user.likes.tea         → tea
  `)('%s', (text, key, mention) => {
    expect(one(text)).toEqual({ beliefs: [], retract: [{ key, mention }] });
  });

  it('a retraction and its correction in one turn', () => {
    const found = one("I'm no longer vegetarian, I'm vegan now.");
    expect(found.retract).toEqual([{ key: 'user.diet', mention: 'vegetarian' }]);
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.diet', 'The user is vegan']]);
  });
});

describe('built-in extractor: what must not become a belief', () => {
  it.each([
    'Where do I live?',
    'Do I live in Berlin?',
    'What is my name',
    'She is allergic to peanuts',
    'He works at Acme',
    'John prefers tea',
    'If I lived in Berlin I would cycle',
    'I would live in Berlin if I could',
    'Maybe I will move to Paris',
    'Imagine I live in Tokyo',
    'I might move to Oslo',
    "I don't live in Berlin",
    'I never work at weekends',
    'I work at night',
    'Suppose my name is Bob',
    'The weather is nice today',
    'I live in Berlin?',
    'I should move to Hamburg',
    'My wife says I should move to Hamburg',
    "My wife thinks I'm vegetarian",
    'My boss thinks Python is the best language',
    "I think I'm a morning person",
    'He said "I live in Paris"',
    'My manager is nice',
    'I live in a small flat',
    "I'm not vegetarian",
  ])('%s', (text) => {
    expect(one(text)).toEqual({ beliefs: [], retract: [] });
  });

  it('nothing after a report or a condition in the same sentence, even a second verb of the user', () => {
    expect(one('My wife thinks I should live in Paris and work at Google')).toEqual({ beliefs: [], retract: [] });
    expect(one('If it rains, I live in Paris')).toEqual({ beliefs: [], retract: [] });
    expect(one('I live in Oslo and work at Acme').beliefs.map((b) => b.statement)).toEqual(['The user lives in Oslo', 'The user works at Acme']);
    expect(one('I play tennis with my brother').beliefs.map((b) => b.statement)).toEqual(['The user plays tennis']);
  });

  it("learns the wife's job as a fact about her, and nothing from her opinion", () => {
    const found = one('My wife is a doctor and she thinks I should move to Hamburg');
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.family.wife.occupation', "The user's wife is a doctor"]]);
    expect(found.retract).toEqual([]);
  });
});
