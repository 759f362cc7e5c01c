/** Lets a hot path write a "last seen" timestamp at most once per interval per key. */
export class WriteGate {
  private readonly written = new Map<string, number>();

  constructor(private readonly intervalMs: number) {}

  due(key: string, nowMs: number): boolean {
    const last = this.written.get(key);
    if (last !== undefined && nowMs - last < this.intervalMs) return false;
    if (this.written.size >= 10_000) this.written.clear();
    this.written.set(key, nowMs);
    return true;
  }
}
