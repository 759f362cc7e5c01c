import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../deps.ts';
import { fromTrustedProxy } from './proxy-trust.ts';

/**
 * The session cookie: `__Host-bs_session` (Secure, host-only) when the service is reached over
 * HTTPS, so no sibling host can plant one; `bs_session` otherwise. Only the name for the
 * request's scheme is read.
 */
function overHttps(c: Context<AppEnv>, deps: CookieDeps): boolean {
  if (deps.settings.publicUrl) return deps.settings.publicUrl.startsWith('https:');
  if (new URL(c.req.url).protocol === 'https:') return true;
  return c.req.header('x-forwarded-proto') === 'https' && fromTrustedProxy(c, deps);
}

type CookieDeps = Pick<Deps, 'settings' | 'platform'>;

const cookieName = (https: boolean) => (https ? '__Host-bs_session' : 'bs_session');

export function readSessionCookie(c: Context<AppEnv>, deps: CookieDeps): string | undefined {
  return getCookie(c, cookieName(overHttps(c, deps))) || undefined;
}

export function setSessionCookie(c: Context<AppEnv>, deps: CookieDeps, secret: string): void {
  const https = overHttps(c, deps);
  setCookie(c, cookieName(https), secret, { httpOnly: true, sameSite: 'Lax', path: '/', secure: https });
}

export function clearSessionCookie(c: Context<AppEnv>, deps: CookieDeps): void {
  const https = overHttps(c, deps);
  deleteCookie(c, cookieName(https), { path: '/', secure: https });
}
