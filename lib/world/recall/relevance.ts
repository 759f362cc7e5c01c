import type { Evidence, Found } from './found.ts';

/** A candidate belief with its final score. */
export interface Scored extends Evidence {
  score: number;
}

/** A relevant belief found by its statement alone scores at least this share of the best one's score… */
const RELATIVE_CUTOFF = 0.2;
/** …and holds at least this share of the query's information: one word a long request happens to share is not enough. */
const MIN_COVERAGE = 0.15;
/** …and, in a long request, one of every WORDS_PER_MATCH of its words. */
const WORDS_PER_MATCH = 8;
/** …and holds this many of the query's words when it is a relation or the request names another belief. */
const WORDS_BESIDE_A_NAME = 2;
/** A better belief matching all of another's words explains it away when it scores this much more (with the same words)… */
const EXPLAINS_AWAY = 1.5;
/** …or this much more when it matches more of the query's words too. */
const EXPLAINS_AWAY_WITH_MORE = 2;

/**
 * The final score of a belief for a query, from its lexical score: the one place where another
 * signal (a vector similarity) is fused with the words. Best first; ties go to the pinned, the
 * more confident, then the more recent belief.
 */
export function ranked(evidence: Evidence[]): Scored[] {
  return evidence
    .map((e) => ({ ...e, score: e.lexical }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.belief.pinned - a.belief.pinned ||
        b.belief.confidence - a.belief.confidence ||
        b.belief.updated_at.localeCompare(a.belief.updated_at),
    );
}

/**
 * The relevance cutoff (API.md §7), over ranked candidates. A belief the request names (every word
 * of one of its aliases or of its key's name) is relevant. Any other one is relevant by its words
 * only when it holds a non-common query word, scores at least RELATIVE_CUTOFF of the best and
 * holds at least MIN_COVERAGE of the query's information. When the request names a belief, or
 * the candidate is a relation (it links two things: one shared word names at most one of them),
 * a single shared word is not enough unless the statement names that thing itself (a proper
 * noun: "Python scripts before the thesis deadline" is about "The user writes Python at work"):
 * "the billing migration checklist" is about the billing migration, not about a belief that
 * mentions a checklist, and "anything pending?" is not about a link that "waits on a pending review". Last, a belief is not relevant when it is explained away: a belief whose matched
 * words are all matched by a better-scored belief ("learning" for a question about learning
 * Spanish, held by the Spanish belief and the piano one) adds nothing the better one does not
 * already cover, when it scores EXPLAINS_AWAY times as much with the same words, or when it also
 * matches more words and scores more (a named belief: "thesis deadline" names the thesis deadline
 * better than the kitchen's) or EXPLAINS_AWAY_WITH_MORE times as much (a belief found by its
 * statement: a close second is kept).
 */
export function relevantOf(scored: Scored[]): Found[] {
  const top = scored[0]?.score ?? 0;
  const anyNamed = scored.some((s) => s.named);
  const kept: Scored[] = [];
  for (const s of scored) {
    if (!s.named) {
      if (s.matched.size === 0 || s.score < RELATIVE_CUTOFF * top || s.coverage < MIN_COVERAGE) continue;
      if (s.matched.size * WORDS_PER_MATCH < s.queryWords) continue;
      if ((anyNamed || s.belief.type === 'relation') && s.matched.size < WORDS_BESIDE_A_NAME && s.mentions === 0) continue;
    }
    const covered = (k: Scored) => s.matched.size > 0 && [...s.matched].every((w) => k.matched.has(w));
    const factor = (k: Scored) => (k.matched.size === s.matched.size ? EXPLAINS_AWAY : s.named ? 1 : EXPLAINS_AWAY_WITH_MORE);
    if (kept.some((k) => covered(k) && k.score > s.score && k.score >= factor(k) * s.score)) continue;
    kept.push(s);
  }
  return kept.map((s) => s.belief);
}
