import { describe, expect, it } from 'vitest';
import { alternation } from './alternation.ts';

/** The alternation as a plain list, longest word first: what the tree must match exactly like. */
const asList = (words: readonly string[]) => `(?:${[...words].sort((a, b) => b.length - a.length).join('|')})`;

const WORDS = ['golden retriever', 'golden retrievers', 'gold', 'go', 'goat', 'cat', 'cats', 'catfish', 'cattle dog', 'c', 'ex-partner', "o'clock", 'r&d'];
const TEXTS = [
  'we have two golden retrievers and a goat',
  'My Golden Retriever, a CAT and the catfish',
  'go gold goats cattle dogs',
  "the ex-partner came at ten o'clock",
  'R&D and c and cats',
  '',
];

describe('a word list as one alternation', () => {
  it('matches what the longest-first list matches, at the same places, in any case', () => {
    for (const flags of ['gi', 'g', 'giu']) {
      const tree = new RegExp(`\\b${alternation(WORDS)}\\b`, flags);
      const list = new RegExp(`\\b${asList(WORDS)}\\b`, flags);
      for (const text of TEXTS) {
        expect(
          [...text.matchAll(tree)].map((m) => [m.index, m[0]]),
          `${flags} ${text}`,
        ).toEqual([...text.matchAll(list)].map((m) => [m.index, m[0]]));
      }
    }
  });

  it('prefers the longer word, and gives the shorter back when what follows needs it', () => {
    expect(new RegExp(`^${alternation(WORDS)}`).exec('golden retrievers')?.[0]).toBe('golden retrievers');
    expect(new RegExp(`^${alternation(WORDS)}s? and`).exec('cats and')?.[0]).toBe('cats and');
    expect(new RegExp(`^${alternation(WORDS)}fish`).exec('catfish')?.[0]).toBe('catfish');
  });

  it('shares the beginnings of words, so the pattern is shorter than the list', () => {
    expect(alternation(WORDS).length).toBeLessThan(asList(WORDS).length);
    expect(alternation(['cat', 'cats'])).toBe('(?:cats?)');
  });

  it('keeps a list with regex syntax as a list', () => {
    expect(alternation(['fianc[ée]e?', 'wife'])).toBe(asList(['fianc[ée]e?', 'wife']));
    expect(alternation(['f.y.i.', 'btw'])).toBe(asList(['f.y.i.', 'btw']));
  });
});
