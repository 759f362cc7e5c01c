/**
 * Relative and absolute dates in a clause, resolved against when the turn was said: "last month",
 * "two weeks ago", "next Friday", "in 2019". The phrase leaves the clause (a statement read later
 * must not say "yesterday") and becomes `event_at`: `YYYY-MM-DD` for a day, `YYYY-MM` for a week
 * or a month, `YYYY` for a year or a season.
 */

export interface Dated {
  text: string;
  event_at?: string;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** A weekday's name, as an alternation ("on Friday", "friday I…"). */
export const DAY_NAME = WEEKDAYS.join('|');
/** A weekday's or a month's name, as an alternation ("Tuesdays", "March" open no clause of their own). */
export const DAY_OR_MONTH = [...WEEKDAYS, ...MONTHS].join('|');
const MONTH_SHORT = MONTHS.map((m) => m.slice(0, 3));
const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  couple: 2,
  few: 3,
};
const SEASONS = ['spring', 'summer', 'autumn', 'fall', 'winter'];

const COUNT = String.raw`(\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|couple of|few)`;
const MONTH = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)`;
const WEEKDAY = `(${DAY_NAME})`;

type Resolve = (m: RegExpExecArray, at: Date, past: boolean) => string | undefined;

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const ym = (d: Date) => d.toISOString().slice(0, 7);
const year = (d: Date) => d.toISOString().slice(0, 4);
const shift = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);
const count = (word: string) =>
  NUMBERS[
    word
      .toLowerCase()
      .replace(/^a |\s*of$/g, '')
      .trim()
  ] ?? Number(word);
const monthIndex = (word: string) => MONTH_SHORT.indexOf(word.slice(0, 3).toLowerCase());
const addMonths = (at: Date, n: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + n, 1));

/** The weekday's date nearest `at` in the direction asked (never `at` itself). */
function weekday(at: Date, name: string, direction: -1 | 1): Date {
  const target = WEEKDAYS.indexOf(name.toLowerCase());
  let diff = (target - at.getUTCDay()) * direction;
  if (diff <= 0) diff += 7;
  return shift(at, diff * direction);
}

/** A month named without a year: the latest one not after `at` when told in the past tense, else the next. */
function namedMonth(at: Date, index: number, past: boolean): string {
  let y = at.getUTCFullYear();
  if (past && index > at.getUTCMonth()) y -= 1;
  if (!past && index < at.getUTCMonth()) y += 1;
  return `${y}-${String(index + 1).padStart(2, '0')}`;
}

const DAY_OF_MONTH = new RegExp(String.raw`\b(?:on )?(?:the )?(\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH}\b(?!,? \d)`, 'i');
const MONTH_DAY = new RegExp(String.raw`\b(?:on )?${MONTH} (\d{1,2})(?:st|nd|rd|th)?\b(?!,? \d)`, 'i');
/** Dates the statement keeps in its words as well: a day said without a year is how the user will look for it ("the race on the 24th of August"). */
const SAID_AS_WELL: ReadonlySet<RegExp> = new Set([DAY_OF_MONTH, MONTH_DAY]);

/** A day of a month named without a year: the latest one not after `at` when told in the past tense, else the next. */
function namedDay(at: Date, index: number, day: number, past: boolean): string | undefined {
  let y = at.getUTCFullYear();
  const later = index > at.getUTCMonth() || (index === at.getUTCMonth() && day > at.getUTCDate());
  if (past && later) y -= 1;
  if (!past && !later && !(index === at.getUTCMonth() && day === at.getUTCDate())) y += 1;
  return dayOf(y, index, day);
}

/** Most specific first; each phrase may carry a leading preposition that leaves with it. */
const RULES: [RegExp, Resolve][] = [
  [new RegExp(String.raw`\b(?:on )?${MONTH} (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b`, 'i'), (m) => dayOf(Number(m[3]), monthIndex(m[1]!), Number(m[2]))],
  [
    new RegExp(String.raw`\b(?:on )?(?:the )?(\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH},? (\d{4})\b`, 'i'),
    (m) => dayOf(Number(m[3]), monthIndex(m[2]!), Number(m[1])),
  ],
  [new RegExp(String.raw`\b(?:in |back in )?${MONTH},? (\d{4})\b`, 'i'), (m) => `${m[2]}-${String(monthIndex(m[1]!) + 1).padStart(2, '0')}`],
  // "on the 24th of August", "January 16th": a day without a year, the next one unless told in the past.
  [DAY_OF_MONTH, (m, at, past) => namedDay(at, monthIndex(m[2]!), Number(m[1]), past)],
  [MONTH_DAY, (m, at, past) => namedDay(at, monthIndex(m[1]!), Number(m[2]), past)],
  [/\b(?:back )?(?:in|since|during) (\d{4})\b/i, (m) => m[1]],
  [/\b(?:back )?(?:in |during |over )?the (?:spring|summer|autumn|fall|winter) of (\d{4})\b/i, (m) => m[1]],
  // "back in the seventies", "in the 90s": the decade's first year.
  [
    /\b(?:back )?in the (?:(19|20)?([0-9])0'?s|(sixties|seventies|eighties|nineties))\b/i,
    (m) =>
      m[2] ? `${m[1] ?? (Number(m[2]) <= 2 ? '20' : '19')}${m[2]}0` : `19${['sixties', 'seventies', 'eighties', 'nineties'].indexOf(m[3]!.toLowerCase()) + 6}0`,
  ],
  [/\b(?:earlier )?(?:today|this morning|this afternoon|this evening|tonight)\b/i, (_, at) => ymd(at)],
  [/\b(?:yesterday|last night)\b/i, (_, at) => ymd(shift(at, -1))],
  [/\bthe day before yesterday\b/i, (_, at) => ymd(shift(at, -2))],
  [/\btomorrow\b/i, (_, at) => ymd(shift(at, 1))],
  [new RegExp(String.raw`\b${COUNT} days? ago\b`, 'i'), (m, at) => ymd(shift(at, -count(m[1]!)))],
  [new RegExp(String.raw`\b${COUNT} weeks? ago\b`, 'i'), (m, at) => ym(shift(at, -7 * count(m[1]!)))],
  [new RegExp(String.raw`\b${COUNT} months? ago\b`, 'i'), (m, at) => ym(addMonths(at, -count(m[1]!)))],
  [new RegExp(String.raw`\b${COUNT} years? ago\b`, 'i'), (m, at) => String(at.getUTCFullYear() - count(m[1]!))],
  [new RegExp(String.raw`\b(?:in|within) ${COUNT} days?\b`, 'i'), (m, at) => ymd(shift(at, count(m[1]!)))],
  [new RegExp(String.raw`\b(?:in|within) ${COUNT} weeks?\b`, 'i'), (m, at) => ym(shift(at, 7 * count(m[1]!)))],
  [new RegExp(String.raw`\b(?:in|within) ${COUNT} months?\b`, 'i'), (m, at) => ym(addMonths(at, count(m[1]!)))],
  [/\b(?:last weekend|over the weekend|this past weekend)\b/i, (_, at) => ymd(weekday(at, 'saturday', -1))],
  // "Adopted a beagle this weekend": told in the past, the weekend just gone.
  [/\bthis weekend\b/i, (_, at, past) => ymd(weekday(at, 'saturday', past ? -1 : 1))],
  [/\bnext weekend\b/i, (_, at) => ymd(weekday(at, 'saturday', 1))],
  [/\blast week\b/i, (_, at) => ym(shift(at, -7))],
  [/\bthis week\b/i, (_, at) => ym(at)],
  [/\bnext week\b/i, (_, at) => ym(shift(at, 7))],
  [/\blast month\b/i, (_, at) => ym(addMonths(at, -1))],
  [/\bthis month\b/i, (_, at) => ym(at)],
  [/\bnext month\b/i, (_, at) => ym(addMonths(at, 1))],
  [/\blast year\b/i, (_, at) => String(at.getUTCFullYear() - 1)],
  [/\bthis year\b/i, (_, at) => year(at)],
  [/\bnext year\b/i, (_, at) => String(at.getUTCFullYear() + 1)],
  [new RegExp(String.raw`\b(?:on )?last ${WEEKDAY}\b`, 'i'), (m, at) => ymd(weekday(at, m[1]!, -1))],
  [new RegExp(String.raw`\b(?:on )?(?:next|this (?:coming )?|this) ${WEEKDAY}\b`, 'i'), (m, at) => ymd(weekday(at, m[1]!, 1))],
  [new RegExp(String.raw`\bon ${WEEKDAY}\b(?! (?:mornings|nights|evenings|afternoons))`, 'i'), (m, at, past) => ymd(weekday(at, m[1]!, past ? -1 : 1))],
  // "started monday at Helix", "moved out sat": a weekday said bare after what happened on it.
  [
    new RegExp(
      String.raw`(?<=\b(?:started|start|left|moved(?: out| in)?|began|joined|quit|finished|arrived|got back|flew out)\s)${WEEKDAY}\b(?! (?:mornings|nights|evenings|afternoons))`,
      'i',
    ),
    (m, at) => ymd(weekday(at, m[1]!, -1)),
  ],
  [/\b(?:last|this past) (spring|summer|autumn|fall|winter)\b/i, (m, at) => seasonYear(at, m[1]!, -1)],
  [/\b(?:this|next) (spring|summer|autumn|fall|winter)\b/i, (m, at) => seasonYear(at, m[1]!, 1)],
  [/\b(?:over|during|in) the (spring|summer|autumn|fall|winter)\b/i, (m, at, past) => seasonYear(at, m[1]!, past ? -1 : 1)],
  [
    new RegExp(String.raw`\b(?:last|in|next) ${MONTH}\b(?! \d)`, 'i'),
    (m, at, past) => namedMonth(at, monthIndex(m[1]!), /^last/i.test(m[0]) || (past && !/^next/i.test(m[0]))),
  ],
];

function dayOf(y: number, monthIdx: number, day: number): string | undefined {
  if (monthIdx < 0 || day < 1 || day > 31) return undefined;
  return `${y}-${String(monthIdx + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The year of the season before (-1) or after (1) `at`; this season when `at` is in it and looking ahead. */
function seasonYear(at: Date, season: string, direction: -1 | 1): string {
  const start = [2, 5, 8, 8, 11][SEASONS.indexOf(season.toLowerCase())]!;
  const month = at.getUTCMonth();
  let y = at.getUTCFullYear();
  if (direction === -1 && start >= month) y -= 1;
  if (direction === 1 && start < month - 2 && start !== 11) y += 1;
  return String(y);
}

export const PAST_VERB = String.raw`(?:was|were|went|had|did|got|came|took|made|ran|saw|met|broke|bought|told|found|gave|left|felt|thought|brought|began|wrote|won|lost|spent|sold|built|taught|caught|flew|drove|rode|swam|sang|ate|drank|slept|fell|grew|knew|threw|wore|chose|forgot|became|kept|held|paid|sent|stood|sat|heard|meant|\w+ed)`;
const PAST = new RegExp(String.raw`\b${PAST_VERB}\b`, 'i');
const HAVE_GOT = /\b(?:'ve|have|has|'s) got\b/gi;
/** Told as ahead or ongoing, whatever past participle it holds ("is getting married in June"). */
export const AHEAD = /\b(?:will|'ll|going to|gonna|planning|plan to|(?:am|is|are|'m|'re) \w+ing)\b/i;

/** What every rule's phrase starts a word with (a digit, a month, a weekday, a season, "week"…): a clause without one names no date. */
const CUE =
  /\d|ties\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|sunday|monday|tuesday|wednesday|thursday|friday|saturday|spring|summer|autumn|fall|winter|today|tonight|yesterday|tomorrow|morning|afternoon|evening|night|day|week|month|year)/i;

/** Years before the turn from which a past is history ("in 2009", "back in the nineties"), not news. */
const LONG_AGO_YEARS = 5;

/** Whether `event_at` (a year, month or day) is at least LONG_AGO_YEARS before `at`. */
export function longAgo(at: Date, event_at: string | undefined): boolean {
  return event_at !== undefined && at.getUTCFullYear() - Number(event_at.slice(0, 4)) >= LONG_AGO_YEARS;
}

/** A sentence opened by a year or a decade ("Back in the seventies Earl and I…", "In 2009 we…"): the time of all its clauses. */
const FRONTED =
  /^(?:back )?(?:in|during) (?:the )?(?:\d{4}|(?:19|20)?\d0'?s|sixties|seventies|eighties|nineties|(?:spring|summer|autumn|fall|winter) of \d{4})\b/i;

/** The date a sentence opens with, which its later clauses share. */
export function frontedDate(sentence: string, at: Date): string | undefined {
  return FRONTED.test(sentence) ? resolveDate(sentence, at).event_at : undefined;
}

/** The clause without its first date phrase, and that date resolved against `at`. */
export function resolveDate(text: string, at: Date): Dated {
  if (!CUE.test(text)) return { text };
  // "I've got the marathon on the 24th": had now, not a past.
  const past = PAST.test(text.replace(HAVE_GOT, '')) && !AHEAD.test(text);
  for (const [re, resolve] of RULES) {
    const m = re.exec(text);
    if (!m) continue;
    const event_at = resolve(m, at, past);
    // "on 14 March next year": the day stays in the words, the year it falls in is the date's.
    if (SAID_AS_WELL.has(re)) return event_at ? { text: text.replace(/,?\s+(?:next|this) year\b/i, ''), event_at } : { text };
    // "until last month": the word that tied the date to the clause goes with it.
    const before = text.slice(0, m.index).replace(/\b(?:until|till|til|since|from|before|after)\s*$/i, '');
    // "from this month onwards": the word that says it lasts goes with it too.
    const after = text.slice(m.index + m[0].length).replace(/^\s+(?:onwards?|forwards?|on)\b(?=\s*(?:[,.!;]|$))/i, '');
    const rest = `${before} ${after}`
      .replace(/(?<!\s)\s+([,.!;])/g, '$1')
      .replace(/^[\s,]+|(?<![\s,])[\s,]+$/g, '')
      .replace(/\s+/g, ' ');
    return event_at ? { text: rest, event_at } : { text: rest };
  }
  return { text };
}
