import { describe, expect, it } from 'vitest';
import { keyNames } from '../../key-names.ts';
import { ownerPrefix } from '../../owner-prefix.ts';
import { ownerMatch, searchTerms } from './terms.ts';

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
