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
    return Math.max(1, Math.ceil((list[list.length - this.max]! + this.windowMs - nowMs) / 1000));
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
