import { describe, expect, it } from 'vitest';
import { lastOf } from './last-of.ts';

describe('lastOf', () => {
  it('makes the value once while the key stays, and anew when it changes', () => {
    const made: string[] = [];
    const parse = lastOf((text: string | null) => {
      made.push(String(text));
      return { text };
    });
    const first = parse('{"a":1}');
    expect(parse('{"a":1}')).toBe(first);
    expect(parse('{"a":2}')).toEqual({ text: '{"a":2}' });
    expect(parse(null)).toEqual({ text: null });
    expect(made).toEqual(['{"a":1}', '{"a":2}', 'null']);
  });
});
