import { describe, expect, it } from 'vitest';
import { asksWhen, inPeriod, periodOf } from './period.ts';

const now = new Date('2026-03-11T12:00:00Z');
const belief = (observed_at: string | null, event_at: string | null = null) => ({ observed_at, event_at });

describe('the period a request names', () => {
  it('reads the first date a request names, as the extractor dates a statement', () => {
    expect(periodOf('What did I share on 16 June, 2023?', now)).toEqual({ when: '2023-06-16', past: true });
    expect(periodOf('What did I tell you last Monday?', now)).toEqual({ when: '2026-03-09', past: true });
    expect(periodOf('What did I do in 2019?', now)).toEqual({ when: '2019', past: true });
    expect(periodOf('What are my plans for next month?', now)?.past).toBe(false);
    expect(periodOf('When did I go to Porto?', now)).toBeNull();
  });

  it('holds a belief dated in it, or dated to a coarser time around it', () => {
    const june16 = { when: '2023-06-16', past: true };
    expect(inPeriod(belief(null, '2023-06-16'), june16)).toBe(true);
    expect(inPeriod(belief(null, '2023-06'), june16)).toBe(true);
    expect(inPeriod(belief(null, '2023-07'), june16)).toBe(false);
    expect(inPeriod(belief(null, '2023-06-02'), { when: '2023-06', past: true })).toBe(true);
  });

  it('holds what the user said in a past period, never in one still ahead', () => {
    expect(inPeriod(belief('2023-06-16T10:00:00.000Z'), { when: '2023-06-16', past: true })).toBe(true);
    expect(inPeriod(belief('2023-06-17T10:00:00.000Z'), { when: '2023-06-16', past: true })).toBe(false);
    expect(inPeriod(belief('2026-03-11T09:00:00.000Z'), { when: '2026-03', past: false })).toBe(false);
    expect(inPeriod(belief('2026-03-11T09:00:00.000Z', '2026-03-20'), { when: '2026-03', past: false })).toBe(true);
  });
});

describe('a request that asks when', () => {
  it('asks when something happened or happens, opening a sentence or after "remind me"', () => {
    for (const text of [
      'When did I go to the dentist?',
      'when is my sister’s wedding',
      'Remind me when my passport expires.',
      'Thanks! Since when have I been vegetarian?',
      'How long ago did I start at Acme?',
      'What year did we move to Leeds?',
      'In which month is the marathon?',
    ])
      expect(asksWhen(text), text).toBe(true);
  });

  it('does not ask when otherwise', () => {
    for (const text of [
      'Call me when you can.',
      'What should I cook when friends come over?',
      'What did I do in 2019?',
      'Where do I work?',
      'What time zone am I in?',
    ])
      expect(asksWhen(text), text).toBe(false);
  });
});
