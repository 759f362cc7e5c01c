/**
 * The clock minute every per-minute limit counts in: SERVICE_RATE_LIMIT_RPM (in memory, or in the
 * database several nodes share) and each owner's extraction budgets. Counts start from zero when
 * the minute rolls over.
 */
export const MINUTE_MS = 60_000;

/** The clock minute `nowMs` falls in (its number since the epoch). */
export const minuteOf = (nowMs: number): number => Math.floor(nowMs / MINUTE_MS);

/** Milliseconds from `nowMs` until its clock minute rolls over. */
export const msToNextMinute = (nowMs: number): number => MINUTE_MS - (nowMs % MINUTE_MS);

/** Seconds from `nowMs` until its clock minute rolls over, at least 1 (a `Retry-After`). */
export const secondsToNextMinute = (nowMs: number): number => Math.max(1, Math.ceil(msToNextMinute(nowMs) / 1000));

/** Amounts per key in the current clock minute, in memory. */
export class MinuteCounts<K> {
  private minute = -1;
  private counts = new Map<K, number>();

  /** What `key` has used in the minute of `nowMs`. */
  used(key: K, nowMs: number): number {
    this.roll(nowMs);
    return this.counts.get(key) ?? 0;
  }

  add(key: K, amount: number, nowMs: number): void {
    const used = this.used(key, nowMs); // rolls the minute over first
    this.counts.set(key, used + amount);
  }

  private roll(nowMs: number): void {
    const minute = minuteOf(nowMs);
    if (minute === this.minute) return;
    this.minute = minute;
    this.counts = new Map();
  }
}
