/** Places for work that may run only a few at a time (run-extractor.ts: turns extracted side by side in a process). */

/** At most `size` holders at once, at most `queue` more waiting in arrival order (a counting semaphore with a bounded queue). */
export class Places {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly queue: number,
    private readonly full: () => Error,
  ) {}

  /** Takes a place (waiting for one when all are taken); the answer gives it back. */
  async take(): Promise<() => void> {
    if (this.busy < this.size) this.busy++;
    else if (this.waiting.length >= this.queue) throw this.full();
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      // The place passes straight to the next in line, so `busy` never drops below the work running.
      if (next) next();
      else this.busy--;
    };
  }
}
