/** SERVICE_RATE_LIMIT_RPM: what one user may ask of the client API per clock minute (API.md §12). */
import type { Deps } from './deps.ts';
import { MinuteCounts, secondsToNextMinute } from './minute.ts';

/**
 * Counts requests per user in fixed clock minutes, in memory: no database write on the hot path.
 * Each process (each isolate under workerd) counts on its own; processes sharing a PostgreSQL
 * database count in it instead (Database.cluster).
 */
class MinuteCounter {
  private readonly counts = new MinuteCounts<string>();

  constructor(readonly limit: number) {}

  /** Counts one request; returns 0 when allowed, else the seconds until the minute rolls over. */
  take(key: string, nowMs: number): number {
    if (this.counts.used(key, nowMs) >= this.limit) return secondsToNextMinute(nowMs);
    this.counts.add(key, 1, nowMs);
    return 0;
  }
}

/**
 * One user's requests — chat, models, WebSocket upgrades, and each turn and flush frame on a
 * socket — against SERVICE_RATE_LIMIT_RPM, all their PATs and sessions together.
 */
export interface RequestLimit {
  readonly rpm: number;
  /** Counts one request of `userName`: 0 when allowed, else the seconds until the minute rolls over. */
  take(userName: string): Promise<number>;
}

/** The limit of SERVICE_RATE_LIMIT_RPM, or null when it is unset. */
export function requestLimit(deps: Pick<Deps, 'settings' | 'database' | 'now'>): RequestLimit | null {
  const rpm = deps.settings.rateLimitRpm;
  if (rpm === null) return null;
  const shared = deps.database.cluster?.limits;
  const counter = new MinuteCounter(rpm);
  return {
    rpm,
    async take(userName) {
      const nowMs = deps.now().getTime();
      return shared ? shared.takeMinute(userName, rpm, nowMs) : counter.take(userName, nowMs);
    },
  };
}

export const rateLimitedMessage = (rpm: number, retryAfter: number) =>
  `more than ${rpm} requests this minute (SERVICE_RATE_LIMIT_RPM); retry after ${retryAfter} s`;
