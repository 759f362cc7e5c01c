import { remembered } from './remembered.ts';
import { KINDS, type Kind, kindOfKey, type Way } from '../../kinds.ts';
import { type Change, type Stream, stream } from './changes.ts';
import { saidKind } from './one-value.ts';
import type { Held } from './resolve.ts';
import { PARTNER_TITLES, RELATIVE } from './vocabulary/family.ts';
import { COUPLE_ENDED, ELSEWHERE, LEFT_AS, LEFT_BY_USER } from './vocabulary/leaving.ts';
import { isPet, PET } from './vocabulary/pets.ts';
import { DAY_NAME } from './dates.ts';
import { HONORIFIC_AFTER, RESPECT_AFTER, TITLE_WORDS } from './vocabulary/titles.ts';
import { BOSS_WORDS } from './vocabulary/work.ts';

/**
 * Departures: someone in the user's life who leaves the part they had in it — the manager who
 * resigns or is moved to another branch, the partner who moves out or whom the user broke up
 * with, the pet that died or went to a new home. A clause names who left (by name, or by what the
 * user calls them: "my boss", "my bf") and how (vocabulary/leaving.ts); what the user holds says
 * who that is to them, and the catalogue (kinds.ts `left_by`) which ways end that part: "Ines
 * resigned" ends the manager Ines, "my wife retired" ends nothing, "Ines (a friend) retired" ends
 * nothing of the user's.
 */
export interface Departure {
  /** Whom the clause says left: a name as written ("Herr Bauer"), or the title the user calls them by ("boss"). */
  who: string;
  /** The kind a title names (manager, partner, pet): then every belief of that kind is about them. */
  title?: Kind['kind'];
  ways: Way[];
  /** Only this reader said they left (the clause's other readings ended nothing of them): unless they are someone of the user's, nothing ends. */
  alone?: boolean;
}

/** The kinds of person or animal that leave the user's life in some way (kinds.ts `left_by`). */
const LEAVING_KINDS = (KINDS as readonly Kind[]).filter((k) => k.left_by !== undefined);

/** What the user calls someone of each kind: a title of one, two or three words. */
const TITLES = new Map<string, string>([
  ...BOSS_WORDS.map((w) => [w, 'manager'] as const),
  ...PARTNER_TITLES.map((w) => [w, 'partner'] as const),
  ['ex', 'partner'],
]);
export function titleAt(words: string[], at: number, modified = false): { title: string; kind: string; end: number } | undefined {
  for (let n = 3; n >= 1; n--) {
    const title = words.slice(at, at + n).join(' ');
    const kind = TITLES.get(title) ?? (n === 1 && isPet(title) ? 'pet' : undefined);
    if (kind && at + n <= words.length) return { title, kind, end: at + n };
  }
  // "my shift supervisor", "our night manager": one word of what they lead before the title, never whose it is ("my husband's boss").
  const word = words[at] ?? '';
  return modified && !/['’]s$/.test(word) && !TITLES.has(word) && !isPet(word) && !OTHERS.test(word) ? titleAt(words, at + 1) : undefined;
}
/** People whose title a title after them is theirs, not the user's: "my sister boss", "my friend's manager". */
const OTHERS = new RegExp(`^(?:${RELATIVE}|friend|mate|neighbou?r|colleague|coworker|flatmate|roommate)$`);

/** Words a clause may open with before whom it is about ("so", "update:", "sad news,", "poor old"). */
export const LEAD =
  /^(?:poor|dear|old|little|sweet|so|and|but|now|then|ok|okay|well|oh|update|news|btw|fyi|sadly|unfortunately|anyway|also|plus|lol|yeah|guess what|bad news|sad news|big news|good news|\|)$/;
const AFTER_NAME = new RegExp(`^(?:${HONORIFIC_AFTER})$`, 'i');
const RESPECT = new RegExp(`^(?:${RESPECT_AFTER})$`, 'i');
const HONORIFIC_SUFFIX = new RegExp(`-(?:${HONORIFIC_AFTER})$`, 'i');
/** Titles written before a name ("Herr Bauer", "Dr. Osei", "Madame Pierre-Louis"). */
const HONORIFIC = /^(?:mr|mrs|ms|mx|dr|prof|herr|frau|madame|mme|monsieur|señor|senor|señora|senora|sr|sra|bu|pak|mzee|eng|sir|miss)\.?$/i;
/** Words between whom and what they did: auxiliaries, "just", "finally", "had to". */
export const AUX =
  '(?:(?:have|be|get|just|finally|officially|actually|already|sadly|suddenly|now|also|recently|apparently|unfortunately|basically|literally|go and|have to|decide to|r) )*';
/** What may follow a departure: nothing, a clause break, when, or why ("…last week", "…, no idea who's replacing her"). */
export const TAIL =
  '(?=$| \\|| (?:on|in|at|last|this|yesterday|today|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|earlier|recently|already|finally|suddenly|officially|lol|haha|lmao|and|so|but|after|because|since|from|starting|as of|by|ago|over|for good|for health|for personal|for family|now|anymore|for real|too|as well|a few|a couple|two|three|\\d+|[^\\p{L}\\d| ]+)(?= |$))';
/** "we lost old Pip", "had to put poor Biscuit down": a fond word before whom, not part of who. */
const FOND = '(?:old|poor|dear|sweet|beloved|darling|wee)';
const DEST = `(?:${ELSEWHERE}|(?:the )?(?<cap>[^| ]+)(?: [^| ]+)?)`;

const compiled = (way: Way, source: string, who = false) => ({
  way,
  re: new RegExp(
    `^${who ? '(?:(?:i|we|they|the vets?) )?' : ''}${AUX}(?:${source.replace('{dest}', DEST).replace('{who}', `(?:${FOND} )?(?<who>(?:my |our )?[^|]+?)`)})${TAIL}`,
    'du',
  ),
});
const WAYS = Object.keys(LEFT_AS) as Way[];
const SAID_OF = WAYS.flatMap((way) => LEFT_AS[way].map((p) => compiled(way, p)));
const SAID_BY_USER = WAYS.flatMap((way) => LEFT_BY_USER[way].map((p) => compiled(way, p, true)));
const COUPLE = new RegExp(`^${AUX}(?:${COUPLE_ENDED})${TAIL}`, 'u');

/** A cheap look at the words before tagging: most clauses say no one left. */
const CUE =
  /\b(?:resign\w*|retir\w*|pension|t(?:ook|ake|akes|aking) (?:up )?(?:an?|the)|quit(?:s|ting)?|step(?:s|ped|ping)? (?:down|aside)|notice|left|leav(?:e|es|ing)|mov(?:e|ed|es|ing)|transferr?(?:ed|ing)?|seconded|reassigned|relocated|posted|sent|promoted|fired|sack(?:ed)?|boot|laid off|lay off|let|redundan\w*|poached|headhunted|gone|went|go(?:es)?|dump(?:s|ed)?|ditch(?:es|ed)?|walk(?:s|ed)? out|br(?:oke|eak|eaking|eaks) up|split\w*|separat\w*|divorc\w*|quits|end(?:ed|ing)? (?:it|things)|ways|pack(?:s|ed)?|load(?:s|ed)?|ex|block(?:ed|s)?|die[sd]?|pass(?:ed|es|ing)?|rainbow|wake|woke|make it|made it|put|lost|lose|buried|bury|goodbye|rehom\w*|re-hom\w*|adopted|home|family|owner|for good|done|over|finish\w*|through|together|thing|item|leave|way out|farewell|send-?off|send-?forth|going-away|last (?:day|shift|working day)|(?:not|no longer) my (?:problem|concern|headache|business)|off with)\b/i;

const YEAR = /\b(?:19|20)\d{2}\b/;
const readRemembered = remembered(5_000, (clause: string) => read(clause));
/** Whom a clause says left and how, or null; remembered, as readChange's readings are. */
export function readDeparture(clause: string): Departure | null {
  return CUE.test(clause) ? readRemembered(clause) : null;
}

function read(clause: string): Departure | null {
  const s = stream(clause);
  const words = s.text.split(' ');
  let at = 0;
  while (at < words.length && LEAD.test(words[at]!)) at++;
  // "guess what", "bad news": two words of a lead-in.
  while (at + 1 < words.length && LEAD.test(`${words[at]} ${words[at + 1]}`)) at += 2;
  while (at < words.length && LEAD.test(words[at]!)) at++;
  // "I'm afraid Percy has gone", "sad to say Biscuit died": how the news is broken.
  const broken = /^(?:i be (?:afraid|sorry to say|sad to say|sad to report)|(?:sorry|sad) to say)(?: that)? /.exec(from(s, at));
  if (broken) at += broken[0].trim().split(' ').length;
  const said = couple(s, words, at) ?? saidOf(s, words, at) ?? byUser(s, words, at);
  const left = said?.ways.length ? said : (occasion(clause) ?? said);
  // "we divorced in 2010", "my old manager retired in 2015": dated to a year, a departure is history, not news.
  return left && YEAR.test(clause) ? { ...left, ways: [] } : left;
}

/** An occasion that sees someone off from work: "Pieter's leaving braai", "the farewell dinner for Hazarika sir", "Marek's last day". */
const OCCASION = '(?:leaving|farewell|going-away|goodbye|retirement|send-?off|send-?forth|last day|last working day|last shift|final day)';
const NAMED = `(?:(?:${TITLE_WORDS.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('|')})\\.? )?\\p{Lu}[\\p{L}'’-]*(?: \\p{Lu}[\\p{L}'’-]*){0,2}`;
/** "We gave Niamh a proper send-off": the occasion given to someone. */
const OCCASION_GIVEN = new RegExp(`\\b(?:gave|give|threw|throw) (?<who>${NAMED}) an? (?:[\\p{Ll}-]+ )?${OCCASION}\\b`, 'u');
const OCCASION_OF = new RegExp(`(?:^|[\\s(])(?<who>${NAMED})(?: (?:${RESPECT_AFTER}))?['’]s (?:big )?${OCCASION}\\b`, 'u');
const OCCASION_FOR = new RegExp(
  `\\b${OCCASION}(?: [\\p{Ll}-]+)? (?:for|of) (?<who>${NAMED}|(?:my|our) (?!old |former |previous |ex )\\p{L}+(?: \\p{L}+){0,2})(?=$|[\\s,.;:!?])`,
  'u',
);
/** Words that open a sentence in capitals without naming anyone ("Yesterday's farewell", "Friday's send-off"). */
const WHEN_WORD = new RegExp(`^(?:yesterday|today|tonight|tomorrow|last|this|next|${DAY_NAME}|the|our|my|his|her|their)\\b`, 'i');
/** Whom an occasion of leaving work was for: a name, or what the user calls them ("our General Manager"). */
function occasion(clause: string): Departure | null {
  const who = (OCCASION_OF.exec(clause) ?? OCCASION_FOR.exec(clause) ?? OCCASION_GIVEN.exec(clause))?.groups?.who;
  if (!who) return null;
  if (/^(?:my|our) /.test(who)) {
    const title = titleAt(who.toLowerCase().split(' ').slice(1), 0, true);
    return title?.kind === 'manager' ? { who: title.title, title: title.kind, ways: ['work'] } : null;
  }
  return WHEN_WORD.test(who) ? null : { who, ways: ['work'] };
}

/** The text of the stream from word `at` on. */
const from = (s: Stream, at: number) => s.text.slice(s.starts[at] ?? s.text.length);

/** A name of one to three words at `at`, as the user wrote it: each capitalised, or one compromise knows as a person's. */
/** Words a capital opening the clause does not make a name ("Sold Duchess…", "The vet…"), unless compromise knows them as one. */
const NOT_A_NAME = ['Pronoun', 'Determiner', 'Preposition', 'Conjunction', 'Adverb', 'QuestionWord'];
const mayName = (t: Stream['terms'][number]) =>
  !NOT_A_NAME.some((n) => t.tags.has(n)) && !(t.tags.has('Verb') && !t.tags.has('ProperNoun') && !t.tags.has('Person'));
export function nameAt(s: Stream, at: number, end = s.terms.length, loose = false): { name: string; end: number } | undefined {
  const written = (i: number) => s.terms[i]!.text;
  let i = at;
  if (i < end && HONORIFIC.test(written(i)) && i + 1 < end && /^\p{Lu}/u.test(written(i + 1))) i++;
  const first = i;
  while (i < end && i - first < 3 && s.text[s.starts[i]!] !== '|' && /^\p{Lu}/u.test(written(i)) && mayName(s.terms[i]!)) i++;
  // "anselm and i split", "i left anselm": where only a person can be, a word in lower case is a name too.
  const named = (t: (typeof s.terms)[number]) => t.tags.has('Person') || (loose && t.tags.has('Noun') && !t.tags.has('Plural') && /^\p{L}+$/u.test(t.text));
  if (i === first && i < end && named(s.terms[i]!) && !s.terms[i]!.tags.has('Pronoun') && !s.terms[i]!.tags.has('Determiner')) i++;
  if (i === first) return undefined;
  const name = s.terms
    .slice(at, i)
    .map((t) => t.text.replace(/['’]s$/, ''))
    .join(' ');
  // "Fujiwara-san": the honorific after the hyphen is the name's, not a word after it.
  const honorific = i < end && ((AFTER_NAME.test(written(i)) && s.terms[i]!.tags.has('Hyphenated')) || RESPECT.test(written(i)));
  return { name, end: honorific ? i + 1 : i };
}

/** Someone at `at`: "my (old) boss (Rick)", "Herr Bauer", "leon". */
function personAt(
  s: Stream,
  words: string[],
  at: number,
  end = words.length,
  loose = false,
): { who: string; title?: string; end: number; former?: boolean } | undefined {
  if (/^(?:my|our)$/.test(words[at] ?? '')) {
    const former = /^(?:old|former|previous|first|late|ex|ex-)$/.test(words[at + 1] ?? '');
    const skip = former || words[at + 1] === 'current' ? 2 : 1;
    const title = titleAt(words, at + skip, true);
    if (!title || title.end > end) return undefined;
    const named = nameAt(s, title.end, end);
    return { ...(named ? { who: named.name, end: named.end } : { who: title.title, end: title.end }), title: title.kind, ...(former && { former }) };
  }
  const named = nameAt(s, at, end, loose);
  return named && { who: named.name, end: named.end };
}

const departure = (person: { who: string; title?: string }, ways: Way[]): Departure => ({
  who: person.who,
  ...(person.title && { title: person.title }),
  ways: [...new Set(ways)],
});

/** "Leon and I broke up", "me n leon r done", "we split up", "my bf and I are separated". */
function couple(s: Stream, words: string[], at: number): Departure | null {
  if (words[at] === 'we') return COUPLE.test(from(s, at + 1)) ? { who: 'we', title: 'partner', ways: ['couple'] } : null;
  const first = /^(?:me|i)$/.test(words[at] ?? '') && /^(?:and|n|&|\+)$/.test(words[at + 1] ?? '') ? personAt(s, words, at + 2, words.length, true) : undefined;
  if (first && COUPLE.test(from(s, first.end).replace(/^\| /, ''))) return departure(first, ['couple']);
  const person = personAt(s, words, at, words.length, true);
  const and = person && words[person.end] === 'and' && /^(?:i|me)$/.test(words[person.end + 1] ?? '');
  // "Otieno and me — it's finished": what ended may be said after a break, of "it".
  const rest = and ? from(s, person.end + 2).replace(/^(?:\| )?(?:it be |it |its )?/, '') : '';
  return and && COUPLE.test(rest) ? departure(person, ['couple']) : null;
}

/** "Ines resigned", "my boss got moved to the Lyon branch", "Biscuit went to my aunt's farm for good". */
function saidOf(s: Stream, words: string[], at: number): Departure | null {
  // "kasia moved out": a name written in lower case is someone only if the user holds them (departed()).
  const person = personAt(s, words, at, words.length, true);
  // "Alex and I are done too": a couple said some other way is the clause's other readings' to read.
  if (!person || (words[person.end] === 'and' && /^(?:i|me)$/.test(words[person.end + 1] ?? ''))) return null;
  const waysAt = (offset: number) =>
    SAID_OF.filter(({ re }) => {
      const m = re.exec(s.text.slice(offset));
      // Gone to a place or an organisation by its name: a capitalised word ("moved to Madrid").
      const cap = m?.indices?.groups?.cap;
      return m !== null && (cap === undefined || /^\p{Lu}/u.test(s.terms[s.starts.indexOf(offset + cap[0])]?.text ?? ''));
    }).map(({ way }) => way);
  let ways = waysAt(s.starts[person.end] ?? s.text.length);
  // "Tomasz took his PlayStation and moved out": what they did last, after what they did first.
  const and = ways.length === 0 ? andAfter(words, person.end) : undefined;
  if (and !== undefined) ways = waysAt(s.starts[and + 1] ?? s.text.length);
  // "my old boss", "my former manager": someone who already was, leaving nothing the user has now.
  return departure(person, person.former ? [] : ways);
}

/** The "and" that joins a second thing someone did to the first, a few words on in the same clause: never one that joins a second person ("Jo and I"). */
function andAfter(words: string[], at: number): number | undefined {
  for (let i = at + 1; i < Math.min(words.length, at + 8) && words[i] !== '|'; i++) {
    if (words[i] === 'and') return /^(?:i|me|we|they|he|she|my|our)$/.test(words[i + 1] ?? '') ? undefined : i;
  }
  return undefined;
}

/** "we had to let Pepper go", "I dumped Leon", "found a new home for Biscuit": the user did it. */
function byUser(s: Stream, words: string[], at: number): Departure | null {
  const offset = s.starts[at] ?? s.text.length;
  for (const { way, re } of SAID_BY_USER) {
    const span = re.exec(s.text.slice(offset))?.indices?.groups?.who;
    if (!span) continue;
    const first = s.starts.indexOf(offset + span[0]);
    const last = s.starts.findIndex((x) => x >= offset + span[1]);
    const person = first < 0 ? undefined : personAt(s, words, first, last < 0 ? words.length : last, way === 'couple');
    if (person && person.end === (last < 0 ? words.length : last)) return departure(person, [way]);
  }
  return null;
}

const OWN_VERB_FIRST = /^(?:left|quit|dumped|ditched|leaving|resigned)\s/i;

/**
 * A clause's change with whoever it says left: the departure joins what the clause ended, in the
 * place of what it ended by the same words ("my old boss" is the boss who left).
 */
export function withDeparture(change: Change | null, clause: string, before?: string): Change | null {
  const left = readDeparture(clause) ?? (before === undefined ? null : readAcross(clause, before));
  // "Left Calder Valley Vets on the Friday": the user's own verb, capitalised to open the sentence, is no one's name.
  if (!left || OWN_VERB_FIRST.test(left.who)) return change;
  const mine = (thing: string) =>
    thing
      .toLowerCase()
      .split(' ')
      .some((w) => left.who.toLowerCase().split(' ').includes(w));
  const ends = change?.ends ?? [];
  // Someone held who did something else ("Ines left early today"): what the clause ended of them ends only when they are no part of the user's life.
  if (left.ways.length === 0 && !ends.some(mine)) return change;
  // "Raúl got moved to the Lyon branch": the person left; nothing of the user's was moved.
  const { of, to, role, ...rest } = change ?? { ends: [] };
  const moved = of !== undefined && mine(of);
  const alone = !ends.some(mine);
  return { ...rest, ...(!moved && { of, to, role }), ends: [...ends.filter((e) => !mine(e)), left.who], left: { ...left, ...(alone && { alone }) } };
}

const PET_HELD = new RegExp(`^The user(?:'s| has| owns| adopted)\\b.*\\b${PET}\\b`, 'i');
/** "so Leon | and I are no longer a thing", "Leon and me. | Finished.": the person named alone in the clause before. */
function readAcross(clause: string, before: string): Departure | null {
  // "…, the chama bought a plot, and Otieno and me | it's finished": the last part of the clause before.
  const named = before
    .replace(/[.,!;:—–-]+\s*$/, '')
    .split(/[,;:—–]\s*/)
    .at(-1)!
    .replace(/^(?:and|so|but)\s+/i, '');
  if (named.split(/\s+/).length > 4 || !/\p{Lu}/u.test(named)) return null;
  const left = readDeparture(/^(?:i|me|we)\b/i.test(clause) ? `${named} and ${clause}` : `${named} — ${clause}`);
  return left?.ways.includes('couple') ? left : null;
}

/** Whose part a held belief says, of a kind someone leaves: "The user's manager is Ines" is the manager Ines's. */
function partOf(h: Held): { kind: Kind; value: string; said: boolean } | undefined {
  const said = saidKind(h.statement);
  const kind =
    LEAVING_KINDS.find((k) => k.kind === said?.kind) ?? (h.key ? kindOfKey(h.key) : undefined) ?? (PET_HELD.test(h.statement) ? PET_KIND : undefined);
  if (!kind?.left_by) return undefined;
  // Said in the kind's words, the value is what follows them; else the belief's key says whose part it is, and it names them somewhere ("The user's man is Otieno").
  return said?.kind === kind.kind && kind.one_value ? { kind, value: said.value, said: true } : { kind, value: h.statement, said: false };
}
const PET_KIND = LEAVING_KINDS.find((k) => k.kind === 'pet')!;
/** A name's words, without a Japanese honorific ("Fujiwara-san" is Fujiwara). */
const namesIn = (text: string) => (text.toLowerCase().match(/[\p{L}\d'-]+/gu) ?? []).map((w) => w.replace(HONORIFIC_SUFFIX, ''));
/** The name a value opens with ("Herr Bauer is strict" → herr, bauer), else its first word ("dana, shes lovely"). */
function nameOpening(value: string): string[] {
  const words = value.split(/\s+/);
  const named = words.slice(0, words.findIndex((w) => !/^\p{Lu}/u.test(w) && !HONORIFIC.test(w)) >>> 0);
  return namesIn((named.length ? named : words.slice(0, 1)).join(' '));
}

/**
 * The beliefs a departure ends when `thing` is whom it says left and the user holds them as one of
 * a kind that leaves (manager, partner, pet): those of the kinds left the way the clause says; none
 * when they left another way ("my wife retired"). Undefined when the user holds no such part for
 * them: the thing ends as any other would (resolve.ts).
 */
export function departed(held: Held[], change: Change, thing: string): Held[] | undefined {
  const left = change.left;
  if (!left || thing !== left.who) return undefined;
  const who = namesIn(left.who);
  // "my boss left", "we broke up": said by the title alone, every belief of the kind is about them.
  const byTitle = left.title !== undefined && (left.who === 'we' || TITLES.has(left.who.toLowerCase()) || isPet(left.who));
  const parts = held.flatMap((h) => {
    const part = h.active ? partOf(h) : undefined;
    if (!part || (left.title && part.kind.kind !== left.title)) return [];
    // Named, the name is the part's value ("The user's boyfriend Leon plays bass" is Leon's), not a word said of it.
    const named = part.said ? nameOpening(part.value) : namesIn(part.value);
    return byTitle || who.every((w) => named.includes(w)) ? [{ h, kind: part.kind }] : [];
  });
  if (parts.length === 0) return left.alone ? [] : undefined;
  // Whom no known way says left is read as any ended thing is, unless they are someone with a life of their own, who goes places and quits things without leaving the user ("Ines left early today").
  if (left.ways.length === 0 && !parts.some(({ kind }) => kind.one_value)) return undefined;
  const gone = parts.filter(({ kind }) => kind.left_by!.some((w) => left.ways.includes(w)));
  // A pet that died is gone from every belief that names it ("…with their two rabbits, Fig and Waffle"), as any ended thing is.
  return gone.some(({ kind }) => !kind.one_value) ? undefined : gone.map(({ h }) => h);
}
