import { describe, expect, it } from 'vitest';
import { MinuteCounts, minuteOf, msToNextMinute, secondsToNextMinute } from './minute.ts';

const AT = Date.UTC(2026, 0, 1, 12, 30, 0);

describe('the clock minute', () => {
  it('numbers minutes and counts down to the next one (Retry-After at least 1 s)', () => {
    expect(minuteOf(AT + 59_999)).toBe(minuteOf(AT));
    expect(minuteOf(AT + 60_000)).toBe(minuteOf(AT) + 1);
    expect(msToNextMinute(AT)).toBe(60_000);
    expect(msToNextMinute(AT + 59_999)).toBe(1);
    expect(secondsToNextMinute(AT + 59_999)).toBe(1);
    expect(secondsToNextMinute(AT + 1_500)).toBe(59);
  });

  it('keeps amounts per key within a minute and starts every key from zero in the next', () => {
    const counts = new MinuteCounts<string>();
    counts.add('a', 2, AT);
    counts.add('a', 3, AT + 59_000);
    counts.add('b', 1, AT + 10);
    expect(counts.used('a', AT + 59_999)).toBe(5);
    expect(counts.used('b', AT + 59_999)).toBe(1);
    expect(counts.used('a', AT + 60_000)).toBe(0);
    expect(counts.used('b', AT + 60_000)).toBe(0);
  });
});
