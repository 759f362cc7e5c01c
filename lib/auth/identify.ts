import type { Context } from 'hono';
import type { AppEnv } from '../deps.ts';
import { ApiError, badRequest, unauthorized } from '../errors.ts';
import { safeEqual, sha256Hex } from '../crypto.ts';
import { isWellFormedPat, looksLikePat } from './pat.ts';
import type { Principal } from '../ports/principal.ts';
import { storedConfigOf } from '../stores/config.ts';
import { matchRootToken } from './root-token.ts';
import {
  clientKey,
  derivedSessionSecret,
  findClientSession,
  findSession,
  newSession,
  pruneSessionsQuery,
  rekeySessionQuery,
  ROOT_USER,
  sessionKey,
  terminateSessionQuery,
  touchIntervalMs,
  touchSessionQuery,
} from './sessions.ts';
import { findPatByHash, patExpired } from './tokens.ts';
import { findOrCreateUser, findUser, liveUser, userLocked } from '../stores/users.ts';
import { decodeHeaderValue, foldUserName, malformedUserName, reservedUserName } from '../user-name.ts';
import { presentedSecret } from './bearer.ts';
import { failedAttempt } from './failure-limiter.ts';
import type { AppDeps } from '../services.ts';
import { refuseCrossSite } from './origin.ts';
import { fromTrustedProxy, wrongProxySecret } from './proxy-trust.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.ts';
import { routeOf } from '../routes.ts';
import type { RequestHook } from '../middleware/hooks.ts';

const deactivated = () => new ApiError(403, 'account_deactivated', 'account deactivated');

/** A PAT found but no longer valid, and what its 401 (code `token_<kind>`) says. */
type EndedPat = 'revoked' | 'expired';
const ENDED_PAT: Record<EndedPat, string> = {
  revoked: 'this token was revoked; create a new one',
  expired: 'this token expired; create a new one',
};

/**
 * Resolves the caller once per request, in the order of API.md §2: bearer (or x-api-key) decides
 * alone; then, in teams mode, the proxy identity header; then the session cookie.
 */
export function identify(deps: AppDeps): RequestHook {
  const { settings, db, platform } = deps;
  const hashToken = platform.sha256Hex ?? sha256Hex;
  const touchEvery = touchIntervalMs(settings);
  let prunedAt = 0;

  async function fromBearer(c: Context<AppEnv>, token: string): Promise<Principal | 'locked' | EndedPat | null> {
    if (looksLikePat(token)) {
      if (settings.mode !== 'teams' || !isWellFormedPat(token)) return null;
      const row = await findPatByHash(deps.database, hashToken(token));
      if (row?.revoked_at != null) return 'revoked';
      // A PAT whose user row is gone (deleted by hand) has no owner to act for.
      if (!row || row.user_active === null) return null;
      if (patExpired(row.expires_at, deps.now())) return 'expired';
      c.set('storedConfig', storedConfigOf(row));
      if (userLocked({ active: row.user_active, deleted_at: row.user_deleted_at })) return 'locked';
      c.set('generation', row.user_scim_id ?? '');
      c.set('patScope', row.scope);
      deps.services.patUses.add(c, row.id, deps.now());
      return { kind: 'pat', tokenId: row.id, userName: row.user_name };
    }
    if (settings.scimToken && safeEqual(token, settings.scimToken)) return { kind: 'scim' };
    const stored = await matchRootToken(deps.database, hashToken(token));
    if (!stored) return null;
    c.set('storedConfig', stored);
    return { kind: 'root', sessionId: null };
  }

  /** Records the last use no more coarsely than a tenth of the idle timeout. */
  async function touch(session: { id: string; last_seen_at: string }, now: Date): Promise<void> {
    if (now.getTime() - Date.parse(session.last_seen_at) >= touchEvery) await touchSessionQuery(db, session.id, now, touchEvery).execute();
  }

  /** Ended sessions are deleted a batch at a time, at most once a minute, after a new one is opened. */
  function pruneNow(c: Context<AppEnv>, now: Date): void {
    if (now.getTime() - prunedAt < 60_000) return;
    prunedAt = now.getTime();
    platform.background(c, pruneSessionsQuery(db, settings, now).execute());
  }

  let sessionKeyLoad: Promise<Uint8Array> | undefined;
  function keyOfSessions(): Promise<Uint8Array> {
    sessionKeyLoad ??= sessionKey(db, deps.masterKey).catch((err: unknown) => {
      sessionKeyLoad = undefined;
      throw err;
    });
    return sessionKeyLoad;
  }

  /** The cookie of an identity-header session; one opened with a random secret is given a derived one first. */
  async function cookieSecretOf(session: { id: string; token_hash: string }): Promise<string> {
    const secret = derivedSessionSecret(await keyOfSessions(), session.id);
    if (!safeEqual(hashToken(secret), session.token_hash)) await rekeySessionQuery(db, session.id, secret).execute();
    return secret;
  }

  /**
   * A session is bound to one userName: a changed identity gets a fresh session. Without a
   * cookie, the user's live session opened by the same client (User-Agent) is reused and its cookie set.
   */
  async function fromHeader(c: Context<AppEnv>, asserted: string, secret: string | undefined): Promise<Principal> {
    const now = deps.now();
    const user = await findOrCreateUser(deps, asserted, now, foldUserName(asserted));
    if (userLocked(user)) throw deactivated();
    const userName = user.user_name_lc;
    const session = secret ? await findSession(db, secret, settings, now) : undefined;
    const client = clientKey(c.req.header('user-agent'));
    let sessionId: string;
    const reused = session ?? (await findClientSession(db, userName, client, settings, now));
    if (reused && reused.user_name === userName) {
      sessionId = reused.id;
      await touch(reused, now);
      // A browser without the cookie (another one of the same client) is given the session's.
      if (!session) setSessionCookie(c, deps, await cookieSecretOf(reused));
    } else {
      const key = await keyOfSessions();
      // Inserted only while the user is live: a deactivation that lands meanwhile leaves no session behind.
      const created = newSession(db, userName, now, client, (id) => derivedSessionSecret(key, id), liveUser(deps.database, userName));
      const written = await deps.atomic(session ? [terminateSessionQuery(db, session.id, now), created.insert] : [created.insert]);
      if (written.at(-1)!.changes === 0) throw deactivated();
      sessionId = created.id;
      setSessionCookie(c, deps, created.secret);
      pruneNow(c, now);
    }
    return { kind: 'user', userName, admin: settings.superAdmins.has(userName), sessionId };
  }

  async function fromCookie(c: Context<AppEnv>, secret: string): Promise<Principal> {
    const now = deps.now();
    const session = await findSession(db, secret, settings, now);
    if (!session || (session.user_name !== ROOT_USER && settings.mode !== 'teams')) {
      clearSessionCookie(c, deps);
      return { kind: 'anonymous' };
    }
    await touch(session, now);
    if (session.user_name === ROOT_USER) return { kind: 'root', sessionId: session.id };
    const user = await findUser(db, session.user_name);
    if (!user || userLocked(user)) throw deactivated();
    return { kind: 'user', userName: user.user_name_lc, admin: settings.superAdmins.has(user.user_name_lc), sessionId: session.id };
  }

  /**
   * The proxy-asserted userName: teams mode only, and only on a request from the trusted proxy
   * (anything else is treated as if the header were absent). Decoded as UTF-8 and NFC-normalised.
   */
  function assertedIdentity(c: Context<AppEnv>): string | undefined {
    if (!settings.proxyHeader) return undefined;
    const raw = c.req.header(settings.proxyHeader)?.trim();
    if (!raw || !fromTrustedProxy(c, deps)) return undefined;
    const decoded = (platform.headerText ?? decodeHeaderValue)(raw);
    if (decoded === null) throw badRequest(settings.proxyHeader, 'identity header is not valid UTF-8');
    const malformed = malformedUserName(decoded);
    if (malformed) throw badRequest(settings.proxyHeader, `identity header ${malformed}`);
    const value = decoded.normalize('NFC');
    const reserved = reservedUserName(value);
    if (reserved) throw new ApiError(403, 'reserved_user_name', reserved);
    return value;
  }

  async function principalOf(c: Context<AppEnv>): Promise<Principal> {
    const token = presentedSecret(c);
    if (token !== null) {
      const resolved = token ? await fromBearer(c, token) : null;
      if (resolved === 'locked') throw deactivated();
      // A real PAT that has ended is no guess: it says so, and neither counts nor is held back by
      // the failed-authentication limit, so a client retrying with it learns why instead of meeting 429.
      if (resolved === 'revoked' || resolved === 'expired') throw unauthorized(ENDED_PAT[resolved], `token_${resolved}`);
      if (!resolved) {
        // Only a failing request is limited: a valid credential behind the same address is still served.
        await failedAttempt(c, deps, token, 'bearer');
        throw unauthorized('invalid credential');
      }
      return resolved;
    }

    if (wrongProxySecret(c, deps)) {
      await failedAttempt(c, deps, undefined, 'proxy_secret');
      throw unauthorized('invalid proxy secret');
    }
    const asserted = assertedIdentity(c);
    const secret = readSessionCookie(c, deps);
    if (asserted || secret) refuseCrossSite(c, deps);
    if (asserted) return fromHeader(c, asserted, secret);
    if (secret) return fromCookie(c, secret);
    return { kind: 'anonymous' };
  }

  return {
    async before(c) {
      const route = routeOf(c);
      if (route?.probe || route?.credentialFree) c.set('principal', { kind: 'anonymous' });
      else c.set('principal', await principalOf(c));
    },
  };
}
