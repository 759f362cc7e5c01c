import type { Context } from 'hono';
import type { AppEnv, Platform } from './deps.ts';

/**
 * Runs a buffer's flush once, `delayMs` after the first write that asks for it, however many ask
 * meanwhile; the flush calls done() when it starts, so the next write schedules again. A flush that
 * starts early (a reader's, or the app's close) cancels the one scheduled, so no timer outlives it.
 */
export class FlushLater {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Settles the scheduled work handed to the platform without flushing (done() before the timer). */
  private cancel: (() => void) | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly delayMs: number,
    private readonly flush: () => Promise<void>,
  ) {}

  request(c: Context<AppEnv>): void {
    if (this.timer) return;
    const later = new Promise<void>((settle) => {
      this.cancel = () => settle();
      this.timer = setTimeout(() => {
        this.cancel = null;
        settle(this.flush());
      }, this.delayMs);
    });
    this.platform.background(c, later);
  }

  done(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.cancel?.();
    this.cancel = null;
  }
}

/**
 * Runs flushes one after another, so a reader's flush also waits for one that has already taken
 * the buffered rows and is still writing them.
 */
export class OneAtATime {
  /** The run under way, settled (never rejected), or a settled promise. */
  private tail: Promise<void> = Promise.resolve();

  run(work: () => Promise<void>): Promise<void> {
    const mine = this.tail.then(work);
    this.tail = mine.catch(() => undefined);
    return mine;
  }
}
