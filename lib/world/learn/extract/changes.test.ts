import { beforeAll, describe, expect, it } from 'vitest';
import { extractBeliefs } from '../extractor.ts';
import { readChange } from './changes.ts';
import { holdsSecret, ownWords } from './pasted.ts';
import type { Held } from './resolve.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('readChange: what a clause ends or changes', () => {
  it.each([
    ['so I finally gave up the cello', { ends: ['cello'] }],
    ["I've ditched Photoshop completely", { ends: ['Photoshop'] }],
    ['Knitting is not for me anymore', { ends: ['Knitting'] }],
    ['Mango passed away on Sunday', { ends: ['Mango'] }],
    ['Emma and I broke up last week', { ends: ['Emma'] }],
    ['we migrated off MySQL onto Postgres', { ends: ['MySQL'], to: 'Postgres' }],
    ['We are doing Ireland instead of Scotland', { ends: ['Scotland'], to: 'Ireland' }],
    ['switched to Neovim last month', { ends: [], to: 'Neovim' }],
  ])('%s', (clause, want) => {
    expect(readChange(clause)).toMatchObject(want);
  });

  it.each(['I live in Leeds', 'Norvik is a Go shop', 'I stopped eating meat'])('%s changes nothing', (clause) => {
    expect(readChange(clause)).toBeNull();
  });
});

/** The user's beliefs, as the extractor is given them, from statements. */
const holding = (...said: [string, string | null][]): Held[] => said.map(([statement, key], i) => ({ id: `b${i}`, key, statement, active: true }));
const learn = (content: string, held: Held[]) => extractBeliefs([{ role: 'user', content }], { held });

describe('a change resolved against what the user holds', () => {
  it('ends every belief about the thing, and only the user’s own', () => {
    const held = holding(
      ['The user plays the cello', 'user.instrument.cello'],
      ["The user's brother plays the cello", 'user.family.brother.cello'],
      ['The user lives in Bristol', 'user.location'],
    );
    const found = learn('I gave up the cello', held);
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs).toEqual([]);
  });

  it('a new value of a category takes the old one’s place, said the old way', () => {
    const found = learn("now it's Obsidian for all my notes", holding(['The user uses Notion for their notes', 'user.tool.notion']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.tool.obsidian', 'The user uses Obsidian for their notes']]);
  });

  it('a pet that died ends; what the belief said of the other pet stays', () => {
    const found = learn('Mango passed away on Sunday', holding(['The user has got a dog named Rex and a tabby cat called Mango', 'user.pet.rex']));
    expect(found.beliefs.map((b) => [b.key, b.statement])).toEqual([['user.pet.rex', 'The user has got a dog named Rex']]);
  });

  it('a new allergy never ends the diet; eating meat again does', () => {
    const held = holding(['The user is vegetarian', 'user.diet']);
    expect(learn("turns out I'm allergic to sesame too", held).retract).toEqual([]);
    expect(learn('Eating meat again after 5 years', held).retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('"instead" replaces the latest belief of the new value’s kind', () => {
    const found = learn("so we're going to Sicily instead", holding(['The user is going to Crete in May', 'user.plan.crete']));
    expect(found.retract.map((r) => r.id)).toEqual(['b0']);
    expect(found.beliefs.map((b) => b.statement)).toEqual(['The user is going to Sicily']);
  });
});

describe('what the user did not write, and secrets', () => {
  it('drops text between separators, forwarded headers and letters', () => {
    expect(ownWords("can you help me reply to this?\n---\nHi all,\nI've just moved to Glasgow.\n---")).toBe('can you help me reply to this?');
    expect(ownWords('---------- Forwarded message ---------\nFrom: Sam\n\nI live in Galway')).toBe('');
    expect(ownWords('I live in Leeds.\nI work at Acme.')).toBe('I live in Leeds.\nI work at Acme.');
  });

  it.each(['my wifi password is Sunflower!2024', 'card number 4539 1488 0343 6467', 'My API key is sk-abcdef1234567890'])('%s holds a secret', (s) => {
    expect(holdsSecret(s)).toBe(true);
    expect(learn(s, []).beliefs).toEqual([]);
  });
});
