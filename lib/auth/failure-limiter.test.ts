import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './failure-limiter.ts';

describe('failure limiter', () => {
  it('blocks past 30 failures in 60 s and says when to retry', () => {
    const limiter = new FailureLimiter(30, 60_000);
    for (let i = 0; i < 30; i++) limiter.record('a', i * 1000);
    expect(limiter.blockedFor('a', 30_000)).toBe(0);
    limiter.record('a', 30_000);
    expect(limiter.blockedFor('a', 30_000)).toBe(30);
    expect(limiter.blockedFor('b', 30_000)).toBe(0);
    expect(limiter.blockedFor('a', 59_999)).toBe(1);
    expect(limiter.blockedFor('a', 60_000)).toBe(0);
  });
});
