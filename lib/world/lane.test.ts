import { describe, expect, it } from 'vitest';
import { Lane } from './lane.ts';

describe('lane', () => {
  it('runs one item at a time in arrival order', async () => {
    const lane = new Lane();
    const log: string[] = [];
    let running = 0;
    const item = (name: string) =>
      lane.add(async () => {
        running++;
        expect(running).toBe(1);
        await new Promise((r) => setTimeout(r, 5));
        log.push(name);
        running--;
        return name;
      }, 'dropped');
    expect(await Promise.all(['a', 'b', 'c'].map(item))).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('drops the oldest waiting item past its limit, never the running one', async () => {
    let drops = 0;
    const lane = new Lane(2, () => drops++);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const ran: number[] = [];
    const results = [0, 1, 2, 3, 4].map((i) =>
      lane.add(async () => {
        if (i === 0) await held;
        ran.push(i);
        return i;
      }, -1),
    );
    release();
    expect(await Promise.all(results)).toEqual([0, -1, -1, 3, 4]);
    expect(ran).toEqual([0, 3, 4]);
    expect(drops).toBe(2);
  });

  it('keeps going after a failed item', async () => {
    const lane = new Lane();
    const failed = lane.add(() => Promise.reject(new Error('boom')), null);
    const next = lane.add(async () => 'ok', null);
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ok');
  });

  it('a work that throws before returning its promise fails its own item only', async () => {
    const lane = new Lane();
    const failed = lane.add((): Promise<string> => {
      throw new Error('thrown at once');
    }, 'dropped');
    const next = lane.add(async () => 'ok', 'dropped');
    await expect(failed).rejects.toThrow('thrown at once');
    expect(await next).toBe('ok');
  });
});
