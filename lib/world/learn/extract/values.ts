import type { Check } from './meaning.ts';
import { isContent } from './generic.ts';
import { FRANKLY_SAID } from './noise.ts';
import { inLexicon } from './tagger.ts';
import { tag } from './voice.ts';
import { isListed } from './vocabulary/categories.ts';
import { WORK_SITES, WORK_TURN_ALONE } from './vocabulary/work.ts';
import { alternation } from './vocabulary/alternation.ts';
import { KINDS, type Kind } from '../../kinds.ts';
import { contentWords } from '../../text.ts';

/** What a value captured by a phrase must look like, and how it is cleaned before it is used. */

/** Words after a value that are not part of it ("I live in Lisbon now"). */
export const TRAILING = new RegExp(
  String.raw`(?:,?(?<!\s)\s+(?:now|originally|together|sadly|unfortunately|apparently|honestly|tbh|obviously|of course|these days|nowadays|today|currently|recently|lately|at the moment|right now|for now|from now on|going forward|again|too|also|as well|instead|outside (?:of )?work|after work|by the way|haha|lol|though|btw|mostly|mainly|largely|more or less|a while ago|as of(?: today| now| this \w+| last \w+| \w+)?|(?:since|from) (?:(?:i|we) (?:was|were) (?:a kid|a child|a teenager|little|young|small|\d+)|childhood|a child|a kid)|with (?:over |almost |nearly |about |more than )?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty) (?:years?|yrs)(?:'? (?:of )?experience)?|on (?:the )?(?:night|day|early|late|weekend|evening) shifts?|for (?:medical|health|ethical|religious|environmental) reasons|to be (?:exact|precise|specific|honest)|${FRANKLY_SAID}|thank (?:god|goodness|heavens)|thankfully|any day(?: of the week)?(?:,? any time)?|any time|hands down|by far|no contest|(?:no|minus|hold the) (?:sugar|sugars|milk|cream|ice|foam|sweeteners?|syrup)|most days|most of the time|(?:all )?my (?:whole )?life|all my life|(?:since|from) (?:my )?(?:childhood|forever|then|[a-z]+ school|college|university|uni)(?: days)?|since (?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|many|several) (?:days|weeks|months|years))|(?:about|around|almost|nearly|over|roughly|going on) (?:a (?:few|couple of) |\d+ |one |two |three |four |five |six |seven |eight |nine |ten |twenty )(?:days|weeks|months|years)(?: now)?|for (?:(?:over|almost|nearly|about|around|more than) )?(?:a (?:few|couple of)|\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|several|many|ages|years|months|a while|a long time) ?(?:days|weeks|months|years|decades)?))+$`,
  'i',
);
const MAX_VALUE = 80;
/** ", no kids", ", no pets yet": a terse none after the statement, which it does not take back. */
export const NONE_AFTER = /,\s*no (?!(?:more|longer)\b)[\p{L}-]+(?: (?:yet|either|though))?$/iu;
/** ", fish yes, meat no": a short list of yes and no after the statement, which it only spells out. */
export const YES_NO_AFTER = /(?:,\s*[\p{L}-]+ (?:yes|no|yeah|nope))+$/iu;
/** ", red gives me headaches": another subject and its verb start a clause of their own. */
export const TRAILING_CLAUSE =
  /,\s+(?:so |and |but )?(?:the |my |a |an )?[\p{L}'-]+(?: [\p{L}'-]+){0,2} (?:kind of |sort of )?(?:is|are|was|were|has|have|had|gives?|gave|makes?|made|does|did|keeps?|kept|been|feels?|felt|looks?|seems?|needs?|\w+ed)\b.*$/iu;

/**
 * ", though not very well", ", can't go back": a concession after the statement, which it does
 * not take back (", though not anymore" does, and stays).
 */
export const CONCESSION =
  /,\s*(?:(?:though|although|albeit|but) (?:not|never)(?: (?:very|that|so|too))? (?:well|much|often|seriously|great|good|brilliantly|professionally|competitively)\b|(?:and )?(?:i )?(?:can't|cannot|couldn't|won't) (?:go back|imagine|live without|get enough|stop)\b)[^,]*$/i;

/** ", have done for twenty-odd years now": how long, said after the statement, which it leaves as said. */
export const HOW_LONG =
  /,\s*(?:(?:and )?(?:i )?(?:have|'ve) (?:done|been doing (?:it|that|so)|been at it|been there)(?: (?:for|since) [^,]{1,40})?|(?:for )?(?:(?:almost|nearly|about|around|over|just over|going on) )?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (?:years?|months?|weeks?))(?: now)?$/i;

/** How many, in digits or words, before a span of time: "8", "ten", "a couple of". */
export const HOW_MANY = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a few|a couple of|many)`;
/** About how many: "almost ten", "going on 8". */
const ABOUT = String.raw`(?:(?:almost|nearly|about|around|over|going on) )?`;
/** Years or months, said in full or short. */
export const YEARS = String.raw`(?:years?|yrs?|months?|mos?)`;

/** "been in Glasgow ten years now", "I've been in Houston 8 yrs": somewhere the user has been for years or months is where they live. */
export const BEEN_HERE_FOR_YEARS = new RegExp(
  String.raw`\b(?:(?:[Ii]|[Ww]e)(?:'ve| have) )?[Bb]een in (?<place>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?) (?:for )?${ABOUT}${HOW_MANY} ${YEARS}\b`,
  'u',
);
/**
 * "lived in Leeds 10 years", "in Houston 8 yrs now", "at Tesco 6 years": how long, said straight after a
 * name, is no part of it ("for two weeks" after a workplace is left to the readers of job news).
 */
export const HOW_LONG_AFTER_NAME = new RegExp(
  String.raw`(?=\s)(?:(?<=\bin \p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)\s+(?:for )?|(?<=\p{Lu}[\p{L}'-]*)\s+(?=${ABOUT}${HOW_MANY} ))${ABOUT}${HOW_MANY} (?:${YEARS}|weeks?|wks?)(?: now| already)?(?=\s*(?:[,.;!?]|$))`,
  'gu',
);

/** ", mostly night shifts": a qualifier after the statement ("mostly Terraform and Kubernetes" names things, and stays). */
export const QUALIFIER = /,\s*(?:[Mm]ostly|[Mm]ainly|[Ll]argely|[Uu]sually) (?!\p{Lu})[^,]+$/u;

/** How much or how bad, said before a thing: "pretty serious sesame" is sesame. */
const DEGREE =
  /^(?:a (?:little )?bit of |a lot of )?(?:(?:pretty|really|very|quite|super|fairly|extremely|so|severely|seriously|mildly|slightly|kind of|sort of|a bit(?! of)) )*(?:(?:serious|severe|mild|bad|slight|terrible|nasty|life-threatening|deadly|major|minor) )?(?=\S)/;

export function cleanValue(value: string): string {
  return (
    value
      .replace(DEGREE, '')
      // "a company called Brambleway Foods" is Brambleway Foods.
      .replace(
        /^an? (?:[\w-]+ )?(?:company|firm|startup|agency|business|shop|studio|bank|school|hospital|clinic|charity|consultancy) (?:called|named) (?=\S)/i,
        '',
      )
      .replace(/(?<!\s)\s+with (?:my|our|his|her|their) .+$/i, '')
      // "Abu Faisal, old school, good heart": a name, then what it is like (a list goes on with "and").
      .replace(/^(\p{Lu}[\p{L}'.-]*(?: (?:&|\p{Lu}[\p{L}'.-]*)){0,3}),\s+\p{Ll}(?!.*\b(?:and|or)\b).*$/u, '$1')
      // "Salthill with two other girls", "Kilimani near Yaya Centre": a place, then who with or what it is near.
      .replace(/(?=\s)(?<=\p{Lu}[\p{L}'-]*)\s+(?:with|near|close to|next to|by) .+$/u, '')
      .replace(TRAILING, '')
      .replace(/^the city of /i, '')
      // "Portmore side", "Amman, Marka side": a district named after the place is still the place.
      .replace(/(?<![\p{L}'-])(\p{Lu}[\p{L}'-]*)(?:,\s*\p{Lu}[\p{L}'-]*)? (?:side|district|area)$/u, '$1')
      // "Cork city": the city's name.
      .replace(/^(\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?) city$/u, '$1')
      .replace(/,?(?<!\s)\s+(?:which|who|but|because|so that|although|though|whereas)\b.*$/i, '')
      .replace(TRAILING_CLAUSE, '')
      .replace(/(?<!\s)\s+any ?(?:more|longer)$/i, '')
      // "the Uber app three weeks now": how long, after the thing.
      .replace(
        /(?<!\s)\s+(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several)(?: (?:more|whole|full))? (?:days?|weeks?|months?|years?|yrs?)(?: (?:a|per|each|every) (?:day|week|month|year))?(?: (?:now|ago|already|and counting))?$/i,
        '',
      )
      .replace(/(?<![.!;,])[.!;,]+$/, '')
      .trim()
  );
}

const PRONOUN =
  /^(?:he|she|they|it|him|her|them|this|that|there|here|you|we|us|me|myself|someone|somebody|everyone|everything|something|anything|nothing|stuff|things?)$/i;
const DETERMINER = /^(?:a|an|my|his|her|their|your|our|this|that|some|no|any)\b/i;
const PEOPLE =
  /\b(?:wife|husband|partner|spouse|girlfriend|boyfriend|mother|mom|mum|father|dad|parents?|sister|brother|sibling|son|daughter|kids?|child|children|friend|colleague|coworker|co-worker|neighbou?r|boss|manager|team|family|opinion|guess|question|problem|point|advice|idea|plan|dog|cat|pet|puppy|kitten)s?\b/i;
const NOT_AN_EMPLOYER =
  /^(?:weekends?|the weekends?|nights?|night|home|the moment|times|least|once|it|this|that|my|a|an|our|his|her|their|some|on|in|at|from|since|last|next|today|yesterday|tomorrow)\b|\b(?:sector|industry|field|space|trade|world|area|domain)$|^the\b.*\b(?:team|squad|department|dept|unit|division|desk|pod|tribe|workstream)$|^(?:\d+|(?:twenty|thirty|forty|fifty|sixty|seventy)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|eighteen|nineteen)$/i;
const A_SITE_ALONE = new RegExp(`^the (?:${alternation(WORK_SITES)})(?: now| there| here)?$`, 'i');
const NOT_A_NAME =
  /^(?:catholic|christian|muslim|jewish|hindu|buddhist|atheist|agnostic|protestant|mormon|sikh|single|married|divorced|retired|pregnant|here|back|home|ok|okay|fine|good|great|sorry|sure|done|ready|in|out|new|not|so|very|really|just|also|still|the|a|an)$/i;
/** Capitalised words that name no home: days, months, and words written capitalised for emphasis. */
const NOT_A_CITY =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|christmas|easter|summer|winter|spring|autumn|the|a|an|my|our|i|it|this|that)\b/i;
const CAPITALISED = /^[A-Z0-9]/;
/** The categories of things that are tools ("airflow" is one, however it is written). */
/** The categories of things a tool or a programming language is (kinds.ts `things`). */
export const TOOL_THINGS: ReadonlySet<string> = new Set(
  (KINDS as readonly Kind[]).filter((k) => k.key === 'user.tool' || k.key === 'user.programming_language').flatMap((k) => k.things ?? []),
);
const TECH_WORD =
  /^(?:(?:go|golang|typescript|javascript|python|rust|java|kotlin|swift|scala|ruby|php|c|c\+\+|c#|elixir|haskell|sql|r|julia|dart|lua|perl|zig|bash|vim|neovim|emacs|linux|docker|kubernetes|k8s|terraform|postgres|postgresql|mysql|sqlite|redis|kafka|react|vue|svelte|angular|node|deno|bun|aws|gcp|azure)\b)/i;

export function acceptable(value: string, check: Check | undefined): boolean {
  if (!value || value.length > MAX_VALUE) return false;
  switch (check) {
    case 'person':
      return (
        value.split(' ').every((w, i) => /^\p{Lu}/u.test(w) || (i > 0 && NAME_PARTICLE.test(w))) &&
        value.split(' ').length <= 3 &&
        !PRONOUN.test(value) &&
        !NOT_A_NAME.test(value) &&
        // "with BHP": letters all in capitals are an organisation's, not a person's.
        !/^\p{Lu}{2,}$/u.test(value) &&
        isName(value)
      );
    case 'place':
      // "home is where the heart is": a saying, no place.
      // "the Netherlands", not "the adoption people in Timaru": after "the", a place's name is capitalised.
      return (
        !DETERMINER.test(value) &&
        !PRONOUN.test(value) &&
        !/^(?:where|wherever|what|whatever|anywhere|everywhere|nowhere|somewhere)\b/i.test(value) &&
        !/^the \p{Ll}/u.test(value) &&
        !WORK_TURN_ALONE.test(value) &&
        // "returns department": a part of a workplace, no place.
        !/\b(?:team|department|dept|division|squad)\b/i.test(value)
      );
    case 'city':
      // "Yaba, Lagos": a district and its city.
      return (
        /^(?:\p{Lu}[\p{L}'.-]*)(?:,? (?:\p{Lu}[\p{L}'.-]*|of|upon|de|la|le|am|on|sur))*$/u.test(value) &&
        !NOT_A_CITY.test(value) &&
        // "engineer in Siemens": a company, not a place.
        !tag(value).some((t) => t.tags.has('Organization'))
      );
    case 'org':
      // "working for him": whom the user works for, not where; "supervisor at the branch": a site of the employer, no name of it.
      return !NOT_AN_EMPLOYER.test(value) && !PRONOUN.test(value) && !A_SITE_ALONE.test(value);
    case 'company':
      return isCompany(value);
    case 'product':
      // "in SketchUp", not "in Leeds", "on Saturday" or "with Anna".
      // "through Jenkins": a tool the catalogue knows is one, whatever name it shares.
      return (
        isListed(value, TOOL_THINGS) ||
        (acceptable(value, 'tech') && !tag(value).some((t) => ['Place', 'Date', 'Person', 'Pronoun'].some((n) => t.tags.has(n))))
      );
    case 'app':
      // "thru servicetitan": a word compromise has never seen, after a way through, is a product's name too.
      return acceptable(value, 'product') || (value.split(' ').length <= 2 && !inLexicon(value.split(' ')[0]!) && acceptable(value, 'subject'));
    case 'subject':
      return !PRONOUN.test(value) && !/^(?:at|in|for|with|to|from|about|it|that|this)\b/i.test(value) && contentWords(value).length > 0;
    case 'thing':
      return !PRONOUN.test(value) && (/^to [a-z]/i.test(value) || /^\p{Lu}/u.test(value) || /^\w+ing\b/.test(value) || namesAThing(value));
    case 'attribute':
      return !PEOPLE.test(value);
    case 'title':
      // "Murdoch Mysteries", "The Repair Shop": a work's title is capitalised; "the one on the table" is none.
      return /^(?:(?:[Tt]he|[Aa]n?) )?[\p{Lu}\d]/u.test(value);
    case 'tech':
      return (
        !MEASURE.test(value) &&
        (CAPITALISED.test(value.replace(DETERMINER, '').trim()) || TECH_WORD.test(value.replace(DETERMINER, '').trim()) || isListed(value, TOOL_THINGS)) &&
        !PRONOUN.test(value) &&
        !/^(?:I|It|This|That)\b/.test(value)
      );
    case undefined:
      return true;
  }
}

/** "5k", "10 km before work", "twenty laps": a distance or a count, no product. */
const MEASURE =
  /^(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|twenty|a few|a couple of)\s*(?:k|km|kms|mi|miles?|kilomet(?:re|er)s?|metres?|meters?|laps?|lengths?|times?|x)\b/i;

/** Lower-case words inside a name ("Ana de la Cruz"); any other word of a name is capitalised. */
const NAME_PARTICLE = /^(?:de|da|do|dos|das|del|della|di|du|la|le|van|von|der|den|ter|bin|bint|al|el|y)$/;

const NOT_NAME_TAGS = ['Demonym', 'Organization', 'Date', 'Value', 'Preposition', 'Determiner'];
/** Places compromise knows by name; its bare `Place` is also a guess from a word like "Ward" or "Hill" ("Róisín Ward"). */
const KNOWN_PLACE_TAGS = ['City', 'Country', 'Region', 'Address'];

/**
 * A person's (or pet's) name, as compromise tags it: not a known place, a nationality or a date. A
 * capitalised word where a name stands may be a word too ("a beagle named Sunny", "Dash").
 */
const isName = remembered((value) => {
  const terms = tag(value);
  // "Took Bella, our spaniel, to the vet": a sentence's first verb is no part of a name.
  return !terms[0]?.tags.has('PastTense') && terms.every((t) => !NOT_NAME_TAGS.some((x) => t.tags.has(x)) && !KNOWN_PLACE_TAGS.some((x) => t.tags.has(x)));
});

/**
 * A company's name, not a person's: compromise knows it as an organisation, or it is two words or
 * more that are not a first name and a surname ("Amani Homecare", "Al-Nour Maintenance"; not "Mary Jones").
 */
const isCompany = remembered((value) => {
  const words = value.split(' ');
  if (!words.every((w, i) => /^[\p{Lu}\d]/u.test(w) || (i > 0 && /^(?:of|and|&|de|la)$/.test(w)))) return false;
  const terms = tag(value);
  if (terms.some((t) => t.tags.has('Organization'))) return true;
  if (words.length < 2 || terms.some((t) => KNOWN_PLACE_TAGS.some((x) => t.tags.has(x)))) return false;
  return !(words.length === 2 && terms[0]!.tags.has('FirstName'));
});

/** Whether what the user likes or has names something ("jazz"), not an action or a pronoun ("exist", "me"). */
const namesAThing = remembered((value) => tag(`I like ${value}`).slice(2).some(isContent));

/** A check on a value through compromise, remembered: people repeat what they care about. */
function remembered(check: (value: string) => boolean): (value: string) => boolean {
  const known = new Map<string, boolean>();
  return (value) => {
    let found = known.get(value);
    if (found === undefined) {
      found = check(value);
      if (known.size >= 5_000) known.clear();
      known.set(value, found);
    }
    return found;
  };
}

/** "company Kessler", "Fintrek company", "Volvo factory", "Hyundai here", "a Tesco Extra" (a branch of it): an employer is its name. */
export function orgName(value: string): string {
  return (
    value
      .replace(/^(?:the )?(?:company|firm) (?=\p{Lu})/u, '')
      .replace(/^an? (?=\p{Lu})/u, '')
      .replace(/^(\p{Lu}[\p{L}&'-]*(?: \p{Lu}[\p{L}&'-]*)*) (?:company|firm|factory|plant|here|there)$/u, '$1')
      // "Tarangini Systems, Hinjewadi office, Pune", "St James's, Dublin": where it is, said after its name, is no part of it.
      .replace(/(?<=\p{L}),\s+(?:(?:the |our |their )?[\p{L}-]+ (?:office|branch|site|campus|depot|store|hq)\b.*|\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)$/u, '')
      // "Blue Owl Coffee now, started tuesday": when, and what was done then, said after the name.
      .replace(/(?<=\p{L})(?: (?:now|these days|nowadays))?,\s+(?:started|starting|since|from|as of|began|joined)\b.*$/u, '')
  );
}

/** "Dunedin still, in the same villa…": what is said after the place's name, of when or of the house in it. */
const AFTER_PLACE =
  /(?:,\s+(?:(?:in|on|near|by) (?:the|a|an|my|our)\b|(?:just )?(?:outside|off|near|by|close to|not far from|next to|a short walk from|(?:\w+ )?minutes? (?:from|to|away)|(?:\w+ )?min(?:ute)?s? (?:walk|drive|ride) (?:from|to))\b).*|(?<!\s)\s+(?:still|though|anyway|for now)\b.*)$/i;

/** "Tromso and honestly love it" → "Tromso": a place's name ends where "and" goes on to something else ("Trinidad and Tobago" stays). */
export function placeAlone(said: string): string {
  // "home is in Leeds": the preposition is no part of the place.
  // "a WG in Neukölln", "a BTO in Punggol": a dwelling by its initials, then where it is.
  const value =
    said
      .replace(/^(?:in|at|on) (?=\p{Lu})/u, '')
      .replace(/^an? \p{Lu}{2,5}s? (?:in|at) (?=\p{Lu})/u, '')
      .replace(AFTER_PLACE, '') || said;
  const at = value.search(/\s+and\s+\p{Ll}/u);
  if (at < 0) return value;
  if (/\p{Lu}/u.test(value.slice(0, at))) return value.slice(0, at);
  const next = tag(value.slice(at).replace(/^\s+and\s+/, ''))[0];
  return next && ['Adverb', 'Verb', 'Pronoun', 'Determiner', 'Preposition'].some((t) => next.tags.has(t)) ? value.slice(0, at) : value;
}

/** "new york" as typed in a hurry is "New York"; a name the user capitalised stays as written. */
export function placeName(value: string): string {
  if (/\p{Lu}/u.test(value)) return value;
  return value.replace(/\p{L}+/gu, (w) => (/^(?:and|of|the|on|upon|am|de|la|le)$/.test(w) ? w : w[0]!.toUpperCase() + w.slice(1)));
}

/** "Go, TypeScript and a bit of Rust" → each item; the list ends where a clause of when or why begins ("cashews, after that business at…"). */
export function listItems(value: string): string[] {
  const items = value
    .replace(/\b(?:fluent|conversational|native|basic|decent|good|ok|okay|passable|rusty) in /gi, '')
    .split(/(?<!\s)\s*,\s*(?:and\s+|or\s+)?|(?<!\s)\s+(?:and|&|or|as well as|plus|on top of|\+|\/)\s+/i)
    .map((s) => s.trim())
    .filter(Boolean);
  const clause = items.findIndex((item, i) => i > 0 && CLAUSE_OPENS.test(item));
  return clause < 0 ? items : items.slice(0, clause);
}
const CLAUSE_OPENS =
  /^(?:after|before|since|because|when|whenever|while|until|though|although|which|who|so|ever since|(?:found|find|learned|learnt|discovered|realised|realized|figured|worked) (?:that |it )?out\b|found out|it|that|this|which|but|apparently|turns out|thanks|lol|haha)\b/i;
