import { DAY_NAME } from './dates.ts';
import { lemmaOf, type Term } from './voice.ts';

/**
 * What the finders of news said without "I" (job-news.ts, moving-in.ts) share: whether the words
 * before the news are the user's own lead-in, and whether the clause looks ahead instead.
 */

/** Words a clause may open with before its news: its lead-ins, the user, and time said as "today". */
const OPENING = new RegExp(
  `^(?:so|ok|okay|well|lol|haha|update|btw|and|yay|phew|finally|officially|just|already|still|all|today|yesterday|tonight|morning|evening|afternoon|on|${DAY_NAME}|it|that|this|i|we|i'm|we're|i've|we've|my|our|the|a|end|of|through|up|'s|is|was|am|are|have|has|'ve|'m|'re)$`,
  'i',
);

/** A clause that looks ahead, wishes or supposes: what it tells has not happened. */
export const AHEAD =
  /\b(?:tomorrow|next|will|gonna|going to|soon|can't wait|cannot wait|would|could|might|should|if|hope|hoping|starts|begins|want|wants)\b|'ll\b/i;

/** Whether what a clause says before its news is the user's own lead-in ("so", "survived my", "still"), never someone else, with `verbs` (by infinitive) the news may open with. */
export function opensOwn(before: Term[], verbs: ReadonlySet<string>): boolean {
  return before.every((t) => {
    const word = t.text.toLowerCase();
    if (OPENING.test(word) || t.tags.has('Emoji') || t.tags.has('Expression')) return true;
    return t.tags.has('Verb') && verbs.has(lemmaOf(word));
  });
}
