import { describe, expect, it } from 'vitest';
import { SLOT_KEYS, slotKeys } from './slots.ts';

describe('exclusive slots', () => {
  it.each(['user.location', 'user.city', 'user.address.city', 'user.lives_in'])('%s names the one home city with all its synonyms', (key) => {
    const keys = slotKeys(key);
    expect(keys[0]).toBe('user.location');
    expect(keys).toEqual(expect.arrayContaining(['user.location', 'user.home_city', 'user.residence', 'user.city']));
    expect(keys).toContain(key);
  });

  it('keeps slots apart, and a key outside every slot collides only with itself', () => {
    expect(slotKeys('user.boss')).not.toContain('user.employer');
    expect(slotKeys('user.wife')).toContain('user.husband');
    expect(slotKeys('user.hobby.chess')).toEqual(['user.hobby.chess']);
    expect(slotKeys('city')).toEqual(['city']);
  });

  it('lists every slot key once, each leading back to its own slot', () => {
    expect(new Set(SLOT_KEYS).size).toBe(SLOT_KEYS.length);
    for (const key of SLOT_KEYS) expect(slotKeys(slotKeys(key)[0]!)).toEqual(slotKeys(key));
  });
});
