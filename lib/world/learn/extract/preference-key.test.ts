import { describe, expect, it } from 'vitest';
import { preferenceKey } from './preference-key.ts';

describe('preference keys', () => {
  it.each([
    [['tea', 'coffee'], 'user.preference.drink'],
    [['coffee', 'tea'], 'user.preference.drink'],
    [['Dark Mode in editors'], 'user.preference.theme'],
    [['working late', 'working from home'], 'user.preference.work_mode'],
    [['jazz', 'techno'], 'user.preference.jazz_vs_techno'],
    [['Techno', 'jazz'], 'user.preference.jazz_vs_techno'],
    [['hot sauce'], 'user.preference.hot_sauce'],
    [['teapots'], 'user.preference.teapots'],
    [['!!!'], null],
  ] as [[string, string?], string | null][])('%j → %s', (values, key) => {
    expect(preferenceKey(...values)).toBe(key);
  });
});
