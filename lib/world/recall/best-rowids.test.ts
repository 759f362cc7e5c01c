import { describe, expect, it } from 'vitest';
import { bestRowids, RoughScores } from './best-rowids.ts';

/** The order it must give: every entry sorted, best score first, ties to the higher rowid, the first `count` kept. */
const sortedBest = (rough: Map<number, number>, count: number) =>
  [...rough]
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, count)
    .map(([rowid]) => rowid);

describe('bestRowids', () => {
  it('keeps what sorting every rowid and taking the first would keep, in that order', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    for (let round = 0; round < 200; round++) {
      const rough = new Map<number, number>();
      const size = Math.floor(random() * 400);
      // Few distinct scores, so that many rowids tie and the rowid decides.
      for (let i = 0; i < size; i++) rough.set(1 + Math.floor(random() * 5000), Math.floor(random() * 8) * 0.75);
      for (const count of [1, 5, 35, 90, 500]) expect(bestRowids(rough, count)).toEqual(sortedBest(rough, count));
    }
  });

  it('answers nothing for no rowids, and all of them when fewer than asked', () => {
    expect(bestRowids(new Map(), 10)).toEqual([]);
    expect(
      bestRowids(
        new Map([
          [3, 1],
          [9, 2],
          [4, 1],
        ]),
        10,
      ),
    ).toEqual([9, 4, 3]);
  });
});

describe('RoughScores', () => {
  it('gives each rowid the sum a map filled word by word gives it, to the last bit', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    for (let round = 0; round < 200; round++) {
      const rough = new RoughScores();
      const byMap = new Map<number, number>();
      for (let w = Math.floor(random() * 7); w > 0; w--) {
        const rowids = new Set(Array.from({ length: Math.floor(random() * 300) }, () => 1 + Math.floor(random() * 600)));
        const gain = random() * 3;
        rough.add(rowids, gain);
        for (const r of rowids) byMap.set(r, byMap.has(r) ? byMap.get(r)! + gain : gain);
      }
      const seen = new Map<number, number>();
      rough.forEach((score, rowid) => {
        seen.set(rowid, score);
      });
      expect(seen.size).toBe(byMap.size);
      for (const [rowid, score] of byMap) expect(seen.get(rowid)).toBe(score);
      for (const count of [1, 35, 90]) expect(bestRowids(rough, count)).toEqual(bestRowids(byMap, count));
    }
  });
});
