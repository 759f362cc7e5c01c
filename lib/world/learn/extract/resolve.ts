import { KINDS, type Kind, kindNamed, kindOfKey, type KindName } from '../../kinds.ts';
import { literal, slug, stemWord, withArticle } from '../../text.ts';
import { keyPart } from './keys.ts';
import { tag } from './voice.ts';
import { knownWordsOnly, phrased } from './tagger.ts';
import { theirs } from './voice.ts';
import { type Change, IT, MANAGER_WORD, PLAN } from './changes.ts';
import { departed } from './departures.ts';
import { categoryOf, membersOf, namedOf } from './vocabulary/categories.ts';
import { DIET } from './vocabulary/diet.ts';
import { PARTNER_TITLES } from './vocabulary/family.ts';
import { DWELLING, GROWN_AS } from './vocabulary/holdings.ts';
import { pastimesOf } from './vocabulary/pastimes.ts';
import { isPet } from './vocabulary/pets.ts';
import { heldOwned } from './owned.ts';
import { homeIn } from './value-in.ts';
import { ROLE, STATES, TEAM_UNITS, UNITS } from './vocabulary/work.ts';
import { alternation } from './vocabulary/alternation.ts';
import type { Candidate, Retraction } from '../../../ports/beliefs.ts';

/**
 * Changes resolved against what the user already holds. A change names the thing it ends; every
 * active belief about that thing ends — found by the words that name it, the kind its key belongs
 * to (kinds.ts) and, for a new value, the category of things it replaces — while a belief that
 * only mentions it in another role (about someone else) stays. A new value takes the ended
 * belief's place: under its kind, said the way the user's old belief said it.
 */
export interface Held {
  id: string;
  key: string | null;
  statement: string;
  /** Active beliefs are ended; a superseded one only tells which kind an older value was. */
  active: boolean;
}

/** One clause's change, with the beliefs and retractions the clause itself yielded. */
export interface Said {
  change: Change;
  candidates: Candidate[];
}

const GENERIC = new Set([
  'training',
  'habit',
  'thing',
  'stuff',
  'trip',
  'plan',
  'plans',
  'class',
  'classes',
  'lesson',
  'lessons',
  'group',
  'job',
  'team',
  'night',
  'nights',
  // "the Fennick work got handed to Jo": the work of a project is the project.
  'work',
  'project',
]);
/** Words around the thing a change names that the beliefs about it need not hold ("my whole vinyl collection" → vinyl). */
const DETACHED = new Set([
  'whole',
  'entire',
  'old',
  'new',
  'little',
  'poor',
  'dear',
  'own',
  'beloved',
  'collection',
  'holiday',
  'vacation',
  'ticket',
  'tickets',
  // What was booked for it: "cancelled the Lisbon flights".
  'flight',
  'flights',
  'booking',
  'bookings',
  'reservation',
  'account',
  // What the user had of a service: "Westlaw access got shut off", "my Spotify login".
  'access',
  'login',
  'licence',
  'license',
  'subscription',
  'membership',
  'pass',
  'app',
  // Where a service kept the user's things: "the Bitbucket workspace got archived", "YouTube channel I deleted".
  'channel',
  'server',
  'workspace',
  'instance',
  'repo',
  'repos',
  'board',
  'boards',
  'box',
  'day',
  'days',
  'era',
  'phase',
  'chapter',
  'obsession',
  // A time the user tried it: "the Dagster experiment is over", "my keto trial".
  'experiment',
  'trial',
  'stint',
  'man',
  'girl',
  'guy',
  'person',
  // What the user did it with: "sold my climbing gear", "the drum kit is gathering dust".
  'gear',
  'kit',
  'equipment',
  'shoes',
  'boots',
  'clubs',
  'racket',
  'rackets',
  'mat',
  // What a thing is grown as: "pulled out the cherry trees" ends the cherries.
  ...GROWN_AS,
]);
/** A plan named by what it is rather than where ("the trip", "our holiday"): the user's latest plan. */
const PLAN_NOUN = /^(?:trip|holiday|vacation|visit|journey|travel|travels|tour|break|getaway|plan|plans|flight|flights)$/i;
/** The kind a new value said as a place or an organisation takes the place of. */
const ROLE_KIND: Record<NonNullable<Change['role']>, KindName> = {
  place: 'home',
  org: 'employer',
  job: 'role',
  boss: 'manager',
  team: 'team',
  diet: 'diet',
  status: 'partner',
  partner: 'partner',
  plan: 'plan',
  project: 'project',
  tool: 'tool',
};
/** "The user's full team is moved to Kotlin": a statement of no kind about something of the user's, no statement of the user's own to key as the held one. */
const ofSomeoneElse = (c: Candidate) => !(c.key && kindOfKey(c.key)) && /^The user's /.test(c.statement);
/** Roles a clause names in the kind's own words ("my new boss is…"), not guessed from a name's tags as a place or an organisation is. */
const SAID_IN_ROLE_WORDS = new Set<Change['role']>(['boss', 'diet', 'job', 'team']);
/** A new value of a role the user held nothing of yet, said in its kind's words. */
const livesIn = (place: string, dwelling?: string) => `The user lives in ${dwelling ? `${dwelling} in ` : ''}${place}`;
const ROLE_SAID: Record<NonNullable<Change['role']>, (x: string) => string> = {
  place: (x) => livesIn(x),
  org: (x) => `The user works at ${x}`,
  job: (x) => `The user is ${/^[aeiou]/i.test(x) ? 'an' : 'a'} ${x}`,
  // "reporting to the CEO": a title said as a name is who the user reports to, not what the manager is called.
  boss: (x) => (/^\p{Lu}{2,5}$/u.test(x) ? `The user reports to the ${x}` : `The user's manager is ${x}`),
  team: (x) => `The user is on the ${x}`,
  diet: (x) => `The user is ${x}`,
  status: (x) => `The user is ${x}`,
  partner: (x) => `The user's partner is ${x.replace(/^\p{Ll}/u, (c) => c.toUpperCase())}`,
  plan: (x) => `The user is going to ${x}`,
  project: (x) => (/^\p{Lu}/u.test(x) ? `The user works on ${x}` : `The user works on the ${x}`),
  tool: (x) => `The user uses ${x}`,
};
/** A new tool said with the work it runs: "The user uses Lexware for books"; a new home with its dwelling: "The user lives in a houseboat in Utrecht". */
function roleSaid(role: NonNullable<Change['role']>, to: string, change: Pick<Change, 'for' | 'dwelling'> = {}): string {
  if (role === 'tool' && change.for) return `${ROLE_SAID.tool(to)} for ${change.for}`;
  return role === 'place' ? livesIn(to, change.dwelling) : ROLE_SAID[role](to);
}
/** How a new value of a kind whose things it names (kinds.ts `things`) is said when nothing held is replaced. */
export const SAID_OF_KIND: Partial<Record<KindName, (x: string) => string>> = {
  drink: (x) => `The user drinks ${x}`,
  vehicle: (x) => `The user has ${withArticle(x)}`,
  home: ROLE_SAID.place,
  employer: ROLE_SAID.org,
};
/** The key of a kind's value: a one-value kind's own key, or one key per value of a several-value kind. */
const keyOf = (kind: Kind, to: string) => (kind.one_value ? kind.key : `${kind.key}.${slug(to)}`);

/**
 * What a new value comes to when nothing the user holds is replaced and the clause said it in no
 * kind's words: in the words of its role, or of the kind whose things its category (or that of
 * the thing it `replaced`) names; a new value that took an ended thing's place, of no known kind, is one the user now uses.
 */
function saidAnew(change: Change, to: string, candidates: Candidate[], replaced: string[]): Candidate | null {
  // Said already in a kind's words; in a role's, only that role's kind says it ("starts at Fiesta Americana" as a plan is no employer).
  const saidAs = (key: string) => (change.role ? kindOfKey(key)?.kind === ROLE_KIND[change.role] : kindOfKey(key) !== undefined);
  if (candidates.some((c) => c.key && saidAs(c.key) && naming(c.statement, to))) return null;
  const fact = (key: string, statement: string): Candidate => ({ type: 'fact', key, statement, scope: 'universal', confidence: 0.7 });
  if (change.role) return fact(keyOf(kindNamed(ROLE_KIND[change.role]), to), roleSaid(change.role, to, change));
  // "Off coffee. Rooibos now.": a new value of no known category is of the kind of the thing it replaced.
  const category = categoryOf(to) ?? replaced.map(categoryOf).find((c) => c !== undefined);
  const kind = category === undefined ? undefined : KINDS.find((k: Kind) => k.things?.includes(category));
  if (kind) return fact(`${kind.key}.${slug(to)}`, (SAID_OF_KIND[kind.kind as KindName] ?? ((x) => `The user uses ${x}`))(to));
  if (
    replaced.length === 0 ||
    candidates.some((c) => naming(c.statement, to)) ||
    !/^[\p{L}\d][\p{L}\d&.' -]*$/u.test(to) ||
    to.split(' ').length > MAX_VALUE_WORDS ||
    // "it's me and the dog now": an animal is no tool.
    isPet(to) ||
    // "it's all master schedules now": common words, no product's name.
    (!/\p{Lu}/u.test(to) && knownWordsOnly(to))
  )
    return null;
  return fact(`${kindNamed('tool').key}.${slug(to)}`, `The user now uses ${to}`);
}

/** The user's favourite `of`, keyed as every favourite is (`user.favorite.food`). */
function favorite(of: string, to: string): { key: string; statement: string } {
  return { key: `${kindNamed('favorite').key}.${keyPart(of)}`, statement: `The user's favorite ${theirs(of)} is ${to}` };
}

/** The tool a tool belief names: the words of its key's last part, as the statement writes them ("user.tool.figma" → Figma). */
function toolHeld(row: Held): string | undefined {
  const tail = row.key!.split('.').at(-1)!.split('_');
  const at = row.statement.search(new RegExp(`\\b${tail.join('[ -]')}\\b`, 'i'));
  return at < 0 ? undefined : row.statement.slice(at).split(/\s+/).slice(0, tail.length).join(' ');
}

/** Roles whose new value is said in the kind's own words, not the old belief's: a diet, a manager, engaged or married (to the partner held). */
const SAID_ANEW = new Set<Change['role']>(['diet', 'boss', 'status', 'partner', 'tool']);
function anew(role: NonNullable<Change['role']>, to: string, old: string, purpose?: string): Candidate {
  const statement = role === 'status' && /^\p{Lu}/u.test(old) ? `The user is ${to} to ${old}` : roleSaid(role, to, { for: purpose });
  return { type: 'fact', key: keyOf(kindNamed(ROLE_KIND[role]), to), statement, scope: 'universal', confidence: 0.8 };
}

/** The value a belief of a role's kind holds: a name ("lives in Lisbon", "works at Acme"), a job title ("is a data analyst") or a team. */
const NAME_HELD = /(?<=\s)\p{Lu}[\p{L}\d&.'-]*(?:\s\p{Lu}[\p{L}\d&.'-]*)*/gu;
const PLACE_HELD = /^The user (?:\w+ )?(?:lives|works|is based|is) (?:in|at|for|with) (?:the )?(?<name>\p{Lu}[\p{L}\d&.'-]*(?:\s\p{Lu}[\p{L}\d&.'-]*)*)/u;
const TITLE_HELD = /\b(?:is|as) (?:an? |the )?(?<title>[^,]+?)(?: (?:at|for|with|in) .*)?$/;
const TEAM_HELD = new RegExp(`\\b(?:on|in|with|of|joined) (?:the )?(?<team>[^,]+?\\b${alternation(TEAM_UNITS)})\\b`, 'i');
const DIET_HELD = new RegExp(`\\b(?:${DIET})\\b`, 'i');
function valueHeld(statement: string, role: NonNullable<Change['role']>): string | undefined {
  if (role === 'team') return TEAM_HELD.exec(statement)?.groups?.team;
  if (role === 'diet') return DIET_HELD.exec(statement)?.[0];
  if (role === 'job') return TITLE_HELD.exec(statement)?.groups?.title;
  // "The user lives in Somerville, Union Sq, with a roommate": the place or the organisation the verb names, before what is said of it.
  const first = (role === 'place' || role === 'org') && PLACE_HELD.exec(statement)?.groups?.name;
  return first || [...statement.matchAll(NAME_HELD)].at(-1)?.[0];
}
/** Beliefs about these people are the user's in another role: leaving a city never ends where a brother lives. */
const OTHERS_KINDS = new Set(['relative', 'child']);

const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter)';
/** A new time rather than a new place ("pushed to October", "moved to the 10th"). */
const WHEN = new RegExp(`^(?:${MONTH}|(?:next|this) \\w+|(?:the )?\\d+(?:st|nd|rd|th)|the \\d+\\w*|\\d{4})$`, 'i');
const DATED = new RegExp(`\\s+(?:in|on|for|till|until) (?:${MONTH}|the \\d+\\w*|\\d{4})\\b.*$`, 'i');
/** A belief about someone the user knows, not about the user. */
const SOMEONE_ELSE =
  /^The user's (?:[\w-]+ )?(?:brother|sister|mother|father|mum|mom|dad|parents?|friend|mate|flatmate|roommate|colleague|coworker|co-worker|partner|wife|husband|girlfriend|boyfriend|son|daughter|kids?|boss|manager|neighbou?r|cousin|aunt|uncle)\b/i;
const words = (text: string) => text.toLowerCase().match(/[\p{L}\d+#]+/gu) ?? [];

/** The words that must be in a belief for it to be about `thing`: its names, else its last word. */
function heads(thing: string): string[] {
  // "quit McAllister's": a business called by its owner's name is that name.
  const all = thing
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/(?<=\p{L}{2})['’]s$/u, ''));
  const own = all.filter((w) => !DETACHED.has(w.toLowerCase()));
  // "Old Burek died": a word said of the name, capitalised as the sentence's first, is not part of it; "YouTube channel" is YouTube's.
  const named = (own.length ? own : all).filter(
    (w, i, ws) => /^\p{Lu}/u.test(w) && (i > 0 || ws.length === 1 || /^\p{Lu}/u.test(ws[1] ?? '') || /^\p{Lu}\p{Ll}+\p{Lu}/u.test(w)),
  );
  if (named.length) return named.flatMap(words).map(stemWord);
  const chosen = all
    .filter((w) => !GENERIC.has(w.toLowerCase()) && !DETACHED.has(w.toLowerCase()))
    .slice(-3)
    .flatMap(words);
  // "the barako na": a word of one or two letters after the thing is a particle, not a name of it ("vs code" keeps its "vs").
  while (chosen.length > 1 && chosen.at(-1)!.length <= 2) chosen.pop();
  return chosen.map(stemWord);
}

interface Span {
  s: string;
  at: number;
  end: number;
}
/** Each statement's stemmed words, for one resolve() call: a statement is read against every thing a turn ends. */
let stemmed = new Map<string, Span[]>();
function spansOf(statement: string): Span[] {
  let spans = stemmed.get(statement);
  if (!spans) {
    spans = [...statement.matchAll(/[\p{L}\d+#]+/gu)].map((m) => ({ s: stemWord(m[0].toLowerCase()), at: m.index, end: m.index + m[0].length }));
    stemmed.set(statement, spans);
  }
  return spans;
}

/** The span of the statement's words that name `thing`, or null. */
function naming(statement: string, thing: string): [number, number] | null {
  const want = heads(thing);
  if (want.length === 0) return null;
  const spans = spansOf(statement);
  let from = -1;
  let to = -1;
  for (const w of want) {
    // "boat restoring" names "restoring Folkboats": a word may be the head of a compound.
    const hit = spans.find(
      (x) => x.s === w || (w.length >= 5 && x.s.startsWith(w)) || (w.length >= 4 && x.s.length >= w.length + 3 && x.s.endsWith(w.replace(/e$/, ''))),
    );
    if (!hit) return null;
    from = from < 0 ? hit.at : Math.min(from, hit.at);
    to = Math.max(to, hit.end);
  }
  return [from, to];
}

const HOME_KEY = kindNamed('home').key;
/** Whether the belief is the user's own about `thing`, not someone else's that mentions it. */
function about(h: Held, thing: string): boolean {
  const span = naming(h.statement, thing);
  if (!span) return false;
  // "The user lives in a rented flat in Chandmari": a home ends by its place, never by a word said of the dwelling ("no more rent").
  const place = h.key === HOME_KEY ? homeIn(h.statement) : undefined;
  if (place && !naming(place, thing) && !naming(thing, place)) return false;
  if (/^The user (?!'s)/.test(h.statement)) return true;
  // "The user's boyfriend Teo plays drums": the named one in the part the change ends, never a friend named like them.
  if (IN_A_ROLE.test(h.statement.slice(0, span[0])) && NAME_ALONE.test(thing)) return true;
  const kind = h.key ? kindOfKey(h.key) : undefined;
  if (kind ? OTHERS_KINDS.has(kind.kind) : SOMEONE_ELSE.test(h.statement)) return false;
  // "The user's goal for Project Atlas is…": the thing names what something else of the user's is for, not the user's own.
  const subject = /^The user's [^,]*? (?:is|are|was|were|has|have)\b/.exec(h.statement)?.[0] ?? '';
  if (span[1] <= subject.length && /\b(?:for|of|at|on|in|about|with|from) (?:the )?$/i.test(h.statement.slice(0, span[0]))) return false;
  // "The user's man is Otieno": the thing is the value of something of the user's, whatever its key.
  // "The user's setup is OBS and a Blue Yeti mic": or one of its values.
  if ((VALUE_OF_USER.exec(h.statement)?.[0].length ?? Infinity) <= span[0]) return true;
  return kind !== undefined || (h.key?.includes(slug(heads(thing)[0] ?? '')) ?? false);
}
/** The parts someone can leave in the user's life (kinds.ts `left_by`: manager, partner, pet), by the words the user calls them. */
const ROLE_WORDS = [...new Set([...(KINDS as readonly Kind[]).filter((k) => k.left_by !== undefined).flatMap((k) => k.words), ...PARTNER_TITLES])].filter((w) =>
  /^[\p{L} ]+$/u.test(w),
);
const IN_A_ROLE = new RegExp(
  `^The user's (?:(?:new|current|long-term|longtime|live-in|old) )?(?:${ROLE_WORDS.join('|')})(?: (?:here|there|now))?(?: is| was)?(?: (?:named|called))? $`,
  'iu',
);
const NAME_ALONE = /^\p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}'-]*)?$/u;
const VALUE_OF_USER = /^The user's [\p{L}' -]{1,30}? (?:is|are) (?:now )?(?:named |called )?(?:an? |the )?/u;

const COUNT = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** "…two dogs that run the farm, Pehuén and Chispa": what the user has, counted, then named. */
const NAMED_LIST = new RegExp(
  `^(?<head>The user (?:has|owns|keeps) (?<count>${COUNT.join('|')}) (?<what>\\p{L}+)[^,]*), (?<names>\\p{Lu}[\\p{L}'-]*(?:(?:, | and |, and )\\p{Lu}[\\p{L}'-]*)+)$`,
  'u',
);
/** A counted list without the one named `thing`: one fewer, said in the singular when one is left ("has a dog…, Pehuén"). */
function withoutNamed(row: Held, thing: string): Candidate | null {
  const m = NAMED_LIST.exec(row.statement)?.groups;
  if (!m) return null;
  const names = m.names!.split(/, and |, | and /);
  const kept = names.filter((n) => !naming(n, thing));
  if (kept.length === names.length || kept.length === 0) return null;
  const count = COUNT.indexOf(m.count!) + 1 - (names.length - kept.length);
  const one = phrased(m.what!).nouns().toSingular().text();
  const counted = count === 1 ? `${/^[aeiou]/i.test(one) ? 'an' : 'a'} ${one}` : `${COUNT[count - 1] ?? count} ${m.what}`;
  // What the rest of the head said of them all ("that run the farm") is no longer said of one.
  const at = m.head!.indexOf(`${m.count} ${m.what}`);
  const head = `${m.head!.slice(0, at)}${counted}${count === 1 ? '' : m.head!.slice(at + m.count!.length + m.what!.length + 1)}`;
  const list = kept.length > 1 ? `${kept.slice(0, -1).join(', ')} and ${kept.at(-1)}` : kept[0]!;
  return { type: 'fact', key: row.key, statement: `${head}, ${list}`, scope: 'universal', confidence: 0.8 };
}

/** "The user is a nurse in Ward 7 at Qorvo" without Qorvo: the job stays, without where it was done. */
function jobWithout(row: Held, thing: string): Candidate | null {
  const kind = row.key ? kindOfKey(row.key)?.kind : undefined;
  const span = kind === 'role' || kind === 'employer' ? naming(row.statement, thing) : null;
  // "The user works at Zenith Retail in Bengaluru" without Bengaluru: an employer keeps its name, only the town goes.
  const where = span && (kind === 'role' ? / (?:at|in|for|with) (?:the )?$/ : / in (?:the )?$/).exec(row.statement.slice(0, span[0]));
  const kept = where ? row.statement.slice(0, where.index).replace(/[\s,;:—–-]+$/, '') : '';
  if (kind === 'employer' && !/ (?:at|for|with|by) \p{Lu}/u.test(kept)) return null;
  return kept ? { type: 'fact', key: row.key, statement: kept, scope: 'universal', confidence: 0.8 } : null;
}

/**
 * The belief without the part that names `thing`, when it said other things beside it; else null.
 * An aside naming a `place` says where, and what it is said of stays ("drives a taxi, route Galway").
 */
export function without(row: Held, thing: string, place = false): Candidate | null {
  const named = withoutNamed(row, thing) ?? jobWithout(row, thing);
  if (named) return named;
  const parts = row.statement.split(/,? and |, /);
  if (parts.length < 2) return null;
  // "The user bleeds blue and white, Leafs fan for life": what follows the last plain comma is said of all before it, no item of a list.
  const aside = row.statement.slice(row.statement.lastIndexOf(', ') + 2);
  if (!place && row.statement.includes(', ') && !/^and | and /.test(aside) && naming(aside, thing) && !naming(row.statement.slice(0, -aside.length), thing))
    return null;
  const kept = parts.filter((p) => !naming(p, thing));
  if (kept.length === parts.length || kept.length === 0) return null;
  // "does crochet constantly, like 3 projects going": what follows says how, and is no item of a list.
  if (kept.some((p) => /^(?:like|so|but|just|which|who|as|because|when|though|especially|mostly|usually|always)\b/i.test(p))) return null;
  // "The user is vegetarian and allergic to shellfish": the subject goes with what stays.
  const first = naming(parts[0]!, thing);
  // "The user uses Jira for tickets, Slack for chat": the verb goes with the items that stay too.
  const subject = first
    ? /^The user (?:is|has|does|likes|loves|uses|plays|owns|drinks|eats|speaks|grows|keeps) (?:an? )?$/.exec(parts[0]!.slice(0, first[0]))?.[0]
    : '';
  if (subject === undefined) return null;
  // "has a Nokia, a BT email address": the article goes with the item that stays.
  const lead = /^(?:an?|the) /i.test(kept[0]!) ? subject.replace(/(?:an?|the) $/, '') : subject;
  return { type: 'fact', key: row.key, statement: `${lead}${kept.join(' and ')}`, scope: 'universal', confidence: 0.8 };
}

/**
 * Whether what is left of a belief once an ended item is taken out still reads as a fact of the user's, to be kept:
 * not "The user has gone", "The user uses on their old laptop", "The user uses the orders from the cafés come by WhatsApp".
 */
export function readsAsFact(rest: Candidate): boolean {
  const said = rest.statement.replace(/^The user\s*/, '');
  const object = /^(?:is|has|does|likes|loves|uses|plays|owns|drinks|eats|speaks|grows|keeps) (?:an? )?(.*)$/.exec(said)?.[1] ?? said;
  if (/^(?:on|in|at|for|with|from|to|by|of|about)\b/i.test(object)) return false;
  const terms = tag(object);
  // "the orders from the cafés come by WhatsApp": a verb of its own after a noun (not "for chat", not "a dog named Rex").
  const ownVerb = terms.some(
    (t, i) => i > 0 && t.tags.has('PresentTense') && !t.tags.has('Gerund') && terms[i - 1]!.tags.has('Noun') && !terms[i - 1]!.tags.has('Pronoun'),
  );
  return !ownVerb && !/^(?:(?:gone|been|got|done|had|went|go|do)\s*)*$/i.test(object);
}

/** Keys of one kind of the catalogue, or else of one subject and verb (`user.fly.*`). */
function sameKind(a: string, b: string): boolean {
  const [ka, kb] = [kindOfKey(a), kindOfKey(b)];
  if (ka || kb) return ka?.kind === kb?.kind;
  return a.split('.').slice(0, 2).join('.') === b.split('.').slice(0, 2).join('.');
}

/** The key a new value takes in the place of the belief it replaces: the same key, unless the key names the old value itself. */
function keyFor(row: Held, to: string, old = ''): string | null {
  if (!row.key) return null;
  const kind = kindOfKey(row.key);
  // "user.live.cafezinho" holding "yerba mate" now: a key named by the old value is named by the new one.
  if (!kind) return renamed(row.key, old, to);
  if (kind.one_value) return row.key;
  const tail = slug(heads(old).join(' '));
  if (old && tail && !row.key.includes(tail) && renamed(row.key, old, to) === row.key) return row.key;
  return `${kind.key}.${slug(to)}`;
}

/** A key whose last part names the old value, with the new value in its place ("user.be.rangers_fan" → "user.be.celtic_fan"). */
function renamed(key: string, old: string, to: string): string {
  const at = key.lastIndexOf('.') + 1;
  const tail = key.slice(at).split('_');
  const was = slug(old).split('_').filter(Boolean);
  // Words before the old value in the key are its maker's ("nissan_leaf"), and go with it; words after it stay ("_fan").
  const k = tail.findIndex((_, i) => was.length > 0 && was.every((w, j) => tail[i + j] !== undefined && stemWord(tail[i + j]!) === stemWord(w)));
  return k >= 0 ? `${key.slice(0, at)}${[slug(to), ...tail.slice(k + was.length)].join('_')}` : key;
}

/**
 * The old belief said of the new value: "The user uses VS Code daily" → "The user uses Zed daily".
 * What a home's belief said after a comma was said of the old place and goes with it; an old value said
 * with words of its own before it ("way too much filter coffee") is no frame for the new one, which
 * is said anew in its kind's words ("The user drinks green tea").
 */
function restated(row: Held, old: string, to: string, ends: string[] = [], dwelling?: string): Candidate | null {
  const span = withRestOfName(row.statement, withMaker(row.statement, inLowerCase(row, naming(row.statement, old) ?? spanOf(row.statement, old)), to), to);
  if (!span) return null;
  const kind = row.key ? kindOfKey(row.key) : undefined;
  // "grows grapes in a vineyard": a place the thing was done in, said indefinitely, is no value to put the new one in.
  if (!kind && !/^\p{Lu}/u.test(row.statement.slice(span[0])) && /\b(?:in|on|at|into|from|near) an? $/i.test(row.statement.slice(0, span[0]))) return null;
  const sayAnew = kind && SAID_OF_KIND[kind.kind as KindName];
  // "Tim's double-doubles" ended by "double-double": a value found inside a word is no span to put the new one in.
  const inWord = /^[\p{L}'-]*\p{L}/u.test(row.statement.slice(span[1], span[1] + 2)) || /\p{L}-?$/u.test(row.statement.slice(0, span[0]));
  if (inWord) return sayAnew ? { type: 'fact', key: keyFor(row, to, old), statement: sayAnew(to), scope: 'universal', confidence: 0.8 } : null;
  // A drink said with more than the drink ("Barry's tea is the user's drink, milky, six cups a day", "switched their order to an
  // oat milk chai latte") says how the old one was had: the new one is said anew.
  if (sayAnew && (modified(row.statement, span[0]) || (kind.kind === 'drink' && !DRINKS_ALONE.test(row.statement))))
    return { type: 'fact', key: keyFor(row, to, old), statement: sayAnew(to), scope: 'universal', confidence: 0.8 };
  // "the family law team" restated as "the employment law team", not "… team team".
  const after = kind?.kind === 'home' ? row.statement.slice(span[1]).replace(/,.*$/, '') : row.statement.slice(span[1]);
  const head = to.split(' ').at(-1)!;
  const next = after.trimStart().toLowerCase();
  const twice = next.startsWith(head.toLowerCase()) || (UNIT.test(head) && UNIT.test(next));
  const said = to.includes(' ') && twice ? to.slice(0, -head.length).trimEnd() : to;
  // "drinks a latte" restated with "iced chai": the article before the value agrees with it.
  const lead = row.statement.slice(0, span[0]).replace(/(?<=\s)an? $/, /^[aeiou]/i.test(said) ? 'an ' : 'a ');
  const home = kind?.kind === 'home' ? movedInto(lead, dwelling) : lead;
  const statement = withoutAside(`${home}${said}${after}`, home.length + said.length, ends);
  return { type: 'fact', key: keyFor(row, to, old), statement: saidOnce(statement, said), scope: 'universal', confidence: 0.8 };
}

/** A drink's belief that says the drink and nothing else: "The user drinks oat flat whites", "The user is a Castle Lager man". */
const DRINKS_ALONE = /^The user (?:(?:drinks|has|takes|orders|gets) (?:an? )?[\p{L}' -]+|is an? [\p{L}' -]+ (?:man|woman|person|girl|guy|drinker|fan))$/u;

/** "lives in a flat in Leeds" moved to Bristol: the old dwelling stayed behind, and the new one, if said, is where the user lives in. */
const DWELLING_BEFORE = new RegExp(`\\bin (?:an?|their|the) (?:[\\p{L}\\d-]+ ){0,2}(?:${DWELLING}) (?:in|near|outside|on) $`, 'u');
function movedInto(lead: string, dwelling?: string): string {
  const bare = lead.replace(DWELLING_BEFORE, 'in ');
  return dwelling && /\bin $/.test(bare) ? `${bare}${dwelling} in ` : bare;
}

/** "…, like six strong coffees a day" after the new value: an aside that names a thing the change ended goes with it. */
function withoutAside(statement: string, from: number, ends: string[]): string {
  const at = ends.map((thing) => naming(statement.slice(from), thing)?.[0]).find((x) => x !== undefined);
  if (at === undefined) return statement;
  const comma = statement.lastIndexOf(', ', from + at);
  return comma >= from ? statement.slice(0, comma) : statement;
}

/** "edits in Darktable and Darktable": the new value said where the old one was, beside itself, is said once. */
function saidOnce(statement: string, value: string): string {
  const v = literal(value);
  return statement.replace(new RegExp(`\\b${v}(?:,? and|,| &| \\+) ${v}\\b`, 'iu'), value);
}

/** "drives a Nissan Leaf" of a new name "Tesla": the capitalised words before the old name are its maker's, and go with it. */
function withMaker(statement: string, span: [number, number] | null, to: string): [number, number] | null {
  if (!span || !/^\p{Lu}/u.test(to)) return span;
  const maker = /(?<=^The user .*\s)(?:\p{Lu}[\p{L}\d-]*\s)+$/u.exec(statement.slice(0, span[0]));
  return maker && !to.startsWith(maker[0].trim()) ? [maker.index, span[1]] : span;
}

/**
 * "The user works weekends at mugg and bean in Rosebank": a workplace written in lower case has no capitals to end it;
 * its name runs from "at" (or "for", "with") to the next word that places it or the comma.
 */
function inLowerCase(row: Held, span: [number, number] | null): [number, number] | null {
  if (!span || /^\p{Lu}/u.test(row.statement.slice(span[0])) || !/\b(?:at|for|with) $/.test(row.statement.slice(0, span[0]))) return span;
  const rest = /^(?: (?!(?:in|on|at|near|since|for|from|with|as|who|which|and then)\b)[\p{Ll}\d&'-]+)*/u.exec(row.statement.slice(span[1]))![0];
  return [span[0], span[1] + rest.length];
}

/** "Pieter Kulkarni" of a new name "Selma": the capitalised words after the old name are the rest of it, and go with it. */
function withRestOfName(statement: string, span: [number, number] | null, to: string): [number, number] | null {
  if (!span || !/^\p{Lu}/u.test(to)) return span;
  // "Colonia del Sacramento": a name goes on past a word that joins its parts.
  const rest = /^(?:\s(?:(?:del|de|la|le|da|do|dos|das|di|van|von|der|den|upon|on|sur|am|im|el|al) )*\p{Lu}[\p{L}\d&'-]*)+/u.exec(statement.slice(span[1]));
  return rest && !to.endsWith(rest[0].trim()) ? [span[0], span[1] + rest[0].length] : span;
}

/** Words for a unit of a workplace: "the juvenile justice unit" in "the felony trial division" is no "unit division". */
const UNIT = new RegExp(`^${alternation(UNITS)}\\b`, 'i');

/** Whether the word before `at` in the statement is a noun or an adjective of the value's own phrase ("filter coffee", "too much coffee"). */
function modified(statement: string, at: number): boolean {
  const before = tag(statement.slice(0, at).trimEnd()).at(-1);
  return (
    before !== undefined && ['Noun', 'Adjective'].some((t) => before.tags.has(t)) && !['Pronoun', 'Possessive', 'Determiner'].some((t) => before.tags.has(t))
  );
}

function spanOf(statement: string, word: string): [number, number] | null {
  if (!word.trim()) return null;
  const at = statement.toLowerCase().indexOf(word.toLowerCase());
  return at < 0 ? null : [at, at + word.length];
}

/** The user's active belief of the kind a place or an organisation fills (home, employer), and the name it holds. */
function sameRole(held: Held[], role: Change['role'], to: string, purpose?: string): { row: Held; old: string }[] {
  // "the whole design team is on Penpot now": a tool of no known category takes the place of the user's one tool, not of one among several.
  if (role === 'tool') {
    const tools = held.filter((h) => h.active && h.key && kindOfKey(h.key)?.kind === 'tool' && !naming(h.statement, to));
    // "Books are in Lexware now": the tool held for the same work, among several.
    const forIt = purpose ? tools.filter((h) => naming(h.statement, purpose)) : [];
    const named = forIt.flatMap((row) => {
      const old = toolHeld(row);
      return old ? [{ row, old }] : [];
    });
    if (named.length > 0) return named;
    const old = tools.length === 1 ? toolHeld(tools[0]!) : undefined;
    return old ? [{ row: tools[0]!, old }] : [];
  }
  if (!role || !kindNamed(ROLE_KIND[role]).one_value) return [];
  const kind = kindNamed(ROLE_KIND[role]).kind;
  // A diet said under any key ("The user is vegetarian since 3 years") is the user's diet.
  if (role === 'diet')
    return held.flatMap((row) => {
      const old = row.active && DIET_OF_USER.test(row.statement) ? valueHeld(row.statement, role) : undefined;
      return old && old.toLowerCase() !== to.toLowerCase() ? [{ row, old }] : [];
    });
  // "The user's manager is dana, shes lovely", "The user's supervising partner is J. Crewe": every manager said, under any key.
  if (role === 'boss')
    return held.flatMap((row) => {
      const old = row.active ? MANAGER_HELD.exec(row.statement)?.groups?.name : undefined;
      return old && !to.toLowerCase().startsWith(old.toLowerCase()) ? [{ row, old }] : [];
    });
  // "The user is 'Care Assistant' on paper": a job title said of the user, under any key, is the user's job.
  if (role === 'job' && !held.some((h) => h.active && h.key && kindOfKey(h.key)?.kind === kind))
    return held.flatMap((row) => {
      const old = row.active ? TITLE_OF_USER.exec(row.statement.replace(/['"‘’“”]/g, ''))?.groups?.title : undefined;
      return old && old.toLowerCase() !== to.toLowerCase() ? [{ row, old }] : [];
    });
  const row =
    held.find((h) => h.active && h.key && kindOfKey(h.key)?.kind === kind) ??
    // "The user is a backend developer in Fintrek company": the employer said in the job's belief.
    (role === 'org' ? held.find((h) => h.active && h.key && kindOfKey(h.key)?.kind === 'role' && ORG_IN_ROLE.test(h.statement)) : undefined);
  const old = row && valueHeld(row.statement, role);
  return row && old ? [{ row, old }] : [];
}
/** A belief that says the user's diet, however it opens: "The user is vegan", "…has them on the Mediterranean diet", "…got them onto the keto diet". */
const DIET_OF_USER =
  /^The user (?:is|eats|follows|keeps|sticks to|has gone|went|has been)\b|^The user's diet\b|\b(?:them|the user) onto? (?:the |a )?\S+ diet\b|\bthem (?:both |all )?eating\b/;
const MANAGER_HELD = new RegExp(`^The user's (?:new |current )?(?:${MANAGER_WORD})(?: is)? (?:now )?(?<name>\\p{L}[\\p{L}'-]*)`, 'u');
const TITLE_OF_USER = new RegExp(`^The user is (?:now )?(?:an? |the )?(?<title>${ROLE})\\b`, 'i');
const ORG_IN_ROLE = /\b(?:at|in|for|with) (?:the |company )?\p{Lu}/u;

/** A frame that says only what the user is or has, which many beliefs share ("The user is …"). */
const BARE_FRAME = /^the user(?:'s \w+)? (?:is|are|has|have|was|had)(?: an?| the)? $/;
const MAX_VALUE_WORDS = 4;

/**
 * The active beliefs that say the same as the new value's own statement with another value in
 * its place ("uses Excel for budgeting" beside "uses YNAB for budgeting"). A frame with nothing
 * after the value ends only one-value kinds and beliefs outside the catalogue: a new hobby or pet
 * said "now" is one more, not a replacement.
 */
/** What the user may be "on" that is no team: time away, a shift, a break. */
const AWAY = new RegExp(`^(?:a |my )?(?:${alternation(STATES)}|trip|diet)$`, 'i');
function sameFrame(held: Held[], candidates: Candidate[], to: string): { row: Held; old: string }[] {
  for (const c of candidates) {
    const at = c.statement.toLowerCase().indexOf(to.toLowerCase());
    if (at < 0) continue;
    const before = c.statement.slice(0, at).toLowerCase();
    const after = c.statement.slice(at + to.length).toLowerCase();
    if (BARE_FRAME.test(before) || !before.startsWith('the user')) continue;
    const found = held.flatMap((row) => {
      const said = row.statement.toLowerCase();
      if (!row.active || !said.startsWith(before) || !said.endsWith(after) || said.length <= before.length + after.length) return [];
      const kind = row.key ? kindOfKey(row.key) : undefined;
      if (!after.trim() && kind && !kind.one_value) return [];
      // "we are on holiday now": where the user is away to is no team.
      if (kind?.kind === 'team' && AWAY.test(to)) return [];
      const old = row.statement.slice(before.length, row.statement.length - after.length);
      const words = old.split(' ').length;
      return words <= MAX_VALUE_WORDS && !/[,.]/.test(old) && old.toLowerCase() !== to.toLowerCase() ? [{ row, old }] : [];
    });
    if (found.length) return found;
  }
  return [];
}

/** The user's own beliefs holding another kind of the same thing ("almond milk" for "oat milk", "white wine" for "red wine"). */
function sameHead(held: Held[], to: string): { row: Held; old: string }[] {
  const said = to.split(' ');
  if (said.length < 2) return [];
  const head = stemWord(said.at(-1)!.toLowerCase());
  const modifier = said.at(-2)!.toLowerCase();
  return held.flatMap((row) => {
    if (!row.active || !/^The user (?!'s)/.test(row.statement)) return [];
    const spans = spansOf(row.statement);
    // "listens to music on Spotify" holds no other kind of "YouTube Music": the word before the head must modify it.
    const at = spans.findIndex((w, i) => i > 2 && w.s === head && spans[i - 1]!.s !== stemWord(modifier) && modified(row.statement, spans[i - 1]!.end));
    return at < 0 ? [] : [{ row, old: row.statement.slice(spans[at - 1]!.at, spans[at]!.end) }];
  });
}

/** The user's latest active plan: what "the trip" or "the holiday" names. */
function latestPlan(held: Held[]): Held | undefined {
  return held.find((h) => h.active && h.key && kindOfKey(h.key)?.kind === 'plan');
}

/**
 * The active beliefs naming another thing of `to`'s category, and the word each names it by; for a
 * category that is a kind of the catalogue, also the beliefs of that kind the turn does not end
 * itself ("The user's tipple is a Speyside malt" is a drink, though "malt" is in no list).
 */
function sameCategory(held: Held[], to: string, ended: Set<Held>): { row: Held; old: string }[] {
  const category = categoryOf(to);
  if (!category) return [];
  const mine = new Set(namedOf(to, category));
  const kind = KINDS.find((k) => k.kind === category && !k.one_value);
  return held.flatMap((row) => {
    if (!row.active || !/\bthe user\b/i.test(row.statement) || SOMEONE_ELSE.test(row.statement)) return [];
    if (row.statement.toLowerCase().includes(to.toLowerCase())) return [];
    // "it's NA beer only" beside "works at Fern & Ember Coffee": a thing never takes the place of a word in a workplace's or a home's name.
    if (row.key === EMPLOYER_KEY || row.key === HOME_KEY) return [];
    const old = namedOf(row.statement, category).find((w) => !mine.has(w));
    if (old) return [{ row, old }];
    // One the turn ends itself ("Guinness is too heavy now, it's cider") leaves the new value to be said anew.
    return kind && row.key?.startsWith(`${kind.key}.`) && !ended.has(row) ? [{ row, old: '' }] : [];
  });
}

const EMPLOYER_KEY = kindNamed('employer').key;
/** The user's job, said as no more than that ("my job", "the day job"). */
const A_JOB = /^(?:(?:my|the|this|that|our) )?(?:(?:day|full-time|full time|part-time|part time|office|current|corporate|old|main) )?job$/i;
/**
 * The user's active beliefs about a thing ended, about the pastime it is the gear or the place of
 * ("sold the kayak" ends kayaking), or about a member of the family it names ("off coffee" ends the cafezinho).
 */
function heldAbout(held: Held[], thing: string): { row: Held; old: string }[] {
  // "I quit my job": the job is the employer's, whatever its name.
  if (A_JOB.test(thing)) return held.filter((h) => h.active && h.key === EMPLOYER_KEY).map((row) => ({ row, old: '' }));
  const found = new Map<Held, string>();
  // "my yarn and hooks": each thing named.
  const things = [thing, ...(/ (?:and|\+|&) /.test(thing) ? thing.split(/ (?:and|\+|&) /) : [])];
  for (const name of things.flatMap((one) => [one, ...pastimesOf(one, stemWord), ...membersOf(one)]))
    for (const row of held) if (row.active && !found.has(row) && about(row, name)) found.set(row, name);
  // "gave my seat in the boat to my nephew": when some beliefs are keyed by a common thing, one that names it only in passing
  // ("drinks coffee on the boat") is about another boat; a one-value kind's belief never names its value in its key.
  const keyed = !/\p{Lu}/u.test(thing) && [...found].some(([row, old]) => row.key !== null && namesInKey(row.key, old));
  const own = [...found].filter(([row, old]) => !keyed || (row.key !== null && (kindOfKey(row.key)?.one_value || namesInKey(row.key, old))));
  return own.map(([row, old]) => ({ row, old }));
}

/** Whether a key's own words, past `user.`, name a word of `thing` ("user.hobby.rowing" names "rowing"). */
export function namesInKey(key: string, thing: string): boolean {
  const tail = key
    .split('.')
    .slice(1)
    .flatMap((part) => part.split('_'))
    .map(stemWord);
  return heads(thing).some((w) => tail.includes(w));
}

/** The beliefs and retractions a turn's changes come to, given what the user holds. */
/** `alsoSaid`: what the turn's clauses that changed nothing said, which may be the new value of a thing another clause ended. */
export function resolve(said: Said[], held: Held[], alsoSaid: Candidate[] = []): { beliefs: Candidate[]; retract: Retraction[] } {
  const beliefs: Candidate[] = [];
  const retract: Retraction[] = [];
  const ended = new Set<string>();
  // What the turn made of held beliefs (restated, or without what ended): another clause's end applies to them too.
  const restatements = new Set<Candidate>();
  const restating = (c: Candidate) => {
    restatements.add(c);
    return c;
  };
  stemmed = new Map();
  const end = (row: Held, mention: string) => {
    if (ended.has(row.id)) return;
    ended.add(row.id);
    retract.push({ key: row.key ?? '', mention, id: row.id });
  };
  // Someone who left ends the parts they had in the user's life that they left that way (departures.ts).
  const endedBy = said.map(({ change }) =>
    change.ends.flatMap((thing) => departed(held, change, thing)?.map((row) => ({ row, old: thing })) ?? heldAbout(held, thing)),
  );
  // "Square's gone. Toast now.": a turn that ended something names what takes its place, held or not.
  const replaced = said.flatMap(({ change }) => change.ends);
  const endedInTurn = new Set(endedBy.flat().map(({ row }) => row));
  for (const [i, { change, candidates }] of said.entries()) {
    let rows = endedBy[i]!;
    const { to } = change;
    // "The retreat's been moved to Porto": the user's belief about the retreat, at its new place or time; "flying out on the 10th instead" moves the latest plan.
    if (to !== undefined && change.of === undefined && WHEN.test(to) && (change.instead || change.back)) change.of = PLAN;
    if (to !== undefined && change.of !== undefined) {
      // An event is moved whoever's it is ("my sister's wedding"); "the trip" is the user's latest plan.
      const row = PLAN_NOUN.test(change.of) ? latestPlan(held) : held.find((h) => h.active && naming(h.statement, change.of!));
      const statement =
        row &&
        (WHEN.test(to)
          ? `${row.statement.replace(DATED, '')} ${/^(?:the\b|\d+(?:st|nd|rd|th)$)/i.test(to) ? `on ${to.replace(/^(?=\d)/, 'the ')}` : `in ${to}`}`
          : row.statement.replace(/^(.*\b)(in|on|at|to|for|until|till)\s+[^,]+$/, `$1$2 ${to}`));
      if (row && statement && statement !== row.statement) {
        end(row, change.of);
        beliefs.push({ type: 'fact', key: row.key, statement, scope: 'universal', confidence: 0.8 });
        continue;
      }
    }
    if (to !== undefined && change.favorite !== undefined) {
      const { key, statement } = favorite(change.favorite, to);
      for (const row of held)
        if (row.active && (row.key === key || row.statement.startsWith(statement.slice(0, statement.lastIndexOf(' is ') + 4)))) end(row, '');
      beliefs.push({ type: 'preference', key, statement, scope: 'universal', confidence: 0.8 });
      continue;
    }
    // "new truck since Monday, a Volvo FH": the user's own truck, however its belief names it.
    if (to !== undefined && rows.length === 0 && change.thing !== undefined) rows = heldOwned(held, change.thing);
    // "Took a job at Basalt Coffee Roasters": a workplace or a place is no thing of the category its name holds.
    if (to !== undefined && rows.length === 0 && change.role !== 'org' && change.role !== 'place') rows = sameCategory(held, to, endedInTurn);
    // "We're in Utrecht now", "I'm at Meta now": a place or an organisation takes the home's or the employer's place.
    const role = to !== undefined && rows.length === 0 && !change.instead && categoryOf(to) === undefined ? sameRole(held, change.role, to, change.for) : [];
    const byRole = role.length > 0;
    if (byRole) rows = role;
    // "we're all on Penpot now": what the work runs on takes no place but a tool's, however the clause was framed ("The user is on the payments team").
    if (to !== undefined && rows.length === 0 && change.role !== 'tool') rows = sameFrame(held, candidates, to);
    if (to !== undefined && rows.length === 0) rows = sameHead(held, to);
    // "Gave up Spanish. I'm doing Italian now": a new value without its old one takes the turn's other ended thing's place.
    // "…, 12 min walk to lab instead of the bus": a change that names what it replaces, not held, replaces nothing else.
    const borrowed = to !== undefined && rows.length === 0 && change.ends.length === 0;
    // "me and Ciarán are done. I'm back at my mam's": only a new partner takes an ended partner's place;
    // "my last service at La Nacional… my new boss is Ramón": a value said in a role's words takes only that role's place.
    const fits = ({ row }: { row: Held }) => {
      const kind = row.key ? kindOfKey(row.key)?.kind : undefined;
      if (kind === 'partner') return change.role === 'partner' || change.role === 'status';
      return !SAID_IN_ROLE_WORDS.has(change.role) || kind === undefined || ROLE_KIND[change.role!] === kind;
    };
    // "Keto I have stopped. I am pure vegetarian, it's Shravan": an ended thing whose new value the turn said in its kind's words is taken.
    const replacedInTurn = (row: Held) =>
      row.key !== null && (alsoSaid.some((c) => c.key === row.key) || said.some((other, j) => j !== i && other.candidates.some((c) => c.key === row.key)));
    const others = borrowed
      ? endedBy
          .filter((_, j) => j !== i && said[j]!.change.to === undefined)
          .flat()
          .filter(fits)
      : [];
    if (borrowed) rows = others.filter((r) => !replacedInTurn(r.row));
    const takenInTurn = others.length > 0 && rows.length === 0;
    if (to !== undefined && rows.length === 0 && change.back) {
      const older = held.find((h) => !h.active && h.key && about(h, to));
      if (older) rows = held.filter((h) => h.active && h.key === older.key).map((row) => ({ row, old: to }));
      // "Back to vegetarian": the older belief, as it was said, unless the clause says it again itself.
      if (older && !candidates.some((c) => naming(c.statement, to)))
        beliefs.push({ type: 'fact', key: older.key, statement: older.statement, scope: 'universal', confidence: 0.8 });
    }
    // "…the Amsterdam marathon instead": the user's latest belief of the same kind is what it replaces.
    if (to !== undefined && rows.length === 0 && change.instead) {
      const mine = candidates.find((c) => c.key && naming(c.statement, to));
      const latest = mine && held.find((h) => h.active && h.key && sameKind(h.key, mine.key!) && !naming(h.statement, to));
      if (latest) rows = [{ row: latest, old: '' }];
    }
    for (const { row, old } of rows) {
      end(row, old);
      // "a dog named Rex and a cat called Mango": what the belief said of the others stays, unless the turn said its new value.
      const rest = replacedInTurn(row) ? null : without(row, old);
      if (rest && readsAsFact(rest)) beliefs.push(restating(rest));
    }
    // What else the clause said stays, unless it speaks of what ended ("I gave up the cello").
    if (to === undefined) {
      // "Selling it next week": what the clause said of "it" is said of what it ended.
      const ofIt = (c: Candidate) => rows.length > 0 && /\b(?:it|them)\b/i.test(c.statement);
      beliefs.push(...candidates.filter((c) => !ofIt(c) && !change.ends.some((thing) => naming(c.statement, thing))));
      continue;
    }
    // "started at Southerly this week, manager there is Priyanka": what the clause said of something else stays.
    beliefs.push(
      ...candidates.filter(
        (c) => !naming(c.statement, to) && !change.ends.some((t) => naming(c.statement, t)) && !rows.some(({ old }) => old && naming(c.statement, old)),
      ),
    );
    // A thing of a known category ("moved to VS Code") is never a home.
    const notAHome = (c: Candidate) => !((categoryOf(to) !== undefined || change.role === 'org' || change.role === 'team') && c.key === 'user.location');
    const own = candidates.filter((c) => naming(c.statement, to) && notAHome(c) && !rows.some(({ row, old }) => naming(c.statement, old) && c.key !== row.key));
    const first = rows[0];
    const kinded = own.filter((c) => c.key && kindOfKey(c.key));
    // Said as a place or an organisation, not in the words of its kind ("The user is at Meta"): said the held belief's way.
    // "I'm at Finvia now" beside "The user is a nurse at Qorvo": the job stays, at the new employer.
    if (byRole && first && kinded.length > 0 && change.role === 'org' && first.row.key && kindOfKey(first.row.key)?.kind === 'role') {
      const again = restated(first.row, first.old, to, replaced, change.dwelling);
      beliefs.push(...(again ? [restating(again)] : []), ...own);
    } else if (byRole && first && (kinded.length === 0 || SAID_ANEW.has(change.role))) {
      // A diet is said anew, whatever else the old belief said with it.
      const again = SAID_ANEW.has(change.role!) ? anew(change.role!, to, first.old, change.for) : restated(first.row, first.old, to, replaced, change.dwelling);
      if (again) beliefs.push(restating(again));
    } else if (own.length && first && !own.some(ofSomeoneElse))
      beliefs.push(...own.map((c) => (c.key && kindOfKey(c.key) ? c : { ...c, key: keyFor(first.row, to, first.old) })));
    // Nothing held is replaced: the clause stands as it was said, and a new value of a role or a tool in its kind's words.
    else if (!first) {
      // A change that named what it replaces, held by nobody, took no ended thing's place.
      const anew = saidAnew(change, to, candidates.filter(notAHome), takenInTurn || (change.ends.length > 0 && endedBy[i]!.length === 0) ? [] : replaced);
      // Said in a role's words, the new value's own statement outside the catalogue is that role's, said twice ("my boss's Henrike now").
      const twice = (c: Candidate) => anew !== null && naming(c.statement, to) && (c.key === null || (change.role !== undefined && !kindOfKey(c.key)));
      beliefs.push(...candidates.filter((c) => notAHome(c) && !twice(c)), ...(anew ? [anew] : []));
    } else if (first) {
      // A new plan in an ended one's place is said anew: nothing else the old plan said holds of it.
      // A workplace held in no kind's words ("works weekends at mugg and bean in Rosebank") gives the new one in the employer's.
      const workplace = change.role === 'org' && !(first.row.key && kindOfKey(first.row.key));
      // "a senior caseworker rather than policy": a job title in a job's place is the whole title, not a word of the old one.
      const title = change.role === 'job' && first.row.key !== null && kindOfKey(first.row.key)?.kind === 'role';
      const again =
        change.role === 'plan' || workplace || title ? anew(change.role!, to, first.old) : restated(first.row, first.old, to, replaced, change.dwelling);
      if (again) beliefs.push(restating(again));
    }
  }
  return { beliefs: beliefs.flatMap((b) => (restatements.has(b) ? withoutEnded(b, replaced) : [b])), retract };
}

/**
 * What the turn said or restated, without a thing another of its clauses ended: "switched to Darktable |
 * no more Lightroom" leaves no Lightroom in what became of "edits in Lightroom and Capture One".
 */
function withoutEnded(belief: Candidate, ended: string[]): Candidate[] {
  const thing = ended.find((t) => t !== IT && t !== PLAN && naming(belief.statement, t));
  if (thing === undefined) return [belief];
  const span = naming(belief.statement, thing)!;
  const item = listItemDropped(belief.statement, span);
  if (item) return [{ ...belief, statement: item }];
  const rest = without({ id: '', key: belief.key ?? null, statement: belief.statement, active: true }, thing);
  return rest && readsAsFact(rest) ? [rest] : [];
}

/** "in Lightroom and Darktable, since…" without "Lightroom": an item of a list of names goes with its "and" or comma. */
function listItemDropped(statement: string, [from, to]: [number, number]): string | null {
  const next = /^(?: and | & |, )(?=\p{Lu})/u.exec(statement.slice(to));
  if (next && /^\p{Lu}/u.test(statement.slice(from))) return `${statement.slice(0, from)}${statement.slice(to + next[0].length)}`;
  const before = /(?:,? and | & |, )$/.exec(statement.slice(0, from));
  if (before && /^\p{Lu}/u.test(statement.slice(from))) return `${statement.slice(0, from - before[0].length)}${statement.slice(to)}`;
  return null;
}
