import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, Platform } from './deps.ts';
import { FlushLater } from './flush-later.ts';
import { backgroundMetricLines } from './background.ts';

const failuresOf = (task: string) => Number(new RegExp(`task="${task}"} (\\d+)`).exec(backgroundMetricLines())![1]);

/** A platform whose background work is kept for the test to await. */
function platform(): { platform: Platform; background: Promise<unknown>[]; logged: Record<string, unknown>[] } {
  const background: Promise<unknown>[] = [];
  const logged: Record<string, unknown>[] = [];
  return {
    background,
    logged,
    platform: { peerAddress: () => null, log: (line) => void logged.push(line), background: (_c, work) => void background.push(work) },
  };
}

const c = {} as Context<AppEnv>;

describe('FlushLater', () => {
  it('flushes once after the delay however many ask, and keeps the background work alive until the flush ends', async () => {
    const { platform: p, background } = platform();
    let flushes = 0;
    let ended = false;
    const later = new FlushLater(p, 5, 'usage_flush', async () => {
      flushes++;
      await new Promise((r) => setTimeout(r, 20));
      ended = true;
    });
    later.request(c);
    later.request(c);
    expect(background).toHaveLength(1);
    await background[0];
    expect(flushes).toBe(1);
    expect(ended).toBe(true);
    later.request(c);
    expect(background).toHaveLength(2);
    await background[1];
    expect(flushes).toBe(2);
  });

  it('a flush that starts early cancels the one scheduled: no timer outlives it, its background work settles', async () => {
    const { platform: p, background } = platform();
    let flushes = 0;
    const later = new FlushLater(p, 60_000, 'usage_flush', async () => {
      flushes++;
    });
    later.request(c);
    const started = Date.now();
    await later.flush();
    await background[0];
    expect(Date.now() - started).toBeLessThan(1000);
    expect(flushes).toBe(1);
  });

  it('a scheduled write that fails settles its background work all the same, logged and counted under its task', async () => {
    const { platform: p, background, logged } = platform();
    const before = failuresOf('receipt_flush');
    const later = new FlushLater(p, 1, 'receipt_flush', async () => {
      throw new Error('terminating connection due to administrator command');
    });
    later.request(c);
    await expect(background[0]).resolves.toBeUndefined();
    expect(logged).toEqual([
      { level: 'error', event: 'background_failed', task: 'receipt_flush', error: 'Error: terminating connection due to administrator command' },
    ]);
    expect(failuresOf('receipt_flush')).toBe(before + 1);
  });
});

describe('FlushLater.flush', () => {
  it('starts a flush only once the one under way has finished, failed or not', async () => {
    const order: string[] = [];
    let finishFirst: () => void = () => undefined;
    const writes: (() => Promise<void>)[] = [
      () =>
        new Promise<void>((done) => {
          order.push('first starts');
          finishFirst = () => {
            order.push('first ends');
            done();
          };
        }),
      async () => {
        order.push('second runs');
        throw new Error('refused');
      },
      async () => void order.push('third runs'),
    ];
    const flushes = new FlushLater(platform().platform, 60_000, 'usage_flush', () => writes.shift()!());
    const first = flushes.flush();
    const second = flushes.flush();
    const third = flushes.flush();
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['first starts']);
    finishFirst();
    await first;
    await expect(second).rejects.toThrow('refused');
    await third;
    expect(order).toEqual(['first starts', 'first ends', 'second runs', 'third runs']);
  });
});
