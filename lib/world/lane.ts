/**
 * Work run one item at a time, in arrival order. With a limit, a new item that would make more
 * than `limit` wait drops the oldest waiting one instead, which settles with its `dropped` value.
 */
export class Lane {
  private readonly waiting: { run(): Promise<void>; drop(): void }[] = [];
  private running = false;

  constructor(
    private readonly limit = Number.POSITIVE_INFINITY,
    private readonly onDrop: () => void = () => undefined,
  ) {}

  add<T>(work: () => Promise<T>, dropped: T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Started inside a promise, so a work that throws before its first await rejects its own promise, never the lane's drain.
      this.waiting.push({ run: () => Promise.resolve().then(work).then(resolve, reject), drop: () => resolve(dropped) });
      if (this.waiting.length > this.limit) {
        this.waiting.shift()!.drop();
        this.onDrop();
      }
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let next = this.waiting.shift(); next; next = this.waiting.shift()) await next.run();
    } finally {
      this.running = false;
    }
  }
}
