import { kindNamed } from '../../kinds.ts';
import { lemmaOf, tag, type Term } from './voice.ts';
import { DWELLINGS } from './vocabulary/holdings.ts';
import { JOB_NOUNS, JOB_TAKEN, JOINS, NOT_EMPLOYMENT, NOT_STAFF, ROLE_NOUNS, TURNS_OF_WORK, WORKS_AT } from './vocabulary/work.ts';
import {
  FROM_HOME,
  HAS_DWELLING,
  MOVE_VERBS,
  HELD_UP,
  HOMESTEADS,
  KEPT_IN,
  NOT_YET,
  OTHER_DWELLING,
  STAY,
  STILL_HOLDS,
  WHERE_FILLER,
} from './vocabulary/home.ts';

/**
 * The values of one-value kinds a statement about the user holds, whatever key it is under. The
 * statement is already the user's own (the extractor's traps decided that); this finds whether it
 * holds where the user lives now or whom they work for now, read from compromise's tags. Word
 * lists are the catalogue's (kinds.ts `said_by`) and the vocabulary's (home.ts, work.ts, holdings.ts).
 */

const HOME = kindNamed('home').said_by!;
const HOME_VERBS = new Set<string>(HOME.verbs);
const WHERE = new Set<string>(HOME.before);
const KEPT = new Set<string>(KEPT_IN);
const FILLER = new Set<string>(WHERE_FILLER);
/** "The user is over in Brooklyn", "is down in Brighton": where the user is, said with the way there. */
const OUT_IN = new Set(['over', 'down', 'up', 'out']);
const DWELLING_WORDS = new Set<string>([...DWELLINGS, ...HOMESTEADS].flatMap((d) => d.split(' ').slice(-1)));
const OTHER = new Set<string>(OTHER_DWELLING);
const FROM = new Set<string>(FROM_HOME);
const MOVING = new Set<string>(MOVE_VERBS);
const HOLDS = new Set<string>(STILL_HOLDS);
const WISH = new Set<string>(NOT_YET);
const HAS = new Set<string>(HAS_DWELLING);
const STAY_WORDS = new Set<string>(STAY);
const AWAY = new Set<string>([...STAY, ...HELD_UP]);
const EMPLOYER = kindNamed('employer').said_by!;
const JOIN = new Set<string>(JOINS);
const JOB = new Set<string>(JOB_NOUNS);
const JOB_HELD = new Set<string>([...JOINS, ...JOB_TAKEN]);
const NOT_WORK = new Set<string>(NOT_EMPLOYMENT);
const NOT_JOB = new Set<string>(NOT_STAFF);
const ROLES = new Set<string>(ROLE_NOUNS);
const AT_WORK = /^(?:at|with|to|for|by)$/i;
const WORK = new Set<string>(WORKS_AT);
const TURNS = new Set<string>(TURNS_OF_WORK);
/** What a turn of work follows: "on nights", "doing lates", "pulls doubles". */
const DOING_TURNS = /^(?:on|do|does|doing|did|pull|pulls|pulling|cover|covers|covering|work|works|working)$/i;
const WORK_AT = /^(?:at|for)$/i;
const SAID_FOR = new Set<string>(EMPLOYER.verbs);
const SAID_BEFORE = new RegExp(`^(?:${EMPLOYER.before.join('|')})$`, 'i');
/** Every verb the finders name. */
const KNOWN = new Set<string>([...HOME_VERBS, ...HAS, ...FROM, ...WISH, ...JOIN, ...WORK, ...SAID_FOR, ...MOVE_VERBS]);
const NEGATED = /^(?:not|never|no|longer|nowhere)$/i;
const MODAL = /^(?:would|could|might|may|will|shall|should|must|can)$/i;

/**
 * Cheap tests a statement must pass before it is tagged: a word one of the shapes needs, then a
 * capitalised word after it (values are names). Most statements are never tagged.
 */
const cue = (words: string[]) => {
  const word = new RegExp(`\\b(?:${words.join('|')})\\b`);
  return (statement: string) => {
    const at = /^The user\b/.test(statement) ? statement.search(word) : -1;
    return at >= 0 && /\s\p{Lu}/u.test(statement.slice(at));
  };
};
const stems = (verbs: Iterable<string>) => [...verbs].map((v) => `${v.replace(/e$/, '')}\\w*`);
const homeCue = cue([...stems(HOME_VERBS), ...KEPT, ...DWELLING_WORDS, ...FROM, ...OUT_IN, 'here', 'since']);
/** A verb's own forms only ("manages", not "manager"; "interned", not "internet"). */
const forms = (verbs: Iterable<string>) => [...verbs].map((v) => `${v.replace(/e$/, '')}(?:e|es|ed|ing|s)?`);
const jobCue = cue([...stems([...JOIN, ...JOB, ...SAID_FOR]), ...forms(WORK), ...TURNS, 'began', 'begun']);

/**
 * The place a statement about the user holds as where they live now: "The user works from their
 * flat in Ghent most days" → Ghent, "The user has been living out in Cork since…" → Cork, "The
 * user's place in Tallinn is tiny" → Tallinn, "The user is stuck in Bratislava" → Bratislava. Not
 * a trip or a stay ("here in Paris for a conference"), a past home ("used to live in", "grew up
 * in", "their old flat in"), someone else's ("their sister's house in"), a wish, a plan or a negation.
 */
export function homeIn(statement: string): string | undefined {
  return (homeCue(statement) ? livesIn(statement) : undefined) ?? workplaceIn(statement);
}

function livesIn(statement: string): string | undefined {
  const owned = /^The user's\b/.test(statement);
  const rest = predicate(statement, owned);
  if (
    deniedBefore(rest, (t) => t.tags.has('Preposition')) ||
    rest.some((t) => AWAY.has(t.text.toLowerCase())) ||
    temporary(
      rest.map((t) => t.text.toLowerCase()),
      MOVED.test(statement),
    )
  )
    return undefined;
  // "The user's place in Tallinn is tiny", "The user's commute from Leiden…": the subject is the user's dwelling or way from home.
  if (owned) return dwellingAt(rest, 0) ?? fromHome(rest, 0);
  if (!current(rest)) return undefined;
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!;
    const word = t.text.toLowerCase();
    const found =
      ((t.tags.has('Verb') || /ing$/i.test(word)) && HOME_VERBS.has(verbLemma(t)) ? placeAfter(rest, i + 1) : undefined) ??
      (t.tags.has('Verb') && HAS.has(verbLemma(t)) && rest[i + 1]?.tags.has('Determiner') ? dwellingAt(rest, i + 2) : undefined) ??
      (KEPT.has(word) || ((word === 'here' || word === 'home' || (OUT_IN.has(word) && i === 1)) && rest[i + 1]?.text.toLowerCase() === 'in')
        ? placeAfter(rest, i + 1)
        : undefined) ??
      (/^(?:their|own)$/i.test(word) ? dwellingAt(rest, i + 1) : undefined) ??
      // "The user is in student halls in Marchmont": in a dwelling, in a place.
      (i === 0 && /^(?:is|are)$/i.test(word) && rest[i + 1]?.text.toLowerCase() === 'in' && rest[i + 2]?.text.toLowerCase() !== 'the'
        ? dwellingAt(rest, i + 2)
        : undefined) ??
      (FROM.has(word) ? fromHome(rest, i) : undefined) ??
      (word === 'since' ? movedSince(rest, i + 1) : undefined);
    if (found) return found;
  }
  return undefined;
}

/** Statements tagged, remembered: both finders read each, and a held belief is read again at every change of its kind. */
const TAGGED = new Map<string, Term[]>();
const MAX_TAGGED = 2_000;

/**
 * What a statement says after "The user" (or "The user's"), tagged; after "The user" the first
 * word that is no adverb is the verb, whatever the tagger made of it ("works weekends at…").
 */
function predicate(statement: string, owned: boolean): Term[] {
  let tagged = TAGGED.get(statement);
  if (!tagged) {
    if (TAGGED.size >= MAX_TAGGED) TAGGED.clear();
    tagged = tag(statement).filter((t) => t.text !== '');
    TAGGED.set(statement, tagged);
  }
  const rest = tagged.slice(2);
  const verb = owned ? undefined : rest.find((t) => !t.tags.has('Adverb'));
  verb?.tags.add('Verb');
  return rest;
}

/** Whether the statement's first verb says a home the user has now: not past (unless its past still holds), not wished, planned or imagined. */
function current(rest: Term[], holds: ReadonlySet<string> = HOLDS): boolean {
  const at = rest.findIndex((t) => t.tags.has('Verb'));
  const verb = rest[at];
  if (!verb) return true;
  const said = rest
    .slice(at, at + 3)
    .map((t) => t.text.toLowerCase())
    .join(' ');
  if (MODAL.test(verb.text) || /^used to\b|^(?:is|are) (?:going|planning|hoping|thinking|about) to\b|^grew up\b/.test(said)) return false;
  const main = rest.slice(at).find((t) => t.tags.has('Verb') && !t.tags.has('Auxiliary') && !t.tags.has('Copula')) ?? verb;
  const lemma = verbLemma(main);
  if (WISH.has(lemma)) return false;
  const past = (verb.tags.has('PastTense') && !/^(?:has|have)$/i.test(verb.text)) || /^(?:was|were|had|did)$/i.test(verb.text);
  // "…was hired by Acme in 2012": a past dated by its year is history.
  return !past || (holds.has(lemma) && !rest.some((t) => /^(?:1[89]|20)\d\d$/.test(t.text)));
}

/**
 * Whether the user's clause says a stay rather than a home: a trip, a visit, a conference, or a
 * time it ends ("I'm in Madrid for a conference until Friday", "in Oslo this week").
 */
export function saysStay(clause: string): boolean {
  const said = homePart(clause);
  const words = said.toLowerCase().match(/[\p{L}\d']+/gu) ?? [];
  return words.some((w) => STAY_WORDS.has(w)) || temporary(words, MOVED.test(said)) || STAYING_FOR_NOW.test(said);
}
/** "I'm staying at Te Puna for now": a named place the user stays at for the time being is no home ("staying in Angers at my aunt's for now", after leaving home, is one). */
const STAYING_FOR_NOW = /\bstay(?:ing)? at \p{Lu}.*\bfor (?:now|the time being|the moment)\b/u;
/** "We live in Faisalabad and the bill came 42,000 this month": the part of a clause that says where the user is, not what else happened. */
function homePart(clause: string): string {
  const parts = clause.split(/,\s+|\s+(?:and|but|so|because|cos)\s+/i);
  return parts.length > 1 ? (parts.find((p) => HOME_VERB.test(p)) ?? clause) : clause;
}
const HOME_VERB = /\b(?:live|lives|living|stay|stays|staying|based|moved|move|moving|settled|rent|renting|home)\b/i;
/** A move already made: "moved to Denver over the weekend" says when it happened, not how long a stay lasts. */
const MOVED = /\b(?:moved|relocated|shifted|upped sticks)\b/i;

/** "…for a week", "…until spring", "…this weekend": a stay bounded in time, not a home ("for ten years" is one, and "as of this month" when it starts). */
function temporary(words: string[], moved: boolean): boolean {
  return words.some((word, i) => {
    // "…till I find a flat": a stay until another home is found is the home there is.
    if (/^(?:until|till|til)$/.test(word))
      return !(
        (/^(?:i|we)$/.test(words[i + 1] ?? '') && /^(?:find|get|sort|buy|rent)$/.test(words[i + 2] ?? '')) ||
        // "in a furnished flat in Glasgow until the secondment finishes in spring": a home of months, not a night away.
        (words.slice(0, i).some((w) => DWELLING_WORDS.has(w)) && !words.slice(i + 1).some((w) => SOON.test(w)))
      );
    const before = words.slice(Math.max(0, i - 3), i);
    const bounded = moved ? /^for$/ : /^(?:for|this|next|over)$/;
    return SHORT.test(word) && before.some((b) => bounded.test(b)) && !before.some((b) => /^(?:since|from|starting|of)$/.test(b));
  });
}
const SHORT = /^(?:nights?|days?|weeks?|weekend|fortnight|months?)$/;
/** The end of a short stay: a day, a weekday, a few nights. */
const SOON = /^(?:tomorrow|tonight|nights?|days?|weeks?|weekend|fortnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|evening)$/;

/** A verb's infinitive, "living" → "live", "freelances" → "freelance" too (the tagger conjugates no word it does not know as a verb). */
function verbLemma(t: Term): string {
  const lemma = lemmaOf(t.text);
  const stem = /^(.+?)(?:ing|e?s)$/i.exec(lemma)?.[1]?.toLowerCase();
  if (!stem || KNOWN.has(lemma)) return lemma;
  return [`${stem}e`, stem, stem.replace(/(.)\1$/, '$1')].find((s) => KNOWN.has(s)) ?? lemma;
}

/** After a home verb or "based", "stuck", "here": the place after its preposition, or after a dwelling it names ("lives in a flat in Quito"). */
function placeAfter(terms: Term[], from: number): string | undefined {
  let i = from;
  while (i < terms.length && i < from + 3 && FILLER.has(terms[i]!.text.toLowerCase())) i++;
  // "rents a flat in Quito", "shares a house near Cork": the dwelling the verb takes.
  if (terms[i]?.tags.has('Determiner')) return dwellingAt(terms, i + 1);
  if (!WHERE.has(terms[i]?.text.toLowerCase() ?? '')) return undefined;
  const at = terms[i + 1]?.tags.has('Determiner') && terms[i + 1]!.text.toLowerCase() === 'the' ? i + 2 : i + 1;
  return placeAt(terms, at) ?? dwellingAt(terms, at + (terms[at]?.tags.has('Determiner') ? 1 : 0));
}

/** A dwelling of the user's named from `from` on (up to two words before it) and where it is: "flat in Ghent", "own little place near Cork". */
function dwellingAt(terms: Term[], from: number): string | undefined {
  for (let i = from; i < terms.length && i <= from + 2; i++) {
    const word = terms[i]!.text.toLowerCase();
    // "their sister's flat", "their old flat", "the Airbnb": someone else's, a past one, or a name.
    if (OTHER.has(word) || /'s?$/.test(word) || terms[i]!.tags.has('Possessive') || terms[i]!.tags.has('ProperNoun')) return undefined;
    if (!DWELLING_WORDS.has(word)) continue;
    // "flat in Ghent", "flat is in Brno".
    const where = /^(?:is|are)$/i.test(terms[i + 1]?.text ?? '') ? i + 2 : i + 1;
    if (WHERE.has(terms[where]?.text.toLowerCase() ?? '')) return placeAt(terms, where + 1);
  }
  return undefined;
}

/** "…since moving to Eindhoven", "…since relocating here to Dublin": where the user has lived since they moved. */
function movedSince(terms: Term[], from: number): string | undefined {
  const verb = terms[from];
  if (!verb || !/ing$/i.test(verb.text) || !MOVING.has(verbLemma(verb))) return undefined;
  const to = terms[from + 1]?.text.toLowerCase() === 'here' ? from + 2 : from + 1;
  return terms[to]?.text.toLowerCase() === 'to' ? placeAt(terms, to + 1) : undefined;
}

/** "commute from Leiden": where the way from home starts. */
function fromHome(terms: Term[], from: number): string | undefined {
  const at = terms.findIndex((t, i) => i >= from && FROM.has(t.text.toLowerCase()));
  return at >= 0 && /^from$/i.test(terms[at + 1]?.text ?? '') ? placeAt(terms, at + 2) : undefined;
}

/** The name of a place written from `at` on: capitalised words (or ones the tagger knows as a place), "Newcastle upon Tyne", "Rio de Janeiro". */
export function placeAt(terms: Term[], at: number): string | undefined {
  const span = nameSpan(terms, at);
  return span && spelled(terms.slice(...span));
}

/** Where a name written from `at` on starts and ends: capitalised words (or ones the tagger knows as a place), or the name "a village called…" gives. */
function nameSpan(terms: Term[], at: number): [number, number] | undefined {
  const first = terms[at];
  if (!first) return undefined;
  if (!namesPlace(first)) return calledAt(terms, at);
  let to = at + 1;
  for (; to < terms.length && !/[,.;:!?()]/.test(terms[to - 1]!.post); to++) {
    const t = terms[to]!;
    if (namesPlace(t)) continue;
    if (!/^(?:de|del|da|do|upon|on|am|la|le|sur|of|&)$/.test(t.text) || !terms[to + 1] || !namesPlace(terms[to + 1]!)) break;
  }
  return [at, to];
}

/** A name's words as written: hyphenated names keep their hyphens ("Higashi-Nerima"). */
function spelled(words: Term[]): string {
  return words
    .map((t, i) => `${i === 0 ? '' : t.pre}${t.text}${i === words.length - 1 ? '' : t.post.includes('-') ? '-' : ' '}`)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "a village called Hay", "an agency called Maré Digital": the name a thing is called by, a few words on. */
function calledAt(terms: Term[], at: number): [number, number] | undefined {
  if (!/^(?:a|an|the|this|that)$/i.test(terms[at]!.text)) return undefined;
  for (let i = at + 1; i < terms.length && i <= at + 4; i++) {
    if (/^(?:called|named)$/i.test(terms[i]!.text)) return terms[i + 1] && namesPlace(terms[i + 1]!) ? nameSpan(terms, i + 1) : undefined;
    if (/^\p{Lu}/u.test(terms[i]!.text) || /[,.;:!?()]/.test(terms[i]!.post)) return undefined;
  }
  return undefined;
}

function namesPlace(t: Term): boolean {
  if (t.tags.has('Place')) return true;
  // "in Sofia", "in Florence": a name in a place's slot is the place's, whatever else it may name.
  return /^\p{Lu}/u.test(t.text) && t.text !== 'I' && !['Date', 'Pronoun', 'Month', 'WeekDay'].some((n) => t.tags.has(n));
}

/**
 * The organisation a statement about the user holds as their employer now, besides the kind's own
 * phrasings ("works at"): "The user starts Monday at Ubisoft Montréal", "The user is transferred
 * to Higashi-Nerima Junior High", "The user signed with Nuvix", "The user has a part-time job at
 * Lidl". Not a place ("transferred to Leeds" is a move), a class or a club, a wish, a negation.
 */
export function employerIn(statement: string): string | undefined {
  return employerSpan(statement)?.name;
}

/** The employer's name a statement about the user holds, the index (in its predicate) of the word after it, and whether a job named it. */
function employerSpan(statement: string): { name: string; rest: Term[]; end: number; byJob: boolean } | undefined {
  if (/^The user's/.test(statement) || !(jobCue(statement) || namedByJobCue(statement))) return undefined;
  const rest = predicate(statement, false);
  if (deniedBefore(rest, (t) => AT_WORK.test(t.text)) || !current(rest, JOB_HELD)) return undefined;
  for (let i = 0; i < rest.length; i++) {
    const byJob = namedByJob(rest, i);
    const before = employerBefore(rest, i) ?? (byJob ? AT_WORK : undefined);
    if (!before) continue;
    for (let j = i + 1; j < rest.length && j <= i + 5; j++) {
      const w = rest[j]!;
      if (NOT_WORK.has(w.text.toLowerCase()) || w.tags.has('Verb')) break;
      if (!before.test(w.text)) continue;
      const at = articleBefore(rest, j + 1) ? j + 2 : j + 1;
      const span = nameSpan(rest, at);
      const name = orgAt(rest, j + 1);
      if (name && span) return { name, rest, end: span[1], byJob };
    }
  }
  return undefined;
}

/** "The user is a …", "The user works … as a …": a statement that names the user by their job, which may then say where. */
const namedByJobCue = (statement: string) =>
  /^The user (?:is|works\b.*\bas) (?:an? |the |\p{Lu})/u.test(statement) && /\s(?:at|with|for)\s+(?:(?:the|an?)\s+)?\p{Lu}/u.test(statement);

/**
 * "The user is a hydrologist at Hydro One", "…is a line cook at Smoke Holler": a person by what they
 * do (the tagger's Actor, or a role noun of work.ts), said of the user with "is", works where the preposition after it says;
 * not a student, a member or a fan (work.ts NOT_STAFF).
 */
function namedByJob(rest: Term[], i: number): boolean {
  const t = rest[i]!;
  const word = t.text.toLowerCase();
  const atPlace = AT_WORK.test(rest[i + 1]?.text ?? '');
  // "an optician at a Specsavers", "a porter at the Royal": a person at a place named with its article works there, whatever the tagger knows of the noun.
  const aPerson = t.tags.has('Noun') && /^an?$/i.test(rest[i - 1]?.text ?? '') && atPlace && /^(?:the|an?)$/i.test(rest[i + 2]?.text ?? '');
  // "is Elektromeister at Elektro Hoffmann": a title written with a capital right after "is", then where.
  const titled =
    /^\p{Lu}/u.test(t.text) &&
    /^(?:is|'s)$/i.test(rest[i - 1]?.text ?? '') &&
    atPlace &&
    /^\p{Lu}/u.test(rest[i + 2]?.text ?? '') &&
    !['Person', 'FirstName', 'Place'].some((n) => t.tags.has(n));
  if (!(t.tags.has('Actor') || ROLES.has(word) || aPerson || titled) || !(t.tags.has('Singular') || titled) || NOT_JOB.has(word)) return false;
  const verb = rest.findIndex((r) => r.tags.has('Verb'));
  if (verb < 0) return false;
  // "works from home as a claims analyst for…": the job after "as", said of the user's work.
  const as = rest.findIndex((r, k) => k > verb && k < i && r.text.toLowerCase() === 'as');
  const named = /^(?:is|'s)$/i.test(rest[verb]!.text) ? verb : as >= 0 && WORK.has(verbLemma(rest[verb]!)) ? as : -1;
  return named >= 0 && rest.slice(named + 1, i).every((r) => !r.tags.has('Verb') && !r.tags.has('Preposition'));
}

/**
 * "The user is a hydrologist at the Prairie Water Institute in Saskatoon": the place the user's
 * workplace is in, said right after it, when the user is named by the job there (as phrases.ts
 * reads "I'm a nurse at … in …"); "works at Acme in Leeds" may be a commute.
 */
function workplaceIn(statement: string): string | undefined {
  const at = employerSpan(statement);
  if (!at?.byJob || at.rest[at.end]?.text.toLowerCase() !== 'in') return undefined;
  const place = placeAt(at.rest, at.end + 1);
  return place && !saysStay(statement) ? place : undefined;
}

/** The prepositions after which a word names whom the user works for: joining ("started at", "signed with"), working ("works nights at"), a job ("a job at"), the kind's own verbs ("drives for"). */
function employerBefore(rest: Term[], i: number): RegExp | undefined {
  const t = rest[i]!;
  const lemma = t.tags.has('Verb') ? verbLemma(t) : '';
  if (JOIN.has(lemma) || (JOB.has(t.text.toLowerCase()) && t.tags.has('Noun'))) return AT_WORK;
  if (WORK.has(lemma) || (TURNS.has(t.text.toLowerCase()) && doingTurns(rest, i))) return WORK_AT;
  return SAID_FOR.has(lemma) ? SAID_BEFORE : undefined;
}

/** "does not live in", "never worked at": a negation before the word `where` finds (a preposition) denies it; one after is about it ("…has no oven"). */
function deniedBefore(rest: Term[], where: (t: Term) => boolean): boolean {
  const at = rest.findIndex(where);
  return rest.slice(0, Math.max(0, at)).some((t) => NEGATED.test(t.text));
}

/** An organisation's name written from `at` on ("Hospital de Clínicas", "Ubisoft Montréal"), never a place's alone (kinds.ts `not_a_place`). */
export function orgAt(terms: Term[], at: number): string | undefined {
  const span = nameSpan(terms, articleBefore(terms, at) ? at + 1 : at);
  if (!span) return undefined;
  const words = terms.slice(...span);
  if (EMPLOYER.not_a_place && words.every((t) => t.tags.has('Place') || !/^\p{Lu}/u.test(t.text))) return undefined;
  return words.length === 1 && words[0]!.tags.has('Person') && !words[0]!.tags.has('Organization') ? undefined : spelled(words);
}

/** "the Royal Infirmary", "a Tesco Extra" (one branch of a chain): an article before an organisation's name. */
function articleBefore(terms: Term[], at: number): boolean {
  const word = terms[at]?.text.toLowerCase();
  return word === 'the' || ((word === 'a' || word === 'an') && /^\p{Lu}/u.test(terms[at + 1]?.text ?? ''));
}

/** Whether the turn of work at `i` is said as one the user does ("on nights", "doing three lates a week"), past a count or a word of kind ("two long shifts"). */
function doingTurns(rest: Term[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && i - k <= 3 && ['Value', 'Adjective', 'Determiner'].some((n) => rest[k]!.tags.has(n))) k--;
  return DOING_TURNS.test(rest[k]?.text ?? '');
}
