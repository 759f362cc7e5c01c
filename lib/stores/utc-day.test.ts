import { describe, expect, it } from 'vitest';
import { utcDay } from './usage.ts';

describe('utcDay', () => {
  it('names the UTC day of each time, also when days alternate and at their bounds', () => {
    const times = [
      '2026-12-02T23:59:59.999Z',
      '2026-12-03T00:00:00.000Z',
      '2026-12-02T00:00:00.000Z',
      '2026-12-03T12:00:00+14:00',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2026-12-03T00:00:00.000Z',
    ];
    for (const t of times) expect(utcDay(new Date(t))).toBe(new Date(t).toISOString().slice(0, 10));
  });

  it('refuses an invalid date as toISOString does', () => {
    utcDay(new Date('2026-12-02T10:00:00Z'));
    expect(() => utcDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
