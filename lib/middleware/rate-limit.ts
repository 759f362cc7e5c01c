import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { routeOf } from '../routes.ts';
import { secondsToNextMinute } from '../db/cluster.ts';

const MINUTE_MS = 60_000;

/**
 * Counts requests per user in fixed clock minutes, in memory: no database write on the hot path.
 * Each process (each isolate under workerd) counts on its own; processes sharing a PostgreSQL
 * database count in it instead (Database.cluster).
 */
class MinuteCounter {
  private minute = -1;
  private counts = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Counts one request; returns 0 when allowed, else the seconds until the minute rolls over. */
  take(key: string, nowMs: number): number {
    const minute = Math.floor(nowMs / MINUTE_MS);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
    const used = this.counts.get(key) ?? 0;
    if (used >= this.limit) return secondsToNextMinute(nowMs);
    this.counts.set(key, used + 1);
    return 0;
  }
}

/** SERVICE_RATE_LIMIT_RPM per user on the rate-limited routes (the client API: chat, models, WebSocket upgrades), all their PATs and sessions together; root is not limited. */
export function rateLimit(deps: Deps): MiddlewareHandler<AppEnv> {
  const rpm = deps.settings.rateLimitRpm;
  const shared = deps.database.cluster?.limits;
  const counter = rpm === null ? null : new MinuteCounter(rpm);
  return async function rateLimit(c, next) {
    const principal = c.get('principal');
    if (counter && (principal.kind === 'pat' || principal.kind === 'user') && routeOf(c)?.rateLimited) {
      const nowMs = deps.now().getTime();
      const retryAfter = shared ? await shared.takeMinute(principal.userName, counter.limit, nowMs) : counter.take(principal.userName, nowMs);
      if (retryAfter > 0) {
        throw new ApiError(429, 'rate_limited', `more than ${rpm} requests this minute (SERVICE_RATE_LIMIT_RPM); retry after ${retryAfter} s`, {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
    }
    return next();
  };
}
