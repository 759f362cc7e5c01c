import type { Context } from 'hono';
import { backgroundFailed, type BackgroundTask } from './background.ts';
import type { AppEnv, Platform } from './deps.ts';

/**
 * A buffer's writes: `write` runs once, `delayMs` after the first request for it, however many
 * ask meanwhile, or at once when a reader (or the app's close) calls flush(). Writes run one after
 * another, so a reader's flush also waits for one that has already taken the buffered rows and is
 * still writing them. A write that starts cancels the one scheduled, so no timer outlives it, and
 * the next request schedules again. A scheduled write that fails is logged and counted as `task`
 * (lib/background.ts); a reader's flush sees the failure itself.
 */
export class FlushLater {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Settles the scheduled work handed to the platform without writing (a write started first). */
  private cancel: (() => void) | null = null;
  /** The write under way, settled (never rejected), or a settled promise. */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly platform: Platform,
    private readonly delayMs: number,
    private readonly task: BackgroundTask,
    private readonly write: () => Promise<void>,
  ) {}

  request(c: Context<AppEnv>): void {
    if (this.timer) return;
    const later = new Promise<void>((settle) => {
      this.cancel = () => settle();
      this.timer = setTimeout(() => {
        this.cancel = null;
        settle(this.flush().catch((err: unknown) => backgroundFailed(this.platform.log, this.task, err)));
      }, this.delayMs);
    });
    this.platform.background(c, later);
  }

  /** Writes what is buffered, after the write under way if there is one. */
  flush(): Promise<void> {
    const mine = this.tail.then(() => {
      this.unschedule();
      return this.write();
    });
    this.tail = mine.catch(() => undefined);
    return mine;
  }

  private unschedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.cancel?.();
    this.cancel = null;
  }
}
