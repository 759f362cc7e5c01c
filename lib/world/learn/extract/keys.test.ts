import { describe, expect, it } from 'vitest';
import { rows } from '../../../../test/support/table.ts';
import { keyPart } from './keys.ts';

describe('a value’s head, for keys', () => {
  it.each(rows`
    jazz, especially Coltrane                            → jazz
    a new mobile app for tracking habits                 → mobile_app
    to cook                                              → cook
    the                                                  → the
    my own small vegetable garden plot behind the house  → vegetable_garden_plot_behind
    Crème Brûlée                                         → creme_brulee
    lots of climbing these days                          → climbing
  `)('%j → %j', (value, key) => {
    expect(keyPart(value)).toBe(key);
  });
});
