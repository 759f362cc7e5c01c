import { contentWords, nameTerms, roleWords, stemWord } from '../text.ts';

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
  /** Its stemmed words as names are matched (lib/world/text.ts nameTerms). */
  names: string[];
  refersBack: boolean;
}

/** The request's user turns, oldest first, the latest last (at most MAX_TURNS), with the role words they imply (lib/world/text.ts). */
export function turnTerms(userTurns: string[]): TurnTerms[] {
  return userTurns.slice(-MAX_TURNS).map((text) => {
    const roles = roleWords(text);
    return {
      words: [...new Set([...contentWords(text), ...roles])],
      names: [...new Set([...nameTerms(text), ...roles.map(stemWord)])],
      refersBack: REFERS_BACK.test(text),
    };
  });
}

export interface Topic {
  /** Each query word with its weight: 1 for the latest turn's, decaying for earlier turns on its topic. */
  weights: Map<string, number>;
  /** Indexes (into the turns given) of the turns on the latest turn's topic, oldest first. */
  turns: number[];
}

/**
 * Which earlier user turns are still on the latest turn's topic, given the beliefs each turn alone
 * finds relevant (`relevant[i]`, ids). Walking back from the latest, a turn joins when one of the
 * beliefs it finds is one the joined turns find (so "going back to what we said about the
 * deadline" finds the deadline turn across a detour), or when the turn right after it is a
 * follow-up: it finds nothing of its own and has no content word at all ("tell me more", "why?")
 * or points back (REFERS_BACK: "how many weeks is that from now?"). Sharing a word is not enough:
 * two requests about different things share words ("plan", "issue") all the time. A turn on
 * another topic is skipped, and its words do not join the query.
 */
export function topicOf(turns: TurnTerms[], relevant: ReadonlySet<string>[]): Topic {
  const weights = new Map<string, number>();
  if (turns.length === 0) return { weights, turns: [] };
  const latest = turns.length - 1;
  const found = new Set<string>();
  const joined: number[] = [];
  let step = 0;
  const join = (i: number, weight: number) => {
    joined.unshift(i);
    for (const w of turns[i]!.words) weights.set(w, Math.max(weights.get(w) ?? 0, weight));
    for (const id of relevant[i] ?? []) found.add(id);
  };
  join(latest, 1);
  for (let i = latest - 1; i >= 0; i--) {
    const next = joined[0]!;
    const later = turns[next]!;
    const sharesBelief = [...(relevant[i] ?? [])].some((id) => found.has(id));
    const followUp = next === i + 1 && (relevant[next]?.size ?? 0) === 0 && (later.words.length === 0 || later.refersBack);
    if (!sharesBelief && !followUp) continue;
    step++;
    join(i, Math.max(FLOOR, DECAY ** step));
  }
  return { weights, turns: joined };
}
