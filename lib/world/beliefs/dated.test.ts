import { describe, expect, it } from 'vitest';
import { datedStatement, isEventAt, parseInstant } from './dated.ts';

describe('belief dates', () => {
  it('reads ISO 8601 dates and date-times as UTC instants, and nothing else', () => {
    expect(parseInstant('2025-09-15')).toBe('2025-09-15T00:00:00.000Z');
    expect(parseInstant('2025-03-01T10:00:00+02:00')).toBe('2025-03-01T08:00:00.000Z');
    expect(parseInstant('2025-03-01T10:00+0530')).toBe('2025-03-01T04:30:00.000Z');
    expect(parseInstant('2025-03-01T10:00:00.250123Z')).toBe('2025-03-01T10:00:00.250Z');
    expect(parseInstant('2025-03-01t10:00:00z')).toBe('2025-03-01T10:00:00.000Z');
    expect(parseInstant('2025-03-01 10:00:00')).toBe('2025-03-01T10:00:00.000Z');
    for (const bad of [
      '',
      'yesterday',
      '2025-02-29',
      '2025-13-01',
      '2025-01-01T24:00:00Z',
      '2025-01-01T10:60Z',
      '2025-01-01T10:00+25:00',
      '0999-01-01',
      '1700000000',
      '2025-1-1',
    ])
      expect(parseInstant(bad), bad).toBeNull();
  });

  it('takes event dates as YYYY, YYYY-MM or a real YYYY-MM-DD', () => {
    for (const good of ['2019', '2026-10', '2024-02-29']) expect(isEventAt(good), good).toBe(true);
    for (const bad of ['19', '2026-13', '2026-00', '2023-02-29', '2026-10-1', 'last month', '2026-10-01T00:00:00Z']) expect(isEventAt(bad), bad).toBe(false);
  });

  it('shows a date only on a statement that carries one', () => {
    expect(datedStatement({ statement: 'The user moved to Lisbon', event_at: '2026-10' })).toBe('The user moved to Lisbon (2026-10)');
    expect(datedStatement({ statement: 'The user is allergic to peanuts', event_at: null })).toBe('The user is allergic to peanuts');
  });
});
