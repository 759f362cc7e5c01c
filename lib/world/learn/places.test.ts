import { describe, expect, it } from 'vitest';
import { Places } from './places.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('places for work that runs a few at a time', () => {
  it('lets `size` in at once, the next ones in arrival order as places are given back, and refuses past the queue', async () => {
    const places = new Places(2, 2, () => new Error('full'));
    const entered: number[] = [];
    const releases = new Map<number, () => void>();
    const enter = (n: number) =>
      places.take().then((release) => {
        entered.push(n);
        releases.set(n, release);
      });
    const all = [enter(1), enter(2), enter(3), enter(4)];
    await expect(places.take()).rejects.toThrow('full');
    await tick();
    expect(entered).toEqual([1, 2]);

    releases.get(2)!();
    releases.get(2)!(); // giving a place back twice frees one place only
    await tick();
    expect(entered).toEqual([1, 2, 3]);
    releases.get(1)!();
    await Promise.all(all);
    expect(entered).toEqual([1, 2, 3, 4]);

    // Two still hold places: a fifth waits until one of them is given back.
    let fifth = false;
    const late = places.take().then((release) => {
      fifth = true;
      release();
    });
    await tick();
    expect(fifth).toBe(false);
    releases.get(3)!();
    await late;
    expect(fifth).toBe(true);
  });
});
