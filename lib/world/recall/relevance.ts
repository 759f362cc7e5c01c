import type { Found } from './found.ts';
import { RANKING, type Scored } from './ranking.ts';
import { stemWord } from '../text.ts';
import { kindOfKey, type Kind } from '../kinds.ts';

/**
 * The relevance cutoff (API.md §7), over ranked candidates. It adapts: when the best belief holds
 * all the query's information, one found by its statement alone must score RANKING.cutoff.clearWinner
 * of it (one belief clearly answers; the rest would be padding). A belief the request names (every word
 * of one of its aliases or of its key's name) is relevant, and so is one of a kind it names ("my
 * hobbies": lib/world/recall/category.ts), never explained away by another of its kind; beside
 * those (or beside one in the persona: `kind.answered`), a belief holding only the words that named
 * the kind (`kind.words`) is not relevant, and one holding only the kind's own name (`kind.names`: the
 * stems of its name family, "preference", "allergic") is not relevant beside them or not: the name asks
 * for the kind, and a belief of another key that holds it is not of the kind ("my preferences" is not
 * "Prefers composition over inheritance" under its own key). Any other one is relevant by its words
 * only when it holds a non-common query word, scores at least RANKING.cutoff.relative of the best not of
 * a kind asked for (one of those scores by its kind, not by its words) and
 * holds at least RANKING.cutoff.minCoverage of the query's information. When the request names a belief, or
 * the candidate is a relation (it links two things: one shared word names at most one of them),
 * a single shared word is not enough unless the statement names that thing itself (a proper
 * noun: "Python scripts before the thesis deadline" is about "The user writes Python at work"):
 * "the billing migration checklist" is about the billing migration, not about a belief that
 * mentions a checklist, and "anything pending?" is not about a link that "waits on a pending review". Last, a belief is not relevant when it is explained away: a belief whose matched
 * words are all matched by a better-scored belief ("learning" for a question about learning
 * Spanish, held by the Spanish belief and the piano one) adds nothing the better one does not
 * already cover, when it scores RANKING.cutoff.explainsAway times as much with the same words, or when it also
 * matches more words and scores more (a named belief: "thesis deadline" names the thesis deadline
 * better than the kitchen's) or RANKING.cutoff.explainsAwayWithMore times as much (a belief found by its
 * statement: a close second is kept). Those scores, and the clear winner's, leave aside the weight of a name
 * the query gives a belief: "pottery" names `user.likes.pottery`, which does not answer more than a pottery class for it;
 * and the weight of a date when the query asks when: a dated belief can say when, it does not answer more of the question.
 */
export function relevantOf(
  scored: Scored[],
  kind: { words: ReadonlyMap<string, ReadonlySet<Kind>>; names: ReadonlySet<string>; answered: Answered } = {
    words: new Map(),
    names: new Set(),
    answered: new Set(),
  },
): Found[] {
  // Beliefs of the kind a question names answer it: another belief holding only the kind's word ("my upcoming race": a racing greyhound) is noise.
  // Only the kinds answered so: "which unit I'm on" beside "who's my manager" keeps "floated to the step-down unit" when no belief is the team's.
  const answered = union(kind.answered, answeredKinds(scored));
  const onlyAnswered = (words: ReadonlySet<string>) => {
    for (const w of words) {
      const named = kind.words.get(w);
      if (!named || (answered !== 'all' && !anyIn(named, answered))) return false;
    }
    return true;
  };
  // Beside a belief of the kind asked for (relevant whatever it scores), one found by its words is weighed against the best found by words.
  const top = scored.find((s) => !s.category)?.score ?? 0;
  const anyNamed = scored.some((s) => s.anchored);
  const { answersWhole, clearWinner } = RANKING.cutoff;
  // The adaptive cutoff: a best belief holding the whole query answers it; weaker ones are padding.
  const whole = scored[0] !== undefined && scored[0].coverage >= answersWhole;
  const kept: Scored[] = [];
  for (const s of scored) {
    const words = s.matched;
    if (!s.named && !s.category) {
      if (whole && s !== scored[0] && answering(s) < clearWinner * answering(scored[0]!)) continue;
      if (words.size > 0 && onlyAnswered(words)) continue;
      if (kind.names.size > 0 && words.size > 0 && allStemsIn(words, kind.names)) continue;
      if (words.size === 0 || s.score < RANKING.cutoff.relative * top || s.coverage < RANKING.cutoff.minCoverage) continue;
      if (words.size * RANKING.cutoff.wordsPerMatch < s.queryWords) continue;
      if ((anyNamed || s.belief.type === 'relation') && words.size < RANKING.cutoff.wordsBesideName && s.mentions === 0) continue;
    }
    if (!s.category && explainedAway(kept, s)) continue;
    kept.push(s);
  }
  return kept.map((s) => s.belief);
}

/** Whether every one of `words` is in `of` (loops, not a spread and a closure: this runs for every candidate of every request). */
function allIn(words: ReadonlySet<string>, of: ReadonlySet<string>): boolean {
  for (const w of words) if (!of.has(w)) return false;
  return true;
}

/** The kinds that beliefs of a kind asked for answer; 'all' when one of them is kept under no catalogue key (its kind is not known). */
type Answered = ReadonlySet<Kind> | 'all';

/** The kinds the beliefs found by their kind (category.ts) answer. */
export function answeredKinds(scored: readonly Scored[]): Answered {
  const kinds = new Set<Kind>();
  for (const s of scored) {
    if (!s.category) continue;
    const kind = s.belief.key === null ? undefined : kindOfKey(s.belief.key);
    if (!kind) return 'all';
    kinds.add(kind);
  }
  return kinds;
}

function anyIn(kinds: ReadonlySet<Kind>, of: ReadonlySet<Kind>): boolean {
  for (const k of kinds) if (of.has(k)) return true;
  return false;
}

function union(a: Answered, b: Answered): Answered {
  return a === 'all' || b === 'all' ? 'all' : new Set([...a, ...b]);
}

function allStemsIn(words: ReadonlySet<string>, stems: ReadonlySet<string>): boolean {
  for (const w of words) if (!stems.has(stemWord(w))) return false;
  return true;
}

/** Whether a belief already kept explains `s` away. */
function explainedAway(kept: readonly Scored[], s: Scored): boolean {
  for (const k of kept) if (explainsAway(k, s)) return true;
  return false;
}

/** Whether `k` holds all of `s`'s matched words and scores enough more to explain it away (relevantOf). */
function explainsAway(k: Scored, s: Scored): boolean {
  if (s.matched.size === 0 || k.score <= s.score || !allIn(s.matched, k.matched)) return false;
  if (s.named && k.matched.size > s.matched.size) return true;
  const factor = k.matched.size === s.matched.size ? RANKING.cutoff.explainsAway : RANKING.cutoff.explainsAwayWithMore;
  return answering(k) >= factor * answering(s);
}

/**
 * What a belief's score says it answers: a name the query gives it says which belief the query names, not that it
 * answers more, and a date that it can say when; their weights are left aside. A word said around a learned belief
 * ranks it lower than one of its statement, yet answers as much ("roasted marshmallows", said of the camping trip, is
 * not explained away by "went camping"): its full weight counts.
 */
function answering(s: Scored): number {
  return s.score - s.byName - s.byDate + s.bySaid;
}
