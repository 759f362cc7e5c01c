import type { Deps } from '../deps.ts';

/** More than MAX_FAILURES failed authentications from one address within WINDOW_MS → 429. */
const MAX_FAILURES = 30;
const WINDOW_MS = 60_000;

/** Counts failed authentications per client address in a sliding window. */
export class FailureLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  record(address: string, nowMs: number): void {
    const list = this.recent(address, nowMs);
    list.push(nowMs);
    this.hits.set(address, list);
    if (this.hits.size > 50_000) this.prune(nowMs);
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
    if (fresh.length) this.hits.set(address, fresh);
    else this.hits.delete(address);
    return fresh;
  }

  private prune(nowMs: number): void {
    for (const key of [...this.hits.keys()]) this.recent(key, nowMs);
  }
}

const limiters = new WeakMap<Deps, FailureLimiter>();

/** The one limiter of an app, shared by bearer authentication and the login form. */
export function failureLimiterFor(deps: Deps): FailureLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new FailureLimiter(MAX_FAILURES, WINDOW_MS);
    limiters.set(deps, limiter);
  }
  return limiter;
}
