import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.ts';
import { inScope, learnedScope, parseScopes, scopeHeader } from './scope.ts';

describe('memory scopes', () => {
  it.each([
    ['universal', ['universal']],
    [' Domain:Work , universal,domain:work', ['domain:work', 'universal']],
    [['domain:a.b_c-d'], ['domain:a.b_c-d']],
    [[], []],
    ['', null],
    ['domain:', null],
    ['global', null],
    ['universal,,domain:x', null],
    ['domain:has space', null],
    [Array.from({ length: 33 }, (_, i) => `domain:d${i}`), null],
  ] as [string | string[], string[] | null][])('reads %j as %j', (value, scopes) => {
    expect(parseScopes(value)).toEqual(scopes);
  });

  it('answers a malformed header with a 400 naming it', () => {
    expect(scopeHeader('domain:work')).toEqual(['domain:work']);
    expect(() => scopeHeader('nope')).toThrow(ApiError);
    expect(() => scopeHeader('nope')).toThrow(/x-belief-store-scope/);
  });

  it('applies universal beliefs everywhere and a domain belief only where the request names its domain', () => {
    expect(inScope('universal', [])).toBe(true);
    expect(inScope('domain:work', ['domain:work', 'universal'])).toBe(true);
    expect(inScope('domain:work', ['domain:home'])).toBe(false);
    expect(inScope('domain:work', [])).toBe(false);
  });

  it('learns under a single domain, and universal for none, universal or several', () => {
    expect(learnedScope(['domain:work'])).toBe('domain:work');
    expect(learnedScope(undefined)).toBe('universal');
    expect(learnedScope([])).toBe('universal');
    expect(learnedScope(['domain:a', 'domain:b'])).toBe('universal');
  });
});
