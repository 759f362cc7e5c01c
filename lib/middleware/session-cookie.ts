import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../deps.ts';
import { fromTrustedProxy } from './proxy-trust.ts';

/**
 * The session cookie: `__Host-bs_session` (Secure, host-only) when the service is reached over
 * HTTPS, so no sibling host can plant one; `bs_session` otherwise. Only the name for the
 * request's scheme is read.
 */
function overHttps(c: Context<AppEnv>): boolean {
  const deps = c.get('deps');
  if (deps.settings.publicUrl) return deps.settings.publicUrl.startsWith('https:');
  if (new URL(c.req.url).protocol === 'https:') return true;
  return c.req.header('x-forwarded-proto') === 'https' && fromTrustedProxy(c, deps);
}

const cookieName = (https: boolean) => (https ? '__Host-bs_session' : 'bs_session');

export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, cookieName(overHttps(c))) || undefined;
}

export function setSessionCookie(c: Context<AppEnv>, secret: string): void {
  const https = overHttps(c);
  setCookie(c, cookieName(https), secret, { httpOnly: true, sameSite: 'Lax', path: '/', secure: https });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const https = overHttps(c);
  deleteCookie(c, cookieName(https), { path: '/', secure: https });
}
