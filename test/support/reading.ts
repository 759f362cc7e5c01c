import { extractBeliefs } from '../../lib/world/learn/extractor.ts';
import type { Held } from '../../lib/world/learn/extract/resolve.ts';

/** Beliefs already held, each a [statement, key] pair (ids b0, b1, … in order). */
export function heldPairs(...said: [string, string | null][]): Held[] {
  return said.map(([statement, key], i) => ({ id: `b${i}`, key, statement, active: true }));
}

/** What the built-in extractor makes of one user message, given the beliefs already held. */
export function read(content: string, held: Held[] = []) {
  return extractBeliefs([{ role: 'user', content }], { held });
}

/** The ids of the held beliefs one user message ends, sorted. */
export function endedIds(content: string, held: Held[]) {
  return read(content, held)
    .retract.map((r) => r.id)
    .sort();
}
