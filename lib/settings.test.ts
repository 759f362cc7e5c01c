import { describe, expect, it } from 'vitest';
import { parseSettings } from './settings.ts';

describe('team control settings', () => {
  it('defaults: no lifetime cap, 50 tokens per user, no rate limit, no metrics token', () => {
    const s = parseSettings({});
    expect([s.patMaxDays, s.maxPatsPerUser, s.rateLimitRpm, s.metricsToken]).toEqual([null, 50, null, null]);
  });

  it('reads whole numbers in range', () => {
    const s = parseSettings({
      SERVICE_PAT_MAX_DAYS: '90',
      SERVICE_MAX_PATS_PER_USER: '5',
      SERVICE_RATE_LIMIT_RPM: '120',
      SERVICE_METRICS_TOKEN: 'm'.repeat(32),
    });
    expect([s.patMaxDays, s.maxPatsPerUser, s.rateLimitRpm, s.metricsToken]).toEqual([90, 5, 120, 'm'.repeat(32)]);
  });

  it.each([
    ['SERVICE_PAT_MAX_DAYS', '0'],
    ['SERVICE_PAT_MAX_DAYS', '3651'],
    ['SERVICE_PAT_MAX_DAYS', '30d'],
    ['SERVICE_MAX_PATS_PER_USER', '0'],
    ['SERVICE_MAX_PATS_PER_USER', '-3'],
    ['SERVICE_RATE_LIMIT_RPM', '1.5'],
    ['SERVICE_RATE_LIMIT_RPM', 'lots'],
    ['SERVICE_METRICS_TOKEN', 'x'.repeat(31)],
  ])('refuses %s=%s naming the variable and never echoing a secret', (name, value) => {
    let message = '';
    try {
      parseSettings({ [name]: value });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(name);
    if (name === 'SERVICE_METRICS_TOKEN') expect(message).not.toContain(value);
  });
});
