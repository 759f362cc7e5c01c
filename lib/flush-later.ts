import type { Context } from 'hono';
import type { AppEnv, Platform } from './deps.ts';

/**
 * Runs a buffer's flush once, `delayMs` after the first write that asks for it, however many ask
 * meanwhile; the flush calls done() when it starts, so the next write schedules again.
 */
export class FlushLater {
  private scheduled = false;

  constructor(
    private readonly platform: Platform,
    private readonly delayMs: number,
    private readonly flush: () => Promise<void>,
  ) {}

  request(c: Context<AppEnv>): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const later = new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.platform.background(
      c,
      later.then(() => this.flush()),
    );
  }

  done(): void {
    this.scheduled = false;
  }
}
