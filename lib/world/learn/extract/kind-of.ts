import { KINDS, kindNamed, kindOfKey, type Kind } from '../../kinds.ts';
import { FOR_WORK, MAKES, PASTIMES, UNITS } from './vocabulary/pastimes.ts';
import { slug, withArticle } from '../../text.ts';
import { categoryOf, namedOf, PERSON_OF_A_THING } from './vocabulary/categories.ts';
import { PARTNER_TITLES } from './vocabulary/family.ts';
import { isPet } from './vocabulary/pets.ts';
import { dietNamed, KEPT_BY } from './vocabulary/diet.ts';
import { DWELLING } from './vocabulary/holdings.ts';
import { BOSS_WORDS, JUDGED_WORDS, ROLE_NOUNS } from './vocabulary/work.ts';
import { tag, type Term } from './voice.ts';
import { bossSaid, dietSaid, employerSaid, keySaid, titleSaid } from './kind-said.ts';
import type { Candidate } from '../../../ports/beliefs.ts';

/**
 * A statement learned under a key of its own words (`user.do.editing`, `user.start.bouldering`)
 * put in its kind of the catalogue (kinds.ts), so a question naming the kind finds it and a new
 * value of the kind replaces it: a thing of one of the kind's categories ("all my editing in
 * Emacs": an editor, a tool), a noun phrase headed by one of the kind's words ("the payments
 * project"), or one of the kind's verbs before an -ing activity ("started bouldering": a hobby).
 * Its key becomes the kind's, with the value (`user.tool.emacs`, `user.project.payments`).
 */

const CATALOGUE: readonly Kind[] = KINDS;
const BY_CATEGORY = new Map<string, Kind>(CATALOGUE.flatMap((k) => (k.things ?? []).map((c) => [c, k] as const)));
/** Kinds whose words name people, animals or tastes, not a thing of the user's a modifier names ("the football kids" are no child). */
const NOT_HEADED = new Set(['child', 'relative', 'pet', 'likes', 'favorite', 'preference']);
/** Each several-value kind by its one-word words (the first kind that lists a word keeps it). */
const BY_HEAD = new Map<string, Kind>();
for (const k of CATALOGUE) {
  if (k.one_value || NOT_HEADED.has(k.kind)) continue;
  for (const w of k.words) if (!w.includes(' ') && !k.things?.includes(w) && !BY_HEAD.has(w)) BY_HEAD.set(w, k);
}
const BY_VERB = new Map<string, Kind>(CATALOGUE.flatMap((k) => (k.takes ?? []).map((v) => [v, k] as const)));
/** Past verbs whose object the user has since: "developed a nut allergy", "joined the payments project". */
const BECAME = new Set(['develop', 'start', 'begin', 'join', 'adopt', 'take', 'pick', 'get']);
/** Activities that are no pastime ("started working", "going shopping" is not a hobby either way). */
const NO_ACTIVITY = /^(?:work|liv|us|do|go|gett|try|tak|mak|look|think|feel|plan|learn|study|see|hav|com|shopp|wonder|eat|drink)ing$/;

/** Kinds whose things are names: one word counts only as written with a capital ("Teams", not "switched teams"). */
const NAMES = new Set(['tool', 'programming_language']);
const PERSON_OF = new RegExp(`\\b(?:${PERSON_OF_A_THING.join('|')})$`, 'i');
/** A past statement that says what the user has now: "switched over to VS Code", "moved to Postgres". */
const SWITCHED = /^The user (?:has )?(?:switched|moved|changed|migrated|converted|gone|went|started using|began using)\b/;

/** What the user came to have: bought, got, picked up. */
const ACQUIRED = /^The user (?:has |have |just |finally )*(?:bought|got|picked up|purchased|leased|financed|ordered)\b/;

const DIET_KEY = kindNamed('diet').key;
const TEAM_KEY = kindNamed('team').key;

/** The user's own statement under its kind's key, or as it was when no kind fits or it is said of someone else. */
export function inKind(c: Candidate): Candidate {
  // "The user does not drink coffee": what the user does not do or have is no value of its kind.
  if (/^The user (?:[a-z]+ )?(?:not|never)\b/.test(c.statement)) return c;
  // "The user is eating meat again" is the diet, whatever a phrase made of it ("eating" is no pastime).
  if (dietSaid(c.statement)) return { ...c, key: DIET_KEY };
  // A decision is the weakest reading of what the user did ("picked up a second staffy pup, Ruby" is a pet), and work
  // the user is on that a team's word names is the team ("working on the payments squad").
  const held = c.key ? kindOfKey(c.key)?.kind : undefined;
  const own = held === undefined || held === 'decision' || held === 'project' || held === 'role' || held === 'employer' ? keySaid(c.statement) : undefined;
  if (own && (held === undefined || held === 'decision' || own.key === TEAM_KEY)) return { ...c, ...own };
  // "picked up a Kia Niro on finance": a thing of a kind the user got is theirs of that kind, not only a decision.
  if (held && !(held === 'decision' && ACQUIRED.test(c.statement))) return c;
  // "The user has taken over as farm manager since…": a title the user came to hold is their job title now.
  const title = titleSaid(c.statement);
  if (title) return { ...c, key: kindNamed('role').key, statement: `The user is ${withArticle(title)}` };
  // "The user answers to Declan these days": whom the user answers to is their manager.
  const boss = bossSaid(c.statement);
  if (boss) return { ...c, key: kindNamed('manager').key, statement: `The user's manager is ${boss}` };
  const employer = employerSaid(c.statement);
  if (employer) return { ...c, key: kindNamed('employer').key, statement: `The user works at ${employer}` };
  if (!c.key && !SWITCHED.test(c.statement)) return c;
  const said = /^The user(?:'s (?<owner>[^.]+?))? (?<verb>is|are|was|were|has|have|does|do|[a-z]+s|[a-z]+ed)\b(?<predicate>.*)$/.exec(c.statement);
  if (!said) return c;
  const { owner, verb, predicate } = said.groups!;
  // Tagged only when its last word may name a kind: most statements are not "my <title> is …".
  const last = owner?.split(' ').at(-1)?.toLowerCase() ?? '';
  const mayName = BY_TITLE.has(last) || BY_HEAD.has(last) || BY_CATEGORY.has(last);
  const titled = owner && mayName && /^(?:is|are)$/.test(verb!) ? ownKindKey(tag(owner), tag(predicate!.trim())) : undefined;
  // A person is said by their name alone: "The user's thesis supervisor is Bu Ratna", not "… is Bu Ratna now, from finance".
  if (titled) return { ...c, key: titled.key, ...(titled.name && { statement: `The user's ${owner} is ${titled.name}` }) };
  // "The user has a sensitivity to gluten" (the phrase table's "I have …"): a kind's word heading what the user has.
  const words = predicate!.toLowerCase().split(/[^\p{L}-]+/u);
  if (!owner && /^(?:has|have)$/.test(verb!) && words.some((w) => BY_HEAD.has(w))) {
    const had = kindKeyOf('have', tag(predicate!.trim()), '');
    if (had) return { ...c, key: had };
  }
  if (!owner && /^(?:is|are)$/.test(verb!) && predicate!.split(/[^\p{L}-]+/u).some((w) => ROLES.has(w.toLowerCase())) && isRole(tag(predicate!.trim())))
    return { ...c, key: kindNamed('role').key };
  // "The user is a winemaker at Viña Piedra Alta": a doer's noun at a named place of work is the user's job.
  const doer = DOER_AT.exec(c.statement)?.groups;
  if (doer && !JUDGED.has(doer.head!.toLowerCase()) && !NO_JOB.test(doer.head!) && tag(`a ${doer.head}`)[1]?.tags.has('Actor'))
    return { ...c, key: kindNamed('role').key };
  // "The user uses bitrise for CI": what it is used for names its kind, whatever the tool.
  const usedFor = USED_FOR.exec(c.statement)?.groups;
  const forKind = usedFor ? BY_CATEGORY.get(usedFor.what!.toLowerCase()) : undefined;
  if (forKind && usedFor!.x!.split(' ').length <= 3) return { ...c, key: `${forKind.key}.${slug(usedFor!.x!)}` };
  const category = categoryOf(predicate!);
  const kind = category ? BY_CATEGORY.get(category) : undefined;
  if (!kind || (owner && !owner.split(' ').some((w) => kind.words.includes(w.toLowerCase())))) return c;
  const switched = SWITCHED.test(c.statement) || /\b(?:from|off)\b.*\b(?:to|onto)\b/.test(predicate!);
  // What the user switched to comes last ("from Python to Go"); else the first thing named.
  const named = namedOf(predicate!, category!)
    .map((w) => ({ w, at: predicate!.toLowerCase().indexOf(w) }))
    .sort((a, b) => (switched ? b.at - a.at : a.at - b.at));
  const value = named.find(({ w, at }) => !NAMES.has(kind.kind) || /\s|[^\p{L}]|\p{Lu}/u.test(predicate!.slice(at, at + w.length)))?.w;
  if (!value) return c;
  // "The user is a hazy IPA after close" (said on from "I'm a cortado girl, and…"): a drink the user is said to be is one they drink.
  const drunk = kind.kind === 'drink' && !owner && verb === 'is' ? /^ an? (?<what>.+)$/.exec(predicate!)?.groups?.what : undefined;
  const statement = drunk && !PERSON_OF.test(drunk) ? `The user drinks ${drunk}` : c.statement;
  return { ...c, key: `${kind.key}.${slug(value)}`, statement };
}

/**
 * The kind key of a clause the generic rule read, by its terms after the verb (`lemma`): one of a
 * kind's verbs (with its particle) before an -ing activity (`thing`, the predicate's first thing),
 * or a noun phrase headed by a kind's word. A `past` event is no state, unless it began one
 * ("developed a tree nut allergy").
 */
export function kindKeyOf(lemma: string, predicate: Term[], thing: string, past = false): string | undefined {
  // "I keep to low-carb eating", "I stick to a keto diet": a diet kept by another verb than "be".
  if (!past && KEPT_BY.has(lemma) && dietNamed(predicate.map((t) => t.text))) return kindNamed('diet').key;
  // "I run on yerba mate": what the user runs on is a thing of its kind (inKind keys it), no pastime.
  if (/^on$/i.test(predicate[0]?.text ?? '') && BY_CATEGORY.has(categoryOf(predicate.map((t) => t.text).join(' ')) ?? '')) return undefined;
  // "I swim in the sea every morning", "I crochet blankets", "I run marathons": the pastime a verb names, unless it is the user's work.
  const pastime = PASTIMES.get(lemma);
  if (pastime && !past && pastimeHere(lemma, predicate)) return `${kindNamed('hobby').key}.${pastime}`;
  const next = predicate[0]?.text.toLowerCase() ?? '';
  const byVerb = BY_VERB.get(`${lemma} ${next}`) ?? BY_VERB.get(lemma);
  const last = thing.split(' ').at(-1)?.toLowerCase() ?? '';
  if (byVerb && /ing$/.test(last) && !NO_ACTIVITY.test(last)) return `${byVerb.key}.${slug(thing)}`;
  const activity = byVerb && activityOf(predicate);
  if (activity) return `${byVerb.key}.${slug(activity)}`;
  if (past && !BECAME.has(lemma)) return undefined;
  for (let i = 1; i < predicate.length; i++) {
    const t = predicate[i]!;
    // "the payments project": after a determiner and a noun, a kind's word heads the phrase whatever its tag.
    const head = t.tags.has('Noun') || (predicate[i - 1]!.tags.has('Noun') && predicate[i - 2]?.tags.has('Determiner'));
    const kind = head ? BY_HEAD.get(t.text.toLowerCase()) : undefined;
    // "an offer from Vantage Health": a kind's word that ends a name is the name's, not the kind's.
    const ofAName = /^\p{Lu}/u.test(t.text) && /^\p{Lu}/u.test(predicate[i - 1]!.text);
    if (!kind || ofAName || predicate[i + 1]?.tags.has('Noun')) continue;
    // "a sensitivity to gluten", "an allergy to latex": what the kind's word is to is its value.
    const to = /^to$/i.test(predicate[i + 1]?.text ?? '') && !predicate[i]!.post.trim() ? predicate[i + 2] : undefined;
    if (to?.tags.has('Noun') && !['Pronoun', 'Date', 'Verb'].some((n) => to.tags.has(n))) return `${kind.key}.${slug(to.text)}`;
    const modifiers: string[] = [];
    for (let j = i - 1; j > 0; j--) {
      const m = predicate[j]!;
      if (!m.tags.has('Noun') || m.tags.has('Pronoun') || m.tags.has('Possessive') || m.post.trim()) break;
      modifiers.unshift(m.text);
    }
    // Keyed on its subject: "a peanut allergy" is the peanut allergy, "a road trip" the road trip.
    const named = kind.key.endsWith(`.${t.text.toLowerCase()}`) ? modifiers : [...modifiers, t.text];
    if (modifiers.length) return `${kind.key}.${slug(named.join(' '))}`;
  }
  return undefined;
}

/** "go ice skating", "do wild swimming": the activity the tagger split, its -ing word with the one or two words that name its kind before it. */
function activityOf(predicate: Term[]): string | undefined {
  const at = predicate.slice(0, 3).findIndex((t) => /^\p{Ll}+ing$/u.test(t.text) && !NO_ACTIVITY.test(t.text));
  const words = predicate.slice(0, at + 1);
  const modifies = (t: Term) => (t.tags.has('Noun') || t.tags.has('Adjective')) && !t.tags.has('Pronoun') && !t.post.trim() && /^\p{Ll}+$/u.test(t.text);
  return at > 0 && words.slice(0, at).every(modifies) ? words.map((t) => t.text).join(' ') : undefined;
}

/** Whether a pastime's verb says the pastime: no object of its own, an object it makes or covers, none of the user's work. */
function pastimeHere(lemma: string, predicate: Term[]): boolean {
  const said = ` ${predicate.map((t) => t.text.toLowerCase()).join(' ')} `;
  if (FOR_WORK.some((w) => said.includes(` ${w} `))) return false;
  return !objectOf(predicate) || MAKES.has(lemma) || counted(predicate);
}

/** Whether a pastime's verb has an object of its own ("crochets blankets", "runs half marathons"): then it reads as said, not by its activity. */
export function pastimeObject(predicate: Term[]): boolean {
  return objectOf(predicate) || counted(predicate);
}

/** Whether the object is what a sport is counted in (UNITS), by its head: the last of its first run of nouns ("half marathons", "ten k"). */
function counted(predicate: Term[]): boolean {
  const noun = (t: Term | undefined) => !!t && (t.tags.has('Noun') || t.tags.has('Value'));
  let at = predicate.findIndex(noun);
  while (at >= 0 && noun(predicate[at + 1]) && !predicate[at]!.post.trim()) at++;
  // "5k": the tagger keeps its unit as a term of no text of its own.
  return UNITS.has(predicate[at]?.text.toLowerCase() ?? '') || (predicate[at]?.text === '' && predicate[at]!.tags.has('Unit'));
}

/** Kinds whose value a verb states by a name after it (kinds.ts `said_by`): "we're renting in Quito", "I drive for Uber". */
const SAID_BY = CATALOGUE.flatMap((k) => (k.said_by ? k.said_by.verbs.map((v) => [v, k] as const) : []));
/** Verbs of SAID_BY whose past still holds ("we settled in Porto"); the others' past is history ("I lived in Leeds"). */
const SAID_SINCE = new Set(['settle']);

/** The kind's key of a clause whose verb (`lemma`) states the kind's value by a name after it, and the statement in the kind's words when it has some. */
export function saidBy(lemma: string, predicate: Term[], past: boolean): { key: string; statement?: string } | undefined {
  if (past && !SAID_SINCE.has(lemma)) return undefined;
  for (const [verb, kind] of SAID_BY) {
    if (verb !== lemma) continue;
    const { before, as, not_a_place } = kind.said_by!;
    const first = predicate.findIndex((t) => before.includes(t.text.toLowerCase()));
    for (let i = Math.max(first, 0); i + 1 < predicate.length; i++) {
      if (!before.includes(predicate[i]!.text.toLowerCase())) continue;
      const from = predicate[i + 1]!.tags.has('Determiner') ? i + 2 : i + 1;
      // "in a PG in Koramangala": a kind of dwelling written in capitals is no place's name.
      if (!predicate[from] || !namesOne(predicate[from]!) || DWELLING_ALONE.test(predicate[from]!.text)) continue;
      let to = from + 1;
      while (predicate[to] && goesOn(predicate, to)) to++;
      // "for Lagos" names a place; "for Kettering City Schools" an employer named after one.
      if (not_a_place && to - from < 3 && predicate.slice(from, to).every((t) => t.tags.has('Place'))) continue;
      // Where, from the first of `before` to the name: "in a senior apartment in Baton Rouge", "on Fanø".
      const where = predicate
        .slice(first, to)
        .map((t, k, all) => `${/^(?:my|our)$/i.test(t.text) ? 'their' : t.text}${k < all.length - 1 && t.post.trim() === ',' ? ',' : ''}`)
        .join(' ');
      return { key: kind.key, ...(as && { statement: as.replace('{where}', where) }) };
    }
  }
  return undefined;
}

const DWELLING_ALONE = new RegExp(`^${DWELLING}$`, 'i');

/** Whether the name before `at` goes on with it: "Koramangala 5th Block", "Worthington, Ohio" (a place after a comma). */
function goesOn(predicate: Term[], at: number): boolean {
  const t = predicate[at]!;
  const between = predicate[at - 1]!.post.trim();
  if (between === ',') return t.tags.has('Place') && namesOne(t);
  if (between) return false;
  return namesOne(t) || (/^\d+(?:st|nd|rd|th)$/i.test(t.text) && !!predicate[at + 1] && namesOne(predicate[at + 1]!));
}

/** A place's or an organisation's name, as written: capitalised, not a person, a date or the user. */
function namesOne(t: Term): boolean {
  return /^\p{Lu}/u.test(t.text) && t.text !== 'I' && !['Person', 'FirstName', 'Date', 'Pronoun'].some((n) => t.tags.has(n));
}

/** A person's name as written: capitalised and not a nationality, a place, a date or the user ("Jostein", "Kristoffer"). */
const personsName = (t: Term) =>
  /^\p{Lu}/u.test(t.text) && t.text !== 'I' && !['Demonym', 'Place', 'Date', 'Adjective', 'Organization', 'Pronoun'].some((n) => t.tags.has(n));

/** One-value kinds of a person, by the title word the user calls them by ("my shift supervisor", "my team leader", "my hubby"). */
const BY_TITLE = new Map<string, Kind>([
  // A title's last word heads it: "team leader" makes "leader" a title ("my night-shift leader").
  ...BOSS_WORDS.map((w) => [w.split(' ').at(-1)!, kindNamed('manager')] as const),
  ...PARTNER_TITLES.map((w) => [w, kindNamed('partner')] as const),
]);

/**
 * The kind key of "my … is …" by what the user calls its subject (`owner`, the words after "my"):
 * a person by their title ("my shift supervisor is Tomasz" → the manager), a several-value kind by
 * one of its words ("my pastime is restoring boats" → a hobby, "my go-to editor is Vim" → a tool).
 * Someone else's ("my sister's manager") is no kind of the user's.
 */
const BOSS_TITLES: ReadonlySet<string> = new Set(BOSS_WORDS.filter((w) => w.includes(' ')));
const LIFE_PARTNER = /^(?:new|current|long|term|long-?term|longtime|life|de|facto|domestic|other|lovely|wonderful)$/i;

function ownKindKey(owner: Term[], predicate: Term[]): { key: string; name?: string } | undefined {
  const head = owner.at(-1);
  if (!head || owner.some((t) => t.tags.has('Possessive') || t.tags.has('ProperNoun'))) return undefined;
  const word = head.text.toLowerCase();
  // "my supervising partner" is a boss, said by its whole title; "my business partner", a partner at work or at play, no partner in life.
  const title = owner.map((t) => t.text.toLowerCase()).join(' ');
  const person = BOSS_TITLES.has(title) ? kindNamed('manager') : BY_TITLE.get(word);
  if (person?.kind === 'partner' && owner.slice(0, -1).some((t) => !LIFE_PARTNER.test(t.text))) return undefined;
  if (person) {
    const at = predicate.slice(0, 6).findIndex(personsName);
    return at < 0 ? undefined : { key: person.key, name: nameFrom(predicate, at) };
  }
  // A category's word names its kind only with one of its things ("my editor is Vim", not "my editor is Sarah").
  const thing = thingOf(predicate);
  // "CI" is a Roman numeral to the tagger: a category's own word is one whatever it is tagged.
  const kind =
    !head.tags.has('Noun') && !BY_CATEGORY.has(word) ? undefined : (BY_HEAD.get(word) ?? (categoryOf(thing) === word ? BY_CATEGORY.get(word) : undefined));
  return kind && thing ? { key: `${kind.key}.${slug(thing)}` } : undefined;
}

/** The capitalised words of a name from `at` on ("Bu Ratna", "Priya Shah"). */
function nameFrom(terms: Term[], at: number): string {
  const name = [terms[at]!.text];
  for (let i = at + 1; i < terms.length && personsName(terms[i]!) && !terms[i - 1]!.post.trim(); i++) name.push(terms[i]!.text);
  return name.join(' ');
}

const USED_FOR =
  /^The user (?:uses|is using|has been using|has used|relies on) (?<x>[\p{L}\d][\p{L}\d .+#-]*?) for (?:the |their |all (?:of )?their |all )?(?<what>[\p{L}-]+)$/iu;
const ROLES = new Set<string>(ROLE_NOUNS);
const DOER_AT = /^The user is an? (?:[\p{Ll}-]+ ){0,2}(?<head>[\p{Ll}-]+) (?:at|for|with) \p{Lu}/u;
/** Doers that are no job: a member, a fan, a customer of the place named. */
const NO_JOB = /^(?:member|fan|regular|customer|client|patient|supporter|subscriber|volunteer|player|runner|swimmer|reader|user|owner)$/i;
const JUDGED = new Set<string>(JUDGED_WORDS);

/**
 * Whether a predicate says what the user works as, by the job noun heading its first noun phrase:
 * "'Care Assistant' on paper", "a retired ship's engineer" (not "married to an engineer").
 */
function isRole(predicate: Term[]): boolean {
  for (const [i, t] of predicate.entries()) {
    const word = t.text.toLowerCase();
    // "a terrible cook", "an avid reader": a judgement, no job.
    if (JUDGED.has(word)) return false;
    // "Lead Technician", "engineering manager": the last job noun of the phrase heads it.
    if (ROLES.has(word) && !predicate[i + 1]?.tags.has('Noun'))
      return !predicate[i + 1] || ['Preposition', 'Conjunction'].some((n) => predicate[i + 1]!.tags.has(n)) || /[,.;!'"’”]/.test(t.post);
    // A title written with capitals is one, whatever the tagger makes of its words ("Care Assistant").
    const titled = /^\p{Lu}/u.test(t.text) && /^\p{Lu}/u.test(predicate[i + 1]?.text ?? '');
    if (!titled && (!['Determiner', 'Adjective', 'Noun'].some((n) => t.tags.has(n)) || t.tags.has('Pronoun') || t.tags.has('Preposition'))) return false;
  }
  return false;
}

/** What a predicate names first: a noun or an activity, with the words that complete it ("fixing up old radios" → "fixing up old radios", "a Pixel 8" → "Pixel 8"), at most four. */
function thingOf(predicate: Term[]): string {
  const from = predicate.findIndex((t) => (t.tags.has('Noun') || t.tags.has('Gerund')) && !t.tags.has('Pronoun') && !t.tags.has('Determiner'));
  if (from < 0) return '';
  const words: string[] = [];
  for (const [i, t] of predicate.slice(from, from + 4).entries()) {
    // "a redesign of the checkout" ends at "of"; "fixing up old radios" goes on.
    if (i > 0 && t.tags.has('Preposition') && !predicate[from + i - 1]!.tags.has('Gerund')) break;
    words.push(t.text);
    if (t.post.trim()) break;
  }
  return words.join(' ');
}

/**
 * "we have a new shift supervisor, Marek" → "The user's new shift supervisor is Marek" under the
 * kind the title names (the manager), when a person's name follows the title.
 */
export function titledHave(predicate: Term[]): Candidate | undefined {
  const from = predicate.findIndex((t) => !t.tags.has('Determiner'));
  let head = from;
  while (head >= 0 && head + 1 < predicate.length && !predicate[head]!.post.trim() && predicate[head + 1]!.tags.has('Noun') && !namesOne(predicate[head + 1]!))
    head++;
  const kind = head >= 0 ? BY_TITLE.get(predicate[head]!.text.toLowerCase()) : undefined;
  if (!kind) return undefined;
  const at = predicate.findIndex((t, i) => i > head && personsName(t));
  if (at < 0 || at > head + 8) return undefined;
  const title = predicate.slice(from, head + 1).map((t) => t.text.toLowerCase());
  return {
    type: 'fact',
    key: kind.key,
    statement: `The user's ${title.join(' ')} is ${nameFrom(predicate, at)}`,
    scope: 'universal',
    confidence: 0.7,
  };
}

/**
 * "we have two dogs that run the farm, Pehuén and Chispa": each pet the clause names after its
 * word, one belief each (a later "Chispa died" ends Chispa alone).
 */
export function petsNamed(predicate: Term[]): Candidate[] {
  const at = predicate.findIndex((t) => isPet(t.text));
  if (at < 0) return [];
  const word = predicate[at]!.text.toLowerCase();
  const names: string[] = [];
  for (let i = at + 1; i < predicate.length; i++) {
    const t = predicate[i]!;
    const prev = predicate[i - 1]!;
    if (!namesOne(t) || t.tags.has('Place')) continue;
    // "Momo and Biscuit", "a cat, Praline": a name opens after the pet's word, a comma, "named" or "and"; a capital right after another continues it.
    if (i > at + 1 && !prev.post.trim() && namesOne(prev) && names.length) names[names.length - 1] += ` ${t.text}`;
    else if (i === at + 1 || prev.post.includes(',') || /^(?:and|named|called|&)$/i.test(prev.text)) names.push(t.text);
  }
  const several = names.length > 1 || /(?<!s)s$/.test(word);
  return names.map((name) => ({
    type: 'entity',
    key: `${kindNamed('pet').key}.${slug(name)}`,
    statement: several ? `${name} is one of the user's ${word}` : `The user has a ${word} named ${name}`,
    scope: 'universal',
    confidence: 0.7,
    aliases: ['pet', word],
  }));
}

/** Whether the verb takes an object ("run a bakery", "paint landscapes"), not a time, a place or a manner ("run every morning", "swim in the sea", "knit like it's my job"). */
function objectOf(predicate: Term[]): boolean {
  const first = predicate[0];
  if (!first || /^(?:like|every|each|most|some|all|daily|weekly|twice|once)$/i.test(first.text)) return false;
  // "I cycle to work": a way of getting somewhere, not a pastime.
  if (/^to$/i.test(first.text) && /^(?:work|school|uni|college|the)$/i.test(predicate[1]?.text ?? '')) return true;
  return (
    first.tags.has('Determiner') ||
    first.tags.has('Possessive') ||
    (first.tags.has('Noun') && !['Date', 'Duration', 'Pronoun', 'Value'].some((n) => first.tags.has(n)))
  );
}

/** The several-value kind a word names (kinds.ts `words` and `things`: "editor" is a tool, "hobby" a hobby). */
const BY_WORD = new Map<string, Kind>();
for (const k of CATALOGUE) if (!k.one_value) for (const w of [...k.words, ...(k.things ?? [])]) if (!BY_WORD.has(w)) BY_WORD.set(w, k);

/**
 * "Vim is my editor" → `user.tool.vim`: the key of the several-value kind `what` names, with
 * `value`. A one-value kind is never chosen so ("Painting is my work" ends no employer).
 */
export function keyNamedBy(what: string, value: string): string | undefined {
  const words = what.toLowerCase();
  // "my Friday knock-off drink": the last word heads what the user calls it, unless it is someone else's ("my brother's drink").
  const kind = BY_WORD.get(words) ?? (/'s?\b/.test(words) ? undefined : BY_WORD.get(words.split(' ').at(-1)!));
  return kind && `${kind.key}.${slug(value)}`;
}
