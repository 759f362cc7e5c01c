import { describe, expect, it } from 'vitest';
import type { Evidence, Found } from './found.ts';
import { evidence, foundBelief } from './evidence-fixture.ts';
import { byRank, lengthNorm, RANKING, ranked, score, vectorGain } from './ranking.ts';

const scored = (id: string, lexical: number, belief: Partial<Found> = {}): Evidence => ({
  ...evidence(id, lexical, ['w'], { coverage: 1 }),
  belief: foundBelief(id, belief),
});

describe('recall ranking', () => {
  it('scores words alone without vectors, and adds a similarity only above the floor', () => {
    expect(score(scored('a', 3))).toBe(3);
    expect(vectorGain(RANKING.vector.floor)).toBe(0);
    expect(vectorGain(1)).toBeCloseTo(RANKING.vector.weight);
    expect(score(scored('a', 3), 1)).toBeCloseTo(3 + RANKING.vector.weight);
  });

  it('normalises length as BM25 does: a statement of average length weighs 1, a longer one less', () => {
    expect(lengthNorm(10, 10)).toBeCloseTo(1);
    expect(lengthNorm(20, 10)).toBeLessThan(1);
    expect(lengthNorm(5, 10)).toBeGreaterThan(1);
  });

  it('orders by score, then pinned, confidence and recency: one order for words and fused recall', () => {
    const order = ranked([
      scored('old', 2),
      scored('pinned', 2, { pinned: 1 }),
      scored('best', 5),
      scored('new', 2, { updated_at: '2026-02-01T00:00:00.000Z' }),
      scored('sure', 2, { confidence: 1 }),
    ]).map((s) => s.belief.id);
    expect(order).toEqual(['best', 'pinned', 'sure', 'new', 'old']);
    const fused = ranked([scored('words', 3), scored('meaning', 2)], (id) => (id === 'meaning' ? 1 : 0));
    expect(fused.map((s) => s.belief.id)).toEqual(['meaning', 'words']);
    expect([...fused].sort(byRank)).toEqual(fused);
  });
});
