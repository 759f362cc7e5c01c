/** The period a request names ("on 16 June, 2023", "last Monday", "in 2019") and whether a belief was said or dated in it (API.md §7, belief time). */
import { resolveDate } from '../learn/extract/dates.ts';
import type { Found } from './found.ts';

/** A period a request names: `when` is `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; `past` when it ended before the request. */
export interface Period {
  when: string;
  past: boolean;
}

/** The first date a request names, resolved against when it was asked (`now`), as the extractor dates a statement; null when it names none. */
export function periodOf(text: string, now: Date): Period | null {
  const when = resolveDate(text, now).event_at;
  if (!when) return null;
  return { when, past: when < now.toISOString().slice(0, when.length) };
}

/**
 * Whether a belief is of the period: what it describes happened in it (`event_at` within the period, or the period
 * within a coarser `event_at`), or the user said it then — a period wholly past only: what was said is never ahead.
 */
export function inPeriod(belief: Pick<Found, 'event_at' | 'observed_at'>, period: Period): boolean {
  const event = belief.event_at;
  if (event && (event.startsWith(period.when) || period.when.startsWith(event))) return true;
  return period.past && (belief.observed_at?.startsWith(period.when) ?? false);
}

/**
 * Whether a request asks when something happened or happens ("when did I…", "remind me when…", "what year did…",
 * "how long ago…"): a belief that carries a date (`event_at`, which the block shows beside it, or one its statement
 * states) is what answers it.
 * The question opens a sentence, or follows "remind me", "tell me" or "do you know"; "call me when you can" asks nothing.
 */
export function asksWhen(text: string): boolean {
  return ASKS_WHEN.test(text);
}
const ASKS_WHEN =
  /(?:^|[.!?;:]\s+|\b(?:remind me|tell me|do you know|you know)\s+)(?:when\b|since when\b|how long ago\b|(?:in |on )?(?:what|which) (?:year|month|day|date|week|weekend|season|time(?! zones?\b))\b)/i;
