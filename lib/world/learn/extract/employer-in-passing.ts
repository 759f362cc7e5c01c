import { someoneElseBefore } from './someone-else.ts';
import { isPlace } from './segment.ts';
import { tag } from './voice.ts';
import { ROLE_NOUNS } from './vocabulary/work.ts';
import { alternation } from './vocabulary/alternation.ts';

/**
 * Where the user works, said through the workplace on the way to something else: "the Greggs staff
 * discount doesn't work on my day off", "the canteen at Jaguar Land Rover", "Fonterra's got me on the
 * 6-6 rotation", "the MTA just moved me to the midnight tour", "I do visual merchandising for Zara",
 * "on the rigs wi Shell", "Jollibee crew here!", said again as the clause the phrase table reads ("I
 * work at Greggs"). Never of someone else's workplace ("my wife at LG") or a name that is a place or
 * a person's.
 */
export function employerInPassing(clause: string): string[] {
  for (const re of WORKPLACE_SAID) {
    const m = re.exec(clause);
    const named = m?.groups?.org;
    if (!m || !named || someoneElseBefore(clause.slice(0, m.index))) continue;
    // "Fonterra's got me on…": that "'s" is "has"; the one of "Sainsbury's" is the name's own.
    const end = m.index + m[0].indexOf(named) + named.length;
    const org = (HAS_PUT_ME.test(clause.slice(end - 2)) ? named.slice(0, -2) : named).replace(LEAD_WORD, '');
    if (NOT_AN_ORG.test(org) || isPlace(org) || tag(org).every((t) => t.tags.has('FirstName') || t.tags.has('Pronoun'))) continue;
    return [`I work at ${org}`];
  }
  return [];
}

/** What a workplace does with the user: "got me on", "moved me to". */
const HAS_PUT_ME = /^['’]s (?:just |now |finally )?(?:got|put|moved|switched|transferred|posted|rostered) me\b/;
/** A workplace's name: capitalised words, "&" between them ("Marks & Spencer", "Jaguar Land Rover", "MTA"). */
const ORG = String.raw`(?<org>\p{Lu}[\p{L}\d'’.-]*(?: (?:&|and) \p{Lu}[\p{L}\d'’.-]*| \p{Lu}[\p{L}\d'’.-]*){0,3})`;
/** What only the people who work somewhere have of it. */
const STAFF_THINGS = String.raw`(?:staff discount|staff canteen|staff room|staff car park|uniform|apron|name badge|lanyard|rota|payroll|payslip|overtime|head office|drive-thru headset|drive-through headset|break room|locker room|shift pattern|night shift|day shift|induction|onboarding)`;
const WORKPLACE_SAID = [
  String.raw`(?:^|\b(?:the|my|our|new)\s+)${ORG}\s+${STAFF_THINGS}\b`,
  String.raw`\b(?:[Cc]anteen|[Hh]ead office|HR|[Mm]anagement|[Rr]ota|[Pp]ayroll|[Bb]reak room|[Ss]taff room|[Dd]epot|[Ww]arehouse) (?:at|in) ${ORG}`,
  String.raw`(?:^|\b(?:the)\s+)${ORG}(?:'s| has| have)? (?:just |now |finally )?(?:got|put|moved|switched|transferred|posted|rostered) me (?:on|onto|to|in)\b`,
  String.raw`\bI (?:do|work in|work on) (?:the )?[\p{Ll} -]{2,30}? for ${ORG}`,
  String.raw`\b(?:on the rigs|offshore|on the tools|on the tills) (?:with|wi|for) ${ORG}`,
  String.raw`^${ORG} (?:crew|staff|team member|partner|employee|cashier|rider|driver|barista|associate) here\b`,
  String.raw`\b(?:at )?${ORG},? where I (?:am now|work|'m working|am working)\b`,
].map((source) => new RegExp(source, 'u'));
/** A capitalised word before the name that is no part of it ("The MTA", "New Starbucks apron"). */
const LEAD_WORD = /^(?:The|My|Our|New|Old) (?=\p{Lu})/u;
/** Capitalised words that open a sentence or a title and name no workplace. */
const NOT_AN_ORG =
  /^(?:The|My|Our|New|Head|Night|Day|Staff|I|I'm|It|This|That|Uni|School|Work|Home|Mum|Dad|First|Last|Next|Every|Each|Another|Second|Third|Final)$/;

/**
 * The user's job said as the life it makes: "nurse life talaga", "barista life innit", "the longest Saturday
 * of my pharmacist life"; only said first, after a break, or after "my": never someone else's ("my sister's nurse life").
 */
export function jobInPassing(clause: string): string[] {
  const m = JOB_LIFE.exec(clause);
  if (!m) return [];
  return [`I'm ${/^[aeiou]/i.test(m[1]!) ? 'an' : 'a'} ${m[1]!.toLowerCase()}`];
}
const JOB_LIFE = new RegExp(
  String.raw`(?:^|[,;:—–]\s*|\bmy\s+|\b(?:just|typical|such)\s+)(${alternation(ROLE_NOUNS)}) life\b(?!\s+(?:story|coach|insurance|cycle|expectancy|span))`,
  'iu',
);
