import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { safeEqual, sha256Hex } from '../crypto.ts';
import { addressAllowed } from '../net.ts';
import { isWellFormedPat, looksLikePat } from '../pat.ts';
import type { Principal } from '../principal.ts';
import { isRootToken } from '../stores/root-token.ts';
import { createSession, findSession, SESSION_COOKIE, terminateSessionQuery } from '../stores/sessions.ts';
import { findPatByHash, LastUsedRecorder } from '../stores/tokens.ts';
import { findOrCreateUser, findUser, userLocked } from '../stores/users.ts';
import { FailureLimiter } from './failure-limiter.ts';

export const deactivated = () => new ApiError(403, 'account_deactivated', 'account deactivated');

/**
 * Resolves the caller once per request, in the order of API.md §2: bearer (or x-api-key) decides
 * alone; then, in teams mode, the proxy identity header; then the session cookie.
 */
export function identify(deps: Deps): MiddlewareHandler<AppEnv> {
  const { settings, db, platform } = deps;
  const failures = new FailureLimiter(30, 60_000);
  const lastUsed = new LastUsedRecorder(db);

  async function fromBearer(token: string): Promise<Principal | 'locked' | null> {
    if (looksLikePat(token)) {
      if (settings.mode !== 'teams' || !isWellFormedPat(token)) return null;
      const row = await findPatByHash(db, sha256Hex(token));
      if (!row || row.revoked_at !== null) return null;
      if (row.user_active !== null && userLocked({ active: row.user_active, deleted_at: row.user_deleted_at })) return 'locked';
      await lastUsed.touch(row.id, deps.now());
      return { kind: 'pat', tokenId: row.id, userName: row.user_name };
    }
    if (settings.scimToken && safeEqual(token, settings.scimToken)) return { kind: 'scim' };
    if (await isRootToken(db, token)) return { kind: 'root', sessionId: null };
    return null;
  }

  async function fromHeader(c: Context<AppEnv>, asserted: string): Promise<Principal> {
    const user = await findOrCreateUser(db, asserted, deps.now());
    if (userLocked(user)) throw deactivated();
    const userName = user.user_name_lc;
    const secret = getCookie(c, SESSION_COOKIE);
    const session = secret ? await findSession(db, secret) : undefined;
    let sessionId = session?.id ?? null;
    if (!session || session.user_name !== userName) {
      if (session) await terminateSessionQuery(db, session.id, deps.now()).execute();
      const created = await createSession(db, userName, deps.now());
      sessionId = created.id;
      setSessionCookie(c, created.secret);
    }
    return { kind: 'user', userName, admin: settings.superAdmins.has(userName), sessionId };
  }

  async function fromCookie(c: Context<AppEnv>, secret: string): Promise<Principal> {
    const session = await findSession(db, secret);
    if (!session) {
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return { kind: 'anonymous' };
    }
    if (session.user_name === 'root') return { kind: 'root', sessionId: session.id };
    if (settings.mode !== 'teams') return { kind: 'anonymous' };
    const user = await findUser(db, session.user_name);
    if (!user || userLocked(user)) throw deactivated();
    return { kind: 'user', userName: user.user_name_lc, admin: settings.superAdmins.has(user.user_name_lc), sessionId: session.id };
  }

  return async function identify(c, next) {
    const address = platform.peerAddress(c) ?? 'unknown';
    const retryAfter = failures.blockedFor(address, Date.now());
    if (retryAfter > 0) {
      throw new ApiError(429, 'rate_limited', 'too many failed authentication attempts; retry later', {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }

    let principal: Principal = { kind: 'anonymous' };
    let browser = false;
    const authorization = c.req.header('authorization');
    const token = authorization !== undefined ? bearerValue(authorization) : c.req.header('x-api-key')?.trim();
    if (authorization !== undefined || token !== undefined) {
      const resolved = token ? await fromBearer(token) : null;
      if (resolved === 'locked') throw deactivated();
      if (!resolved) {
        failures.record(address, Date.now());
        throw unauthorized('invalid, expired or revoked credential');
      }
      principal = resolved;
    } else {
      const asserted = settings.proxyHeader ? c.req.header(settings.proxyHeader)?.trim() : undefined;
      const trusted = settings.trustedProxies.length === 0 || addressAllowed(platform.peerAddress(c), settings.trustedProxies);
      const secret = getCookie(c, SESSION_COOKIE);
      if (asserted && trusted) {
        principal = await fromHeader(c, asserted);
        browser = true;
      } else if (secret) {
        principal = await fromCookie(c, secret);
        browser = principal.kind !== 'anonymous';
      }
    }
    if (browser) refuseCrossSite(c);
    c.set('principal', principal);
    await next();
  };
}

function bearerValue(header: string): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : undefined;
}

export function setSessionCookie(c: Context, secret: string): void {
  const https = new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
  setCookie(c, SESSION_COOKIE, secret, { httpOnly: true, sameSite: 'Lax', path: '/', secure: https });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Cookie- or header-authenticated writes must come from our own origin. */
function refuseCrossSite(c: Context): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  if (c.req.header('sec-fetch-site') === 'cross-site') throw new ApiError(403, 'cross_site', 'cross-site request refused');
  const origin = c.req.header('origin');
  if (origin === undefined) return;
  const hosts = [c.req.header('host'), c.req.header('x-forwarded-host'), new URL(c.req.url).host].filter(Boolean);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ApiError(403, 'cross_site', 'cross-site request refused');
  }
  if (!hosts.includes(originHost)) throw new ApiError(403, 'cross_site', 'cross-site request refused');
}
