import { describe, expect, it } from 'vitest';
import { rows } from '../../test/support/table.ts';
import { contentWords, estimateTokens, normalizeStatement, slug } from './text.ts';

describe('statement text', () => {
  it.each(rows`
    The User  lives in BERLIN.  → the user lives in berlin
    I’m “fine”, thanks!         → i'm fine thanks
    ﬁne — café №5               → fine café no5
  `)('normalizes %j to %j', (text, normalized) => {
    expect(normalizeStatement(text)).toBe(normalized);
  });

  it('normalizes whitespace alone to nothing, and slugs keys to at most 48 characters', () => {
    expect(normalizeStatement('  \t\n ')).toBe('');
    expect(slug('x'.repeat(60))).toBe('x'.repeat(48));
  });

  it.each(rows`
    Home Budget   → home_budget
    Zürich café!  → zurich_cafe
    --a--b--      → a_b
  `)('slugs %j to %j', (text, key) => {
    expect(slug(text)).toBe(key);
  });

  it('keeps content words once, in order, without stopwords, filler or one-letter words', () => {
    expect(contentWords("Can you help me plan the user's garden? The garden's basil, please")).toEqual(['garden', 'basil']);
    expect(contentWords("I don't know, just tell me something")).toEqual([]);
    expect(contentWords('x y PostgreSQL')).toEqual(['postgresql']);
  });

  it('estimates four characters a token, rounding up', () => {
    expect([0, 1, 4, 5].map((n) => estimateTokens('a'.repeat(n)))).toEqual([0, 1, 1, 2]);
  });
});
