import { describe, expect, it } from 'vitest';
import { extractBeliefs } from '../../lib/world/extractor.ts';

const one = (content: string) => extractBeliefs([{ role: 'user', content }]);

describe('built-in extractor: first-person statements become beliefs', () => {
  it.each([
    ['I live in Berlin', 'fact', 'user.location', 'The user lives in Berlin'],
    ['I live in Berlin.', 'fact', 'user.location', 'The user lives in Berlin'],
    ['I moved to Paris', 'fact', 'user.location', 'The user lives in Paris'],
    ["I've just moved to New York last year.", 'fact', 'user.location', 'The user lives in New York'],
    ["I'm based in Lisbon", 'fact', 'user.location', 'The user lives in Lisbon'],
    ['My name is Ada Lovelace', 'fact', 'user.name', "The user's name is Ada Lovelace"],
    ['Call me Ada', 'fact', 'user.name', "The user's name is Ada"],
    ['I work at Acme Corp', 'fact', 'user.employer', 'The user works at Acme Corp'],
    ['I work for the Red Cross', 'fact', 'user.employer', 'The user works at the Red Cross'],
    ['I work as an engineer', 'fact', 'user.occupation', 'The user works as an engineer'],
    ["I'm allergic to peanuts", 'fact', 'user.allergy.peanuts', 'The user is allergic to peanuts'],
    ['I’m allergic to shellfish!', 'fact', 'user.allergy.shellfish', 'The user is allergic to shellfish'],
    ['I am vegetarian', 'fact', 'user.diet', 'The user is vegetarian'],
    ["I'm 42 years old", 'fact', 'user.age', 'The user is 42 years old'],
    ['I prefer tea over coffee', 'preference', null, 'The user prefers tea over coffee'],
    ['I prefer dark mode in editors', 'preference', null, 'The user prefers dark mode in editors'],
    ['I love hiking', 'preference', null, 'The user likes hiking'],
    ['My favorite color is green', 'preference', 'user.favorite.color', "The user's favorite color is green"],
    ["I'm from Lagos", 'fact', 'user.origin', 'The user is from Lagos'],
    ['I speak Portuguese', 'fact', null, 'The user speaks Portuguese'],
    ["I've decided to learn Rust", 'decision', null, 'The user decided to learn Rust'],
    ['I have a dog named Rex', 'entity', null, 'The user has a dog named Rex'],
    ['Actually, I live in Rome', 'fact', 'user.location', 'The user lives in Rome'],
    ['My email is ada@example.com', 'fact', 'user.email', "The user's email is ada@example.com"],
  ])('%s', (text, type, key, statement) => {
    const found = one(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type, key, statement, scope: 'universal' });
  });

  it('finds one belief per sentence and ignores the assistant', () => {
    const found = extractBeliefs([
      { role: 'user', content: 'Hi! My name is Ada. I live in Berlin. Where is a good café?' },
      { role: 'assistant', content: 'I live in the cloud. My name is Claude.' },
    ]);
    expect(found.map((b) => b.key)).toEqual(['user.name', 'user.location']);
  });
});

describe('built-in extractor: what must not become a belief', () => {
  it.each([
    'Where do I live?',
    'Do I live in Berlin?',
    'What is my name',
    'My sister lives in Berlin',
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
    'Suppose my name is Bob',
    'The weather is nice today',
    'I live in Berlin?',
  ])('%s', (text) => {
    expect(one(text)).toEqual([]);
  });
});
