import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError, badRequest, unauthorized } from '../errors.ts';
import { safeEqual, sha256Hex } from '../crypto.ts';
import { addressAllowed, clientAddress } from '../net.ts';
import { isWellFormedPat, looksLikePat } from '../pat.ts';
import type { Principal } from '../principal.ts';
import { storedConfigOf } from '../config/store.ts';
import { matchRootToken } from '../stores/root-token.ts';
import { findSession, newSession, ROOT_USER, SESSION_COOKIE, terminateSessionQuery, touchSessionQuery } from '../stores/sessions.ts';
import { findPatByHash, patExpired, touchPatQuery } from '../stores/tokens.ts';
import { findOrCreateUser, findUser, userLocked } from '../stores/users.ts';
import { WriteGate } from '../stores/write-gate.ts';
import { failureLimiterFor } from './failure-limiter.ts';

export const deactivated = () => new ApiError(403, 'account_deactivated', 'account deactivated');

/**
 * Resolves the caller once per request, in the order of API.md §2: bearer (or x-api-key) decides
 * alone; then, in teams mode, the proxy identity header; then the session cookie.
 */
export function identify(deps: Deps): MiddlewareHandler<AppEnv> {
  const { settings, db, platform } = deps;
  const failures = failureLimiterFor(deps);
  const hashToken = platform.sha256Hex ?? sha256Hex;
  const patUse = new WriteGate(1000);
  const sessionUse = new WriteGate(60_000);

  async function fromBearer(c: Context<AppEnv>, token: string): Promise<Principal | 'locked' | 'expired' | null> {
    if (looksLikePat(token)) {
      if (settings.mode !== 'teams' || !isWellFormedPat(token)) return null;
      const row = await findPatByHash(db, hashToken(token));
      if (!row || row.revoked_at !== null) return null;
      if (patExpired(row.expires_at, deps.now())) return 'expired';
      c.set('storedConfig', storedConfigOf(row));
      if (row.user_active !== null && userLocked({ active: row.user_active, deleted_at: row.user_deleted_at })) return 'locked';
      const now = deps.now();
      if (patUse.due(row.id, now.getTime())) await touchPatQuery(db, row.id, now).execute();
      return { kind: 'pat', tokenId: row.id, userName: row.user_name };
    }
    if (settings.scimToken && safeEqual(token, settings.scimToken)) return { kind: 'scim' };
    const stored = await matchRootToken(db, hashToken(token));
    if (!stored) return null;
    c.set('storedConfig', stored);
    return { kind: 'root', sessionId: null };
  }

  async function touch(sessionId: string): Promise<void> {
    const now = deps.now();
    if (sessionUse.due(sessionId, now.getTime())) await touchSessionQuery(db, sessionId, now).execute();
  }

  /** A session is bound to one userName: a changed identity gets a fresh session. */
  async function fromHeader(c: Context<AppEnv>, asserted: string, secret: string | undefined): Promise<Principal> {
    const user = await findOrCreateUser(db, asserted, deps.now());
    if (userLocked(user)) throw deactivated();
    const userName = user.user_name_lc;
    const session = secret ? await findSession(db, secret) : undefined;
    let sessionId: string;
    if (session && session.user_name === userName) {
      sessionId = session.id;
      await touch(sessionId);
    } else {
      const now = deps.now();
      const created = newSession(db, userName, now);
      await deps.atomic(session ? [terminateSessionQuery(db, session.id, now), created.insert] : [created.insert]);
      sessionId = created.id;
      setSessionCookie(c, created.secret);
    }
    return { kind: 'user', userName, admin: settings.superAdmins.has(userName), sessionId };
  }

  async function fromCookie(c: Context<AppEnv>, secret: string): Promise<Principal> {
    const session = await findSession(db, secret);
    if (!session || (session.user_name !== ROOT_USER && settings.mode !== 'teams')) {
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return { kind: 'anonymous' };
    }
    await touch(session.id);
    if (session.user_name === ROOT_USER) return { kind: 'root', sessionId: session.id };
    const user = await findUser(db, session.user_name);
    if (!user || userLocked(user)) throw deactivated();
    return { kind: 'user', userName: user.user_name_lc, admin: settings.superAdmins.has(user.user_name_lc), sessionId: session.id };
  }

  /** The proxy-asserted userName: teams mode only, and only from a trusted peer when a list is set. */
  function assertedIdentity(c: Context<AppEnv>): string | undefined {
    if (!settings.proxyHeader) return undefined;
    const value = c.req.header(settings.proxyHeader)?.trim();
    if (!value) return undefined;
    if (settings.trustedProxies.length > 0 && !addressAllowed(platform.peerAddress(c), settings.trustedProxies)) return undefined;
    if (value.length > 256) throw badRequest(settings.proxyHeader, 'identity header is longer than 256 characters');
    if (value.toLowerCase() === ROOT_USER) throw new ApiError(403, 'reserved_user_name', `"${ROOT_USER}" is reserved for the root token`);
    return value;
  }

  return async function identify(c, next) {
    const authorization = c.req.header('authorization');
    const apiKey = c.req.header('x-api-key');
    if (authorization !== undefined || apiKey !== undefined) {
      const address = clientAddress(platform.peerAddress(c), c.req.header('x-forwarded-for'), settings.trustedProxies);
      const retryAfter = failures.blockedFor(address, Date.now());
      if (retryAfter > 0) {
        throw new ApiError(429, 'rate_limited', 'too many failed authentication attempts; retry later', {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
      const token = authorization !== undefined ? bearerValue(authorization) : apiKey!.trim();
      const resolved = token ? await fromBearer(c, token) : null;
      if (resolved === 'locked') throw deactivated();
      if (!resolved || resolved === 'expired') {
        failures.record(address, Date.now());
        throw unauthorized(resolved === 'expired' ? 'this token expired' : 'invalid, expired or revoked credential');
      }
      c.set('principal', resolved);
      return next();
    }

    const asserted = assertedIdentity(c);
    const secret = getCookie(c, SESSION_COOKIE);
    if (asserted || secret) refuseCrossSite(c);
    let principal: Principal = { kind: 'anonymous' };
    if (asserted) principal = await fromHeader(c, asserted, secret);
    else if (secret) principal = await fromCookie(c, secret);
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

/** Ambient credentials (cookie, proxy header) may only change state from our own origin. */
export function refuseCrossSite(c: Context): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const refused = () => new ApiError(403, 'cross_site', 'cross-site request refused');
  if (c.req.header('sec-fetch-site') === 'cross-site') throw refused();
  const origin = c.req.header('origin');
  if (origin === undefined) return;
  const hosts = [c.req.header('host'), c.req.header('x-forwarded-host'), new URL(c.req.url).host].filter(Boolean);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw refused();
  }
  if (!hosts.includes(originHost)) throw refused();
}
