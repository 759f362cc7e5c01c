import type { Lookup } from './retrieval.ts';
import { contentWords } from './text.ts';

/** Earlier user turns read per request (the latest included). */
const MAX_TURNS = 12;
/** Weight of a turn joined to the query, per step back along the topic: DECAY, DECAY², …, at least FLOOR. */
const DECAY = 0.6;
const FLOOR = 0.2;

/**
 * Words by which a turn points back at the one before ("is that enough?", "what about it?",
 * "tell me more", "and the other one?"): with them, a turn whose own words match nothing continues
 * the previous topic; without them, it starts a new one.
 */
const REFERS_BACK =
  /\b(it|its|that|this|those|these|them|they|more|else|also|too|instead|same|again|another|other|one|ones|then)\b|^\s*(and|so|but|or|what about|how about)\b/i;

/** One user turn as the query sees it. */
export interface TurnTerms {
  words: string[];
  refersBack: boolean;
}

/** The request's user turns, oldest first, the latest last (at most MAX_TURNS). */
export function turnTerms(userTurns: string[]): TurnTerms[] {
  return userTurns.slice(-MAX_TURNS).map((text) => ({ words: contentWords(text), refersBack: REFERS_BACK.test(text) }));
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
 * one of the same beliefs by a non-common word, or when the turn right after it is a follow-up: no
 * word of its own matched anything, and it has no content word at all ("tell me more", "why?") or
 * points back (REFERS_BACK: "how many weeks is that from now?"). A turn on another topic is
 * skipped, and its words do not join the query.
 */
export function topicOf(turns: TurnTerms[], lookup: Lookup): Topic {
  const weights = new Map<string, number>();
  if (turns.length === 0) return { weights, turns: [] };
  const latest = turns.length - 1;
  const words = new Set<string>();
  const beliefs = new Set<number>();
  const joined: number[] = [];
  let step = 0;
  const join = (i: number, weight: number) => {
    joined.unshift(i);
    for (const w of turns[i]!.words) {
      words.add(w);
      weights.set(w, Math.max(weights.get(w) ?? 0, weight));
    }
    for (const id of informativeMatches(turns[i]!.words, lookup)) beliefs.add(id);
  };
  join(latest, 1);
  for (let i = latest - 1; i >= 0; i--) {
    const next = joined[0]!;
    const later = turns[next]!;
    const sharesWord = turns[i]!.words.some((w) => words.has(w));
    const sharesBelief = !sharesWord && informativeMatches(turns[i]!.words, lookup).some((id) => beliefs.has(id));
    const followUp = next === i + 1 && informativeMatches(later.words, lookup).length === 0 && (later.words.length === 0 || later.refersBack);
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
