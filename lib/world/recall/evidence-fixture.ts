/** Beliefs and evidence as recall's unit tests build them (ranking.test.ts, relevance.test.ts). */
import type { Evidence, Found } from './found.ts';

export const foundBelief = (id: string, more: Partial<Found> = {}): Found => ({
  id,
  owner: 'o@example.com',
  type: 'fact',
  key: null,
  statement: id,
  event_at: null,
  observed_at: '2026-01-01T00:00:00.000Z',
  scope: 'universal',
  pinned: 0,
  confidence: 0.9,
  updated_at: '2026-01-01T00:00:00.000Z',
  aliases: '[]',
  participants: '[]',
  ...more,
});

/** Evidence as evidenceOf would give it: a lexical score, the matched words, how much of the query they hold. */
export const evidence = (id: string, lexical: number, matched: string[], more: Partial<Evidence> = {}): Evidence => ({
  belief: foundBelief(id),
  lexical,
  matched: new Set(matched),
  named: false,
  anchored: false,
  category: false,
  mentions: 0,
  strong: false,
  byName: 0,
  byDate: 0,
  bySaid: 0,
  coverage: 0.5,
  queryWords: 4,
  ...more,
});
