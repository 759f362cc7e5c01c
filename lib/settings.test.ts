import { describe, expect, it } from 'vitest';
import { parseSettings, requireProxySecret, SettingsError } from './settings.ts';

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

describe('the environment a server starts from', () => {
  const teams = { SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: 'x-forwarded-user' };

  it('defaults to single mode on 127.0.0.1 with SQLite, trusting the identity header from loopback only', () => {
    const s = parseSettings({});
    expect([s.mode, s.host, s.database, s.proxyHeader, s.trustedProxies]).toEqual(['single', '127.0.0.1', null, null, ['127.0.0.0/8', '::1']]);
  });

  it('reads teams mode with its header, folding super admins', () => {
    const s = parseSettings({ ...teams, SERVICE_SUPER_ADMINS: 'Boss@Example.com' });
    expect([s.mode, s.proxyHeader, [...s.superAdmins]]).toEqual(['teams', 'x-forwarded-user', ['boss@example.com']]);
  });

  it('reads a PostgreSQL URL with the default pool size', () => {
    expect(parseSettings({ SERVICE_DATABASE_URL: 'postgres://u:pw@db.internal/memory' }).database).toEqual({
      url: 'postgres://u:pw@db.internal/memory',
      poolSize: 10,
    });
  });

  it.each([
    [{ SERVICE_MODE: 'teams' }, 'OIDC_PROXY_HEADER is required when SERVICE_MODE=teams'],
    [{ HOST: '999.1.1.1' }, 'HOST must be an IP address or a host name'],
    [{ SERVICE_TRUSTED_PROXIES: '10.0.0.0/8, bogus' }, 'SERVICE_TRUSTED_PROXIES: "bogus" is not an IP address or CIDR range'],
    [{ SERVICE_PUBLIC_URL: 'https://memory.example/path' }, 'SERVICE_PUBLIC_URL must be an origin'],
    [{ SERVICE_DATABASE_URL: 'postgres://u:hunter2secret@h/db/more' }, 'SERVICE_DATABASE_URL must be a URL such as postgres://'],
    [{ SERVICE_DATABASE_URL: 'postgres://u:hunter2%zzsecret@h/db' }, 'SERVICE_DATABASE_URL: the user or password holds a malformed percent escape'],
  ])('refuses %j naming the variable, never repeating a password', (env, start) => {
    expect(() => parseSettings(env)).toThrow(SettingsError);
    expect(() => parseSettings(env)).toThrow(start);
    expect(() => parseSettings(env)).not.toThrow('hunter2');
  });

  it('refuses teams mode without the proxy secret on a runtime that cannot see the peer', () => {
    expect(() => requireProxySecret(parseSettings(teams))).toThrow('SERVICE_PROXY_SECRET is required when SERVICE_MODE=teams');
    expect(() => requireProxySecret(parseSettings({ ...teams, SERVICE_PROXY_SECRET: 's'.repeat(32) }))).not.toThrow();
  });
});
