import type { Lookup } from './retrieval.ts';
import { contentWords } from './text.ts';

/** Earlier user turns read per request (the latest included). */
const MAX_TURNS = 12;
/** Weight of a turn joined to the query, per step back along the topic: DECAY, DECAY², …, at least FLOOR. */
const DECAY = 0.6;
const FLOOR = 0.2;

/** The content words of the request's user turns, oldest first, the latest last (at most MAX_TURNS). */
export function turnWords(userTurns: string[]): string[][] {
  return userTurns.slice(-MAX_TURNS).map(contentWords);
}

export interface Topic {
  /** Each query word with its weight: 1 for the latest turn's, decaying for earlier turns on its topic. */
  weights: Map<string, number>;
  /** Indexes (into the turns given) of the turns on the latest turn's topic, oldest first. */
  turns: number[];
}

/**
 * Which earlier user turns are still on the latest turn's topic. Walking back from the latest, a
 * turn joins when it shares a content word with a turn already joined (so "going back to what we
 * said about the deadline" finds the deadline turn by its words, across a detour), when it matches
 * one of the same beliefs by a non-common word, or when the turn right after it had no word of its
 * own that matched anything ("tell me more"). A turn on another topic is skipped, and its words do
 * not join the query.
 */
export function topicOf(turns: string[][], lookup: Lookup): Topic {
  const weights = new Map<string, number>();
  if (turns.length === 0) return { weights, turns: [] };
  const latest = turns.length - 1;
  const words = new Set<string>();
  const beliefs = new Set<number>();
  const joined: number[] = [];
  let step = 0;
  const join = (i: number, weight: number) => {
    joined.unshift(i);
    for (const w of turns[i]!) {
      words.add(w);
      weights.set(w, Math.max(weights.get(w) ?? 0, weight));
    }
    for (const id of informativeMatches(turns[i]!, lookup)) beliefs.add(id);
  };
  join(latest, 1);
  for (let i = latest - 1; i >= 0; i--) {
    const next = joined[0]!;
    const sharesWord = turns[i]!.some((w) => words.has(w));
    const sharesBelief = !sharesWord && informativeMatches(turns[i]!, lookup).some((id) => beliefs.has(id));
    const followUp = next === i + 1 && informativeMatches(turns[next]!, lookup).length === 0;
    if (!sharesWord && !sharesBelief && !followUp) continue;
    step++;
    join(i, Math.max(FLOOR, DECAY ** step));
  }
  return { weights, turns: joined };
}

/** Rowids of the beliefs a turn's non-common words match. */
function informativeMatches(words: string[], lookup: Lookup): number[] {
  const ids: number[] = [];
  for (const w of words) {
    const hit = lookup.get(w);
    if (hit && !hit.common) ids.push(...hit.rowids);
  }
  return ids;
}
