import type { Change } from './changes.ts';
import { orgAt } from './value-in.ts';
import { AHEAD, opensOwn } from './own-news.ts';
import { tag, type Term } from './voice.ts';
import { A_JOB_TITLE, NEW_AT_WORK, NOT_EMPLOYMENT, STARTS, STINT_VERBS, STINTS, WORK_SIGNS, WORK_STINTS, WORKPLACES } from './vocabulary/work.ts';

/**
 * A new job told as news of its first days rather than by a verb of joining: "Day 3 at Harbour
 * Labs and I already miss…", "first week at the new place — Norrsken Foods", "survived my first
 * sprint at Booking.com", "onboarding at Stripe is intense", "my new colleagues at Adyen are
 * lovely". The organisation named is the user's employer now. Only the user's own news: a
 * clause that opens with anyone else ("my friend's first week at…") or looks ahead ("first day
 * at Siemens tomorrow") says none.
 */

const STINT = new Set<string>(STINTS);
const START = new Set<string>(STARTS);
const NEW_THING = new Set<string>(NEW_AT_WORK);
const WORKPLACE = new Set<string>(WORKPLACES);
const WORK_STINT = new Set<string>(WORK_STINTS);
const WORK_SIGN = new Set<string>(WORK_SIGNS);
const VERB = new Set<string>(STINT_VERBS);
const NOT_WORK = new Set<string>(NOT_EMPLOYMENT);
const ORDINAL = /^(?:first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th)$/i;
const COUNT = /^(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)$/i;
/** A cheap test before anything is tagged: the words of one of the shapes, then "at" or "with". */
const CUE = new RegExp(
  String.raw`\b(?:(?:first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th) (?:[a-z-]+ ){0,2}(?:${STINTS.join('|')})|(?:${STINTS.join('|')}) (?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)|${STARTS.join('|')}|(?:my|our) new (?:${NEW_AT_WORK.join('|')})) (?:at|with)\b`,
  'i',
);

/** "First week as principal pharmacist done", "started as shift supervisor on Monday": a new title told by its first days. */
const AS_TITLE = new RegExp(
  String.raw`\b(?:(?:first|1st) (?:[a-z]+ )?(?:${STINTS.join('|')})|start(?:ed)?|began) as (?:an? |the )?(?<title>[\p{L}-]+(?: [\p{L}-]+){0,3}?)(?= done| over| at | for | on | in | and | today| this|[,.;:!?—–]|$)`,
  'iu',
);

/** A clause that is a name alone: what the clause before it named in common words ("first week at the new place — Norrsken Foods"). */
const NAME_ALONE = /^\p{Lu}[\p{L}\d&.'-]*(?: [\p{L}\d&.'-]+){0,4}$/u;

/**
 * The employer a clause (or the one `before` it, and the name it is) tells of as news of the user's
 * new job, or null; the sentence it is part of may say it is work ("…and I already miss my old desk").
 */
export function startedAt(clause: string, before?: string, sentence = clause): Change | null {
  if (before && NAME_ALONE.test(clause.trim())) return startedAt(`${before.replace(/[\s—–:,-]+$/, '')} — ${clause.trim()}`, undefined, sentence);
  if (AHEAD.test(clause)) return null;
  const as = AS_TITLE.exec(clause);
  // "First day as a data analyst at Ocado is on Monday": a first day said with its date is still ahead.
  const dated = /\b(?:is|are) (?:on|next|in|this coming)\b/i.test(clause.slice(as?.index ?? 0));
  if (as && !dated && A_JOB_TITLE.test(as.groups!.title!) && opensOwn(tag(clause.slice(0, as.index)), VERB))
    return { ends: [], to: as.groups!.title!, role: 'job' };
  if (!CUE.test(clause) || !/\s\p{Lu}/u.test(clause)) return null;
  const terms = tag(clause).filter((t) => t.text !== '');
  for (let i = 0; i < terms.length; i++) {
    const at = newsAt(terms, i);
    if (at === undefined) continue;
    if (!opensOwn(terms.slice(afterBreak(terms, i), i), VERB)) return null;
    const { name, common } = employerAfter(terms, at.at, at.shift);
    // "Day 3 at Disneyland": a day counted may be a trip's; it is a job's when said of work, or of what the tagger knows as an organisation.
    const ofWork =
      at.work ||
      common ||
      terms.some((t) => t.tags.has('Organization') && name?.includes(t.text)) ||
      (sentence.toLowerCase().match(/[\p{L}-]+/gu) ?? []).some((w) => WORK_SIGN.has(w));
    return name && ofWork ? { ends: [], to: name, role: 'org' } : null;
  }
  return null;
}

/** Where the part of the clause holding word `i` starts: after its last ", and" ("Handed back my keys on Friday, and this morning I did my first…"). */
function afterBreak(terms: Term[], i: number): number {
  for (let k = i - 1; k > 0; k--) if (/,/.test(terms[k - 1]!.post) && /^(?:and|but|so|then)$/i.test(terms[k]!.text)) return k;
  return 0;
}

/**
 * Where the "at" after news of a new job starting at `i` is: "first week at", "day 3 at", "onboarding at", "my new colleagues at";
 * `work` when the news is a job's whatever the name ("first week", "onboarding", "my new colleagues"), not a day counted ("day 3").
 */
function newsAt(terms: Term[], i: number): { at: number; work: boolean; shift?: boolean } | undefined {
  const [word, next] = [terms[i]!.text.toLowerCase(), terms[i + 1]?.text.toLowerCase() ?? ''];
  const at = (k: number, work: boolean) => (/^(?:at|with)$/i.test(terms[k]?.text ?? '') && !/[,.;:!?]/.test(terms[k - 1]!.post) ? { at: k, work } : undefined);
  // "first week at": a job's (or a school's, which the name tells); "day 3 at" counts a trip's days as often.
  // "first ward round at", "first night shift at": up to two words of what the stretch is; said with them, a job's only when only a job has it.
  if (ORDINAL.test(word)) {
    for (let k = i + 1; k <= i + 3; k++) {
      const t = terms[k];
      const stint = t?.text.toLowerCase() ?? '';
      if (STINT.has(stint)) {
        const found = at(k + 1, k === i + 1 || WORK_STINT.has(stint));
        return found && { ...found, shift: WORK_STINT.has(stint) };
      }
      if (!t || !/^[a-z-]+$/.test(t.text) || /^(?:at|with)$/.test(t.text) || /[,.;:!?]/.test(t.post)) return undefined;
    }
  }
  if (STINT.has(word) && COUNT.test(next)) return at(i + 2, WORK_STINT.has(word));
  if (START.has(word)) return at(i + 1, true);
  const mine = /^(?:my|our)$/i.test(terms[i - 1]?.text ?? '');
  if (word === 'new' && mine && NEW_THING.has(next)) return at(i + 2, true);
  return undefined;
}

/**
 * The organisation named after "at": by name ("at Harbour Labs"), or in common words then by name (`common`: "at the new place — Norrsken Foods").
 * After a stretch only a job has (`shift`: "first ward round at University Hospital Galway") a school's or a university's name is a workplace too.
 */
function employerAfter(terms: Term[], at: number, shift = false): { name?: string; common?: boolean } {
  let from = at + 1;
  const common =
    /^the$/i.test(terms[from]?.text ?? '') && /^new$/i.test(terms[from + 1]?.text ?? '') && WORKPLACE.has(terms[from + 2]?.text.toLowerCase() ?? '');
  if (common) {
    // The name after the break: "the new place — Norrsken Foods", "the new gig: Monzo".
    if (!/[—–:,-]/.test(terms[from + 2]!.post)) return {};
    from += 3;
  }
  const name = orgAt(terms, from);
  if (!name) return {};
  const words = name.toLowerCase().split(/\s+/);
  const after = terms[from + words.length]?.text.toLowerCase() ?? '';
  return !shift && (words.some((w) => NOT_WORK.has(w)) || NOT_WORK.has(after)) ? {} : { name, common };
}
