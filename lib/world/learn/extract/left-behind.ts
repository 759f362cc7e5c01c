import { kindNamed, kindOfKey, type Kind } from '../../kinds.ts';
import { saidKind } from './one-value.ts';
import { type Held, without } from './resolve.ts';
import { employerIn, homeIn } from './value-in.ts';
import { HOME_FACET } from './vocabulary/home.ts';
import { A_JOB_TITLE, BUSINESS_ENDINGS } from './vocabulary/work.ts';
import { alternation } from './vocabulary/alternation.ts';
import { inLexicon } from './tagger.ts';
import type { Candidate, Retraction } from '../../../ports/beliefs.ts';

/**
 * A move leaves the old place behind: when a turn gives the user a new home, what the user held
 * of their own doing in the old one ends with it — "The user drives tap-tap, route Carrefour",
 * "The user runs with a club in Leith" — not only the belief that said where they live; a belief
 * that said more besides stays without the old place ("The user drives tap-tap"). So with a new
 * or ended employer, partner or manager: "The user has submitted laptop and ID card in Nexora",
 * "The user lives with their boyfriend Marek" end with the old one. What the user did there once
 * ("grew up in", "was born in", "used to"), where they are from, and beliefs of a kind of the
 * catalogue (an employer that happens to name the town) stay; so does anything said of someone else.
 */

const HOME = kindNamed('home');
const EMPLOYER = kindNamed('employer');
const ROLE = kindNamed('role');
const TEAM = kindNamed('team');
/** Who the user is at a place, not what they do there: a student's year, a member, a patient, who runs a group. */
const NOT_WORK_OF =
  /\b(?:student|fresher|freshman|sophomore|undergrad|pupil|fan|member|regular|volunteer|customer|patient|guest|client|friend|admin|moderator|organi[sz]er)s?\b/i;
/** A short title said as one ("swe II"), never something done ("playing cricket") or a year of study. */
const jobLike = (said: string) => said.split(' ').length <= 4 && !/\b\w+ing\b|\b(?:\d+(?:st|nd|rd|th)|first|second|third|final) year\b/i.test(said);
/** One-value kinds whose old value takes the user's own beliefs that name it along when it goes. */
const LEFT_WITH: readonly Kind[] = [HOME, EMPLOYER, kindNamed('partner'), kindNamed('manager'), TEAM];
/** Said of then, not of now: history the move leaves true. */
const THEN = /\b(?:was|were|used to|grew up|born|raised|is from|are from|originally|visited|went|had|studied)\b/i;

/** A statement's words as written: a place is named by its capitals ("Reading", never "reading"). */
const wordsIn = (text: string) => text.match(/[\p{L}\d]+/gu) ?? [];
const words = (text: string) => new Set(wordsIn(text));
/** The same words in lower case: a value named in a sentence written all in lower case ("at kvevri"). */
const lowerWords = (text: string) => new Set(wordsIn(text).map((w) => w.toLowerCase()));

/** The value of `kind` a held belief says the user has, if it says one (a home also in a home's own belief's words). */
function heldOfKind(h: Held, kind: Kind): string | undefined {
  const said = saidKind(h.statement);
  if (said?.kind === kind.kind) return said.value;
  if (kind === EMPLOYER && (!h.key || h.key === ROLE.key || !kindOfKey(h.key))) {
    const at = ROLE_AT.exec(h.statement)?.groups;
    // A title the catalogue knows may be said "in" or "for" a place; another only "at" or "with" it ("a swe II at brightloop").
    if (at && !NOT_WORK_OF.test(at.role!) && (A_JOB_TITLE.test(at.role!) || (/^(?:at|with)$/.test(at.at!) && jobLike(at.role!)))) return at.org;
    const business = AT_A_BUSINESS.exec(h.statement)?.groups;
    return business && !NOT_WORK_OF.test(business.doing!) && !CUSTOMER.test(business.doing!) ? business.org : undefined;
  }
  // "The user sits with the Falke team in building 4", "… in the checkout team": the team the user works in, never one they play in.
  if (kind === TEAM && (!h.key || h.key === TEAM.key || h.key === ROLE.key || !kindOfKey(h.key)) && !PLAYED.test(h.statement))
    return TEAM_IN.exec(h.statement)?.groups?.team;
  return kind === HOME && h.key === HOME.key ? homeIn(h.statement) : undefined;
}
const TEAM_IN =
  /\b(?:on|in|with|of|joined) the (?<team>[\p{L}\d&'’-]+(?: [\p{L}\d&'’-]+){0,2} (?:team|squad|unit|department|dept|desk|division|crew|pod|tribe))\b/iu;
const PLAYED = /\b(?:play|plays|playing|coach|coaches|coaching|support|supports|captain|captains|train|trains|training)\b/i;
/** "The user is a swe II at brightloop", "The user is a Kotlin developer in Nexora Technologies": a job said with where it is done names the employer. */
const ROLE_AT =
  /^The user (?:is|works as) (?:an? |the )(?<role>[^,]*?) (?<at>at|in|with|for) (?:the )?(?<org>\p{L}[\p{L}\d&'’.-]*(?: (?!(?:in|on|at|for|with|since|and|as)\b)[\p{L}\d&'’.-]+){0,3})/u;

/** "The user spends their days fixing boilers round Cork for Murphy Heating", "The user is at Kavach Biologics in Pune": a business the user is at or does things for. */
const AT_A_BUSINESS = new RegExp(
  String.raw`^The user (?<doing>(?!(?:was|were|used|had|went|visited|is from)\b)[^,]*?) (?:at|for) (?:the )?(?<org>(?:\p{Lu}[\p{L}\d&'’.-]* ){1,3}(?:${alternation(BUSINESS_ENDINGS)}))\b`,
  'u',
);
/** "The user spends their days fixing boilers round Cork for Murphy Heating" without the business: what the user does there, and where, stays. */
function doingWithout(h: Held, org: string): Candidate | null {
  const at = AT_A_BUSINESS.exec(h.statement);
  if (at?.groups?.org !== org) return null;
  const rest = `${h.statement.slice(0, at.index + 'The user '.length + at.groups.doing!.length)}${h.statement.slice(at.index + at[0].length)}`;
  return /^The user [\p{L}']+ \p{L}/u.test(rest) ? { type: 'fact', key: h.key, statement: rest, scope: 'universal', confidence: 0.8 } : null;
}
/** What a customer does at a business: "banks with", "shops at", "has a policy with". */
const CUSTOMER =
  /\b(?:bank(?:s|ed|ing)?|shop(?:s|ped|ping)?|buy(?:s|ing)?|bought|order(?:s|ed|ing)?|pay(?:s|ing)?|paid|has|have|had|gets?|got|insured?|rent(?:s|ed|ing)?|book(?:s|ed|ing)?|stay(?:s|ed|ing)?)\b/i;

/** The words that name an old value in a belief: all of a place's words, any of another value's own names. */
function naming(value: string, kind: Kind): { words: string[]; any: boolean } {
  // "a pg in HSR Layout": a home is named by its place's words, the capitalised ones, not by the dwelling's.
  if (kind === HOME) {
    const place = wordsIn(value).filter((w) => /^\p{Lu}/u.test(w));
    return { words: place.length ? place : [...words(value)], any: false };
  }
  const names = wordsIn(value).filter((w) => /^\p{Lu}/u.test(w) && !inLexicon(w));
  return names.length ? { words: names, any: true } : { words: [...words(value)], any: false };
}

/** What the turn found, with the user's own beliefs about the home, employer, partner or manager it replaces or ends ended too. */
export function leavingBehind(found: (Candidate | Retraction)[], held: Held[]): (Candidate | Retraction)[] {
  const ended = new Set(found.flatMap((f) => ('id' in f && f.id !== undefined ? [f.id] : [])));
  const old = LEFT_WITH.flatMap((kind) => {
    const now = found.find((c): c is Candidate => 'statement' in c && c.key === kind.key);
    // A home goes when a new one comes; the others also when the turn ends them.
    const said = now ? words(now.statement) : kind === HOME ? undefined : new Set<string>();
    if (!said) return [];
    return held.flatMap((h) => {
      if (!h.active || (!now && !ended.has(h.id))) return [];
      const value = heldOfKind(h, kind);
      const named = value ? naming(value, kind) : undefined;
      return value && named && named.words.length > 0 && !named.words.every((w) => said.has(w)) ? [{ value, ...named, kind }] : [];
    });
  });
  if (old.length === 0) return found;
  const moved = old.some(({ kind }) => kind === HOME);
  const titled = found.some((f) => 'statement' in f && f.key === ROLE.key);
  const hired = found.some((f) => 'statement' in f && f.key === EMPLOYER.key);
  const retract: Retraction[] = [];
  const restated: Candidate[] = [];
  for (const h of held) {
    if (!h.active || ended.has(h.id) || !/^The user (?!'s)/.test(h.statement) || THEN.test(h.statement)) continue;
    // A belief of a kind of the catalogue is the kind's to end (the home's own are the store's, one-value.ts ends the rest);
    // a job said with the old employer stays, without it ("The user is a Kotlin developer").
    const job = h.key === ROLE.key;
    // "The user works at Zenith Retail in Bengaluru", after a move to Mumbai: the employer stays, without the town left.
    const employerThere = moved && h.key === EMPLOYER.key && !hired;
    if (h.key && kindOfKey(h.key) && !job && !employerThere) continue;
    const has = words(h.statement);
    const left = old.find(
      ({ words: named, any, kind }) =>
        (!job || kind === EMPLOYER || kind === TEAM) &&
        (!employerThere || kind === HOME) &&
        (any || employerThere ? named.some((w) => has.has(w)) : named.every((w) => has.has(w))),
    );
    // "The user gets the Luas in to work", "The user is living alone in a 1BHK": the old home's dwelling and commute go with it, wherever they were said.
    const facet = !left && !job && !employerThere && moved && HOME_FACET.test(h.statement);
    // "The user drives tap-tap, route Carrefour": what the belief said besides the old place stays; a job is only ever restated, and not
    // at all when the turn gives a new title, which takes the old one's place whole.
    const leftValue = left && employerThere ? left.words.filter((w) => has.has(w)).join(' ') : left?.value;
    const rest = left && !(job && titled) ? (without(h, leftValue!, true) ?? doingWithout(h, leftValue!)) : null;
    if (job || employerThere ? !rest : !left && !facet) continue;
    ended.add(h.id);
    retract.push({ key: h.key ?? '', id: h.id });
    if (rest) restated.push(rest);
  }
  return retract.length ? [...retract, ...found, ...restated] : found;
}

/** What a held belief holds: the home or employer it names, else the value of its kind (a one-value kind's, or a many-value key's last part). */
function heldValue(h: Held): string | undefined {
  const said = saidKind(h.statement);
  if (said?.kind === HOME.kind || said?.kind === EMPLOYER.kind) return said.value;
  const place = homeIn(h.statement) ?? employerIn(h.statement);
  if (place) return place;
  if (said?.value) return said.value;
  const kind = h.key ? kindOfKey(h.key) : undefined;
  return kind && h.key!.length > kind.key.length + 1 ? h.key!.slice(kind.key.length + 1).replace(/_/g, ' ') : undefined;
}

/** What tells a value from others: any of its names (capitalised, unknown to the tagger: "Kvevri" of "Kvevri Café"), else all of its words. */
function telling(value: string): { words: string[]; any: boolean } {
  const all = wordsIn(value);
  const names = all.filter((w) => /^\p{Lu}/u.test(w) && !inLexicon(w));
  return { words: (names.length ? names : all.filter((w) => w.length >= 3)).map((w) => w.toLowerCase()), any: names.length > 0 };
}

/**
 * The turn's new beliefs without those that speak of what it ends: "Day 3 at Harbour Labs and I
 * already miss the old coffee machine at Quillpay" learns the new employer, not a belief that names
 * the old one beside it; "handed back my apron at Kvevri" ends the job and keeps no belief that
 * names it. Ended are the held beliefs the turn retracts and those its new home or employer
 * supersedes under the kind's key. Beliefs of a kind of the catalogue are the kind's to keep.
 */
export function forgettingEnded(found: (Candidate | Retraction)[], held: Held[]): (Candidate | Retraction)[] {
  const keys = new Set(found.flatMap((f) => ('statement' in f && (f.key === HOME.key || f.key === EMPLOYER.key) ? [f.key] : [])));
  const gone = new Set(found.flatMap((f) => ('id' in f && f.id !== undefined ? [f.id] : [])));
  const ended = held.flatMap((h) => {
    if (!h.active || (!gone.has(h.id) && !(h.key && keys.has(h.key)))) return [];
    const value = heldValue(h);
    return value ? [telling(value)] : [];
  });
  if (ended.length === 0) return found;
  const fresh = found.filter((f) => 'statement' in f && f.key && kindOfKey(f.key)).map((f) => lowerWords((f as Candidate).statement));
  // The new value itself may share the old one's words ("Acme" → "Acme Labs"): only what is not in a new value is the old one's.
  const old = ended.filter(({ words }) => words.length > 0 && !fresh.some((now) => words.every((w) => now.has(w))));
  return found.filter((f) => {
    if (!('statement' in f) || (f.key && kindOfKey(f.key))) return true;
    const has = lowerWords(f.statement);
    return !old.some(({ words, any }) => (any ? words.some((w) => has.has(w)) : words.every((w) => has.has(w))));
  });
}
