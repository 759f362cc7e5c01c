/**
 * Recall's ranking in one place: the settings every step of recall reads (field weights, BM25,
 * the relevance cutoff, the vector fusion, the conversation's topic carry-over), the one score of
 * a belief for a query and the one order, used by words-only and fused recall alike.
 */
import type { Evidence } from './found.ts';

export const RANKING = {
  /**
   * Field weights: a query word that is a word of a name the query names (an alias, the key's name) counts `name` times one in
   * the statement; one only said around a learned belief (terms.ts saidWords), `said` times (what it was said about, not what it says).
   */
  fields: { name: 2, said: 0.5 },
  /** BM25's term-frequency saturation and length normalisation, over the statement's length against the pool's average. */
  bm25: { k1: 1.2, b: 0.75 },
  /** A match strong enough for a domain belief when the request names no scope: named, or `words` non-common words at weight `weight` or more. */
  strong: { words: 2, weight: 0.5 },
  /** Rows read per request: `perSlot` per belief the caller may inject plus `margin`, at most `max` (one statement's parameters: D1 allows 100). */
  fetched: { perSlot: 1, margin: 15, max: 90 },
  cutoff: {
    /** A belief found by its statement alone scores at least this share of the best one's score (the best not of a kind asked for)… */
    relative: 0.2,
    /** …and holds at least this share of the query's information… */
    minCoverage: 0.15,
    /** …and, in a long request, one of every `wordsPerMatch` of its words… */
    wordsPerMatch: 8,
    /** …and this many of the query's words when it is a relation or the request names another belief. */
    wordsBesideName: 2,
    /** A better belief holding all of another's words explains it away at this many times its score, both without the weight of a name the query gives them (the same words)… */
    explainsAway: 1.5,
    /** …or this many times with more words. */
    explainsAwayWithMore: 2,
    /**
     * The adaptive cutoff: when the best belief holds all the query's information and the next
     * scores below this share of it (both without a name's weight), the next one (and every weaker one) is padding, not an answer.
     */
    clearWinner: 0.5,
    /** A belief holding at least this share of the query's information answers it whole. */
    answersWhole: 0.99,
  },
  category: {
    /** A belief of the kind a question names in everyday words ("my hobbies", "where do I work") weighs this much, as one rare word of a name. */
    weight: 2,
    /** Beliefs of the named kinds read by their key beside those found by words, the most recent first: this many per kind named. */
    byKey: 5,
  },
  dated: {
    /** A belief the question's words find that was said or dated in the period the question names ("on 16 June", "last Monday") gains this many rare words. */
    weight: 1,
    /**
     * A belief its words find that carries a date (`event_at`, or one its statement states) gains this many rare words when the request asks when
     * something happened ("when did I…", period.ts asksWhen): the date is the answer. Like a name's weight, the gain is left
     * aside when one belief is weighed against another as an answer (the clear winner, explaining away).
     */
    asked: 2,
  },
  vector: {
    /** The query embedding's deadline on the request path (API.md §7): past it, words alone. */
    timeoutMs: 300,
    /** Centred similarity (lib/embeddings/nearest.ts) from which a belief's vector adds to its score. */
    floor: 0.15,
    /** What a perfect similarity adds to a belief's lexical score (about one rare shared word's weight). */
    weight: 4,
    /**
     * A belief found by its vector alone (no shared word) must be clearly similar: `only`, standing
     * out `gap` times over the next most similar belief, each of a group within `group` of the first.
     */
    only: 0.35,
    gap: 1.8,
    group: 0.8,
    /** Beliefs found by vector alone read per request, at most. */
    onlyMax: 20,
  },
  topic: {
    /** Earlier user turns read per request (the latest included). */
    maxTurns: 12,
    /** Weight of a turn joined to the query, per step back along the topic: decay, decay², …, at least floor. */
    decay: 0.6,
    floor: 0.2,
  },
} as const;

/** A candidate belief with its final score. */
export interface Scored extends Evidence {
  score: number;
}

/** BM25's length normalisation of a statement of `length` words beside the pool's average (tf = 1). */
export function lengthNorm(length: number, avgLength: number): number {
  const { k1, b } = RANKING.bm25;
  return (1 + k1) / (1 + k1 * (1 - b + (b * length) / avgLength));
}

/** What a centred vector similarity adds to a belief's score: nothing below the floor, RANKING.vector.weight at 1. */
export function vectorGain(similarity: number): number {
  const { weight, floor } = RANKING.vector;
  return (weight * Math.max(0, similarity - floor)) / (1 - floor);
}

/** The score of a belief for a query: its words (lexical) and, with an embeddings model, its similarity. */
export function score(e: Evidence, similarity = 0): number {
  return e.lexical + vectorGain(similarity);
}

/** The one order of recall: best score first; ties go to the pinned, the more confident, then the more recent belief. */
export function byRank(a: Scored, b: Scored): number {
  return (
    b.score - a.score ||
    b.belief.pinned - a.belief.pinned ||
    b.belief.confidence - a.belief.confidence ||
    b.belief.updated_at.localeCompare(a.belief.updated_at)
  );
}

/**
 * The evidence scored (with each belief's similarity when vectors are in play) and in the one order. It is scored in
 * place and sorted: callers pass what evidenceOf has just returned (a copy of each of the ~90 candidates per request was garbage).
 */
export function ranked(evidence: Evidence[], similarityOf?: (id: string) => number): Scored[] {
  const scored = evidence as Scored[];
  for (const e of scored) e.score = score(e, similarityOf ? similarityOf(e.belief.id) : 0);
  return scored.sort(byRank);
}
