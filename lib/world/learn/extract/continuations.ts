import { match } from './match.ts';
import { withArticle } from '../../text.ts';
import { OCCUPATION } from './meanings.ts';
import { tag, type Term, voice } from './voice.ts';
import { guessedAdjective, inLexicon } from './tagger.ts';
import { CHILD, IS_RELATIVE, PARTNER, PARTNER_UNOWNED, RELATIVE } from './vocabulary/family.ts';
import { PET } from './vocabulary/pets.ts';
import { pastimeNamed } from './vocabulary/pastimes.ts';
import { DWELLINGS } from './vocabulary/holdings.ts';
import { SPOKEN } from './vocabulary/languages.ts';
import { OTHER_DWELLING } from './vocabulary/home.ts';
import { alternation } from './vocabulary/alternation.ts';
import { DIET, isAvoidable } from './vocabulary/diet.ts';
import { categoryOf } from './vocabulary/categories.ts';
import { KINDS, type Kind, kindNamed } from '../../kinds.ts';
import { BOSS, BOSS_OF_WHAT, ROLE, ROLE_NOUNS } from './vocabulary/work.ts';
import { isPlace } from './segment.ts';
import { acceptable, HOW_MANY, listItems, TOOL_THINGS, YEARS } from './values.ts';
import { endsStatements } from './noise.ts';
import { healthInPassing } from './health-in-passing.ts';

/**
 * What a chatty turn says without repeating its subject, said again in full so the phrase table
 * reads it: an introduction's list ("I'm Dana, 34, nurse from Leeds, two kids" → "I'm Dana",
 * "I'm 34", "I'm a nurse from Leeds", "I have two kids"), a fragment ("originally from Porto",
 * "lactose intolerant", "a greyhound called Ziggy"), a pronoun continuing the person just named
 * ("my daughter Mia… She's 6" → "my daughter Mia is 6"), and someone named in passing ("with our
 * dog Frida" → "I have a dog called Frida").
 */

/** "I'm A, B and C" (or, after a "Me:" label, "A, B and C"): the items of an introduction. */
const NAME_HERE = /^(\p{Lu}[\p{L}'-]*) here(?:,|\s[—–-])\s*(.+)$/u;
/** A capitalised word then a verb in the third person ("Kemi works at…"): a sentence with a subject of its own. */
function saidOfSomeone(said: string): boolean {
  if (!/^\p{Lu}[\p{L}'-]* \p{Ll}+s\b/u.test(said)) return false;
  const [subject, verb] = tag(said);
  return !!verb && verb.tags.has('Verb') && verb.tags.has('PresentTense') && !!subject?.tags.has('Noun') && !subject.tags.has('Pronoun');
}

/** "Theo" may be a name; "New", "Been", "Back" (a state, a verb) are none, unless known as first names ("Grace"). */
export function mayBeName(word: string): boolean {
  const t = tag(word)[0];
  return !!t && (t.tags.has('FirstName') || guessedAdjective(t) || !['Adjective', 'Verb', 'Adverb'].some((x) => t.tags.has(x)));
}
/** "Delroy, 44, electrician": a name and an age open a list of what the user is; "Mum Doreen, 82, …" names a relative and their age. */
const NAME_AGE = /^(?!I\b|I'm\b)\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?, \d{1,3}(?: (?:yrs|years|years old|yo))?(?:,|$)/u;
const KIN_FIRST = new RegExp(String.raw`^(?:${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|${PET})\b`, 'i');
/** "Ethan, postdoc in the Okafor lab…": a first name and, after a comma, what the user is (no clause, no vocative's request). */
const NAME_THEN =
  /^(?<name>(?!I\b)\p{Lu}[\p{L}'-]*), (?!(?:my|our|the|an?|his|her|their|you|your|can|could|would|will|please|thanks|thank|sorry|i|is|was)\b)(?=\p{Ll})/u;
const INTRO = /^(?:i am|i'm|im) (?<items>[^,]{1,60}(?:,[^,]{1,80})+)$/i;
const ITEM_SPLIT = /,\s*(?:and\s+)?|(?<!\s)\s+and\s+/i;
/** A first item that continues into a list of its own ("allergic to nuts, eggs and fish"): no introduction. */
const OWN_LIST = /\b(?:to|in|into|at|of|with|for|on|about|from|by|like|as)\b/i;
/** Words of an introduction's item ("graduate civil engineer with Lee Valley Consulting in Cork city"), and of a fragment said alone. */
const MAX_ITEM_WORDS = 12;
const MAX_FRAGMENT_WORDS = 8;
/** An item the user has rather than is ("two kids", "a very needy beagle called Otis"). */
const HAS = new RegExp(
  String.raw`^twins$|^(?:\d+|one|two|three|four|five|six|an?|another)\b.*\b(?:kids?|children|child|sons?|daughters?|boys?|girls?|called|named|${PET})$|^(?!(?:at|for|with|in|on|from)\b).*\b(?:called|named)\b|^(?:\d+|one|an?|two|three|four|five|six) (?:[\w-]+ )?${PET}s?, \p{Lu}`,
  'iu',
);

/** The clauses an introduction says, or the clause itself. `label` says the turn introduced the user ("Me: 28, …"). */
/** A clause after a label that has a subject of its own ("For context: at home it's me, …") is no description of the user. */
const OWN_SUBJECT = /^(?:(?:at|back) home,? )?(?:i|i'm|im|my|we|our|it|there|this|that|they|he|she)\b/i;

export function introduced(clause: string, label: boolean): string[] {
  // "Context for later: single mom, daughter Lerato, 8": someone named as an item of a label's list is theirs.
  if (label && RELATIVE_ITEM.test(clause)) return [said(clause) as string];
  // "Fionnbarra here, 26, graduate engineer with…": the name a chat introduction opens with, then its list.
  const here = NAME_HERE.exec(clause);
  const named = here && mayBeName(here[1]!) ? here : undefined;
  const intro =
    (named && (match(clause).length === 0 || namesJob(named[2]!.split(',')[0]!))) || (NAME_AGE.test(clause) && !KIN_FIRST.test(clause)) || firstNamed(clause)
      ? `I'm ${named ? `${named[1]}, ${named[2]}` : clause}`
      : label && !OWN_SUBJECT.test(clause)
        ? `I'm ${clause}`
        : clause;
  const items = INTRO.exec(intro)?.groups?.items?.split(ITEM_SPLIT);
  if (!items || items.length < 2 || OWN_LIST.test(items[0]!) || items.some((i) => i.trim().split(/\s+/).length > MAX_ITEM_WORDS)) return [clause];
  const [first, ...rest] = items.map((item) => item.trim()).filter(Boolean);
  if (!first || saysSomething(first)) return [clause];
  // "single mom, daughter Lerato, 8": an age right after someone named is theirs.
  return [
    `I'm ${first}`,
    // "teaching Primary 1 and 2": a number after another ends a list of numbers, and is no age.
    ...rest.flatMap((item, i) =>
      // "pescatarian, fish ok but meat no": an item that weighs one thing against another is a remark, not what the user is.
      (AGE_ALONE.test(item) && /\d$/.test(i > 0 ? rest[i - 1]! : first)) || /\sbut\s/i.test(item)
        ? []
        : AGE_ALONE.test(item) && i > 0 && RELATIVE_ITEM.test(rest[i - 1]!)
          ? `${mine(rest[i - 1]!)} is ${item}`
          : // "head chef at Olive & Ember, a little Italian spot": what the place just named is, not the user.
            /^an? /i.test(item) && AT_A_PLACE.test(i > 0 ? rest[i - 1]! : first) && !namesJob(item)
            ? []
            : // "Arjun, backend developer at Kestrel Fintech, Pune": a name no one is called after an age or a job is where the user lives.
              (said(item, [AGE_ITEM.test(i > 0 ? rest[i - 1]! : (first ?? '')), namesJob(i > 0 ? rest[i - 1]! : '')].some(Boolean)) ?? []),
    ),
  ];
}

const NEAR_A_PLACE = /^(?:[Jj]ust |[Rr]ight )?(?:[Oo]utside|[Nn]ear|on the outskirts of|(?:north|south|east|west) of) \p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?$/u;
/** "out of Moose Jaw", "based out of Cork": a town an introduction names as the user's base. */
const OUT_OF_A_PLACE = /^(?:[Bb]ased )?(?:[Oo]ut of|[Oo]utta) (\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){0,2})$/u;
const AT_A_PLACE = /\b(?:at|for|with) (?:the )?\p{Lu}[\p{L}'&. -]*$/u;

/** "Ethan, postdoc in…": a clause that opens with a first name compromise knows, then a comma and a lower-case description. */
function firstNamed(clause: string): boolean {
  const m = NAME_THEN.exec(clause);
  if (!m) return false;
  const items = clause.slice(m[0].length).split(',');
  const described = items[0]!;
  // "Jonas, backend dev at Fjordline Games, Hamburg", "Callum, Adelaide, sparky": a name then a job is an introduction, whatever the tagger makes of either.
  if (items.slice(0, 3).some(namesJob) && mayBeName(m.groups!.name!)) return true;
  return !!tag(m.groups!.name!)[0]?.tags.has('FirstName') && !saysSomething(described) && !COMMAND.test(described) && !REQUEST.test(described);
}

/** A predicate that says how something is, not what it is: an adjective or a participle first ("divided", "a bit of a mess" is a noun). */
function describesOnly(predicate: string): boolean {
  const first = tag(predicate.trim())[0];
  // "Super Furry Animals": a capital starts a name, whatever its first word is.
  return (
    !!first && /^\p{Ll}/u.test(first.text) && (first.tags.has('Adjective') || first.tags.has('Adverb') || (first.tags.has('Verb') && !first.tags.has('Noun')))
  );
}

/** A noun phrase, then its verb in the third person: "new project means…", "the flat needs…". */
function saidOfSomething(clause: string): boolean {
  // Only a clause with a word in -s after its first is tagged: tagging is dear.
  if (!/^(?!(?:i|i'm|my|we|our)\b)\p{L}[\p{L}'-]*(?: [\p{L}'-]+){0,3} \p{Ll}{2,}s\b/iu.test(clause)) return false;
  const terms = tag(clause);
  const verb = terms.findIndex((t) => t.tags.has('Verb'));
  if (verb < 1 || !terms[verb]!.tags.has('PresentTense') || !/\p{L}s$/u.test(terms[verb]!.text) || terms[verb]!.tags.has('Gerund')) return false;
  return terms.slice(0, verb).every((t) => (t.tags.has('Noun') || t.tags.has('Adjective') || t.tags.has('Determiner')) && !t.tags.has('Pronoun'));
}

const HOW_TAKEN = /^(?:milky|no sugar|no milk|one sugar|two sugars|(?:milky |black )?(?:with|and) (?:[\p{L}-]+ )?(?:milk|sugar|sugars|sweetener))\b/iu;
const DRINK_TAKEN =
  /^(?<drink>[\p{L}-]+(?: [\p{L}-]+){0,2}?),? (?:no|with|without|two|one|extra|milky|strong|weak) (?:[\p{L}-]+ )?(?:sugar|sugars|milk|shot|shots|sweetener|foam|ice)\b/iu;

/** An item that names a job by its noun, with no verb or subject of its own: "backend dev at Fjordline Games", "FIFO sparky out of Perth". */
function namesJob(item: string): boolean {
  const words = item.toLowerCase().split(/[^\p{L}-]+/u);
  return words.length <= 8 && words.some((w) => JOB_NOUNS.has(w)) && !/^(?:i|i'm|im|my|we|our|he|she|they|is|was|are|works?|worked)\b/i.test(item.trim());
}
const JOB_NOUNS: ReadonlySet<string> = new Set(ROLE_NOUNS);

/**
 * An item with a verb or a subject of its own ("only drinking filter coffee", "masala chai I
 * stopped") is a clause, not a description; read as said of the user ("I am divorced", "I am
 * left-handed"), a participle describes.
 */
function saysSomething(item: string): boolean {
  if (/^(?:been|was|were|had|has|have|got|did|do|does|will|would|can)\b/i.test(item)) return true;
  return tag(`I am ${item}`)
    .slice(2)
    .some((t) => t.tags.has('Pronoun') || (t.tags.has('Verb') && !t.tags.has('Passive') && !t.tags.has('Hyphenated')));
}

const DOER_AT = /^(?:[\p{Ll}-]+ ){0,2}(?<head>\p{Ll}[\p{Ll}-]+) (?:at|for|with) \p{Lu}/u;
/** "daughter Lerato", "husband Joost": someone of the user's, named, as an item of an introduction. */
const RELATIVE_ITEM = new RegExp(String.raw`^(?:my |our )?(?:${CHILD}|${RELATIVE}|${PARTNER}) \p{Lu}[\p{L}'-]+$`, 'iu');
const AGE_ALONE = /^\d{1,2}$/;
/** An age said as an item of an introduction: "52", "mid-forties", "late 30s". */
const AGE_ITEM = /^(?:\d{1,2}|(?:early|mid|late)[- ]?(?:twenties|thirties|forties|fifties|sixties|seventies|[2-7]0s))$/i;
const mine = (item: string) => (/^(?:my|our) /i.test(item) ? item : `my ${item}`);

/** `afterAge`: the item right after the user's age ("Fiona, 52, Leith"), where a name no one is called is where they live. */
function said(item: string, afterAge = false): string | string[] | undefined {
  // "…a tea man, milky with two sugars": how the drink is taken, no description of the user.
  if (COURTESY.test(item) || MEASURE.test(item) || HOW_LONG_ALONE.test(item) || HOW_TAKEN.test(item)) return undefined;
  if (RELATIVE_ITEM.test(item)) return `${mine(item).replace(/ (?=\S+$)/, ' is called ')}`;
  if (HAS.test(item)) return `I have ${item}`;
  // "junior backend developer at Kudimoni": a job, whatever the tagger makes of "backend".
  if (/^\p{Ll}/u.test(item) && match(`I'm ${withArticle(item)}`).some((m) => m.candidate.key === OCCUPATION.key)) return `I'm ${withArticle(item)}`;
  // "winemaker at Viña Piedra Alta": a doer at a named place of work is the user's job there.
  const doer = DOER_AT.exec(item)?.groups?.head;
  if (doer && tag(`a ${doer}`)[1]?.tags.has('Actor')) return `I'm ${withArticle(item)}`;
  const employer = worksAt(item);
  if (employer) return employer;
  // "associate solicitor, …, at Whelan Doyle": a named place an introduction puts the user at is where they work.
  const at = /^at (\p{Lu}[\p{L}'&-]*(?: \p{Lu}[\p{L}'&-]*){0,3})$/u.exec(item)?.[1];
  if (at && !isPlace(at)) return `I work at ${at}`;
  // "ride for Deliveroo in the evenings", "got a part time job at…": a clause of its own, read as the user's fragment.
  if (saysSomething(item)) return item;
  // "…, accountant, Leeds": a city alone in an introduction is where the user lives; so is a name no one is called ("Fiona, 52, Leith").
  if (isPlace(item) || (afterAge && placeNamedAlone(item))) return `I live in ${item}`;
  // "…, dairy farmer, just outside Ennis": a named place the user is near is where they live.
  if (NEAR_A_PLACE.test(item)) return `I live ${item}`;
  // "Lyle here, 58, out of Moose Jaw Saskatchewan": where an introduction says the user works out of is where they live.
  const outOf = OUT_OF_A_PLACE.exec(item)?.[1];
  if (outOf) return `I live in ${outOf}`;
  // "Montrealer", "Glaswegian": where the user is from, said as its people's name, is no name of the user's.
  if (/^\p{Lu}\p{Ll}+(?:er|ian|ite)$/u.test(item) && !tag(item).some((t) => t.tags.has('FirstName'))) return undefined;
  const none = noneOf(item);
  if (none || NOT_SAID.test(item)) return none;
  if (aboutTheWork(item)) return undefined;
  // "…, game developer, Unity and C#": only the first item of an introduction names the user.
  const kind = described(item);
  return match(kind).some((m) => m.candidate.key === kindNamed('name').key) ? undefined : kind;
}

/**
 * "…, employment law mostly, unfair dismissals and the odd tribunal": what the user's days are made of,
 * said after who they are, describes the work, not them.
 */
function aboutTheWork(item: string): boolean {
  if (/^the\b|\b(?:mostly|mainly|largely|usually)$/i.test(item)) return true;
  const terms = tag(item);
  const head = terms.at(-1);
  return !!head && head.tags.has('Plural') && !head.tags.has('Actor') && !terms.some((t) => t.tags.has('Value'));
}

/** Capitalised words that are no first name and no people's name for where they are from ("Montrealer", "Glaswegian"). */
const placeNamedAlone = (item: string) =>
  /^\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+){0,2}$/u.test(item) &&
  !/(?:er|ian|ish|ese|ite)$/.test(item) &&
  !tag(item).some((t) => ['FirstName', 'Person', 'Organization', 'Demonym', 'Acronym'].some((n) => t.tags.has(n)));

/** "none of yer craft stuff": what the user is not is no description of them. */
const NOT_SAID = /^(?:none|nothing|no|not|never|neither|nor)\b/i;
/** "Third manager in one year", "second flat tyre this week": how many of a thing came in a while, no thing the user is. */
const COUNTED_IN_A_WHILE =
  /^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)) .*\b(?:(?:in|within|inside) (?:a|one|two|three|four|five|six|\d+|the (?:last|past)|under a|less than a) (?:day|week|fortnight|month|year)s?|this (?:week|month|year)|since)\b/i;

/** "I'm celiac, zero gluten", "no dairy": none of a food is a food the user does not eat, not what the user is. */
function noneOf(item: string): string | undefined {
  const [none, food, ...more] = item.split(' ');
  return more.length === 0 && food && /^(?:zero|no)$/i.test(none!) && isAvoidable(food) ? `I don't eat ${food}` : undefined;
}

/** "nurse from Leeds" and "big fan of jazz" are a nurse and a fan; "left-handed" and "originally from Porto" are said as they are. */
function described(item: string): string {
  if (!/^\p{Ll}/u.test(item) || /^(?:an?|the)\b/i.test(item) || match(`I'm ${item}`).length) return `I'm ${item}`;
  const terms = tag(item);
  if (terms[0]?.tags.has('Verb') && !terms[0].tags.has('Gerund')) return `I'm ${item}`;
  const end = terms.findIndex((t) => t.tags.has('Preposition') || t.tags.has('Conjunction'));
  const head = terms[(end < 0 ? terms.length : end) - 1];
  const noun = head?.tags.has('Noun') && !['Plural', 'Value', 'ProperNoun', 'Pronoun'].some((n) => head.tags.has(n));
  return noun ? `I'm ${withArticle(item)}` : `I'm ${item}`;
}

const DWELLING_IN = new RegExp(
  String.raw`^(?:from|at|in) (?:my|our) (?:(?!${alternation([...OTHER_DWELLING])}\b)[\p{Ll}-]+ )?${alternation([...DWELLINGS])} (?:in|near) (\p{Lu}[\p{L}'-]*(?:,? \p{Lu}[\p{L}'-]*)*)(?:,? (?:where|which) .+)?$`,
  'u',
);

/** A clause that starts with no subject of its own: a fragment of the user's ("originally from Porto", "2 kids"), not a name or a pronoun. */
const FRAGMENT =
  /^(?!(?:i|i'm|im|i've|me|my|we|we're|our|you|your|he|she|it|it's|they|this|that|there|here|what|who|how|why|when|where)\b)(?:\p{Ll}|\d{1,2} \p{Ll}|\p{Lu}{2,5} \p{Ll})/u;

/** A clause with a verb of its own ("Vim is my editor") is no fragment. */
const FINITE = /\b(?:is|are|was|were|has|have|had|does|did)\b/i;

/**
 * The fragment said by the user of themselves ("I'm originally from Porto", "I have a greyhound
 * called Ziggy", "I design everything in Figma", "my girlfriend is Tegan"), or undefined. A
 * fragment that starts "I " has a verb of its own and reads as a clause; "I'm …" only describes.
 */
export function fragmentOf(whole: string): string | undefined {
  // "shellfish allergy so paella's out", "allergic to cats which sucks because…": what follows is why it matters, not what the user is.
  const said = whole.replace(SO_WHAT_FOLLOWS, '');
  // "just outside Ennis", "based near Cork": where the user lives, said alone.
  const near = said.replace(/^(?:based|living|live) /i, '');
  if (NEAR_A_PLACE.test(near)) return `I live ${near[0]!.toLowerCase()}${near.slice(1)}`;
  // "girlfriend is Tegan", "CI is Jenkins", "fave beer's Coopers": someone or something of the user's, without the "my".
  // "stack is mostly airflow + postgres": how much of it is no part of what it is.
  const plain = said.replace(/^((?:tech )?stack(?:'s| is)) (?:mostly|mainly|all) /i, '$1 ');
  const people = THEIR_PEOPLE.exec(said.replace(/^\p{Lu}{2,4}(?=\s)|^\p{Lu}/u, (c) => c.toLowerCase()));
  const things = people ? null : THEIR_THINGS.exec(plain);
  // "team is divided", "stack is a mess": how it is, not what it is.
  if (things && describesOnly(plain.slice(things[0].length))) return undefined;
  const theirs = people ?? things;
  if (theirs) return `my ${asWord(theirs[1]!)} is ${plain.slice(theirs[0].length)}`;
  // "Dublin born and bred": where the user is from.
  const bred = BORN_AND_BRED.exec(said);
  if (bred) return `I was born in ${bred[1]}`;
  // "Berlin" among a terse list's items ("Data scientist, Berlin"): where the user lives.
  if ((!said.includes(' ') && isPlace(said)) || placeInPlace(said)) return `I live in ${said}`;
  // "here in Amman, Marka side": where the user writes from, in an introduction.
  const hereIn = /^here in (\p{Lu}[\p{L}'-]*(?:,? \p{Lu}[\p{L}'-]*)*(?: side| district| area)?)$/u.exec(said);
  if (hereIn) return `I live in ${hereIn[1]}`;
  // "Based Ballarat", "Name Tom": a terse label and its value, without the verb.
  // "Home in Svolvær.": where home is, said as a label and its value.
  const based = /^(?:[Bb]ased (?:in |out of )?|[Hh]ome(?:'s| is)? (?:in|on) )(\p{Lu}[\p{L}'-]*(?:,? \p{Lu}[\p{L}'-]*)*)$/u.exec(said);
  if (based) return `I live in ${based[1]}`;
  const name = /^[Nn]ame:? (\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)$/u.exec(said);
  if (name && mayBeName(name[1]!)) return `my name is ${name[1]}`;
  // "from our place in Hobart", "at my flat in Ghent": where the user writes from, said as their dwelling's place (not an old one).
  const dwelling = DWELLING_IN.exec(said);
  if (dwelling) return `I live in ${dwelling[1]}`;
  // "Theo here": the user's name, as a chat introduction gives it.
  const here = /^(\p{Lu}[\p{L}'-]+) here$/u.exec(said);
  if (here && mayBeName(here[1]!)) return `my name is ${here[1]}`;
  // "Kemi works at Tesco", "Mum drives for Uber": said of whoever the first word names, not of the user.
  // "New project means new manager": a clause with a subject of its own, whatever it names.
  if (saidOfSomeone(said) || saidOfSomething(said)) return undefined;
  // "long black no sugar", "tea, milky with two sugars": a drink named first, then how it is taken.
  const drink = DRINK_TAKEN.exec(said)?.groups?.drink;
  if (drink && [3, 2, 1].some((n) => categoryOf(drink.split(' ').slice(0, n).join(' ')) === 'drink')) return `I drink ${drink.toLowerCase()}`;
  // "Data engineer at Quillstack.", "Based in Tucson.", "SRE at Northwind": a fragment written as a sentence of its own.
  const lowered = /^(?:\p{Lu}\p{Ll}+(?:-\p{Ll}+)*|An?) \S/u.test(said) || oneCommonWord(said) ? `${said[0]!.toLowerCase()}${said.slice(1)}` : said;
  // "React + TypeScript mostly", "terraform + aws all day": what the user works in, named alone.
  const tools = listItems(said.replace(HOW_OFTEN_USED, ''));
  if (tools.length > 1 && tools.every((item) => item.split(' ').length <= 3 && TOOL_THINGS.has(categoryOf(item) ?? ''))) return `I use ${tools.join(' and ')}`;
  // "first anatomy exam is 12 May": the user's own event, said without "my".
  if (EVENT_WITHOUT_MY.test(said)) return `my ${said[0]!.toLowerCase()}${said.slice(1)}`;
  // "Halal only obviously", "veggie only these days": the diet the user keeps, said as all they eat.
  const only = DIET_ONLY.exec(said)?.groups?.diet;
  if (only) return `I eat ${only}`;
  // "Massive tea drinker, milk no sugar": what the user drinks, said as the drinker they are.
  const drinker = DRINKER.exec(said)?.groups?.x;
  if (drinker) return `I drink ${drinker}`;
  // "Polish and English obviously": the languages the user speaks, named alone.
  if (LANGUAGES_ALONE.test(said)) return `I speak ${said.replace(TRAILING_HOW, '')}`;
  // "Sharks supporter till I die", "bucks fan, since the Bradley Center days": whom the user backs, said without "I'm".
  // "Hibs till I die", "Kaizer Chiefs since birth", "Canucks, always", "Tigers season ticket holder": the team the user backs for life.
  const loyal = BACKED_FOR_LIFE.exec(said)?.groups?.team;
  if (loyal && !IS_RELATIVE.test(loyal) && !tag(loyal).some((t) => t.tags.has('Person') || t.tags.has('FirstName'))) return `I support ${loyal}`;
  const fan = FAN.exec(said)?.groups;
  // "Broncos tragic": a fan past help, of a team by its name ("that's tragic" is no one's).
  const tragic = fan?.fan?.toLowerCase() === 'tragic';
  if (fan && (!tragic || /^\p{Lu}/u.test(fan.whom!))) return `I am ${withArticle(`${fan.keen!.toLowerCase()}${fan.whom} ${tragic ? 'fan' : fan.fan}`)}`;
  // "paediatric nurse here", "vegetarian here", "QA engineer here": what the user is, said as a chat introduction gives it.
  const describedHere = SELF_HERE.exec(lowered)?.groups?.what;
  if (describedHere && !saysSomething(describedHere)) return described(describedHere);
  // "slowly learning Korean": how, before what the user is doing, is no part of it.
  const manner = MANNER.exec(lowered);
  const clause = manner && tag(manner[0])[0]?.tags.has('Adverb') ? lowered.slice(manner[0].length) : lowered;
  if (/^\p{Lu}{2,5} (?:at|for|with|in)\b/u.test(clause) && !FINITE.test(clause)) return `I'm ${clause}`;
  if (COUNTED_IN_A_WHILE.test(clause)) return undefined;
  // "HVAC tech for Peach State Heating out of Macon", "electrician at a gold mine near Kalgoorlie": a job, then where it is done.
  if (JOB_THEN_WHERE.test(clause) && !FINITE.test(clause)) return `I'm ${withArticle(clause)}`;
  // "Officially a team lead as of today": a job said after how it came about.
  if (clause !== lowered && AS_JOB.test(clause)) return `I'm ${clause}`;
  // "been boxing at a club for years": a clause that dropped its "I have".
  if (/^been \p{L}+ing\b/iu.test(clause)) return `I have ${clause}`;
  // "back to coffee for me", "back in Leeds": where the user is again, no verb "back".
  if (/^back (?:to|on|in|at|home)\b/i.test(clause)) return `I'm ${clause}`;
  if (!FRAGMENT.test(clause) || FINITE.test(clause) || MEASURE.test(clause)) return undefined;
  // "audit at Harcourt Lane": what the user does, at the company they do it for.
  const employer = worksAt(clause);
  if (employer) return employer[0];
  // "parkrun on Saturdays", "floorball tue and thu": a pastime named by its noun, then when it comes back.
  // "oat flat white every morning": a drink, then when it comes back.
  const regular = NAMED_THEN_WHEN.exec(clause)?.groups ?? DRINK_THEN_WHEN.exec(clause)?.groups;
  // "beer league hockey every thurs": what is drunk is named by the last words, its head.
  if (regular && categoryOf(regular.what!.split(' ').slice(-2).join(' ')) === 'drink') return `I drink ${regular.what} ${regular.when}`;
  const takesPart = regular && pastimeNamed(regular.what!);
  if (takesPart) return `I ${takesPart} ${regular.what} ${daysInFull(regular.when!)}`;
  // "been keto like 2 yrs": a diet the user keeps, without its "I have".
  if (BEEN_ON_DIET.test(clause)) return `I have ${clause}`;
  // "ride for Deliveroo in the evenings to pay the rent": a habit reads as a clause of its own, however long.
  if (habitual(clause)) return `I ${clause}`;
  // A name is capitalised (the patterns match case-insensitively, \p{Lu} too).
  const pet = PET_FRAGMENT.exec(clause);
  if (pet && /^\p{Lu}/u.test(pet[2]!)) return `I have a ${pet[1]!.toLowerCase()} called ${pet[2]}`;
  const who = WHO_FRAGMENT.exec(clause)?.groups;
  if (who && /^\p{Lu}/u.test(who.name!)) {
    const rel = CHILD_WORD[who.rel!.toLowerCase()] ?? who.rel!.toLowerCase();
    return `my ${rel} is ${IS_BOSS.test(rel) ? '' : 'called '}${who.name}`;
  }
  // "As a primary school teacher in Bristol, …", "12 years as a staff nurse": the role the user speaks in, however long said.
  const role = (ROLE_SPOKEN_IN.exec(clause) ?? YEARS_AS.exec(clause))?.groups?.role;
  if (role) return `I'm ${withArticle(role)}`;
  if (clause.split(' ').length > MAX_FRAGMENT_WORDS) return undefined;
  if (HAS.test(clause)) return `I have ${clause}`;
  if (/^(?:the )?[\p{L}-]+ team$/iu.test(clause)) return `I'm on the ${clause.replace(/^the /i, '')}`;
  // "saturdays climbing at the wall": a pastime after the days it comes back on.
  const weekly = WEEKLY_PASTIME.exec(clause)?.groups;
  if (weekly && tag(weekly.doing!)[0]?.tags.has('Gerund'))
    return `I go ${weekly.doing} ${/^(?:on|every|most)\b/i.test(weekly.when!) ? '' : 'on '}${weekly.when}`;
  // "Bouldering 3x/week": a pastime, said as one the user goes to.
  if (pastime(clause)) return `I go ${clause}`;
  // "Reporting to Sunil Rao", "Leading the migration project": what the user is doing now, a clause of its own.
  if (doing(clause)) return `I am ${clause}`;
  if (actsFirst(clause) && match(`I'm ${clause}`).length === 0) return `I ${clause}`;
  // "shellfish allergy", "groundnut allergy since small boy": a condition the user has.
  // "because of the penicillin allergy": what it is, not why.
  const condition =
    /^(?:(?:because of|due to|given|with|thanks to) (?:my|the|a|an|this) )?([\p{L} -]{2,40} (?:allergy|allergies|intolerance))(?: (?:since|from) [\p{L}\d ]{1,30})?$/iu.exec(
      clause,
    );
  if (condition) return `I have ${withArticle(condition[1]!)}`;
  const none = noneOf(clause);
  if (none) return none;
  if (/^(?:an?|another|the|some|\d)\b/i.test(clause) || NOT_SAID.test(clause) || COURTESY.test(clause)) return undefined;
  // "Being coeliac", "six years vegan", "avid birder": what the user is, with its article when the rules read it as a kind of theirs.
  const what = clause.replace(BEING_OR_HOW_LONG, '');
  const kind = described(what);
  return match(kind).length ? kind : `I'm ${clause}`;
}

/** "Burlington, Vermont": a town, then the state, county or country it is in (a place compromise knows). */
const PLACE_IN_PLACE = /^\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?, (?<region>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)$/u;
const placeInPlace = (said: string) => {
  const region = PLACE_IN_PLACE.exec(said)?.groups?.region;
  return !!region && isPlace(region) && !IS_PET.test(said.split(',')[0]!);
};
const BORN_AND_BRED = /^(\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?) born and (?:bred|raised)$/u;
const SO_WHAT_FOLLOWS = /(?<!\s)\s+(?:so\s+(?!(?:much|many|far|long|that|good|bad|nice|happy|tired|excited)\b)|(?:because|cos|coz|cause|which)\s+).*$/i;
const EVENT_WITHOUT_MY =
  /^(?:first|next|final|last|big) (?:[\p{L}-]+ ){0,2}(?:exam|test|interview|race|marathon|half|surgery|operation|appointment|scan|wedding|trip|holiday|deadline|gig|match|flight|move|court date|hearing)s? (?:is|'s|are) (?:on |in |at )?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|next|this|tomorrow|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*)/iu;
const DIET_ONLY = new RegExp(`^(?:strictly |only )?(?<diet>${DIET}) only\\b`, 'i');
const DRINKER =
  /^(?:an? )?(?:(?:massive|big|huge|heavy|serious|keen|proper|daily|avid|committed|devoted|lifelong) )*(?<x>(?!(?:my|our|his|her|their)\b)[\p{L}'-]+(?: [\p{L}'-]+)?) drinker\b/iu;
/** How much a tool is used, after the tools named alone: "mostly", "all day". */
const HOW_OFTEN_USED = /(?: (?:mostly|mainly|all day|every day|daily|these days|at work|for work|too))+$/i;
/** Spoken languages named alone, in a list ("Polish and English obviously", "English, Urdu and a bit of Pahari"). */
const TRAILING_HOW = /(?: (?:obviously|of course|fluently|natively|mostly|too|as well|both))+$/i;
const A_LANGUAGE = `(?:(?:a (?:bit|little) of|some|basic|fluent|native|broken|rusty|conversational) )?(?:${SPOKEN})`;
const LANGUAGES_ALONE = new RegExp(`^${A_LANGUAGE}(?:(?:,| and| &| \\+)+ ${A_LANGUAGE})+(?:${TRAILING_HOW.source.slice(0, -1)})?$`, 'i');
const BACKED_FOR_LIFE =
  /^(?<team>(?!(?:I|It|This|That|He|She|They|We|My|Our|The)\b)\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2}),? (?:(?:till|until|'?til) I die|since (?:birth|I was born|day one|I was a kid)|for life|always\b|season ticket(?: holder)?\b|member (?:for|since)\b)/u;
/** A team and "fan", "supporter" or "tragic", with how keen: "mad Crows supporter", "bucks fan", "Broncos tragic". */
const FAN =
  /^(?<keen>(?:(?:big|huge|mad|massive|die-?hard|lifelong|life-long|proud|loyal|avid|long-suffering|total) )*)(?<whom>(?!(?:my|our|his|her|their|the|a|an|i|i'm|im|we|we're)\b)[\p{L}'’.-]+(?: (?!(?:a|an|the)\b)[\p{L}'’.-]+){0,2}) (?<fan>fan|supporter|tragic)(?=$|[\s,.!])/iu;
/** "…here" after what the user is, in a chat introduction (not a name: "Theo here" is read above). */
const SELF_HERE = /^(?<what>(?:\p{Ll}|\p{Lu}{2,5} )[\p{L}\d' -]{1,50}?) here$/u;
/** "being", or how long, before what the user is: "being coeliac", "six years vegan". */
const BEING_OR_HOW_LONG = new RegExp(String.raw`^(?:being|${HOW_MANY} ${YEARS}(?: now)?)\s+`, 'i');

/** An adverb of manner before an -ing verb or what the user now is: "slowly learning", "officially a team lead". */
const MANNER = /^\p{Ll}+ly (?=\p{Ll}+ing\b|(?:an?|the) )/u;
const AS_JOB = new RegExp(String.raw`^(?:an?|the) ${ROLE}\b`, 'i');

/** "minimum 3 cups", "about 20 a day": how much of what was said before, no fact of its own. */
const MEASURE = /^(?:minimum|maximum|min|max|at least|at most|about|around|roughly|approx(?:imately)?|up to|over|under|like)\s+\d/i;
/** "…, three weeks now", "almost two years": how long, said after a statement, describes no one. */
const HOW_LONG_ALONE =
  /^(?:for )?(?:(?:almost|nearly|about|around|over|just over|going on) )?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (?:years?|yrs|months?|weeks?|days?)(?: now| already| and counting)?$/i;

/** "credit risk models at Banco Meridiano in São Paulo": a line of work, the company it is done at, where. */
const AT_COMPANY =
  /^(?<what>\p{Ll}[\p{L} -]{1,40}?) (?:at|for|with) (?<org>\p{Lu}[\p{L}&'.-]*(?: (?:&|\p{Lu}[\p{L}&'.-]*)){0,3})(?: in (?<place>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?))?$/u;
const IS_ROLE = new RegExp(`^${ROLE}$`, 'i');
/** What one goes to, eats or does at a place rather than works at: "drinks at The Crown", "shopping at Lidl". */
const NOT_WORK =
  /^(?:dinner|lunch|breakfast|brunch|drinks?|coffee|tea|party|meeting|wedding|concert|gig|show|class|appointment|interview|talk|event|match|game|date|holiday|trip|stay|night|day|weekend|sale)s?\b/i;

/**
 * "audit at Harcourt Lane", "enfermeira de UTI at Hospital Santa Inês in Recife": a line of work
 * said before the company it is done at (a company's name, compromise's organisation or two
 * capitalised words that are no person's), said as where the user works and lives; undefined for
 * an outing ("drinks at The Crown", "shopping at Lidl").
 */
function worksAt(item: string): string[] | undefined {
  const m = AT_COMPANY.exec(item)?.groups;
  // "nurse at St Mary's" names a job too: the job's own rules read it.
  if (!m || NOT_WORK.test(m.what!) || IS_ROLE.test(m.what!) || WEEKLY_AT.test(m.what!) || !acceptable(m.org!, 'company')) return undefined;
  const what = tag(m.what!);
  const first = what[0];
  if (!first || first.tags.has('Gerund') || first.tags.has('Date') || first.tags.has('Pronoun')) return undefined;
  // "formerly worked at Lehman Brothers": where the user worked is history.
  if (what.some((t) => t.tags.has('PastTense'))) return undefined;
  return [`I work at ${m.org}`, ...(m.place && acceptable(m.place, 'city') ? [`I live in ${m.place}`] : [])];
}

/** "Five-a-side every Wednesday at Tolka Park": what comes back every week at a place is a pastime there, no job. */
const WEEKLY_AT = /\b(?:every|each) (?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b/i;

/** A job said first in a fragment, then where or for whom it is done. */
const JOB_THEN_WHERE = new RegExp(String.raw`^(?:\p{Lu}{2,5} )?${ROLE} (?:at|for|with|on|near|out of|in)\s`, 'u');

/** "as a nurse", "as a primary school teacher in Bristol": the role a clause is said in. */
const ROLE_SPOKEN_IN = new RegExp(
  String.raw`^as an? (?<role>${ROLE})(?: (?:in|at|for|with) .{1,40}| of ${HOW_MANY} ${YEARS}(?: who .{1,60})?| who .{1,60})?$`,
  'iu',
);
/** "12 years as a staff nurse": how long the user has been what they are. */
const YEARS_AS = new RegExp(String.raw`^${HOW_MANY} ${YEARS} (?:as an?|being an?) (?<role>${ROLE})(?: (?:in|at|for|with) .{1,40})?$`, 'iu');

/** When or how often, said of a habit: "on weekends", "most mornings", "in the evenings", "twice a week", "daily". */
const HABIT_TIME =
  /\b(?:(?:on (?:the )?)?(?:weekends|weekdays|(?:mon|tues|wednes|thurs|fri|satur|sun)days)|on (?:the )?weekend|(?:most|some|every|each) (?:other )?(?:day|morning|evening|night|week|weekend|month|summer|winter|\p{L}+day)s?|in the (?:mornings|evenings|afternoons)|at (?:night|weekends)|(?:once|twice|\d+x|\d+ times|three times|four times) (?:a|per) (?:day|week|month)|\d+x\/?(?:week|wk)|daily|weekly|nightly)\b/iu;
/** Two or more days of the week said short: "tue and thu", "mon/wed/fri". */
const SHORT_DAYS = String.raw`(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:(?:,|\/| and| &) ?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun))+\b`;
const STARTS_SHORT_DAYS = new RegExp(`^${SHORT_DAYS}`, 'i');
/** "been keto like 2 yrs": a diet kept, without its "I have". */
const BEEN_ON_DIET = new RegExp(`^been (?:${DIET})\\b`, 'i');
const DAY_NAMES: Record<string, string> = {
  mon: 'Mondays',
  tue: 'Tuesdays',
  wed: 'Wednesdays',
  thu: 'Thursdays',
  fri: 'Fridays',
  sat: 'Saturdays',
  sun: 'Sundays',
};
/** "tue and thu" → "on Tuesdays and Thursdays"; other times as said. */
function daysInFull(when: string): string {
  const one = ONE_SHORT_DAY.exec(when);
  if (one) return `on ${DAY_NAMES[one[1]!.slice(0, 3).toLowerCase()]}`;
  if (!STARTS_SHORT_DAYS.test(when)) return when;
  const days = when.split(/,|\/| and| &/).map((d) => DAY_NAMES[d.trim().slice(0, 3).toLowerCase()]);
  return `on ${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
}
/** One day of the week said short: "darts thurs", "footy sat". */
const A_SHORT_DAY = '(?:on |every |each )?(mon|tues?|wed|thu|thurs?|fri|sat|sun)s?';
const ONE_SHORT_DAY = new RegExp(`^${A_SHORT_DAY}$`, 'i');
/** A pastime's noun, then when it comes back: "parkrun on Saturdays", "five-a-side football most weekends". */
const NAMED_THEN_WHEN = new RegExp(
  String.raw`^(?<what>[\p{L}-]+(?: [\p{L}-]+){0,2}?) (?<when>(?:${HABIT_TIME.source}|${SHORT_DAYS}|${A_SHORT_DAY}|on (?:mon|tues|wednes|thurs|fri|satur|sun)day (?:morning|evening|afternoon|night)s\b)[^,;]*)$`,
  'iu',
);
/** A drink of up to three words, then when the user has it: "oat flat white every morning no exceptions". */
const DRINK_THEN_WHEN = new RegExp(String.raw`^(?<what>[\p{L}'-]+(?: [\p{L}'-]+){0,2}?) (?<when>${HABIT_TIME.source}.*)$`, 'iu');
/**
 * A drink the user cannot do without, said in the words of need or of always: "every morning I need
 * a flat white", "can't function without my black coffee", "never say no to a builder's tea",
 * "Rooibos, always.", "without black coffee I am not a person", "sweet tea is my whole personality".
 */
const DRINK_HABITS = [
  /^(?:(?:every|each) (?:morning|day|evening)|(?:in the )?mornings?|daily|first thing),? i (?:need|have|take|grab|drink|start (?:the|my) day with) (?<what>.+?)(?: (?:or|otherwise|before|to)\b.*)?$/i,
  /^i (?:need|start (?:the|my) day with) (?<what>.+?) (?:(?:every|each) (?:morning|day|evening)|in the mornings?|first thing)\b/i,
  /^(?:(?:honestly|seriously|literally) )?(?:i )?(?:can't|cannot|can not|couldn't|cant) (?:function|work|live|survive|cope|start (?:the|my) day|do anything) without (?<what>[^,;]+)/i,
  // "the only thing getting me through a monday is a flat white", "monster energy keepin me alive": what keeps the user going.
  /^(?:the only thing|what(?:'s)?|all that(?:'s)?) (?:getting|gets|that gets|keeping|keeps|that keeps) me (?:through|going|alive|sane)\b[^,;]*? (?:is|are) (?<what>[^,;]+)/i,
  /^(?<what>[^,;]+?),? (?:keeping|keepin|keeps|getting|gettin|gets) me (?:alive|going|through|sane)\b/i,
  // "nothing beats the maple latte", "filter coffee >>> everything", "iced coffee … is my one vice".
  /^nothing (?:beats|compares to|comes close to) (?<what>[^,;]+)/i,
  /^(?<what>[^,;>]+?) >+ (?:everything|anything|all)\b/i,
  /^(?<what>[^;]+?),? (?:is|are) my (?:one |only |one true |biggest )?(?:vice|weakness|addiction)\b/i,
  // "Rooibos in the morning and a glass of Chenin at night", "it's lemon and ginger tea all day now", "Barry's tea, obviously" ("I drink coffee all day" says its own verb).
  /^(?:it's |its |it is )?(?<what>(?!(?:so|and|but|then|these days|nowadays|now|only|i|we|i'm|we're|my|our)\b)[^,;]+?) (?:in the mornings?|first thing|all day(?: long)?(?: now)?)\b/i,
  /^(?<what>[^,;]{2,30}?),? (?:obviously|of course|always)[.!]*$/i,
  /^i(?:'ll| will)? never (?:say no to|turn down|refuse) (?<what>[^,;]+)/i,
  /^i start (?:every|each|the|my) (?:day|morning) with (?<what>[^,;]+)/i,
  /^without (?<what>[^,;]+?),? i(?:'m| am) (?:not (?:a )?(?:person|human)|useless|a zombie|nothing|dead)\b/i,
  /^(?<what>[\p{L}' -]{2,40}?),? (?:always|forever)$/iu,
  /^(?<what>[^,;]+?) (?:is|are) (?:basically |literally |honestly )?(?:my (?:whole )?(?:personality|lifeblood|fuel|religion|lifeline)|life)\b/i,
];
const SERVED =
  /^(?:(?:a|an|my|one|two|three|\d+|proper|good|strong|big|large|hot|cold|fresh|decent|honestly|only|just|cups? of|mugs? of|pots? of|glass(?:es)? of)\s+)+/i;
export function drinkHabit(clause: string): string | undefined {
  for (const re of DRINK_HABITS) {
    const said = re.exec(clause)?.groups?.what;
    const what = said
      ?.split(/ (?:or|otherwise|before|so|because|from|at the|in the)\b|[,;]/)[0]
      ?.replace(SERVED, '')
      .trim();
    if (what && categoryOf(what) === 'drink') return `I drink ${what}`;
  }
  return undefined;
}
/** "saturdays climbing…", "every sunday fishing…": a pastime said after when it comes back. */
const WEEKLY_PASTIME =
  /^(?<when>(?:(?:on )?(?:weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days)|(?:every|most) (?:weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day))(?: (?:morning|evening|night|afternoon)s?)?) (?<doing>(?!(?:working|doing|having|getting)\b)\p{L}+ing\b.*)$/iu;
/** An adverb of how often before a habit's verb: "mostly drink oat flat whites". */
const OFTEN = /^(?:mostly|mainly|usually|often|normally|generally|regularly|sometimes)\s+/i;

/**
 * "Row on weekends", "mostly drink flat whites", "live in Cork": a habit or a home said without
 * its "I", a present verb first. A verb alone is as likely a request ("suggest a plan"), so it
 * must say when or how often, or be living or working somewhere.
 */
function habitual(clause: string): boolean {
  const often = OFTEN.exec(clause);
  const rest = often ? clause.slice(often[0].length) : clause;
  const said = !!often || HABIT_TIME.test(rest) || /^(?:live|work)\s+(?:in|at|for|near|from|as|with)\b/i.test(rest);
  return said && !COMMAND.test(rest) && !REQUEST.test(rest) && subjectThenVerbOf(`I ${rest}`) !== undefined;
}

/** The verb after "I" when it is in the present, or undefined. */
function subjectThenVerbOf(clause: string): Term | undefined {
  const verb = voice(clause)?.terms[1];
  return verb?.tags.has('Verb') && !['Copula', 'Auxiliary', 'Modal', 'Gerund', 'PastTense', 'Participle'].some((n) => verb.tags.has(n)) ? verb : undefined;
}

/** Verbs that ask the assistant for something ("write", "plan", "check"), beside COMMAND's. */
const REQUEST =
  /^(?:answer|reply|respond|keep|format|avoid|stop|start|remember|include|write|plan|check|make|create|find|book|schedule|generate|translate|recommend|search|look|update|set|add|ping|use|fix|compare|rewrite|proofread|review|draw|describe|calculate|convert|pick|choose)\b/i;

/** "Teacher.", "Coeliac.", "Gluten-free.": one word, capitalised only as a sentence's first, that names no one and no place. */
function oneCommonWord(said: string): boolean {
  if (!/^\p{Lu}\p{Ll}+(?:-\p{Ll}+)?$/u.test(said)) return false;
  return !tag(said).some((t) => ['ProperNoun', 'Person', 'FirstName', 'Place', 'Month', 'WeekDay'].some((n) => t.tags.has(n)));
}

/** "dog Sixten", "a cat, Ludde", "at home cat Mishmish": a pet and its name. */
const PET_FRAGMENT = new RegExp(String.raw`^(?:at home )?(?:an? )?(${PET}),? (\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)(?:,.*)?$`, 'iu');
/** "wife Michiko", "boss name Khun Somchai": how someone is related to the user, then their name. */
const WHO_NAMED = String.raw`(?<name>\p{Lu}[\p{L}'-]*(?:\.? \p{Lu}[\p{L}'-]*){0,2})`;
const IS_BOSS = new RegExp(`^${BOSS}$`, 'i');
const WHO_FRAGMENT = new RegExp(
  String.raw`^(?:(?:wee|little|lil|big|eldest|youngest|oldest) )?(?<rel>${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|${BOSS})(?: name)?,? ${WHO_NAMED}(?:,.*| \(\d{1,2}\))?$`,
  'iu',
);

/** "wee boy Callum": a child named by the word for a boy or a girl is a son or a daughter. */
const CHILD_WORD: Record<string, string> = { boy: 'son', girl: 'daughter', lad: 'son', lass: 'daughter' };

/** "sorry Taylor", "thanks again": a courtesy, not something the user is. */
const COURTESY = /^(?:sorry|thanks|thank you|cheers|please|bless|congrats|good luck)\b/i;

/** Verbs that open a request or an aside rather than say what the user does ("give them an honest take", "forget the coffee"). */
const COMMAND =
  /^(?:give|tell|help|show|list|explain|summari[sz]e|draft|suggest|remind|send|let|bear|forget|ignore|imagine|guess|thank|mind|please|say|ask|note|picture|consider|sorry|thanks)\b|^\S+ (?:me|us|them|him|her|it|this|that)\b/i;

/** "design everything in Figma": a fragment that starts with what the user does, in the present. */
function actsFirst(clause: string): boolean {
  const isVerb = (t: Term | undefined) =>
    !!t && t.tags.has('Verb') && !['Copula', 'Auxiliary', 'Modal', 'Gerund', 'PastTense', 'Participle'].some((n) => t.tags.has(n));
  // "seems sound" dropped "it": a first-person verb is in its base form.
  if (/^\p{L}+(?:ly|ed|ing|[^s]s)\b/iu.test(clause) || COMMAND.test(clause) || clause.split(' ').length < 3 || !isVerb(tag(clause)[0])) return false;
  const [, verb, object] = tag(`I ${clause}`);
  // "back on the flat whites" is no verb and its object: the verb takes a thing, not a particle.
  return isVerb(verb) && !!object && !['Preposition', 'Adverb', 'Particle'].some((n) => object.tags.has(n));
}

const ING = /^\p{L}+ing\b/iu;

/** "Leading the migration", "reporting to Sunil": an -ing verb with its object; "streaming platform" is a noun. */
function doing(clause: string): boolean {
  if (!ING.test(clause)) return false;
  const [verb, next] = tag(clause);
  return !!verb?.tags.has('Gerund') && !!next && ['Determiner', 'Preposition', 'Possessive', 'Pronoun'].some((n) => next.tags.has(n));
}

/**
 * "Bouldering 3x/week", "climbing": an activity alone or with how often, not "reporting to
 * Marcus", "merging 11 sources" (a number of what it acts on) or "onboarding Monday" (one day).
 */
function pastime(clause: string): boolean {
  if (!ING.test(clause)) return false;
  const [activity, next] = tag(clause);
  return !!activity?.tags.has('Gerund') && (!next || HABIT_TIME.test(clause));
}

/** The people and pets of the user's, named without "my": "gf is Tegan", "manager there is Priyanka", "thesis supervisor is Hendro" (not "fish is fine"). */
const THEIR_PEOPLE = new RegExp(String.raw`^((?:${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|${PET}|${BOSS_OF_WHAT})(?: there| now)?)(?:'s| is) (?=\p{Lu})`, 'u');
/** Things of the catalogue's kinds, named without "my": "CI is Jenkins", "fave beer's Coopers". */
const THEIR_THINGS = new RegExp(
  String.raw`^((?:team|(?:tech )?stack|favou?rite [\p{L}-]+|${alternation((KINDS as readonly Kind[]).flatMap((k) => k.things ?? []))}))(?: right now| at the moment| these days)?(?:'s| is) (?=\S)`,
  'iu',
);

/** Someone named with how they are related: "my daughter Mia", "a 12-year-old, Ruby". */
const PERSON = new RegExp(
  String.raw`\b(?:my|our) (?<rel>${RELATIVE}|${CHILD})(?:,| is(?: called| named)?)? (?<name>\p{Lu}[\p{L}'-]+)|\ban? \d{1,2}[- ]year[- ]old,? (?<child>\p{Lu}[\p{L}'-]+)`,
  'giu',
);
const PERSON_CUE = /\b(?:my|our|year)\b/i;
/** A learned belief naming someone the user knows: "The user's husband is Joost", "The user's daughter is named Lena". */
const HELD_PERSON = new RegExp(String.raw`^The user's (?<rel>${RELATIVE}|${CHILD}) (?:is named |is called |is )?(?<name>\p{Lu}[\p{L}'-]+)$`, 'u');

/** The people a turn has named so far, by name, with how each is related; the last one named is who "she" or "he" is. */
export class People {
  private readonly rel = new Map<string, string>();
  private last: string | undefined;
  /** The owner's beliefs, read for a name only when a clause starts with one the turn has not named; undefined until given. */
  private held: readonly string[] | undefined;
  private heldRead = false;

  constructor(held?: readonly string[]) {
    this.held = held;
  }

  /** Whether continuing `clause` would read the owner's beliefs, which were not given yet. */
  wantsHeld(clause: string): boolean {
    if (this.held !== undefined || this.heldRead || PRONOUN_START.test(clause)) return false;
    const named = NAME_START.exec(clause);
    return named !== null && !this.rel.has(named.groups!.name!);
  }

  give(held: readonly string[]): void {
    this.held = held;
  }

  /** Notes the people a clause names with their relation. */
  note(clause: string): void {
    if (!PERSON_CUE.test(clause)) return;
    for (const { groups: m } of clause.matchAll(PERSON)) {
      const name = m!.name ?? m!.child!;
      if (!/^\p{Lu}/u.test(name)) continue;
      this.rel.set(name, m!.child ? 'child' : m!.rel!.toLowerCase());
      this.last = name;
    }
  }

  /**
   * The clause with the person it continues named in full: "She's 6 and…" after "my daughter
   * Mia" → "my daughter Mia is 6 and…", "Joost is a nurse" after "my husband Joost" (in this turn
   * or in what the user holds) → "my husband Joost is a nurse".
   */
  continuing(clause: string): string {
    const pronoun = PRONOUN_START.exec(clause);
    if (pronoun && this.last) return `my ${this.relOf(this.last, pronoun.groups!.who!)} ${this.last} is ${clause.slice(pronoun[0].length)}`;
    const named = NAME_START.exec(clause);
    if (!named) return clause;
    const name = named.groups!.name!;
    if (!this.rel.has(name)) this.fromHeld();
    return this.rel.has(name) ? `my ${this.relOf(name, '')} ${clause}` : clause;
  }

  private relOf(name: string, pronoun: string): string {
    const rel = this.rel.get(name)!;
    if (rel !== 'child') return rel;
    return /^she$/i.test(pronoun) ? 'daughter' : /^he$/i.test(pronoun) ? 'son' : 'child';
  }

  private fromHeld(): void {
    for (const statement of this.held ?? []) {
      const m = HELD_PERSON.exec(statement)?.groups;
      if (m && !this.rel.has(m.name!)) this.rel.set(m.name!, m.rel!.toLowerCase());
    }
    this.held = undefined;
    this.heldRead = true;
  }
}

const PRONOUN_START = /^(?<who>she|he)(?:'s| is)\s+/i;
/** A clause that starts with someone's name and says something of them ("Joost is a nurse", "Lena turned 8"). */
const NAME_START = /^(?<name>\p{Lu}[\p{L}'-]+) (?=(?:is|was|has|had|works|lives|turned|just|got|started|loves)\b)/u;

const NAMED = new RegExp(String.raw`\b(?:my|our) (?:[\w-]+ )?(?<rel>${PET}|${RELATIVE}|${CHILD}),? (?<name>\p{Lu}[\p{L}'-]+)`, 'gu');
/** Someone of the user's said as who they were: "my late wife", "my first husband" (a first child is still theirs; "my old tabby" is old). */
const NO_LONGER = String.raw`(?!(?:former|ex|previous|late|first(?! (?:${CHILD})\b))\b)`;
/** The same, and "my old boss", "my last manager": said before a name alone, someone the user had. */
const NOT_NOW = String.raw`(?!(?:old|last)\b)${NO_LONGER}`;
const NAMED_FIRST = new RegExp(
  String.raw`^(?:(?:my|our) ${NO_LONGER}(?:[\p{L}-]+ )?|the (?=(?:wife|husband|hubby|missus|boss)\b))?(?<rel>${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|${BOSS}|${PET}) (?<name>\p{Lu}[\p{L}'-]+) (?!(?:is|was|and|has|had)\b)(?=\p{Ll}+s\b|who\b)`,
  'u',
);
const COUNTED = new RegExp(String.raw`^with (?:my|our) ((?:two|three|four|five|\d) (?:[\w-]+ )?${PET},? \p{Lu}.*)$`, 'u');
const IS_PET = new RegExp(`^${PET}$`, 'i');
const IS_PARTNER = new RegExp(`^${PARTNER_UNOWNED}$`, 'i');
/** "my boy Jayden", "my girl Maya": a child named by a word no relative's row reads. */
const IS_CHILD_WORD = /^(?:boy|girl|kid|child|baby|toddler|teenager)$/i;
/** "…with my husband Arjun", "we live in Leeds, me + my wife Miriam": who the user is with. */
const WITH = /\b(?:with|me (?:\+|&|and)) (?=my|our)/;
/** A pet's name, with the title some names open with ("Mr Pickles", "Lady Grey"). */
const PET_NAME = String.raw`(?:(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lady|Lord|Captain|Professor|Princess|Prince|King|Queen|Little|Big) )?\p{Lu}[\p{L}'-]+`;
/**
 * "I live in Leeds with a fat orange cat called Viljo", "We have an old Volvo…, and a norwegian elkhound called Tor": a pet the user
 * lives with or has, named after a few words of description (the clause the user's own).
 */
const WITH_PET_CALLED = new RegExp(String.raw`\b(?:with|and) (?:a|an|my|our) (?:[\w-]+ ){0,3}?(?<rel>${PET}),? (?:called|named) (?<name>${PET_NAME})`, 'gu');
const USER_FIRST = /^(?:i|we|i'm|we're|i've|we've|im|live|living|based)\b/i;

/** "…with my husband Arjun and our dog Kaju": each one named in passing, said as a clause of its own. */
/** "Dr Hollis", "dr hollis": a title and a name, in either case. */
const TITLED = String.raw`(?:[Dd]r|[Mm]rs?|[Mm][sx]|[Pp]rof)\.? \p{L}[\p{L}'-]+`;
/**
 * "my boss, Callum, is…", "My manager Ankita has asked…", "my boss dr hollis is picky": the user's manager, named before
 * whatever the clause says of them (a relative or a pet so named is read where it stands); a former one is not.
 */
const BOSS_NAMED = new RegExp(
  String.raw`^(?:my|our) (?!(?:old|former|ex|previous|last)\b)(?:[\p{L}-]+ )?(?<rel>${BOSS}),? (?<name>${TITLED}|\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?),? (?=\p{Ll})`,
  'u',
);
/** "the owner, Callum, is my boss": who someone is to the user, said after their name. */
const TITLE_THEN_NAME = new RegExp(
  String.raw`^(?:the|my|our) [\p{L}-]+(?: [\p{L}-]+)?, (?<name>\p{Lu}[\p{L}'-]+), (?:is|'s) (?:now |also )?my (?:new )?(?<rel>${BOSS})\b`,
  'u',
);

export function namedInPassing(clause: string): string[] {
  // "my manager Rosalind wants…", "girlfriend Maya thinks…", "the wife Aoife says…", "My boss, Callum, is lovely", "the owner, Callum, is my boss": who they are, said before what they do.
  const lower = clause.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
  const several = namedMany(lower);
  if (several.length) return several;
  const first = (NAMED_FIRST.exec(lower) ?? BOSS_NAMED.exec(lower) ?? TITLE_THEN_NAME.exec(lower))?.groups;
  const at = WITH.exec(clause)?.index;
  // "Wife Darlene holds down the fort with our dog Tater": whom the clause opens on, and whom it is with.
  if (first)
    return [
      IS_PET.test(first.rel!)
        ? `I have a ${first.rel} called ${first.name}`
        : `my ${first.rel} is ${IS_BOSS.test(first.rel!) || IS_PARTNER.test(first.rel!) ? '' : 'called '}${first.name}`,
      ...(at ? namedWith(clause.slice(at)) : []),
    ];
  const pets = USER_FIRST.test(clause) ? [...clause.matchAll(WITH_PET_CALLED)].map(({ groups: m }) => `I have a ${m!.rel} called ${m!.name}`) : [];
  if (pets.length > 0) return pets;
  // "…pls my boss dr hollis is picky", "took my daughter Mia to…": whom the user has, named anywhere in the clause.
  if (at === undefined) return apposed(lower);
  // "Our daughter Jenna is out in Denver with…": whom the user has, named before the "with".
  const before = at > 0 ? apposed(lower.slice(0, at)) : [];
  // "…with our two cats, Sausage and Mrs Doyle": the pets counted and named, said as the user's.
  const counted = COUNTED.exec(clause.slice(at));
  if (counted) return [...before, `we have ${counted[1]}`];
  return [...before, ...namedWith(clause.slice(at))];
}

/** "with our dog Tater", "with my sister Hana": whom the user is with, named after "with". */
const namedWith = (part: string) =>
  [...part.matchAll(NAMED)].map(({ groups: m }) => (IS_PET.test(m!.rel!) ? `I have a ${m!.rel} called ${m!.name}` : `my ${m!.rel} is called ${m!.name}`));

/** A label said inside a sentence: lower case, unless it is an acronym ("CI"). */
const asWord = (label: string) => (/^\p{Lu}{2,}$/u.test(label) ? label : label.toLowerCase());

/** A name as written, without the "'s" said after it ("Gordon's birthday", "Meg's not been herself"): O'Brien keeps its apostrophe. */
const OWN_NAME = String.raw`\p{Lu}[\p{L}-]*(?:['’](?!s\b)[\p{L}-]+)*`;
/** Someone named with how they are related, anywhere in a sentence: "…a note to my boss Karen", "…get my wife Sofia…". */
const APPOSED = new RegExp(
  String.raw`\b(?:my|our) ${NOT_NOW}(?:[\w-]+ )?(?<rel>${PET}|${RELATIVE}|${CHILD}|${BOSS}),? (?<name>${TITLED}|${OWN_NAME}(?: ${OWN_NAME})?)`,
  'gu',
);

/**
 * What a question or a request takes as given about the user, said as a clause of its own: who
 * it names with how they are related ("What should I get my wife Sofia?" → "my wife is called
 * Sofia"), and the state it gives as its reason ("…now that I'm vegan?"). Quoted words are someone
 * else's: nothing of them.
 */
export function presupposed(sentence: string): string[] {
  if (/["\u201c\u201d]/.test(sentence)) return [];
  const given = [...apposed(sentence), ...healthInPassing(sentence)];
  // "is tempeh ok for me now that I'm fully vegan?": the state a question gives as its reason is the user's.
  const state = NOW_THAT.exec(sentence)?.groups?.state?.trim();
  // "…now that I'm thinking about moving?": a plan or a wish is no state.
  return state && !endsStatements(`I'm ${state}`) && !/^\w+ing\b/i.test(state) ? [...given, `I'm ${state}`] : given;
}

/** Everyone a clause names with how they are related to the user, anywhere in it, each said as a clause of its own. */
function apposed(clause: string): string[] {
  const many = namedMany(clause);
  if (many.length) return many;
  return (
    [...clause.matchAll(APPOSED)]
      // "my husband Arjen and I are getting divorced": the couple's news is read as said.
      .filter((m) => !/^ (?:and|&|n) (?:i|me)\b/i.test(clause.slice(m.index + m[0].length)))
      .map(({ groups: m }) => {
        const name = wholeName(m!.name!);
        return IS_PET.test(m!.rel!) || IS_CHILD_WORD.test(m!.rel!)
          ? `I have a ${m!.rel} called ${name}`
          : IS_BOSS.test(m!.rel!)
            ? `my ${m!.rel} is ${name}`
            : `my ${m!.rel} is called ${name}`;
      })
  );
}

/** Holidays the tagger does not date: "my son Leo Christmas…" names Leo. */
const HOLIDAY = /^(?:Christmas|Xmas|Easter|Diwali|Eid|Ramadan|Hanukkah|Thanksgiving|Halloween|Passover|Vaisakhi|Lent)$/;
/** "Mei Ling", "Karen Smith": a second capitalised word is the name's own unless it is a day, a holiday or a common word ("my wife Sofia Thursday…"). */
function wholeName(name: string): string {
  const [first, second] = name.split(' ');
  if (!second) return name;
  const tags = tag(second)[0]?.tags;
  return tags?.has('Date') || HOLIDAY.test(second) || (inLexicon(second.toLowerCase()) && !tags?.has('Person')) ? first! : name;
}

/** "my kids Zara and Idris", "our cats Mochi, Taro and Kiki": several of the user's, each named, each said as a clause of its own. */
function namedMany(clause: string): string[] {
  return [...clause.matchAll(APPOSED_MANY)].flatMap(({ groups: m }) => {
    const rel = m!.rel!.toLowerCase();
    const names = m!.names!.split(/, | and | & /).map((name) => name.replace(new RegExp(`${AGED}$`), ''));
    // "my parents Joy and Des": a pair said as one.
    if (/parents$/.test(rel)) return [`my ${rel} are called ${names.join(' and ')}`];
    return names.map((name) => `${ONE_OF[rel] ?? `I have a ${rel.replace(/e?s$/, '')} called`} ${name}`);
  });
}
const MANY = String.raw`(?:kids|children|sons|daughters|boys|girls|twins|parents|grandparents|cats|dogs|pets|rabbits|hamsters|guinea pigs|horses|budgies|chickens|hens)`;
const NAME = String.raw`\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?`;
/** How many, said before them: a count names them its own way ("two cats, Miso and Tofu"). */
const COUNT = String.raw`(?:two|three|four|five|six|\d+)`;
/** How old one of them is, said after the name: "Alfie's 9", "Rosie (6)", "Zara 9". */
const AGED = String.raw`(?:'s \d{1,2}| \(\d{1,2}\)| \d{1,2}(?=,| and| &|$))`;
const APPOSED_MANY = new RegExp(
  String.raw`(?:\b(?:[Mm]y|[Oo]ur|[Tt]he) (?!${COUNT}\b)(?:[\w-]+ )?|(?:^|(?<=[,;:—–]\s*))(?:${COUNT}|[Tt]wo|[Tt]hree|[Ff]our) (?:[\w-]+ )?)(?<rel>${MANY})(?:,|:| [—–-])? (?<names>${NAME}(?:${AGED})?(?:(?:, | and | & )${NAME}(?:${AGED})?)+)`,
  'gu',
);
/** How one of several is said, by the word for all of them. */
const ONE_OF: Record<string, string> = {
  kids: 'I have a kid called',
  children: 'I have a kid called',
  boys: 'I have a son called',
  girls: 'I have a daughter called',
  sons: 'I have a son called',
  daughters: 'I have a daughter called',
  twins: 'I have a kid called',
};
const NOW_THAT = /\bnow that (?:i'm|i am|im) (?<state>[^?,;()]{2,40})/i;

/** Who someone is to the user, said beside their name: "Dave (my boss)", "Femi (brother-in-law)", "Beth, my oldest friend, …", "The missus, Lorraine, …" (a pet so named is read where it stands). */
/** "Joey the budgie died this morning": a pet's end is read as said, not as the pet named. */
const NOT_ENDED = String.raw`(?![^.!?]{0,40}\b(?:died|dead|passed|put down|put to sleep|gone|missing|lost|run over|rehomed|re-homed)\b)`;
const REL_WORD = String.raw`(?<rel>${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|${BOSS})`;
const BESIDE_THE_NAME = [
  String.raw`(?<name>\p{Lu}[\p{L}'-]+) \((?:my |our |a |an )?(?<how>[\p{L}-]+ )?(?<rel>${PET}|${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|${BOSS})(?:,[^()]*)?\)`,
  String.raw`(?<name>\p{Lu}[\p{L}'-]+), (?:my|our) (?<how>(?:[\p{L}-]+ ){0,2}?)${REL_WORD},`,
  String.raw`\b(?:[Mm]y|[Oo]ur) ${REL_WORD}, (?<name>\p{Lu}[\p{L}'-]+),`,
  String.raw`(?<=^|[.!?]\s+)[Tt]he (?<rel>${PARTNER_UNOWNED}), (?<name>\p{Lu}[\p{L}'-]+),`,
  // "Biscuit the beagle stole my toast": a pet named before what it is.
  String.raw`(?<![\p{L}'’] )(?<name>\p{Lu}[\p{L}'-]+) the (?<rel>${PET})\b(?! (?:walker|sitter|groomer|trainer|minder|whisperer|food|bed|park|show)\b)${NOT_ENDED}`,
  // "walking the dog, Rex, in the rain", "the cat Mochi knocked my coffee over": the household's pet, named after "the".
  String.raw`(?<!(?:[\p{L}'’]s|his|her|their|next door's|neighbou?r's) )\b[Tt]he (?<rel>${PET}),? (?<name>\p{Lu}[\p{L}'-]+)\b${NOT_ENDED}`,
  // "Bruno our boxer is 3": a pet named, then whose it is.
  String.raw`(?<name>\p{Lu}[\p{L}'-]+),? (?:my|our) (?<rel>${PET})(?= (?:is|was|has|turned|just)\b)${NOT_ENDED}`,
  // "the real boss of the house is Mielie, our ginger rescue cat": a pet so named where a sentence ends.
  String.raw`(?<name>\p{Lu}[\p{L}'-]+), (?:my|our) (?!(?:old|former|ex|previous|last|late)\b)(?:[\p{L}-]+ ){0,2}?(?<rel>${PET})(?=[.!?;]|$| \p{Extended_Pictographic})`,
].map((source) => new RegExp(source, 'gu'));
/** "my Jack Russell", "our Border Collie": a breed written as its name is, which is no one's name. */
const BREED_CAPITALISED = new RegExp(String.raw`(?<=\b(?:[Mm]y|[Oo]ur|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir) )(?=\p{Lu})(?:${PET})\b`, 'giu');
const COUNTED_THEN_NAMED = new RegExp(
  String.raw`\b(?<count>${COUNT}|[Tt]wo|[Tt]hree|[Ff]our) (?<rel>kids|children|boys|girls|sons|daughters)\s*(?::|[—–]|-|,)\s*(?<names>${NAME}(?:${AGED})?(?:(?:, | and | & )${NAME}(?:${AGED})?)+)`,
  'gu',
);
/** "Kids (Zara 9, Idris 6)", "the cats (Mochi and Taro, both menaces)": several of the user's, named in brackets after them. */
const NAMED_IN_BRACKETS = new RegExp(
  String.raw`(?<!\b(?:his|her|their|\p{L}+'s|${COUNT}) )\b(?:(?:[Mm]y|[Oo]ur|[Tt]he) )?(?<rel>${MANY})'? \((?<names>${NAME}(?: \d{1,2})?(?:(?:, | and | & )${NAME}(?: \d{1,2})?)+)(?:,[^)]*)?\)`,
  'giu',
);

/**
 * "Fiona, 52, Leith.", "connor. 22. grimsby.", "trey, 26M, austin tx", "it's Geneviève — 44, Montrealer": a
 * message that opens with a name and an age, however they are set apart, said as the introduction the rules read
 * ("I'm Fiona, 52, Leith"), the name capitalised as a name is.
 */
export function terseIntro(content: string): string {
  const m = TERSE_INTRO.exec(content);
  if (!m || KIN_FIRST.test(m.groups!.name!) || !mayBeName(capitalised(m.groups!.name!).split(' ')[0]!)) return content;
  const { lead, name, age } = m.groups!;
  // "connor. 22. grimsby.": typed in lower case, a word the tagger has never seen, alone as an item, is a place's name.
  const rest = /\p{Lu}/u.test(name!)
    ? m.groups!.rest!
    : m.groups!.rest!.replace(/(?<=^|,\s*)\p{Ll}+(?=\s*(?:,|$))/gu, (w) => (inLexicon(w) && !tag(w)[0]?.tags.has('Place') ? w : capitalised(w)));
  // "Gwen, 61. Large-animal vet with Ystwyth Vets": a word capitalised only for opening a sentence is an item of the list ("Leith" stays a name).
  const first = /^\p{Lu}[\p{L}'-]*/u.exec(rest)?.[0];
  const opening =
    m.groups!.after === '.' && first && inLexicon(first.split('-')[0]!.toLowerCase()) && !tag(first).some((t) => NAMED_TAGS.some((n) => t.tags.has(n)));
  const items = opening ? `${rest[0]!.toLowerCase()}${rest.slice(1)}` : rest;
  return `${lead}I'm ${capitalised(name!)}, ${age}${items ? `, ${items}` : ''}${content.slice(m[0].length)}`;
}
const NAME_WORDS = String.raw`(?!(?:i['’]m|it['’]s|im|its)\b)\p{L}[\p{L}'’-]+(?: (?:van|von|de|der|den|da|di|du|la|le|bin|binti|al|el|ter))*(?: (?!here\b)[A-ZÀ-Ý][\p{L}'’-]+)?`;
const TERSE_INTRO = new RegExp(
  String.raw`^(?<lead>(?:(?:hi+|hiya|hey+|heya|hello|howzit|yo|g'day|morning|evening|alright|ok|okay|so|well|anyway)(?: there| all| folks| everyone)?[,!.]*\s+){0,2})(?:(?:it['’]s|its|this is|i['’]m|im|i am|name['’]s|name:)\s+)?(?<name>${NAME_WORDS})(?: here)?\s*(?:[,.]|\s[—–-])\s*(?<age>\d{1,2})\s*(?:[MmFf]|yo|y\.o\.|yrs|years(?: old)?)?\s*(?<after>[,.]|\s[—–-]|$)\s*(?<rest>[^.!?\n]*)`,
  'iu',
);
const NAMED_TAGS = ['Place', 'Person', 'FirstName', 'Organization'];
const capitalised = (name: string) => name.replace(/(?<=^|\s)(?!(?:van|von|de|der|den|da|di|du|la|le|bin|binti|al|el|ter)\b)\p{Ll}/gu, (c) => c.toUpperCase());

/** "Dave (my boss) wants…" → "my boss Dave wants…", "Beth, my oldest friend, just…" → "my oldest friend Beth just…": who someone is, said before their name as the rules read it. */
export function nameBeside(sentence: string): string {
  let said = sentence
    .replace(BREED_CAPITALISED, (breed) => breed.toLowerCase())
    // "Two kids — Alfie's 9 and Rosie's 6": how many, then each by name, said as the rules read them.
    .replace(COUNTED_THEN_NAMED, (_whole, ...args) => {
      const m = args.at(-1) as { count: string; rel: string; names: string };
      const names = m.names.split(/, | and | & /).map((name) => name.replace(new RegExp(`${AGED}$`), ''));
      return `${m.count} ${m.rel}, my ${m.rel.toLowerCase()} ${names.join(' and ')}`;
    })
    .replace(NAMED_IN_BRACKETS, (whole, ...args) => {
      const m = args.at(-1) as { rel: string; names: string };
      // The match is blind to case for "Kids (…)": the names are the capitalised ones it opens with ("Mochi and Taro, both menaces").
      const all = m.names.replace(/ \d{1,2}(?=,| and| &|$)/g, '').split(/, | and | & /);
      const upTo = all.findIndex((name) => !/^\p{Lu}/u.test(name));
      const names = upTo < 0 ? all : all.slice(0, upTo);
      return names.length > 0 ? `my ${m.rel.toLowerCase()} ${names.join(' and ')}` : whole;
    });
  for (const re of BESIDE_THE_NAME)
    said = said.replace(re, (whole, ...args) => {
      const m = args.at(-1) as { name: string; rel: string; how?: string };
      return mayBeName(m.name) ? `my ${m.how ?? ''}${m.rel} ${m.name}` : whole;
    });
  return said;
}
