import { KINDS, kindNamed, type Kind, type KindName } from '../../kinds.ts';
import { match } from './match.ts';
import { withArticle } from '../../text.ts';
import { tag } from './voice.ts';
import { categoryOf } from './vocabulary/categories.ts';
import { PET } from './vocabulary/pets.ts';
import { CHILD, RELATIVE } from './vocabulary/family.ts';
import { BOSS, ROLE_NOUNS, WORK_THINGS } from './vocabulary/work.ts';

/**
 * A value given under a label, as notes and profiles write it ("Home: Tallinn", "Allergies:
 * peanuts, kiwi", "dog: Pepper"), said again as the user says it of themselves: the label names a
 * kind of the catalogue (its everyday words), and the kind says how its value is said. A
 * several-value kind's list gives one sentence per value.
 */

/** How a value of each kind is said by the user; `label` is the label as written ("dog", "wife"). */
const SAID: Partial<Record<KindName, (value: string, label: string) => string>> = {
  name: (x) => `my name is ${x}`,
  age: (x) => `I'm ${x}`,
  home: (x) => `I live in ${x}`,
  origin: (x) => `I'm from ${x}`,
  employer: (x) => (isRole(x) ? `I'm ${withArticle(x)}` : `I work at ${x}`),
  role: (x) => `I'm ${withArticle(x)}`,
  manager: (x) => `my manager is ${x}`,
  partner: (x, label) => `my ${/^(?:married|spouse)$/i.test(label) ? 'partner' : label} is ${x}`,
  diet: (x) => `I'm ${x}`,
  allergy: (x) => `I'm allergic to ${x}`,
  intolerance: (x) => `I'm intolerant to ${x}`,
  // "Health: lactose intolerant", "Health: asthma": what the user is, or has.
  condition: (x) => (match(`I'm ${x}`).length || tag(x).at(-1)?.tags.has('Adjective') ? `I'm ${x}` : `I have ${x}`),
  language: (x) => `I speak ${x}`,
  learning: (x) => `I'm learning ${x}`,
  pet: (x, label) =>
    /^(?:an?|one|two|three|four|\d)\b/i.test(x) ? `I have ${x}` : `I have a ${/^(?:pets?|animals?|critters?)$/i.test(label) ? 'pet' : label} called ${x}`,
  hobby: (x) => `my hobbies are ${x}`,
  instrument: (x) => `I play the ${x}`,
  show: (x) => `I watch ${x}`,
  vehicle: (x) => `I drive ${/^(?:an?|my|the|\d)\b/i.test(x) ? x : withArticle(x)}`,
  plan: planned,
  // "stack: Airflow + Spark on AWS", "CI = Jenkins": a product the user uses, as the thing the label names when it names one.
  // "dashboards in Power BI" among them says what for itself; "kafka for events" is used for it.
  // "kafka for events": what it is used for, after it.
  tool: (x, label) =>
    /^\S+ for \S/u.test(x)
      ? `I use ${x}`
      : /^\p{Ll}\S* \S/u.test(x)
        ? x
        : /(?:^|\s)(?:tools?|stack|tech|setup)$/i.test(label)
          ? `I use ${x}`
          : `my ${asWord(label)} is ${x}`,
  drink: (x, label) =>
    `I drink ${x.replace(/^(?:only|always|mostly|usually)\s+/i, '')}${label === 'drink' || x.toLowerCase().includes(label) ? '' : ` ${label}`}`,
};

/** "Plan: open a second branch", "plan: august we go to the sea": what the user plans to do, and when. */
function planned(value: string): string {
  const terms = tag(value);
  const when = terms.findIndex((t) => !t.tags.has('Date'));
  const rest = terms
    .slice(Math.max(when, 0))
    .map((t) => `${t.pre}${t.text}${t.post}`)
    .join('')
    .trim()
    .replace(/^(?:i|we) /i, '');
  const at = terms
    .slice(0, Math.max(when, 0))
    .map((t) => t.text)
    .join(' ');
  const said = `I plan to ${rest}${at ? ` in ${at}` : ''}`;
  return match(said).length ? said : `my plan is ${value}`;
}

/** Labels forms and notes use for a kind besides its everyday words ("Location: Eldoret", "Transport: Bajaj Boxer motorbike"). */
const LABEL_NAMES: Readonly<Record<string, KindName>> = {
  location: 'home',
  'current location': 'home',
  residence: 'home',
  transport: 'vehicle',
  ride: 'vehicle',
};

/** The kinds whose value is a list, one sentence each ("Allergies: peanuts, kiwi"). */
const LISTED: ReadonlySet<KindName> = new Set(['allergy', 'intolerance', 'language', 'learning', 'pet', 'tool']);

/** A label's kind: the first kind of the catalogue that names it among its words (plural labels by their singular too). */
function kindOfLabel(label: string): Kind | undefined {
  const word = label.toLowerCase();
  const named = LABEL_NAMES[word];
  if (named) return kindNamed(named);
  if (IS_PET.test(singular(word))) return kindNamed('pet');
  // "work stack", "home setup": the label's last word names the kind when the whole does not.
  const last = word.split(' ').at(-1)!;
  const byWord =
    (KINDS as readonly Kind[]).find((k) => k.words.includes(word) || k.words.includes(singular(word))) ??
    (last !== word ? (KINDS as readonly Kind[]).find((k) => k.kind === 'tool' && k.words.includes(last)) : undefined);
  // "coffee: Rebo": a thing of a kind's category (coffee is a drink) under the word for it.
  const category = byWord ? undefined : categoryOf(word);
  return byWord ?? (category ? (KINDS as readonly Kind[]).find((k) => k.things?.includes(category)) : undefined);
}

/** Labels that name someone else, whose job a label's value may be ("dad = teacher"). */
const PEOPLE = new RegExp(`^(?:${RELATIVE}|${CHILD}|${BOSS}|neighbou?r|friend|colleague|client|customer)s?$`, 'i');

/** "rabbit: Clover": an animal's name under the word for it. */
const IS_PET = new RegExp(`^${PET}$`);

/** The work a product keeps, as a label names it ("Books", "Invoices"). */
const WORK: ReadonlySet<string> = new Set(WORK_THINGS.flatMap((w) => [w, `${w}s`]));
const singular = (word: string) => word.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/**
 * "Home: Tallinn", "wife = Rana", "2 dogs: Bori and Kongi": a label of one or two words (after a
 * count), a colon or an equals sign, its value. What comes before the label is a heading of its
 * own ("family stuff: wife = Rana").
 */
const LABELLED =
  /^(?:(?:[Mm]y|[Oo]ur|[Tt]his|[Nn]ext) )?(?:(?:year|month|week|summer|winter|spring|autumn)(?:'s)? )?(?:(?<count>\d{1,2}|one|two|three|four|five) )?(?<label>[\p{L}]+(?: [\p{L}]+)?(?: of choice)?)\s*(?::|\s=)\s*(?<value>[^:=]{1,160})$/u;
const HEADING = /^[\p{L}' ]{1,40}:\s+(?=\S)/u;
/** Labels of the user's own time, or a time that comes back each week: what follows them are hobbies ("Off hours: chess and squash", "thursday night = cards"). */
const DAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const LEISURE = new RegExp(
  `^(?:off hours|off duty|afk|off the clock|free time|spare time|downtime|down time|outside (?:of )?(?:the |my )?[a-z]+|after work|for fun|hobbies|weekends|evenings|${DAY}s|(?:every )?${DAY}s? (?:nights?|evenings?|mornings?|afternoons?)|every ${DAY})$`,
  'i',
);
/** A label said inside a sentence: lower case, unless it is an acronym ("CI"). */
const asWord = (label: string) => (/^\p{Lu}{2,}$/u.test(label) ? label : label.toLowerCase());
const ITEMS = /,\s*(?:and\s+)?|\s+(?:and|&)\s+/;
/** "Airflow + Spark on AWS", "Python / SAS": the products of a stack, each a tool. */
const TOOL_ITEMS = /,\s*(?:and\s+)?|\s+(?:and|&|\+|\/|on|over|with)\s+/;
/** Words of a label's value at most: more is a sentence after a label. A list counts by item; a pastime may say where and with whom. */
const MAX_VALUE_WORDS = 8;
const MAX_PASTIME_WORDS = 12;
/** "and two cats: …", "plus partner = Lior": a label that goes on a sentence before it. */
const JOINED = /^(?:and|plus|also|with) (?=\S)/i;
/**
 * "Wednesday nights is five-a-side", "outside the lab: rowing with a masters crew at 5:30am": a
 * time of the user's own, then what they do in it (after a colon, "=", or "is").
 */
const LEISURE_SAID = /^(?<label>[\p{L}' ]{3,40}?)\s*(?::|\s=|\s(?:is|are))\s+(?<value>.{1,160})$/u;

/**
 * The labelled value said as the user's ("my manager is Dana Whitfield", "I'm allergic to
 * peanuts", "I'm allergic to kiwi"), or undefined when the clause is no label of a kind.
 */
export function labelled(said: string): string[] | undefined {
  const clause = said.replace(JOINED, '').replace(LABEL_OF_MINE, '$1:');
  const heading = HEADING.exec(clause);
  return leisure(clause) ?? ofLabel(clause) ?? (heading ? ofLabel(clause.slice(heading[0].length)) : undefined) ?? noColon(clause);
}

/** "Tools I use daily:", "Languages I speak:", "Pets we have:": a label said as what the user has of it. */
const LABEL_OF_MINE =
  /^(\p{Lu}\p{Ll}+(?: \p{Ll}+)?) (?:that |which )?(?:I|we) (?:use|have|speak|play|own|drink|do|keep)(?: (?:daily|every day|at work|most days|a lot|regularly|right now|currently|these days))?:/u;

/**
 * "Hobby bonsai", "Boss Mr. Tanaka", "Diet vegetarian": a kind's word and its value, written as a
 * note without the colon. A person's or a place's value is a name ("Home sweet home" is none).
 */
const NOTE = /^(?<label>\p{Lu}\p{Ll}+) (?<value>[\p{L}][\p{L}' .-]{1,40}|\d{1,3})$/u;
const NOTE_THINGS = new Set(['hobby', 'hobbies', 'diet', 'allergy', 'allergies', 'intolerance', 'age']);
const NOTE_NAMES = new Set(['boss', 'manager', 'wife', 'husband', 'partner', 'girlfriend', 'boyfriend', 'home', 'dog', 'cat', 'pet']);
function noColon(clause: string): string[] | undefined {
  const m = NOTE.exec(clause)?.groups;
  if (!m) return undefined;
  const [label, value] = [m.label!.toLowerCase(), m.value!];
  if (!(NOTE_THINGS.has(label) || (NOTE_NAMES.has(label) && /^\p{Lu}/u.test(value))) || value.toLowerCase().includes(label)) return undefined;
  if (tag(value).some((t) => t.tags.has('Verb') || t.tags.has('Pronoun') || t.tags.has('Determiner'))) return undefined;
  return ofLabel(`${m.label}: ${value}`);
}

/** A quantity before a pastime: "one game of", "a few rounds of", "two hours of". */
const HOW_MUCH_OF =
  /^(?:a couple of|a few|an?|one|two|three|four|five|\d+|some)\s+(?!(?:my|our|the|his|her|their|your|them|these|those|of)\b)\S+\s+of\s+(?=\S)/i;

function leisure(clause: string): string[] | undefined {
  const m = LEISURE_SAID.exec(clause)?.groups;
  if (!m || !LEISURE.test(m.label!.trim()) || /^(?:i|i'm|we|my)\b/i.test(m.value!)) return undefined;
  // "chama every 2nd saturday": how often is no part of the pastime.
  const value = withoutWhen(m.value!.trim())
    .replace(/,\s*[\p{Ll}\d].*$/u, '')
    .replace(/^for /i, '')
    .replace(/\s+(?:every|each|once|twice|\d+x|\d+ times)\b.*$/i, '')
    // "one game of chess online", "a couple of rounds of golf": how much is no part of the pastime either.
    .replace(HOW_MUCH_OF, '');
  if (value.split(' ').length > MAX_PASTIME_WORDS) return undefined;
  // "weekends are hectic": how the time is, no pastime.
  const first = tag(value)[0];
  const activity = !!first && (first.tags.has('Gerund') || first.tags.has('Noun')) && !first.tags.has('Adjective') && !first.tags.has('Pronoun');
  return activity ? [`my hobbies are ${value}`] : [];
}

function ofLabel(clause: string): string[] | undefined {
  const m = LABELLED.exec(clause)?.groups;
  // "work: supervisor is Abu Faisal": a clause after the label says what it says, no value of the label's.
  if (!m || /^(?:i|i'm|we|my)\b/i.test(m.value!) || /^[^,]*\b(?:is|are|was|were)\b/i.test(m.value!)) return undefined;
  // "stack fyi: …", "drink of choice: …": the label without the aside.
  const label = m.label!.replace(/ (?:fyi|btw|of choice)$/i, '');
  const kind = kindOfLabel(label);
  // "three things: 1) …": a long value is a sentence after a label, unless it lists a stack's products.
  if (m.value!.length > 80 && kind?.kind !== 'tool') return undefined;
  const listed = kind && LISTED.has(kind.kind as KindName);
  // "open a second branch in Ejisu, already talking to the landlord": one value, then a comment on it.
  const value = withoutWhen(m.value!.trim()).replace(listed ? /$^/ : /,\s*[\p{Ll}\d].*$/u, '');
  const split = listed ? value.split(kind?.kind === 'tool' ? TOOL_ITEMS : ITEMS).filter(Boolean) : [value];
  // "Trello to keep my projects from eating me alive": a product, and what the user keeps it for.
  const items = kind?.kind === 'tool' ? split.map((item) => (/^\p{Lu}/u.test(item) ? item.replace(/ to (?!the\b)\p{Ll}+ .*$/u, '') : item)) : split;
  const most = kind?.kind === 'hobby' || LEISURE.test(label) ? MAX_PASTIME_WORDS : MAX_VALUE_WORDS;
  // "home: a small flat in Leith with my husband Ren": whom the user is there with is no part of the value's length.
  if (items.some((item) => item.replace(/(?<!\s)\s+with (?:my|our) .+$/i, '').split(' ').length > most)) return undefined;
  // "allergies: none", "pets: n/a": the label says the user has none of it.
  if (/^(?:none|no|nothing|nope|n\/a|-+|zero|0)$/i.test(value)) return [];
  if (LEISURE.test(label)) return [`my hobbies are ${value}`];
  if (/^favou?rite \p{L}+$/iu.test(label)) return [`my ${label.toLowerCase()} is ${value}`];
  // "dad: teacher", "sister: Anna", "neighbour: plumber": someone else's, said as theirs.
  if (PEOPLE.test(label) && !(kind && SAID[kind.kind as KindName])) {
    const who = label.toLowerCase();
    if (/^(?:\d{1,2}|one|two|three|four|five|six)$/i.test(value)) return [`I have ${value} ${who}`];
    const many = /[^s]s$/.test(who);
    return [`my ${who} ${many ? 'are' : 'is'} ${/^\p{Lu}/u.test(value) ? `called ${value}` : isRole(value) && !many ? withArticle(value) : value}`];
  }
  if (!kind) {
    // "monday: dentist": a day's appointment, no fact of the user's.
    if (tag(label).every((t) => t.tags.has('Date'))) return [];
    // "Books: Excel", "Herd management: DairyComp": the work, and the product it is kept in.
    if ([label, label.split(' ').at(-1)!].some((l) => WORK.has(l.toLowerCase())) && /^\p{Lu}/u.test(value))
      return [`I keep my ${label.toLowerCase()} in ${value}`];
    // "truck: DAF XF", "van = ford transit": a thing the user has, under the word for it.
    if (categoryOf(label)) return [`my ${label.toLowerCase()} is ${value}`];
    // "stolarz = carpenter": a word of the user's own language glossed by the job it names.
    return m.count === undefined && isRole(value) ? [`I'm ${withArticle(value)}`] : undefined;
  }
  const say = SAID[kind.kind as KindName];
  if (!say) return [`my ${asWord(label)} is ${value}`];
  // "Job: welder, Austal shipyard in Mobile": the job, then where it is done.
  const [job, where] = value.split(/,\s+(?=\p{Lu})/u);
  if ((kind.kind === 'employer' || kind.kind === 'role') && where && isRole(job!)) return [`I'm ${withArticle(job!)}`, `I work at ${where}`];
  // "dog: Rudy, ginger mix", "two cats: Mochi, 15, the grandma, and Kinako": after a name, its age and what the animal is like, not another one.
  const named =
    kind.kind === 'pet' ? items.filter((v) => /^\p{Lu}/u.test(v) || (m.count === undefined && /^(?:an?|one|two|three|four|\d+) \p{L}/u.test(v))) : items;
  return named.map((v) => say(v, /^\p{Lu}{2,}$/u.test(label) ? label : singular(label.toLowerCase())));
}

/** "line dance in the village hall, tuesday and friday": when, after the value, is no part of it. */
function withoutWhen(value: string): string {
  const comma = value.lastIndexOf(',');
  if (comma < 0) return value;
  const when = tag(value.slice(comma + 1));
  return when.length && when.every((t) => ['Date', 'Value', 'Conjunction', 'Preposition', 'Determiner'].some((n) => t.tags.has(n)))
    ? value.slice(0, comma)
    : value;
}

const ROLES: ReadonlySet<string> = new Set(ROLE_NOUNS);
/** "UX researcher", "nurse": a job's name (its last word a role or a person by what they do), not a company. */
function isRole(value: string): boolean {
  const last = tag(value).at(-1);
  return !!last && /^\p{Ll}/u.test(last.text) && (ROLES.has(last.text.toLowerCase()) || last.tags.has('Actor'));
}
