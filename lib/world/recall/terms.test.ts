import { describe, expect, it } from 'vitest';
import { keyNames } from '../../key-names.ts';
import { ownerPrefix } from '../../owner-prefix.ts';
import { ownerMatch, SAID_WORDS, saidWords, searchTerms } from './terms.ts';

describe('owner-scoped search terms', () => {
  it('derives a stable prefix of thirteen consonants per owner, different between owners', () => {
    const a = ownerPrefix('alice@example.com');
    expect(a).toMatch(/^[bcdfghjklmnpqrstvwxz]{13}$/);
    expect(ownerPrefix('alice@example.com')).toBe(a);
    expect(ownerPrefix('bob@example.com')).not.toBe(a);
  });

  it('names a key by its segments after the namespace, or by the whole key', () => {
    const keys = [null, 'home.budget', 'user.allergy.penicillin', 'user.home_city', 'single', 'trailing.'];
    expect(keys.map(keyNames)).toEqual(['', 'budget', 'allergy penicillin', 'home city', 'single', 'trailing ']);
  });

  it('indexes content words of statement, key and aliases, each behind the owner prefix', () => {
    const p = ownerPrefix('o@example.com');
    expect(searchTerms('o@example.com', 'The user lives in Berlin', 'user.location', ['Berlin', 'BER'])).toBe(
      [`${p}lives`, `${p}berlin`, `${p}location`, `${p}ber`].join(' '),
    );
    expect(searchTerms('o@example.com', 'the and of', null)).toBe('');
  });

  it('matches any of the words, quoted, under the owner prefix only', () => {
    const p = ownerPrefix('o@example.com');
    expect(ownerMatch('o@example.com', ['tea', 'coffee'])).toBe(`"${p}tea" OR "${p}coffee"`);
  });
});

describe('the words said around a learned belief', () => {
  it('takes the sentence sharing most words with the statement and its neighbours first, then the rest, none of its own by stem', () => {
    const sentences = ['Rough week at work.', 'We drove the pups down to Brighton.', 'They ran into the sea for hours!', 'Back to spreadsheets tomorrow.'];
    expect(saidWords(sentences, 'The user ran into the sea with the pups')).toEqual([
      'hours',
      'drove',
      'down',
      'brighton',
      'spreadsheets',
      'tomorrow',
      'rough',
      'week',
      'work',
    ]);
  });

  it('keeps at most SAID_WORDS, and no word longer than anyone asks by', () => {
    const long = Array.from({ length: 50 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`).join(' ');
    expect(saidWords([long], 'The user likes tea')).toHaveLength(SAID_WORDS);
    expect(saidWords([`a ${'x'.repeat(41)} lantern`], 'The user likes tea')).toEqual(['lantern']);
  });

  it('indexes them behind the owner prefix once, beside the statement', () => {
    const p = ownerPrefix('o@example.com');
    expect(searchTerms('o@example.com', 'The user likes tea', null, [], ['camping', 'tea'])).toBe(`${p}likes ${p}tea ${p}camping`);
  });
});
