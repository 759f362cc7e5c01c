import { sql } from 'kysely';
import type { SharedLimits } from '../cluster.ts';
import { MINUTE_MS, minuteOf, secondsToNextMinute } from '../../minute.ts';
import type { Db } from '../schema.ts';
import { backgroundFailed } from '../../background.ts';

/** Rows of past windows are deleted at most this often per process… */
const PRUNE_EVERY_MS = 60_000;
/** …or after this many failures recorded by the process, whichever comes first. */
const PRUNE_EVERY_FAILURES = 1_000;
/**
 * Failed authentications kept at most (all addresses together): past it the oldest go first, as
 * the in-memory limiter forgets the addresses that failed least recently.
 */
export const MAX_FAILURE_ROWS = 100_000;

/**
 * The failed-authentication and per-user rate limits counted in PostgreSQL (the unlogged tables
 * `rate_minutes` and `auth_failures` of schema/postgres/0002_cluster.sql), so that every process
 * behind the load balancer counts the same requests.
 */
export function pgLimits(db: Db, log: (line: Record<string, unknown>) => void): SharedLimits {
  let prunedAt = 0;
  let failuresSincePrune = 0;
  const prune = (nowMs: number, windowMs: number) => {
    if (nowMs - prunedAt < PRUNE_EVERY_MS && failuresSincePrune < PRUNE_EVERY_FAILURES) return;
    prunedAt = nowMs;
    failuresSincePrune = 0;
    const minute = minuteOf(nowMs);
    Promise.all([
      sql`DELETE FROM rate_minutes WHERE minute < ${minute}`.execute(db),
      sql`
        DELETE FROM auth_failures WHERE at_ms <= ${nowMs - windowMs}
          OR at_ms < (SELECT at_ms FROM auth_failures ORDER BY at_ms DESC OFFSET ${MAX_FAILURE_ROWS - 1} LIMIT 1)`.execute(db),
    ]).catch((err: unknown) => backgroundFailed(log, 'limit_prune', err));
  };

  return {
    async failureBlockedFor(address, max, windowMs, nowMs) {
      const { rows } = await sql<{ at_ms: string }>`
        SELECT at_ms FROM auth_failures WHERE address = ${address} AND at_ms > ${nowMs - windowMs}
        ORDER BY at_ms DESC LIMIT ${max + 1}`.execute(db);
      if (rows.length <= max) return 0;
      // Unblocked once only `max` failures remain in the window: when the oldest of these expires.
      const expiresAt = Number(rows[max]!.at_ms) + windowMs;
      return Math.max(1, Math.ceil((expiresAt - nowMs) / 1000));
    },

    async recordFailure(address, windowMs, nowMs) {
      failuresSincePrune += 1;
      prune(nowMs, windowMs);
      const { rows } = await sql<{ earlier: string }>`
        WITH added AS (INSERT INTO auth_failures (address, at_ms) VALUES (${address}, ${nowMs}))
        SELECT count(*) AS earlier FROM auth_failures WHERE address = ${address} AND at_ms > ${nowMs - windowMs}`.execute(db);
      return Number(rows[0]?.earlier ?? 0) === 0;
    },

    async takeMinute(key, limit, nowMs) {
      prune(nowMs, MINUTE_MS);
      const minute = minuteOf(nowMs);
      // Counting stops at the limit: a refused request leaves no row to update.
      const { rows } = await sql<{ count: number }>`
        INSERT INTO rate_minutes (key, minute, count) VALUES (${key}, ${minute}, 1)
        ON CONFLICT (key, minute) DO UPDATE SET count = rate_minutes.count + 1 WHERE rate_minutes.count < ${limit}
        RETURNING count`.execute(db);
      return rows.length === 1 ? 0 : secondsToNextMinute(nowMs);
    },
  };
}
