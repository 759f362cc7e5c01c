import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, Deps } from '../deps.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.ts';

type CookieDeps = Pick<Deps, 'settings' | 'platform'>;
const deps = (publicUrl: string | null): CookieDeps =>
  ({ settings: { publicUrl, proxySecret: null, trustedProxies: ['127.0.0.1'] }, platform: { peerAddress: () => '127.0.0.1' } }) as unknown as CookieDeps;

const app = (d: CookieDeps) =>
  new Hono<AppEnv>()
    .get('/read', (c) => c.text(readSessionCookie(c, d) ?? '(none)'))
    .get('/set', (c) => {
      setSessionCookie(c, d, 's3cret');
      return c.body(null, 204);
    })
    .get('/clear', (c) => {
      clearSessionCookie(c, d);
      return c.body(null, 204);
    });
const setCookie = async (d: CookieDeps, path: string, url = 'http://h', headers: Record<string, string> = {}) =>
  (await app(d).request(`${url}${path}`, { headers })).headers.get('set-cookie');

describe('the session cookie', () => {
  it('is __Host- and Secure over HTTPS, plain bs_session otherwise, HttpOnly and Lax both ways', async () => {
    expect(await setCookie(deps('https://memory.example'), '/set')).toBe('__Host-bs_session=s3cret; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(await setCookie(deps(null), '/set')).toBe('bs_session=s3cret; Path=/; HttpOnly; SameSite=Lax');
    expect(await setCookie(deps(null), '/set', 'https://h')).toMatch(/^__Host-bs_session=s3cret;.*Secure/);
  });

  it('takes X-Forwarded-Proto only from the trusted proxy', async () => {
    expect(await setCookie(deps(null), '/set', 'http://h', { 'x-forwarded-proto': 'https' })).toMatch(/^__Host-bs_session=/);
    const untrusted = { ...deps(null), platform: { peerAddress: () => '203.0.113.9' } } as unknown as CookieDeps;
    expect(await setCookie(untrusted, '/set', 'http://h', { 'x-forwarded-proto': 'https' })).toMatch(/^bs_session=/);
  });

  it('reads only the name for the request’s scheme, and clears it', async () => {
    const both = { cookie: 'bs_session=plain; __Host-bs_session=host' };
    expect(await (await app(deps(null)).request('http://h/read', { headers: both })).text()).toBe('plain');
    expect(await (await app(deps('https://m')).request('http://h/read', { headers: both })).text()).toBe('host');
    expect(await (await app(deps(null)).request('http://h/read', { headers: { cookie: '__Host-bs_session=host' } })).text()).toBe('(none)');
    expect(await setCookie(deps(null), '/clear')).toMatch(/^bs_session=; Max-Age=0;/);
  });
});
