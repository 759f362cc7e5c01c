import { describe, expect, it } from 'vitest';
import { SLOT_KEYS } from '../../beliefs/slots.ts';
import { RETRACTED_SLOTS, RETRACTIONS } from './retractions.ts';

/** How the extractor reads a table row: anchored, case-insensitive, the whole clause. */
const rewrite = (clause: string) => {
  for (const [pattern, positive] of RETRACTIONS) {
    const re = new RegExp(`^(?:${pattern})$`, 'i');
    if (re.test(clause)) return clause.replace(re, positive);
  }
  return null;
};

describe('retractions', () => {
  it.each([
    ["I'm no longer vegetarian", "I'm vegetarian"],
    ["I don't play chess anymore", 'I play chess'],
    ['I quit my job at Acme', 'I work at Acme'],
    ['I moved out of Berlin', 'I live in Berlin'],
    ['my manager is no longer Sam', 'my manager is Sam'],
    ['I broke up with Alex', 'my partner is Alex'],
    ['I left early', null],
    ['I live in Berlin', null],
  ])('%j rewrites to %j', (clause, positive) => {
    expect(rewrite(clause)).toBe(positive);
  });

  it('retracts whole slots only by keys the contradiction guard knows', () => {
    for (const [pattern, key] of RETRACTED_SLOTS) {
      expect(() => new RegExp(pattern, 'i')).not.toThrow();
      expect(SLOT_KEYS).toContain(key);
    }
  });
});
