import { kindNamed, kindOfKey, type KindName } from '../../kinds.ts';
import { slotKeys } from '../../beliefs/slots.ts';
import { keyPart } from './keys.ts';
import { employerIn, homeIn } from './value-in.ts';
import { DIET } from './vocabulary/diet.ts';
import { familyOf } from './vocabulary/categories.ts';
import { PARTNER } from './vocabulary/family.ts';
import { BOSS } from './vocabulary/work.ts';
import { type Held, SAID_OF_KIND } from './resolve.ts';
import type { Candidate, Retraction } from '../../../ports/beliefs.ts';

/**
 * A new value of a one-value kind (kinds.ts: one home, employer, manager, partner, diet; one
 * favourite of each thing) ends every active belief the user holds of that kind, found by what
 * the belief says, not by its key: "The user has called Leeds home" (`user.call.leeds_home`) is
 * the user's home as much as `user.location` is. The store's slot guard (slots.ts) ends beliefs
 * under the kind's own keys; this ends the ones said under any other key, or none, and puts the
 * new value under the kind's key so the next change finds it.
 */

/** How a statement of each one-value kind reads, and the value it holds after that (`rest`). */
const SAID: [KindName, RegExp][] = [
  [
    'home',
    /^The user (?:now |currently |still )?(?:lives|is living|has lived|has been living|resides|is based|is settled|has settled|is now based|stays|is staying|rents|is renting)\b(?: with (?:their|his|her) [a-z ]{2,30}?(?= in\b))?(?! with\b)(?: (?:in|at|near|out of|outside|on))? ?(?<rest>.*)$|^The user (?:calls|has (?:been )?called|has made|now calls) (?<rest2>.+?) (?:their )?home\b|^The user's (?:home|home city|current city|city) is (?<rest3>.*)$/,
  ],
  [
    'employer',
    /^The user (?:now |currently |still )?(?:works|is working|has worked|has been working|is employed|is now working)(?: (?:weekends?|weekdays|nights|days|evenings|mornings|part[- ]time|full[- ]time|remotely|from home|(?:weekend |night |day |early |late )?shifts|as an? [a-z -]{2,30}?))? (?:at|for|by) (?<rest>.*)$|^The user's (?:employer|company) is (?<rest2>.*)$/,
  ],
  ['role', /^The user (?:now |currently )?works as (?<rest>.*)$|^The user's (?:job|job title|role|occupation|profession) is (?<rest2>.*)$/],
  ['manager', new RegExp(String.raw`^The user's (?:new |current )?${BOSS}\b(?!'s)(?<rest>.*)$|^The user (?:now |currently )?reports to (?<rest2>.*)$`)],
  [
    'partner',
    new RegExp(
      `^The user's (?:new )?(?:${PARTNER})\\b(?!'s)(?<rest>.*)$|^The user is (?:now )?(?:married|engaged) to (?<rest2>.*)$|^The user is (?:now )?(?:dating|seeing|with) (?<rest3>\\p{Lu}.*)$`,
      'u',
    ),
  ],
  [
    'diet',
    new RegExp(
      `^The user (?:is|has gone|went|has become|became|has turned|turned|is now|has been|is back to)(?: (?:now|fully|strictly|mostly|completely|properly|a|back))* (?<rest>(?:${DIET})\\b.*)$|^The user (?:follows|eats|is on|has started|started|keeps|does) (?:an? |the )?(?<rest2>(?:${DIET})\\b.*)$|^The user's diet is (?<rest3>.*)$`,
      'i',
    ),
  ],
];

/** "The user's fave band rn is Wet Leg", "Spirited Away is the user's all-time favourite film": a favourite, of the thing it names. */
const WHEN = String.raw`(?:rn|right now|at the moment|these days|now|currently|atm|ever|of all time)\b`;
const FAVORITE = new RegExp(
  String.raw`^The user's (?:new |current |all-time |all time )?(?:favou?rite|fave|fav) (?<of>[\p{L}-]+(?: (?!${WHEN})[\p{L}-]+)?)(?: ${WHEN})? (?:is|are) (?:now )?(?<rest>.+)$|^(?<rest2>.+?) (?:is|are) (?:now )?the user's (?:new |current |all-time |all time )?(?:favou?rite|fave|fav) (?<of2>[\p{L}-]+(?: [\p{L}-]+)?)$`,
  'u',
);

/** "The user's coffee order is a flat white", "Oat lattes are the user's usual order": the favourite of what is ordered. */
const ORDER =
  /^The user's (?:usual |regular |go-to |standard )?(?<of>[\p{L}-]+) order (?:is|are) (?:now )?(?<rest>.+)$|^(?<rest2>.+?) (?:is|are) (?:now )?the user's (?:usual |regular |go-to |standard )?(?<of2>[\p{L}-]+) order$/u;

/** "The user's usual order is a flat white", "The user's usual is a long black": the favourite of the drink's family. */
const USUAL = /^The user's (?:usual|regular|go-to|standard|daily)(?: (?:order|drink|brew|cuppa|coffee|tea))? (?:is|are) (?:now )?(?<rest>.+)$/u;

/** What a statement's value must look like to be a new value of a kind said outside the kind's keys: a name, or a diet. */
const NAME_VALUE =
  /^(?:called |named )?(?:the |a |an )?\p{Lu}[\p{L}\d&.'-]*(?: (?:\p{Lu}[\p{L}\d&.'-]*|of|de|van|von|der|la|&))*(?:,? (?:now|these days|rn|right now|at the moment))?$/u;
const PERSON_VALUE = /^\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?(?: now| these days)?$/u;

interface Said {
  /** The kind, and for favourites the thing it is the favourite of (`favorite.band`). */
  kind: string;
  /** The key the kind's value goes under. */
  key: string;
  /** What the statement says the value is. */
  value: string;
}

/** The one-value kind a statement says of the user, and its value; undefined for anything else. */
export function saidKind(statement: string): Said | undefined {
  const usual = USUAL.exec(statement)?.groups?.rest;
  const family = usual && familyOf(usual);
  if (family) return { kind: `favorite.${family}`, key: `${kindNamed('favorite').key}.${family}`, value: usual.trim() };
  const fav = FAVORITE.exec(statement)?.groups ?? ORDER.exec(statement)?.groups;
  if (fav) {
    const of = favoriteOf(fav.of ?? fav.of2!);
    return { kind: `favorite.${of}`, key: `${kindNamed('favorite').key}.${of}`, value: (fav.rest ?? fav.rest2!).trim() };
  }
  for (const [kind, re] of SAID) {
    const g = re.exec(statement)?.groups;
    if (!g) continue;
    // "The user's manager is now called Oskar": the name, not the words that say it is one.
    const value = (g.rest ?? g.rest2 ?? g.rest3 ?? '')
      .trim()
      .replace(/^(?:(?:is|'s|are) )?(?:now )?(?:called |named )?/, '')
      .trim();
    return { kind, key: kindNamed(kind).key, value };
  }
  return undefined;
}

/** Kinds whose values a statement may hold under any key (value-in.ts), and how the kind's own belief says one. */
// Said when called: resolve.ts, which says them, may import this module before it has run (departures.ts reads saidKind).
const FOUND_IN: { kind: KindName; find: (statement: string) => string | undefined; say: (value: string) => string }[] = [
  { kind: 'home', find: homeIn, say: (value) => SAID_OF_KIND.home!(value) },
  { kind: 'employer', find: employerIn, say: (value) => SAID_OF_KIND.employer!(value) },
];
const foundIn = (kind: string, statement: string) => FOUND_IN.find((f) => f.kind === kind)?.find(statement);

/**
 * The kinds a held belief holds a value of: its key's one-value kind, else what its statement says,
 * else every kind whose value it holds (value-in.ts). A belief keyed as one kind keeps that kind
 * alone: "The user works at Acme from their house in Arusha" under `user.employer` is the employer,
 * and a move leaves it.
 */
function kindsHeld(h: Held): string[] {
  const keyed = (h.key && kindOfKeyed(h.key)) || saidKind(h.statement)?.kind;
  if (keyed) return [keyed];
  return FOUND_IN.filter((f) => f.find(h.statement) !== undefined).map((f) => f.kind);
}

/** A key's one-value kind, a favourite's by what it is the favourite of (`user.favorite.bands` → `favorite.band`). */
function kindOfKeyed(key: string): string | undefined {
  const kind = kindOfKey(key);
  if (kind?.one_value) return kind.kind;
  const of = kind?.kind === 'favorite' ? key.split('.').slice(2) : [];
  return of.length === 1 ? `favorite.${favoriteOf(of[0]!)}` : undefined;
}
/** What a favourite is of, one word for the words that name the same thing ("dish", "meal" and "food"; "movie" and "film"). */
function favoriteOf(thing: string): string {
  const of = keyPart(thing).replace(/(?<=[^s])s$/, '');
  return FAVORITE_OF_SAME[of] ?? of;
}
const FAVORITE_OF_SAME: Record<string, string> = {
  dish: 'food',
  meal: 'food',
  grub: 'food',
  beverage: 'drink',
  tipple: 'drink',
  movie: 'film',
  programme: 'show',
  program: 'show',
  tv_show: 'show',
  serie: 'show',
  tune: 'song',
};

/** Whether a statement said of a kind holds a value of it fit to replace the held one (a place, a name, a diet), not a remark about it. */
function isValue(said: Said): boolean {
  if (said.kind.startsWith('favorite.')) return said.value.length > 0 && said.value.split(' ').length <= 6;
  if (said.kind === 'diet') return new RegExp(`^(?:${DIET})(?: diet)?$`, 'i').test(said.value);
  if (said.kind === 'manager' || said.kind === 'partner') return PERSON_VALUE.test(said.value);
  if (said.kind === 'role') return said.value.split(' ').length <= 4;
  return NAME_VALUE.test(said.value);
}

/** A candidate's one-value kind and value: by its catalogue key, else by what it says when that is a value of the kind. */
function kindOf(c: Candidate): (Said & { keyed: boolean }) | undefined {
  const said = saidKind(c.statement);
  const keyed = c.key ? kindOfKeyed(c.key) : undefined;
  if (keyed) return { kind: keyed, key: c.key!, value: said?.kind === keyed ? said.value : (foundIn(keyed, c.statement) ?? ''), keyed: true };
  return said && !(c.key && kindOfKey(c.key)) && isValue(said) ? { ...said, keyed: false } : undefined;
}

/**
 * The turn's findings, with the home or employer a statement holds under another key ("The user
 * works from their flat in Ghent…" `user.work.ghent`) learned under the kind's own key too, after
 * it, so that the next value supersedes it; unless the turn states one of its own.
 */
export function withOwnKinds(found: (Candidate | Retraction)[]): (Candidate | Retraction)[] {
  const own: Candidate[] = [];
  for (const { kind, find, say } of FOUND_IN) {
    if (found.some((c) => 'statement' in c && kindOf(c)?.kind === kind)) continue;
    let value: { of: Candidate; is: string } | undefined;
    for (const c of found) {
      const is = 'statement' in c ? find(c.statement) : undefined;
      if (is !== undefined && 'statement' in c) value = { of: c, is };
    }
    if (value) own.push({ type: 'fact', key: kindNamed(kind).key, statement: say(value.is), scope: value.of.scope, confidence: value.of.confidence });
  }
  return own.length ? [...found, ...own] : found;
}

/** Whether any candidate states a value of a one-value kind (the turn then needs what the user holds). */
export function statesOneValue(found: (Candidate | Retraction)[]): boolean {
  return found.some((c) => 'statement' in c && kindOf(c) !== undefined);
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];
const DROPPED = new Set([
  'the',
  'a',
  'an',
  'now',
  'these',
  'days',
  'rn',
  'called',
  'named',
  'is',
  'diet',
  'still',
  'also',
  'really',
  'definitely',
  'currently',
]);
/** Whether the held statement names the value (it says the same thing again, or more of it). */
function names(statement: string, value: string): boolean {
  const want = words(value).filter((w) => !DROPPED.has(w));
  const has = new Set(words(statement));
  return want.length > 0 && want.every((w) => has.has(w));
}

/**
 * What a turn found, each new value of a one-value kind under the kind's key, after the held
 * beliefs of the same kind that hold another value, ended. Beliefs under the kind's own keys are
 * left to the store (it supersedes them, keeping the chain); `ended` are those the turn already ends.
 */
export function endOtherValues(found: (Candidate | Retraction)[], held: Held[], ended: ReadonlySet<string>): (Candidate | Retraction)[] {
  const retract: Retraction[] = [];
  const gone = new Set(ended);
  const kept = found.map((c) => {
    const said = 'statement' in c ? kindOf(c) : undefined;
    if (!said || !('statement' in c)) return c;
    const key = said.keyed ? c.key! : said.key;
    const own = new Set(slotKeys(key));
    for (const h of held) {
      if (!h.active || gone.has(h.id) || (h.key !== null && own.has(h.key)) || !kindsHeld(h).includes(said.kind)) continue;
      if (said.value && names(h.statement, said.value)) continue;
      gone.add(h.id);
      retract.push({ key: h.key ?? '', id: h.id });
    }
    return key === c.key ? c : { ...c, key };
  });
  return [...retract, ...kept];
}
