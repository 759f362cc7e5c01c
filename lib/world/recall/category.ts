/**
 * Category questions (API.md §7): a question that names a kind of fact in everyday words ("what
 * are my hobbies", "where do I work", "who's my manager", "my upcoming race") reaches the owner's
 * beliefs of that kind through the catalogue's `words` (lib/world/kinds.ts), and a word used in
 * another sense ("how TCP slow start works") does not. The user owns the kind's word when "my",
 * "I", "our" come before it, when a clause of theirs follows it ("the project I'm leading"), or
 * after "the" in a request of theirs ("who could walk the dog while I'm away"). A question that needs a kind without naming
 * it ("a snack for my hike", "who do I send my timesheet to") reaches it through the catalogue's
 * needs (NEEDS), unless the need is someone else's ("packing for his trip", "my sister's dinner",
 * "what recipes has Nate made").
 */
import { Remembered } from './owner-reads.ts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { IN_LIST_MAX } from '../../db/params.ts';
import { precompiledByShape } from '../../db/precompiled.ts';
import { RANKING } from './ranking.ts';
import { KINDS, kindNamed, kindOfKey, NEEDS, sameSubjectKeys, type Kind, type KindName, type Need } from '../kinds.ts';
import { categoryOf } from '../learn/extract/vocabulary/categories.ts';
import { isPet } from '../learn/extract/vocabulary/pets.ts';
import { keyNames } from '../../key-names.ts';
import { contentWords, normalizeStatement, stemWord } from '../text.ts';

/** Words before a category word that make the user its owner ("my hobbies", "where do I work", "am I working on", "our holiday"). */
const OWNERS = new Set(['my', 'i', "i'm", 'im', 'me', "i've", "i'd", "i'll", 'mine', 'myself', 'our']);
/** Kinds of people and animals of the user's: "my wife's birthday" asks of the wife. */
const PEOPLE_KINDS: ReadonlySet<string> = new Set(['partner', 'child', 'manager', 'pet']);
/** Kinds whose word comes before the thing it says of the user: "my fav film", "my favourite café". */
const BEFORE_THEIR_THING: ReadonlySet<string> = new Set(['favorite']);
/** The user among others: "while we're away" is a request of the user's household, though "can we make this work?" owns no work. */
const WE = new Set(['we', "we're", "we've", "we'll", 'us', 'ours']);
/** The user as the subject of a clause right after a noun, which makes the noun theirs: "the project I'm leading", "the firm we run". */
const SUBJECTS = new Set(['i', "i'm", 'im', "i've", "i'd", 'we', "we're", "we've"]);
/** Words before a noun that point at a thing both sides know: in a request of the user's, their own ("the kids", "both cats"). */
const KNOWN = new Set(['the', 'both']);
/** A request to the assistant, made of the user's own things without saying "my": "come up with names for the dogs' tags". */
const REQUEST =
  /^(?:(?:please|pls|can you|could you|would you)\s+)?(?:come up with|write|draft|suggest|recommend|give|make|help|plan|pick|find|list|name|brainstorm|think of|tell|create|compose|book|sort)\b/i;
/** Possessives of the user: a word after one is a noun. */
const POSSESSIVES = new Set(['my', 'our']);
/** Kinds that are a property of the thing named before them, not of the user, when something is named there. */
const PROPERTIES = new Set(['name', 'age']);
/** Words that open a clause of their own after a noun, ending its phrase: "the animals when we move", "the dogs while I'm out", "my missus who'll be there". */
const CLAUSE_OPENERS = new Set([
  'when',
  'while',
  'whilst',
  'before',
  'after',
  'if',
  'because',
  'until',
  'once',
  'since',
  'so',
  'who',
  "who'll",
  "who's",
  "who'd",
  'whom',
]);
/** Words that ask for a category ("what pets…", "which languages…", "how many kids…"). */
const ASKING = new Set(['what', 'which', 'many']);
/** Words before an event the user goes to or gets ready for: "going on holiday", "training for the race". */
const GOING_TO = new Set(['on', 'for', 'to', 'the', 'our', 'this', 'that']);
/** How far from the category word its owner may stand ("my upcoming half marathon race", "what pets do I have"). */
const OWNER_WINDOW = 3;
/** Words that ask rather than name ("when did I…", "why did I…"): a statement holding one ("when they were a kid") is not about the question. */
const ASKS = new Set(['when', 'why', 'where', 'how', 'what', 'who', 'whom', 'whose', 'which']);

/** A name as the subject of a question ("What recipes has Nate made?", "When did Caroline have a picnic?"): it asks about that person. */
const NAMED_SUBJECT =
  /\b(?:[Dd]o|[Dd]oes|[Dd]id|[Hh]as|[Hh]ave|[Hh]ad|[Ii]s|[Aa]re|[Ww]as|[Ww]ere|[Ww]ill|[Ww]ould|[Cc]an|[Cc]ould|[Ss]hould)\s+(?!I\b)\p{Lu}/u;
/** Words that make a question about someone else: a need it mentions is theirs ("my colleague is packing for his trip"). */
const SOMEONE_ELSE = new Set(['he', 'she', 'they', 'his', 'her', 'hers', 'their', 'theirs', 'him', 'them', "he's", "she's", "they're", "they've"]);

/** Words before a verb ("how to work", "does it work") and before a noun ("the work", "our team"): a cheap part-of-speech rule. */
const BEFORE_A_VERB = new Set([
  'to',
  'can',
  'could',
  'will',
  'would',
  'should',
  'does',
  'do',
  'did',
  'it',
  'that',
  'this',
  'which',
  'who',
  "doesn't",
  "don't",
  "didn't",
]);
const BEFORE_A_NOUN = new Set([
  'the',
  'a',
  'an',
  'our',
  'your',
  'their',
  'his',
  'her',
  'its',
  'these',
  'those',
  'some',
  'any',
  'no',
  'every',
  'each',
  'of',
  'for',
  'in',
  'at',
  'on',
  'with',
  'about',
  'from',
  'many',
  'more',
  'most',
  'other',
  'new',
  'old',
  'favorite',
  'favourite',
  // Verbs of liking and having take a noun: "does Ana like cats", "has Ana got dogs".
  'like',
  'love',
  'enjoy',
  'hate',
  'prefer',
  'has',
  'have',
  'had',
  'got',
  'own',
  'adopt',
  'adopted',
  'want',
]);

/**
 * A catalogue word used as a verb of something else than the user: after a word that comes
 * before verbs, or inflected with -s after a word that does not come before nouns ("how TCP slow
 * start works", "does it work"). "The team", "our work", "my projects", "John's goals" and "which cities…?" are nouns.
 */
function verbSense(words: string[], at: number): boolean {
  const before = words[at - 1] ?? '';
  // A question opening on "which"/"what" asks for the noun after it ("Which cities has John been to?", "what goals…").
  if (at === 1 && (before === 'which' || before === 'what')) return false;
  if (BEFORE_A_VERB.has(before)) return true;
  // A possessive comes before a noun: "John's goals", "Maria's dogs' names".
  const possessive = /'s$|s'$/.test(before);
  return /[^s']s'?$/.test(words[at]!) && before !== '' && !possessive && !BEFORE_A_NOUN.has(before);
}

/** What a question says about kinds: the kinds it asks for, and its words that name a kind in another sense. */
export interface Categories {
  /** Kinds the question names as the user's own, or needs (NEEDS). */
  kinds: Set<Kind>;
  /** Content words of the question that make nothing relevant alone: catalogue words used as verbs of something else ("how TCP slow start works") and the words that ask ("when did I…"). */
  otherSense: Set<string>;
  /** Words to look up for the kinds named: the words of each kind's key (`user.hobby` → hobby), and each need's head word. */
  keyWords: string[];
  /**
   * Words to look up, not to score by, for the beliefs of the kinds named that the catalogue does not key: each kind's
   * name family ("allergy", "allergic"); only for a question about the user.
   */
  familyWords: string[];
  /** The question's content words that named a kind ("hobbies", "work", "race"), each with the kinds it named. */
  kindWords: Map<string, Set<Kind>>;
  /** The question speaks of the user ("I", "my", "me"): only then may a belief come in by its meaning alone. */
  aboutTheUser: boolean;
  /** The question asks about someone else and not about the user ("what did Nate cook", "where is she going"). */
  aboutSomeoneElse: boolean;
}

/** Phrases (several words) by their first word, each with its place in the catalogue's order. */
type Phrases<T> = Map<string, { phrase: string[]; owner: T; order: number }[]>;

/** Everyday words of several owners, each one word by its stem and each phrase as written, with the owners that use it. */
function wordIndex<T>(owners: readonly T[], wordsOf: (owner: T) => readonly string[]): { byStem: Map<string, T[]>; phrases: Phrases<T> } {
  const byStem = new Map<string, T[]>();
  const phrases: Phrases<T> = new Map();
  let order = 0;
  for (const owner of owners) {
    for (const word of wordsOf(owner)) {
      const parts = normalizeStatement(word).split(' ');
      if (parts.length > 1) phrases.set(parts[0]!, [...(phrases.get(parts[0]!) ?? []), { phrase: parts, owner, order: order++ }]);
      else byStem.set(stemWord(parts[0]!), [...(byStem.get(stemWord(parts[0]!)) ?? []), owner]);
    }
  }
  return { byStem, phrases };
}

/** Words said inside a phrase that leave it the same phrase: "the stuff I'm actually into", "who I really report to". */
const INSIDE_A_PHRASE = new Set(['actually', 'really', 'still', 'currently', 'even', 'honestly', 'totally', 'mostly']);

/**
 * The phrases the words hold, in the catalogue's order, each with the index of its first and last word (words of
 * INSIDE_A_PHRASE between them aside): one pass over the words, not one per phrase.
 */
function phrasesIn<T>(phrases: Phrases<T>, words: string[]): { owner: T; start: number; end: number }[] {
  const found: { owner: T; start: number; end: number; order: number }[] = [];
  words.forEach((word, start) => {
    for (const { phrase, owner, order } of phrases.get(word) ?? []) {
      let at = start;
      const holds = phrase.every((p, j) => {
        if (j > 0) while (INSIDE_A_PHRASE.has(words[at] ?? '') && words[at] !== p) at++;
        return words[at++] === p;
      });
      if (holds) found.push({ owner, start, end: at - 1, order });
    }
  });
  return found.sort((a, b) => a.order - b.order || a.start - b.start);
}

/** The catalogue's words, with the kinds that use them. */
const { byStem: BY_STEM, phrases: PHRASES } = wordIndex<Kind>(KINDS, (k) => k.words);
/** The needs' words, with the needs that use them. */
const { byStem: NEED_BY_STEM, phrases: NEED_PHRASES } = wordIndex(NEEDS, (n) => n.words);

/** The kinds whose `things` hold a thing the text writes capitalised ("Rust", "Chef", "React": tools and programming languages). */
function namedThingKinds(text: string): Set<Kind> {
  const out = new Set<Kind>();
  for (const m of text.matchAll(/\p{Lu}[\p{L}\p{N}+#.]*/gu)) {
    const category = categoryOf(m[0].replace(/\.+$/, ''));
    if (category) for (const k of KINDS) if ((k as Kind).things?.includes(category)) out.add(k);
  }
  return out;
}

/**
 * The needs a question mentions as the user's: none when it speaks of someone else (SOMEONE_ELSE),
 * asks about someone named and not about the user (NAMED_SUBJECT: "what recipes has Nate made"),
 * or names a thing of another kind (a need word is then that thing's: "pack a struct in Rust", "a
 * Chef recipe", "a weather API in Go"), nor a need word right after another's possessive ("my
 * sister's dinner").
 */
function needsOf(text: string, words: string[]): Set<Need> {
  const needs = new Set<Need>();
  // "write her a list of who eats what while we're away": someone else named beside the user doing something is still the user's need.
  if ((words.some((w) => SOMEONE_ELSE.has(w)) && !words.some((w) => SUBJECTS.has(w))) || (!words.some((w) => OWNERS.has(w)) && NAMED_SUBJECT.test(text)))
    return needs;
  const another = (at: number) => /'s$/.test(words[at - 1] ?? '') && contentWords(words[at - 1]!).length > 0;
  words.forEach((word, i) => {
    if (!another(i)) for (const need of NEED_BY_STEM.get(stemWord(word)) ?? []) needs.add(need);
  });
  for (const { owner, start } of phrasesIn(NEED_PHRASES, words)) if (!another(start)) needs.add(owner);
  const needed = new Set([...needs].flatMap((n) => n.kinds));
  if ([...namedThingKinds(text)].some((k) => !needed.has(k.kind as KindName))) return new Set();
  return needs;
}

/** Where a phrase ends inside a question: a stop, a comma, a question mark, a bracket, a spaced dash ("our research database? exact search string"). */
const PHRASE_END = /[.,;:!?()[\]]+|\s[-–—]+\s/;

/** A text's words (as normalizeStatement writes them) and the places of the words that end a phrase. */
function phrased(text: string): { words: string[]; ends: Set<number> } {
  const words: string[] = [];
  const ends = new Set<number>();
  for (const part of text.split(PHRASE_END)) {
    const some = normalizeStatement(part);
    if (!some) continue;
    words.push(...some.split(' '));
    ends.add(words.length - 1);
  }
  return { words: words.length > 0 ? words : [''], ends };
}

const PET_KINDS = [kindNamed('pet')];
/** The kinds a word names ("hobbies", "squad"); any animal a pet can be names the pet ("my rabbits", "the guinea pigs"). */
function kindsOfWord(word: string, before = ''): readonly Kind[] | undefined {
  return BY_STEM.get(stemWord(word)) ?? (isPet(word) || isPet(`${before} ${word}`) ? PET_KINDS : undefined);
}

/** What separates the items of a list: "name, band, ward", "course + year", "kids' names & ages", "job title and company". */
const LIST_SEPARATOR = /[,;:()+&/|.!?]+|\s[-–—]+\s|\s(?:and|or|plus)\s/i;
/** Words that may open a list item without making it longer: "my role", "the dog", "and where". */
const ITEM_OPENERS = new Set(['my', 'our', 'the', 'and', 'any', 'current', 'which', 'what', 'who', "who's", 'whos', 'also', 'plus', 'both']);
/** The most words a list item holds besides its openers: "home suburb", "job title", "supervisor's name", "long term conditions". */
const ITEM_WORDS = 3;
/** Words that open an item naming a thing of no one in particular. */
const INDEFINITE = new Set(['a', 'an', 'some', 'another']);
/** The items naming kinds that make a list the user's without "my" or "I" in it. */
const LIST_OF_KINDS = 3;

/**
 * Kinds named as the items of a list the user gives ("name, band, ward, who I report to"; "title, squad, manager"):
 * each short item that holds a kind's word asks for that kind; a name or an age after another kind's word is that
 * kind's ("supervisor's name"). A list needs three items or more, or two after a colon ("the basics: name, age").
 */
function listedKinds(text: string, firstPerson: boolean): { kind: Kind; word: string }[] {
  const items = text.split(LIST_SEPARATOR).map((part) => normalizeStatement(part).split(' ').filter(Boolean));
  if (items.filter((i) => i.length > 0).length < (text.includes(':') ? 2 : 3)) return [];
  const found: { kind: Kind; word: string }[] = [];
  let naming = 0;
  for (const item of items) {
    const opens = item.findIndex((w) => !ITEM_OPENERS.has(w));
    const rest = opens < 0 ? [] : item.slice(opens);
    // "a dog, a cat and a manager": things of no one in particular.
    if (rest.length === 0 || rest.length > ITEM_WORDS || INDEFINITE.has(rest[0]!)) continue;
    const before = found.length;
    const kindsAt = rest.map((w, i) => kindsOfWord(w.replace(/'s?$/, ''), rest[i - 1]));
    rest.forEach((w, i) => {
      const own = kindsAt[i];
      if (!own || (own.some((k) => PROPERTIES.has(k.kind)) && i > 0 && kindsAt[i - 1])) return;
      for (const kind of own) found.push({ kind, word: w.replace(/'s?$/, '') });
    });
    for (const { owner, end } of phrasesIn(PHRASES, rest)) found.push({ kind: owner, word: rest[end]! });
    if (found.length > before) naming++;
  }
  // Without the user in it, a list is theirs when it is a form's: three kinds or more ("induction form: suburb, job title, crew").
  return firstPerson || naming >= LIST_OF_KINDS ? found : [];
}

/** The kinds a question names as the user's own or needs, and its catalogue words used otherwise. */
export function categoriesOf(text: string): Categories {
  const { words, ends } = phrased(text);
  const kinds = new Set<Kind>();
  const other = new Set<string>();
  const named = new Map<string, Set<Kind>>();
  const name = (word: string, kind: Kind) => named.set(word, new Set([...(named.get(word) ?? []), kind]));
  const firstPerson = words.some((w) => OWNERS.has(w) || WE.has(w));
  const ownThings = firstPerson || REQUEST.test(text.trim());
  // Each word's kinds, looked up once: the checks below read a word's neighbours' too.
  const wordKinds = words.map((word, i) => kindsOfWord(word.replace(/'s$|(?<=s)'$/, ''), words[i - 1]));
  // "where we're going on holiday", "when do I leave for the race": the user goes to the event they are the subject of.
  const goneOnBy = (at: number) =>
    (wordKinds[at]?.every((k) => k.dated === 'event') ?? false) &&
    GOING_TO.has(words[at - 1] ?? '') &&
    words.slice(Math.max(0, at - OWNER_WINDOW - 1), at - 1).some((w) => SUBJECTS.has(w));
  // "my hobbies", "where do I work"; or asked for, the user named after it: "what pets do I have", "which languages do I speak";
  // or the user the subject of a clause after it: "the project I'm leading".
  const owned = (at: number) =>
    words.slice(Math.max(0, at - OWNER_WINDOW), at).some((w) => OWNERS.has(w)) ||
    (!ends.has(at) && SUBJECTS.has(words[at + 1] ?? '')) ||
    (KNOWN.has(words[at - 1] ?? '') && ownThings) ||
    (ASKING.has(words[at - 1] ?? '') && words.slice(at + 1, at + 1 + OWNER_WINDOW).some((w) => OWNERS.has(w) || WE.has(w))) ||
    goneOnBy(at);
  // A name or an age is of whatever the word before it names: "my cat called", "my manager's name" ask of the cat, the manager.
  const property = (at: number) => wordKinds[at]?.some((k) => PROPERTIES.has(k.kind)) ?? false;
  const ofAnother = (at: number) => property(at) && (wordKinds[at - 1] !== undefined || /'s$/.test(words[at - 1] ?? ''));
  // A kind is asked for when its word ends the phrase: "where do I work?", "my kids", not "do I enjoy painting" (about painting).
  // So is a noun after "my" or "our" that an -ing word follows, the subject of what it does: "my lead asking to move our 1:1".
  const headed = (at: number) =>
    ends.has(at) ||
    at + 1 >= words.length ||
    CLAUSE_OPENERS.has(words[at + 1]!) ||
    contentWords(words[at + 1]!).length === 0 ||
    property(at + 1) ||
    (POSSESSIVES.has(words[at - 1] ?? '') && /^\p{L}{3,}ing$/u.test(words[at + 1]!));
  words.forEach((word, i) => {
    const found = wordKinds[i];
    if (!found) return;
    if (owned(i)) {
      // "my gf's bday", "my wife's birthday": someone of the user's, whose day or thing the question is about, is asked for.
      const whose = /'s$|s'$/.test(word) && found.some((k) => PEOPLE_KINDS.has(k.kind));
      // "my sister's favourite colour" is the sister's.
      const favourite = found.some((k) => BEFORE_THEIR_THING.has(k.kind)) && !/'s$/.test(words[i - 1] ?? '');
      // "should I lead with my strengths": a boss's word right after the user is what they do.
      if (found.every((k) => k.kind === 'manager') && SUBJECTS.has(words[i - 1] ?? '')) return;
      if ((!headed(i) && !whose && !favourite) || ofAnother(i)) return;
      for (const k of found) {
        kinds.add(k);
        name(word.replace(/'s$/, '').replace(/'/g, ''), k);
      }
    } else if (verbSense(words, i)) other.add(word.replace(/'/g, ''));
  });
  for (const word of words) if (ASKS.has(word)) other.add(word);
  // A phrase is the user's by what stands before its first word or its last ("what time zone should my…"), or by an owner inside it ("how old am I").
  for (const { owner, start, end } of phrasesIn(PHRASES, words))
    if ((owned(start) || owned(end) || words.slice(start, end + 1).some((w) => OWNERS.has(w) || WE.has(w))) && headed(end)) kinds.add(owner);
  for (const k of listedKinds(text, firstPerson)) {
    kinds.add(k.kind);
    name(k.word, k.kind);
  }
  const needs = needsOf(text, words);
  for (const need of needs) for (const name of need.kinds) kinds.add(kindNamed(name));
  const heads = [...needs].flatMap((n) => (n.head ? [n.head] : []));
  const content = new Set(contentWords(text));
  return {
    kinds,
    otherSense: new Set([...other].filter((w) => content.has(w))),
    kindWords: new Map([...named].filter(([w]) => content.has(w))),
    keyWords: [...new Set([...[...kinds].flatMap((k) => contentWords(keyNames(k.key))), ...heads])],
    // A belief kept under no catalogue key is reached by the kind's name family only for a question about the user.
    familyWords: firstPerson ? [...new Set([...kinds].flatMap((k) => NAME_FAMILIES.get(k)!))] : [],
    aboutTheUser: firstPerson,
    aboutSomeoneElse: !firstPerson && (words.some((w) => SOMEONE_ELSE.has(w)) || NAMED_SUBJECT.test(text)),
  };
}

/**
 * The words that name a kind itself: its key's name and those of its everyday words of the same
 * family, which open with that name's first letters but the last ("allergy": allergic, allergies;
 * "hobby": hobbies; "intolerance": intolerant). A statement kept under no catalogue key that holds
 * one ("The user is allergic to cashews") is of the kind.
 */
function nameFamily(kind: Kind): string[] {
  const names = contentWords(keyNames(kind.key));
  const opens = names.map((n) => n.slice(0, Math.min(5, n.length - 1)));
  const family = [...names, ...kind.words.filter((w) => !w.includes(' ') && opens.some((o) => w.startsWith(o)))];
  // One word a stem: the index matches by stem ("hobbies" is "hobby").
  return family.filter((w, i) => family.findIndex((v) => stemWord(v) === stemWord(w)) === i);
}
const NAME_FAMILIES = new Map<Kind, string[]>(KINDS.map((k) => [k, nameFamily(k)]));

/** Whether a text is one of the catalogue's everyday words for a kind ("plan", "hobbies", "can't eat"): it names a kind, not one belief. */
export function isCategoryWord(text: string): boolean {
  const words = normalizeStatement(text).split(' ');
  if (words.length > 1) return (PHRASES.get(words[0]!) ?? []).some(({ phrase }) => phrase.join(' ') === words.join(' '));
  return BY_STEM.has(stemWord(words[0]!));
}

/**
 * Whether a belief is of one of the kinds a question names: by its key (`user.hobby.chess` is a
 * hobby), or, when the catalogue does not key it (no key, or a learned `user.` slot outside the
 * catalogue), by a word it holds (`holds`: the query words it matched, and the name family's words
 * looked up beside them) of a kind's name family ("The user confirmed lactose intolerance" is an
 * intolerance, "The user is allergic to cashews" an allergy).
 */
export function ofKinds(key: string | null, kinds: ReadonlySet<Kind>, holds: (word: string) => boolean = () => false): boolean {
  if (kinds.size === 0) return false;
  const kind = key === null ? undefined : kindOfKey(key);
  if (kind) return kinds.has(kind);
  if (key !== null && !key.startsWith('user.')) return false;
  return [...kinds].some((k) => NAME_FAMILIES.get(k)!.some(holds));
}

/**
 * Row ids of the owner's active beliefs of these kinds, found by key (a one-value kind's keys, a
 * several-value kind's key prefix), the most recent RANKING.category.byKey per kind asked for (a
 * snack's diet is not crowded out by five newer allergies): a question naming a kind
 * reaches its beliefs even when they share no indexed word with it ("our holiday" → `user.plan.sicily`:
 * "plan" is a filler word the index never holds).
 */
export async function kindRowids(database: Database, owner: string, kinds: ReadonlySet<Kind>, remember = Remembered.none): Promise<number[]> {
  if (kinds.size === 0) return [];
  const terms = [...kinds].flatMap((k): KeyTerm[] => (k.one_value ? sameSubjectKeys(k).map((key) => [key]) : [[`${k.key}.`, `${k.key}.\uffff`]]));
  const limit = RANKING.category.byKey * kinds.size;
  return remember.read(JSON.stringify(['kinds', owner, terms, limit]), async () => {
    // A statement binds at most IN_LIST_MAX parameters (D1 and Durable Objects refuse past 100): many kinds' keys are read in parts.
    const parts = await Promise.all(
      termsWithin(terms).map((part) => {
        const shape = part.map((t) => (t.length === 1 ? KEY : RANGE)).join('');
        return kindRowidsQuery(
          database,
          `${shape} ${limit}`,
          part.flatMap((t) => [owner, 'active', ...t]),
        );
      }),
    );
    const rows = parts.length === 1 ? parts[0]! : parts.flat().sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.rid - a.rid));
    return rows.slice(0, limit).map((r) => Number(r.rid));
  });
}

/** The terms in parts whose parameters (owner, status and a key or two bounds each) stay within IN_LIST_MAX. */
function termsWithin(terms: KeyTerm[]): KeyTerm[][] {
  const parts: KeyTerm[][] = [[]];
  let bound = 0;
  for (const t of terms) {
    if (bound + 2 + t.length > IN_LIST_MAX) {
      parts.push([]);
      bound = 0;
    }
    parts.at(-1)!.push(t);
    bound += 2 + t.length;
  }
  return parts;
}

/** One term of a kinds read: a key, or the bounds (exclusive) of a key prefix's range. */
type KeyTerm = [key: string] | [after: string, before: string];
const KEY = 'k';
const RANGE = 'r';

/**
 * The kinds read for a shape (KEY or RANGE per term, in order) and a limit, named `shape limit`; parameters: owner, 'active' and the
 * term's key or bounds for each term. The limit is written into the text (precompiledBySizeAndLimit says why). Owner and status are in every term of the OR,
 * so SQLite reads each key (or key range) by the owner-and-key index (MULTI-INDEX OR) instead of
 * walking all the owner's active beliefs: a cost in what it returns, not in what the owner holds.
 */
const kindRowidsQuery = precompiledByShape<{ rid: number; at: string }>((db, _dialect, named) => {
  const [shape, limit] = named.split(' ') as [string, string];
  return db
    .selectFrom('beliefs')
    .select([sql<number>`rowid`.as('rid'), 'updated_at as at'])
    .where((eb) => {
      const active = (...terms: ReturnType<typeof eb>[]) => eb.and([eb('owner', '=', ''), eb('status', '=', ''), ...terms]);
      return eb.or([...shape].map((term) => (term === KEY ? active(eb('key', '=', '')) : active(eb('key', '>', ''), eb('key', '<', '')))));
    })
    .orderBy('updated_at', 'desc')
    .orderBy(sql`rowid`, 'desc')
    .limit(sql.lit(Number(limit)));
});
