import type { Context } from 'hono';
import type { Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { looksLikePat } from './pat.ts';
import { auditQuery } from '../stores/audit.ts';
import { clientAddressOf } from './proxy-trust.ts';

/** More than MAX_FAILURES failed authentications from one address within WINDOW_MS → 429. */
const MAX_FAILURES = 30;
const WINDOW_MS = 60_000;
/** Addresses tracked at once; past it the one that failed least recently is forgotten. */
const CAPACITY = 10_000;
/** Audit events for failed authentication per window, all addresses together. */
const AUDITS_PER_WINDOW = 100;

/**
 * Counts failed authentications per client address in a sliding window, in bounded memory:
 * at most `capacity` addresses, each keeping only its latest `max + 1` failure times, so a
 * failure costs O(max) whatever the number of addresses.
 */
export class FailureLimiter {
  /** Address → its latest failure times, oldest first; iteration order is least recently failed first. */
  private readonly hits = new Map<string, number[]>();
  private auditWindowStart = Number.NEGATIVE_INFINITY;
  private auditsInWindow = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly capacity = CAPACITY,
    private readonly auditsPerWindow = AUDITS_PER_WINDOW,
  ) {}

  /** Addresses currently tracked. */
  get size(): number {
    return this.hits.size;
  }

  /**
   * Records a failure. True when it should be audited: the address's first failure in the
   * window, while the window's audit budget (all addresses) lasts.
   */
  record(address: string, nowMs: number): boolean {
    const list = this.recent(address, nowMs);
    const first = list.length === 0;
    list.push(nowMs);
    if (list.length > this.max + 1) list.shift();
    this.hits.delete(address);
    this.hits.set(address, list);
    if (this.hits.size > this.capacity) this.hits.delete(this.hits.keys().next().value!);
    return first && this.auditAllowed(nowMs);
  }

  /** Takes one audit from the window's budget (all addresses together); false once it is spent. */
  auditAllowed(nowMs: number): boolean {
    if (nowMs - this.auditWindowStart >= this.windowMs) {
      this.auditWindowStart = nowMs;
      this.auditsInWindow = 0;
    }
    return this.auditsInWindow++ < this.auditsPerWindow;
  }

  /** Seconds until the address may try again, or 0 when it is not blocked. */
  blockedFor(address: string, nowMs: number): number {
    const list = this.recent(address, nowMs);
    if (list.length <= this.max) return 0;
    // Unblocked once only `max` failures remain in the window: when the (len - max)th oldest expires.
    const expiresAt = list[list.length - this.max - 1]! + this.windowMs;
    return Math.max(1, Math.ceil((expiresAt - nowMs) / 1000));
  }

  private recent(address: string, nowMs: number): number[] {
    const list = this.hits.get(address);
    if (!list) return [];
    const fresh = list.filter((t) => nowMs - t < this.windowMs);
    if (fresh.length === 0) this.hits.delete(address);
    else if (fresh.length !== list.length) this.hits.set(address, fresh);
    return fresh;
  }
}

/** The one limiter of an app, shared by bearer authentication and the login form (lib/services.ts). */
export function createFailureLimiter(): FailureLimiter {
  return new FailureLimiter(MAX_FAILURES, WINDOW_MS);
}

/** The deps failedAttempt needs: the app's limiter beside the runtime's. */
export type WithLimiter = Deps & { services: { failureLimiter: FailureLimiter } };

/** What failed: a bearer (or x-api-key), the login form's root token, or the SSO proxy's secret. */
type Via = 'bearer' | 'login' | 'proxy_secret';

/** What a failed attempt presented, safe to keep: its kind, and a PAT's public prefix. */
function presented(token: string | undefined, via: Via): { kind: string; prefix?: string } {
  if (via === 'login') return { kind: 'root_token_form' };
  if (via === 'proxy_secret') return { kind: 'proxy_secret' };
  if (token && looksLikePat(token)) return { kind: 'pat', prefix: token.slice(4, 12) };
  return { kind: 'bearer' };
}

/**
 * A failed attempt from the request's address: refused (429 with Retry-After) while the address
 * is over the limit, else counted and audited. A valid credential is never limited.
 */
export async function failedAttempt(c: Context, deps: WithLimiter, token: string | undefined, via: Via): Promise<void> {
  const address = clientAddressOf(c, deps);
  const shared = deps.database.cluster?.limits;
  const retryAfter = shared
    ? await shared.failureBlockedFor(address, MAX_FAILURES, WINDOW_MS, Date.now())
    : deps.services.failureLimiter.blockedFor(address, Date.now());
  if (retryAfter > 0) {
    const what = via === 'login' ? 'sign-in' : 'authentication';
    throw new ApiError(429, 'rate_limited', `too many failed ${what} attempts; retry later`, { headers: { 'Retry-After': String(retryAfter) } });
  }
  await recordFailure(deps, address, presented(token, via));
}

/** Counts a failed authentication from an address and audits it (bounded; never the secret). */
async function recordFailure(deps: WithLimiter, address: string, credential: { kind: string; prefix?: string }): Promise<void> {
  const now = deps.now();
  const shared = deps.database.cluster?.limits;
  const limiter = deps.services.failureLimiter;
  const audited = shared
    ? (await shared.recordFailure(address, WINDOW_MS, Date.now())) && limiter.auditAllowed(Date.now())
    : limiter.record(address, Date.now());
  if (!audited) return;
  try {
    await auditQuery(deps.db, { actor: 'anonymous', action: 'auth.failed', target: address, detail: { address, credential } }, now).execute();
  } catch (err) {
    deps.platform.log({ level: 'error', event: 'audit_failed', action: 'auth.failed', error: String(err) });
  }
}
