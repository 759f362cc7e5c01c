import { wordsOf } from './clause-words.ts';
import { as, type Meaning } from './meaning.ts';
import {
  AGE,
  ALLERGY,
  ATTRIBUTE,
  AVOIDS,
  CHILDREN,
  CHILDREN_NAMED,
  CHILD_AGED,
  CODES_IN,
  CONDITION_HAS,
  CONDITION_IS,
  DECIDED,
  DIET_FACT,
  DISLIKES,
  EMPLOYER,
  SELF_EMPLOYED,
  FAVORITE,
  GOAL,
  HAS,
  HAS_RELATIVE_NAMED,
  CHILD_NAMED,
  HOBBY,
  HOBBY_NAMED,
  INSTRUMENT_PLAYED,
  INTO,
  INTOLERANCE,
  INTOLERANT_TO,
  KEPT_IN,
  KEPT_VIA,
  KNOWS,
  LANGUAGE,
  LEARNING,
  LEARNING_TO,
  LIKES,
  LOCATION,
  MEDICATION,
  HOME,
  HOME_AS_LIVED,
  HOME_IN_A_DWELLING,
  HOME_IN_DWELLING,
  MANAGER,
  MARITAL,
  RETIRED,
  DIVORCED,
  UNPARTNERED,
  MARRIED,
  NAME_IS,
  NATIVE_LANGUAGE,
  OCCUPATION,
  ORIGIN,
  OWN_BUSINESS,
  RUNS_BUSINESS,
  PARTNER_NAME,
  PETS_COUNTED,
  PETS_TAKEN,
  PET_NAMED,
  PET_OWNED,
  PLANS,
  PLANS_MOVE,
  PLAN_SAID,
  PLAYS,
  PREFERS,
  PREFERS_OVER,
  PROJECT,
  RELATIVE_AGE,
  RELATIVE_HOME,
  RELATIVE_JOB,
  RELATIVE_NAMED,
  RELATIVE_SAID,
  SKILL,
  SCHOOL,
  STACK,
  STUDIES,
  SWITCHED,
  TEAM,
  TOOL,
  TOOL_FOR,
} from './meanings.ts';
import { DIET, DIETS } from './vocabulary/diet.ts';
import { CHILD, CHILD_WORDS, PARTNER, PARTNER_DESCRIBED_AS, PARTNER_UNOWNED, PARTNER_UNOWNED_WORDS, RELATIVE, RELATIVE_WORDS } from './vocabulary/family.ts';
import { CONDITION, CONDITION_ADJECTIVE, CONDITION_ADJECTIVES, CONDITION_NOUNS } from './vocabulary/health.ts';
import { PROGRAMMING, SPOKEN } from './vocabulary/languages.ts';
import { INSTRUMENT } from './vocabulary/music.ts';
import { SPORTS } from './vocabulary/pastimes.ts';
import { PET, PET_WORDS } from './vocabulary/pets.ts';
import { BOSS, BOSS_WORDS, ROLE, TEAM_UNITS, UNLISTED_ROLE, WORK_THINGS } from './vocabulary/work.ts';
import { alternation } from './vocabulary/alternation.ts';
import { DWELLING as DWELLING_WORD, DWELLINGS } from './vocabulary/holdings.ts';
import { TITLE } from './vocabulary/titles.ts';

const TEAM_UNIT = alternation(TEAM_UNITS);

/**
 * The built-in extractor's categories, as data: how a user says something about themselves and
 * what it means (meaning.ts). First match wins, so specific phrasings come before general ones;
 * a clause no phrase fits is still said about the user by the generic rule (generic.ts).
 */

const IM = String.raw`(?:i am|i'm|im)`;
const IVE = String.raw`(?:i have|i've|ive|i)`;
const WE = String.raw`(?:i|we)`;
const WE_ARE = String.raw`(?:i am|i'm|im|we are|we're)`;
const WE_HAVE = String.raw`(?:i have|i've|ive|we have|we've|i|we)`;
/** One to three capitalised words; the lower-case words of a sentence never continue a name (phrases match case-insensitively). */
const NOT_NAME_WORD = String.raw`(?!(?:is|are|was|were|and|has|have|had|just|who|works?|lives?|loves?|likes?|got|turned|does|did|will|can|the|an?)\b)`;
const NAME = String.raw`(?<x>${NOT_NAME_WORD}[A-Z][\p{L}'-]*(?: ${NOT_NAME_WORD}[A-Z][\p{L}'-]*){0,2})`;
const A = String.raw`(?:an? |the |my |our )?`;
/** What a title leads, not where: "Director of Product", "Head of History". */
const DEPARTMENT = String.raw`(?:product|engineering|operations|ops|marketing|sales|finance|hr|people|design|data|research|technology|tech|it|strategy|growth|legal|communications|comms|partnerships|customer success|platform|infrastructure|security|science|history|english|maths|math|music|art|geography|pe|nursing|pharmacy|customer experience|analytics|content|brand|procurement|compliance|risk|talent|learning)`;
/** A place's name: capitalised words ("Leeds", "New York"); the home check (values.ts 'city') rejects lower case. */
const PLACE = String.raw`[\p{L}][\p{L}'.-]*(?: [\p{L}][\p{L}'.-]*){0,3}`;

/** What a business the user runs is called: "a small firm", "a chop bar", "a bakery". */
const BUSINESS = String.raw`(?:firm|company|business|shop|workshop|studio|agency|salon|bakery|restaurant|cafe|café|bar|stall|garage|farm|practice|clinic|consultancy)`;

/** A unit of an employer a job is in: "the Okafor lab", "the felony trial division". */
const UNIT = String.raw`(?:lab|team|group|division|department|unit|ward|desk)`;
/** A dwelling before where it is: "a small apartment in Setagaya", "a flat near the port". */
const LIVED_IN = alternation([...DWELLINGS, 'room']);
const DWELLING = String.raw`(?:an? |my |our |the )?(?:[\w-]+ ){0,2}${LIVED_IN}(?: on \p{Lu}[\p{L}'.-]*(?: \p{Lu}[\p{L}'.-]*){0,2})?`;
/** A dwelling said with its article: "a 1BHK", "our own studio", "a tiny two-bed". */
const A_DWELLING = String.raw`(?:an? |my |our |their )(?:[\w-]+ ){0,2}${LIVED_IN}`;
/** Whom the user lives with: "mum and dad", "my girlfriend", "two mates". */
const LIVES_WITH = String.raw`with (?:my |our |two |three )?[\p{L}'-]+(?: (?:and|n|&) (?:my |our )?[\p{L}'-]+)?`;
/** How the user lives, kept with where: "alone in a 1BHK", "with mum and dad", "in a flat-share". */
const AS_LIVED = String.raw`(?<d>(?:alone|on my own|by myself)(?: ${LIVES_WITH})?(?: in ${A_DWELLING})?|${LIVES_WITH}(?: in ${A_DWELLING})?|in ${A_DWELLING}(?: ${LIVES_WITH})?)`;
/** The words of the work kept in a product ("notes", "dashboards"), each a cue of the row that reads it. */
const WORK_THINGS_CUE = [...WORK_THINGS].flatMap((w) => [w.split(' ').at(-1)!, `${w.split(' ').at(-1)!}s`]);
const WORK_THING = alternation(WORK_THINGS);

/** Where the work is done, between it and its verb: "dispatch at work", "bookings here". */
const AT_WORK = String.raw`(?: at work| here| at the \w+)?`;
/** How work is said to be kept in a product: "is", "all runs", "are going", "gets set". */
const KEPT_VERB = String.raw`(?:(?:all )?(?:is|are|lives?|sits?|stays?|goes|go|happens?|runs?|(?:is|are) going|gets? \w+|(?:is|are) (?:kept|done|tracked|made|set|handled|logged|managed|written|built|booked|run)) (?:all )?)?`;
const TOPIC = String.raw`(?: (?:for|on|in) (?<topic>(?:the |our |my )?[\w .'-]+?))?`;

/** A row of the table, and the words one of which every clause it fits holds. */
export interface Phrase {
  source: string;
  meaning: Meaning;
  cue: readonly string[];
}

/**
 * Rows that fit only a clause holding one of `cue`'s words (as the clause's words are split by
 * match.ts `wordsOf`): a clause without any of them skips the rows without running them.
 */
const when = (cue: readonly string[], ...rows: [string, Meaning][]): Phrase[] => rows.map(([source, meaning]) => ({ source, meaning, cue }));
/** The words of vocabulary lists, each by its longest word ("a bad back" → back, "plant-based" → plant). */
const words = (...lists: (readonly string[])[]) => lists.flatMap((list) => list.map((w) => wordsOf(w).sort((x, y) => y.length - x.length)[0]!));

/** First match wins, so the specific phrasings come before the general ones. */
export const PHRASES: Phrase[] = [
  ...when(
    ['name', "name's", "i'm", 'im', 'am', 'called', 'call', 'calls', 'by', 'turned'],
    [String.raw`(?:my )?name is ${NAME}`, NAME_IS],
    [
      String.raw`${IM} ${NAME}, (?:an? )(?<y>${ROLE})(?: (?:at|with|for) (?<w>.+?))?(?: from (?<z>.+)| in (?<v>.+))?`,
      { ...NAME_IS, also: [as(OCCUPATION, 'y'), as(EMPLOYER, 'w'), as(ORIGIN, 'z'), as(HOME, 'v')] },
    ],
    [
      String.raw`${IM} ${NAME}, (?<age>\d{1,3}),? (?:an? )?(?<y>[a-z][\w-]*(?: [a-z][\w-]*){0,2}?)(?: (?:in|at|from) (?<z>[^,]+))?(?:,.*)?`,
      { ...NAME_IS, also: [as(AGE, 'age'), as(OCCUPATION, 'y'), as(HOME, 'z')] },
    ],
    [String.raw`(?:my )?name's ${NAME}`, NAME_IS],
    [String.raw`${IM} called ${NAME}`, NAME_IS],
    [String.raw`(?:call me|i go by|everyone calls me|people call me|friends call me) ${NAME}`, NAME_IS],
    [String.raw`${IM} (?<x>\d{1,3})(?: years old| years of age| yo)?`, AGE],
    // "sixty-one years old": an age in words, said with its years.
    [
      String.raw`${IM} (?<x>(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)) (?:years old|years of age)`,
      AGE,
    ],
    [String.raw`${IVE} (?:just )?turned (?<x>\d{1,3})(?: years old)?`, AGE],
  ),
  ...when(
    ['move', 'moving'],
    [String.raw`${IM} (?:planning|going|about) to move to (?<x>.+)`, PLANS_MOVE],
    [String.raw`${IM} moving to (?<x>.+)`, PLANS_MOVE],
    [String.raw`i plan to move to (?<x>.+)`, PLANS_MOVE],
  ),
  ...when(
    ['live', 'living'],
    [
      String.raw`(?:${WE} live|${IM} living|we(?:'re| are) living) in (?:${DWELLING} (?:in|near) )?(?<x>.+?) with (?:my|our) (?<rel>${PARTNER_UNOWNED}),? (?<n>[A-Z][\p{L}'-]*)(?:,? and .+)?`,
      { ...LOCATION, also: [as(PARTNER_NAME, 'n')] },
    ],
  ),
  ...when(
    ['here'],
    [
      String.raw`${NAME} here,? (?:an? )?(?<y>[a-z][\w -]*?) (?:at|with|for) (?<w>[^,]+?)(?:,? (?:on|in) the (?<t>[^,]+?) team)?`,
      { ...NAME_IS, also: [as(OCCUPATION, 'y'), as(EMPLOYER, 'w'), { ...TEAM, statement: 'The user is on the {t} team', key: 'user.team' }] },
    ],
  ),
  ...when(
    ['planning', 'booking', 'organising', 'organizing'],
    [
      String.raw`[A-Z][\p{L}'-]* and (?:i|me) (?:are|have been|were) (?:planning|booking|organi[sz]ing) (?<x>an? .+)`,
      { ...PLANS, statement: 'The user is planning {x}' },
    ],
  ),
  ...when(['called', 'call'], [String.raw`${WE_HAVE} (?:called|call) (?<x>.+?) home(?: .+)?`, HOME]),
  ...when(
    ['bought', 'got', 'found', 'rented', 'taken', 'took', 'leased', 'moved', 'keys', 'signed'],
    [
      String.raw`${WE_HAVE} (?:just |finally )?(?:bought|got|found|rented|taken|took|leased|moved into|got the keys to|signed (?:the lease|a lease) on) (?:an? |our |my |the )?(?:(?:new|own|first) )*(?<d>(?:[\w-]+ ){0,2}(?!(?:place|home)\b)${DWELLING_WORD}) (?:(?:out |down |up |over )?in|near|outside|just outside|on the (?:edge|edges|outskirts) of) (?<x>.+?)(?: (?:now|at|on|for|last|this|after|and) .+| now)?`,
      HOME_IN_A_DWELLING,
    ],
    [
      String.raw`${WE_HAVE} (?:just |finally )?(?:bought|got|found|rented|taken|took|leased|moved into|got the keys to|signed (?:the lease|a lease) on) (?:an? |our |my |the )?(?:[\w-]+ ){0,2}${DWELLING_WORD} (?:(?:out |down |up |over )?in|near|outside|just outside|on the (?:edge|edges|outskirts) of) (?<x>.+?)(?: (?:now|at|on|for|last|this|after|and) .+| now)?`,
      HOME,
    ],
  ),
  ...when(['based'], [String.raw`(?:${WE_ARE} )?(?:now |officially )?(?<x>[A-Z][\p{L}]+)[- ]based(?: now)?`, HOME]),
  ...when(
    ['upped', 'moved', 'settled', 'ended', 'put', 'packed'],
    [
      String.raw`${WE_HAVE} (?:just |finally )?(?:upped sticks|moved house|moved across|settled down|ended up|put down roots|packed(?: up)?(?= to\b)) (?:to |in |back to )(?<x>.+?)(?: (?:now|at|on|for|last|this|after) .+| now)?`,
      HOME,
    ],
  ),
  ...when(['address'], [String.raw`(?:my|our) (?:new )?address is (?:now )?(?:in )?(?<x>.+?)(?: now)?`, HOME]),
  // "Glasgow's home for me", "Porto is home now": a place said to be home.
  // A place's "'s home" is said "is home" first (register.ts PLACE_IS_HOME): "Mum's home now" is someone back at home.
  ...when(['home'], [String.raw`(?<x>[A-Z][\p{L}'.-]*(?: [A-Z][\p{L}'.-]*)?) is (?:my |our )?home(?: now| for me| for us| these days| base)?`, HOME]),
  ...when(
    ['live'],
    [String.raw`${WE} live ${AS_LIVED} (?:in|near) (?<x>.+)`, HOME_AS_LIVED],
    [String.raw`${WE} live (?:alone |on my own |by myself |here )?in (?:${DWELLING} (?:in|near) )?(?<x>.+)`, LOCATION],
  ),
  ...when(['stay'], [String.raw`${WE} stay in (?<x>.+)`, HOME]),
  ...when(
    ["i'm", 'im', 'am', "we're", 'are'],
    [
      String.raw`${WE_ARE} (?:now |back |finally |currently |all |officially )*(?:living |settled )?${AS_LIVED} (?:in|near) (?<x>.+?)(?: now| these days| for good| again| at last)?(?: as of.*| since .+| for .+| until .+| till .+)?`,
      HOME_AS_LIVED,
    ],
    [
      String.raw`${WE_ARE} (?:now |back |finally |currently |all |officially )*(?:in|based in|living in|settled in) (?:${DWELLING} (?:in|near) )?(?<x>.+?)(?: now| these days| for good| again| at last)?(?: as of.*| since .+| for .+)?`,
      HOME,
    ],
  ),
  ...when(
    ['living', 'renting', 'staying'],
    [
      String.raw`(?:${WE_ARE} |${WE_HAVE} been |been |${WE} )?(?:now |back |still |ended up |end up )?renting (?<d>${A_DWELLING}) (?:in|near) (?<x>.+?)(?: since .+| now| for .+| these days| at .+| with .+)?`,
      HOME_IN_DWELLING,
    ],
    [
      String.raw`(?:${WE_ARE} |${WE_HAVE} been |been |${WE} )?(?:now |back |still |currently |ended up |end up )?(?:living|staying) ${AS_LIVED} (?:in|near) (?<x>.+?)(?: since .+| now| for .+| these days| at .+| with .+)?`,
      HOME_AS_LIVED,
    ],
    [
      String.raw`(?:${WE_ARE} |${WE_HAVE} been |been |${WE} )?(?:now |back |ended up |end up )?(?:living|renting|staying)(?: alone| on my own| by myself| back)?(?: ${LIVES_WITH}| at (?:my|our) [\w-]+(?:'s|s'| is)(?: (?:place|house|flat|home))?)?(?: in)?(?: an? (?:[\w-]+ ){0,2}[\w-]+)? (?:in|near) (?<x>.+?)(?: since .+| now| for .+| these days| at .+| with .+)?`,
      HOME,
    ],
  ),
  ...when(
    ['new'],
    [
      String.raw`(?:(?:i am |i'm |we are |we're )?writing (?:this )?from |(?:we have |we've |i have |i've |we |i )?(?:got )?)?(?:an? |my |our |the )?new (?:place|flat|apartment|house|home|pad)(?: is)? in (?<x>.+?)(?: (?:is|has|feels|looks) .+)?`,
      HOME,
    ],
  ),
  ...when(
    ['town', 'village', 'city', 'suburb'],
    [String.raw`${WE_ARE} (?:now )?in (?:an? )?(?:little |small |tiny )?(?:town|village|city|suburb) (?:called|named) (?<x>.+?)(?: [a-z]+)?(?: now)?`, HOME],
  ),
  ...when(
    ['moved', 'relocated'],
    [String.raw`${WE_HAVE} (?:just )?(?:relocated|moved) (?:back |over |out |here )?to (?<x>.+?) for .+`, HOME],
    [
      String.raw`${WE_HAVE} (?:just |finally )?(?:moved|relocated)(?: down| up| back| over| out| away| here| home| round| across)* to (?<x>.+?)(?: (?:at|on|in|for|last|this|over|after|from|a|two|three) .+)?`,
      HOME,
    ],
    [String.raw`${WE_HAVE} (?:moved|relocated) from (?<y>.+?) to (?<x>.+)`, LOCATION],
    [String.raw`${WE_HAVE} (?:moved|relocated) (?:back |over |out |here )?to (?<x>.+)`, LOCATION],
    [String.raw`${WE_HAVE} moved (?:in)?to (?:an? |the |my |our )(?:new )?${DWELLING_WORD} in (?<x>.+)`, LOCATION],
  ),
  // "Keys for the Dunstable house on Friday": where the user now lives.
  ...when(
    ['keys'],
    [
      String.raw`(?:${WE_HAVE} (?:just |finally )?(?:got|get|picked up|pick up|collected|collect) )?(?:the )?keys (?:for|to) (?:the|our|my) (?:new )?(?<x>[A-Z][\p{L}'-]*(?: [A-Z][\p{L}'-]*)?) (?:house|flat|place|home|cottage|apartment|bungalow)(?:,.*| (?:on|at|this|next|last|today|tomorrow|tonight) .+)?`,
      HOME,
    ],
    // "collected the keys to our BTO in Punggol": a home of whatever name, by where it is.
    [
      String.raw`(?:${WE_HAVE} (?:just |finally )?(?:got|get|picked up|pick up|collected|collect) )?(?:the )?keys (?:for|to) (?:our|my) (?:new )?(?!(?:[\w-]+ )?(?:locker|car|van|truck|ute|office|shop|store|desk|cabinet|storage|garage|shed|bike|boat|lock-?up|unit|classroom|lab|workshop|clinic|practice|salon|cafe|restaurant|bar|pub)\b)(?:[\w-]+ ){1,2}in (?<x>[A-Z][\p{L}'-]*(?: [A-Z][\p{L}'-]*)?)(?:[,!.].*| (?:on|at|this|next|last|today|tomorrow|tonight|yesterday) .+)?`,
      HOME,
    ],
  ),
  // "First night in the Thornbury house!": the first night or week in a house named by its place is a move there.
  ...when(
    ['night', 'week', 'weekend'],
    [
      String.raw`(?:(?:our|my) )?(?:first|1st) (?:night|week|weekend) (?:in|at) (?:the|our|my) (?:new )?(?<x>[A-Z][\p{L}'-]*(?: [A-Z][\p{L}'-]*)?) (?:house|flat|place|home|cottage|apartment|bungalow)(?:,.*| .+)?`,
      HOME,
    ],
  ),
  ...when(
    ['packed', 'transferred'],
    // "we packed up and headed down to Pilsen": a move told by its packing.
    [
      String.raw`${WE_HAVE} (?:just |finally )?packed up(?: everything)? and (?:moved|headed|went|came|drove|flew)(?: down| up| back| over| out| away| north| south| east| west)* to (?<x>[A-Z][^,]*?)(?:,.*| (?:at|on|in|for|last|this|after|from) .+)?`,
      HOME,
    ],
    // "the company transferred me to the Adom branch in Takoradi", "I got transferred to Takoradi": where work sent the user to live.
    [
      String.raw`(?:(?:they|work|the company|my (?:company|employer|work|bank|firm)) (?:have |has |just )?transferred (?:me|us)|(?:i|we) (?:got|was|were|have been|'ve been|ve been) transferred) to (?:the (?:[\w-]+ ){0,3}(?:branch|office|site|store|depot|plant|hospital|school|campus|team) in )?(?<x>[A-Z][^,]*?)(?:,.*| and .+| (?:at|on|in|for|last|this|after|from) .+)?`,
      HOME,
    ],
  ),
  ...when(['living', 'based', 'located', 'settled'], [String.raw`(?:${WE_ARE}|${WE_HAVE} been) (?:living|based|located|settled) in (?<x>.+)`, LOCATION]),
  ...when(['reside'], [String.raw`i reside in (?<x>.+)`, LOCATION]),
  ...when(['home'], [String.raw`home is (?:in )?(?<x>.+)`, LOCATION], [String.raw`home's (?:in )?(?<x>.+)`, HOME]),
  ...when(['lived'], [String.raw`(?:i have|i've|ive|we have|we've) lived in (?<x>.+)`, LOCATION]),
  ...when(['home', 'place'], [String.raw`(?:my|our) (?:home|home base|home town|place) is (?:in )?(?<x>.+)`, LOCATION]),
  ...when(['house', 'flat', 'apartment'], [String.raw`(?:my|our) (?:house|flat|apartment) is in (?<x>.+)`, HOME]),
  ...when(['from'], [String.raw`${WE_ARE} (?:both |all )?(?:originally )?from (?<x>.+)`, ORIGIN]),
  ...when(['come', 'born', 'grew', 'raised'], [String.raw`i (?:come from|(?:was )?(?:born|raised)(?: and (?:raised|bred))? in|grew up in) (?<x>.+)`, ORIGIN]),
  ...when(
    words(DIETS),
    [
      // "a boring vegetarian", "a lazy vegan": what kind of one the user is, still the diet.
      String.raw`(?:${WE_ARE}|${WE_HAVE} been) (?:now |back to |back to being |fully |strictly |completely |totally |mostly |pure |purely |properly |officially |basically |pretty much |entirely )?(?:an? )?(?:(?:boring|lazy|bad|terrible|strict|proper|committed|part-time|happy|reluctant|new|recent|born-again|die-hard|card-carrying) )?(?<x>${DIET})(?: again| now)?(?:,.*)?`,
      DIET_FACT,
    ],
    [
      String.raw`${WE_HAVE} (?:gone|become|became|went|turned) (?:fully |full |completely |totally |strictly |properly |officially )?(?<x>${DIET})(?: again| now)?(?: since .+| in .+| last .+| about .+| from .+| for .+)?(?:,.*)?`,
      DIET_FACT,
    ],
    // "going full vegan starting this week": the diet the user turns to now, not a plan for later ("from next month").
    [
      String.raw`(?:${WE_ARE} )?(?:now |officially )?(?:going|turning|becoming) (?:fully |full |completely |totally |strictly |properly |officially |100% )?(?<x>${DIET})(?: again| now| today| this week| from now on| (?:starting|from|as of) (?!next\b|tomorrow\b)[\w ]+)?(?:,.*)?`,
      DIET_FACT,
    ],
    [String.raw`(?:(?:so|and) )?(?:fully |strictly )?(?<x>${DIET})(?: again| now| these days| from now on| since .+)?(?:,.*)?`, DIET_FACT],
    // "we eat mostly keto since January": how the user eats, however much and since when.
    [
      String.raw`(?:i|we) (?:eat|follow|keep) (?:mostly |mainly |strictly |only )?(?:an? )?(?<x>${DIET})(?: diet)?(?: since .+| from .+| for .+| these days| now)?`,
      DIET_FACT,
    ],
    // "now i try low carb", "I'm trying keto": the diet the user keeps to now.
    [String.raw`(?:i|${IM}) (?:try|trying) (?:an? )?(?<x>${DIET})(?: diet)?`, DIET_FACT],
    [String.raw`(?:${IM}|${IVE} been) (?:on )?(?:an? |the )?(?<x>${DIET}) diet`, DIET_FACT],
    // "I'm doing keto", "been on paleo since May": the diet the user keeps to.
    [String.raw`(?:${IM}|${IVE} been) (?:doing|on) (?:the )?(?<x>${DIET})(?: diet)?(?: again| now)?(?:,.*| since .+| for .+)?`, DIET_FACT],
  ),
  ...when(['medication'], [String.raw`${IM} on the medication (?<x>[\p{L}][\p{L}-]{3,20})`, MEDICATION]),
  ...when(['allergic', 'allergy', 'allergies'], [String.raw`(?:${IM} allergic to|i have (?:an? )?(?:allergy|allergies) to) (?<x>.+)`, ALLERGY]),
  // "I react to sulfa drugs too", "I react badly to ibuprofen": a drug (or latex) the user's body rejects.
  ...when(
    ['react', 'reacted'],
    [
      String.raw`i (?:also |now )?react(?:ed)? (?:(?:really |quite |very )?badly )?to (?<x>[\p{L}-]+(?: [\p{L}-]+)? (?:drugs?|medications?|meds|antibiotics?)|\p{L}*(?:cillin|mycin|profen|cycline|codeine|aspirin|sulfa|sulpha)\p{L}*|latex)(?: too| as well)?`,
      ALLERGY,
    ],
  ),
  ...when(
    ['allergy', 'allergies'],
    [
      String.raw`i have (?:an? )?(?:(?:pretty|really|very|quite|super|fairly|extremely|so|a) )?(?:severe |mild |bad |serious |slight |terrible |nasty |life-threatening )?(?<x>[a-z ]+?) allerg(?:y|ies)`,
      ALLERGY,
    ],
  ),
  ...when(
    ['intolerant'],
    [String.raw`(?:${IM}|${IVE} been) (?<x>lactose|gluten|fructose|histamine|dairy|wheat|egg|soy|caffeine|alcohol)[ -]intolerant`, INTOLERANCE],
  ),
  ...when(['intolerant', 'intolerance'], [String.raw`(?:${IM} intolerant (?:to|of)|i have an? intolerance to) (?<x>.+)`, INTOLERANT_TO]),
  ...when(['intolerance'], [String.raw`i have (?:an? )?(?<x>[a-z ]+?) intolerance`, INTOLERANCE]),
  // "I'm coeliac so gluten-free everything": the condition, then what follows from it.
  ...when(words(Object.keys(CONDITION_ADJECTIVES)), [String.raw`(?:${IM}|${IVE} been) (?<x>${CONDITION_ADJECTIVE})(?:,? so .+)?`, CONDITION_IS]),
  ...when(words(CONDITION_NOUNS), [
    String.raw`(?:${IVE}|${IM}|${IVE} been) (?:got |been |was |recently |just )?(?:have|has|had|got|diagnosed with|suffer(?:ing)? from|suffer from|living with|live with|struggl(?:e|ing) with|dealing with) (?<x>${CONDITION})(?: (?:as|since|for|when|in|at|after|last|two|three|a) .+)?`,
    CONDITION_HAS,
  ]),
  ...when(
    ["i'm", 'im', 'am'],
    // "a postdoc in the Okafor lab at the Halvorsen Institute in Boston": the job, the unit it is in, the employer, the home.
    [
      String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) (?:in|on|with) (?:the |a )?(?<t>[^,]+? ${UNIT}) (?:at|of) (?<y>[^,]+?)(?: in (?<z>${PLACE}))?`,
      { ...OCCUPATION, also: [{ ...TEAM, statement: 'The user is in the {t}', key: 'user.team' }, as(EMPLOYER, 'y'), as(HOME, 'z')] },
    ],
    // "a picker in the outbound team": the job and the team it is in.
    [
      String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) (?:in|on) (?:the )?(?<t>[^,]+? ${TEAM_UNIT})(?:,.*)?`,
      { ...OCCUPATION, also: [{ ...TEAM, statement: 'The user is in the {t}', key: 'user.team' }] },
    ],
    [
      String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) (?:at|for|with) (?<y>.+?)(?: here| there| up| down| over| out)? (?:in|out of) (?<z>${PLACE})(?:, .*)?`,
      { ...OCCUPATION, also: [as(EMPLOYER, 'y'), as(HOME, 'z')] },
    ],
    [String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) (?:based )?in (?<y>${PLACE})`, { ...OCCUPATION, checks: { x: 'subject', y: 'city' }, also: [as(HOME, 'y')] }],
    [String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) from (?<y>${PLACE})`, { ...OCCUPATION, checks: { x: 'subject', y: 'city' }, also: [as(ORIGIN, 'y')] }],
    [String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) (?:at|for|with|in) (?<y>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
    // "Director of Product", "Head of Engineering at Monzo": a title named with the function it leads is the title, whole.
    [
      String.raw`${IM} (?:now |officially |finally )*(?:an? |the )?(?<x>(?:(?:senior|associate|assistant|deputy|interim|acting|global|group) )?(?:${ROLE}|head|vp|svp|evp|chief|director|lead) of (?:${DEPARTMENT}))(?: (?:at|for|with) (?<y>[A-Z].+?))?(?: now| as of .+| from .+)?`,
      { ...OCCUPATION, also: [as(EMPLOYER, 'y')] },
    ],
    [String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) of (?!(?:${DEPARTMENT})\b)(?<y>[A-Z].+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
    // "skipper on a pelagic boat for Norðlýsi Fishing": the job where it is done, then the employer.
    [
      String.raw`${IM} (?:an? |the )?(?<x>${ROLE} (?:on|near|outside|off|out of) (?![^,]*\b(?:project|team|squad|pod)\b)[^,]+?) (?:for|with) (?<y>[A-Z][^,]+)(?:,.*)?`,
      { ...OCCUPATION, also: [as(EMPLOYER, 'y')] },
    ],
    // "a signaller for Network Rail": a job the words of jobs do not list, said with the company the user does it for.
    [
      String.raw`${IM} an? (?<x>${UNLISTED_ROLE}) (?:at|for|with) (?:the )?(?<y>[^,]+?)(?: in (?<z>${PLACE}))?(?:, .*)?`,
      { ...OCCUPATION, checks: { x: 'subject', y: 'company' }, also: [as(EMPLOYER, 'y'), as(HOME, 'z')] },
    ],
    // "second engineer on the ferries", "a beekeeper near Asunción": the job, whatever says where it is done.
    [
      String.raw`${IM} (?:an? |the )?(?<x>${ROLE} (?:on|near|outside|around|across|off|out of|up in|down in|over in) (?![^,]*\b(?:project|team|squad|pod)\b)[^,]+)(?:,.*)?`,
      OCCUPATION,
    ],
  ),
  ...when(['as'], [String.raw`${IM} (?:at|with) (?<y>.+?) as (?:an? )?(?<x>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }]),
  ...when(
    ['working'],
    [String.raw`(?:${IM}|${IVE} been) working (?:in|at|for|with) (?<y>.+?) as (?:an? )?(?<x>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
  ),
  ...when(
    ['work'],
    [String.raw`i work as (?:an? )?(?<x>.+?) (?:at|for|with) (?<y>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
    [String.raw`i work (?:at|for|with) (?<y>.+?) as (?:an? )?(?<x>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
  ),
  ...when(
    ['own', 'run', 'have'],
    [
      String.raw`(?:i |we )?(?:own|run|have) (?:an? |my own |our own |my |our |own )?(?:small |little |family |own )*(?<what>(?:[a-z-]+ )?${BUSINESS})(?: called| named)?,? ['"]?(?<x>[A-Z][\p{L}&'. -]*?)['"]?`,
      OWN_BUSINESS,
    ],
    [
      String.raw`(?:i |we )?(?:own|run) (?:an? |my own |our own |my |our |own )?(?:small |little |family |own )*(?<x>(?!the )(?:[a-z-]+ )?${BUSINESS})(?: in (?<y>${PLACE}))?(?:,.*)?`,
      { ...RUNS_BUSINESS, also: [as(HOME, 'y')] },
    ],
  ),
  // "I teach English at Sakuragaoka Junior High in Setagaya": the job by what is taught, the school, the home.
  ...when(
    ['teach'],
    [
      String.raw`i teach (?<s>[a-z][\p{L} -]{1,30}?) (?:at|in) (?<y>[^,]+?)(?: in (?<z>${PLACE}))?(?: since .+| for .+)?`,
      { ...OCCUPATION, statement: 'The user is {s:a} teacher', checks: { s: 'subject', y: 'company', z: 'city' }, also: [as(EMPLOYER, 'y'), as(HOME, 'z')] },
    ],
  ),
  ...when(['job'], [String.raw`my (?:new )?job is (?:at|with) (?<x>.+)`, EMPLOYER]),
  ...when(
    [...TEAM_UNITS],
    [String.raw`${WE_ARE} (?:on|in|part of|with) the (?<x>.+?) ${TEAM_UNIT}(?: at (?<y>.+))?`, { ...TEAM, also: [as(EMPLOYER, 'y')] }],
    [String.raw`i (?:work|am) (?:on|in|with) the (?<x>.+?) ${TEAM_UNIT}(?: at (?<y>.+))?`, { ...TEAM, also: [as(EMPLOYER, 'y')] }],
    [String.raw`${IVE} (?:lead|run|manage|joined|moved to|switched to) the (?<x>.+?) ${TEAM_UNIT}(?: at (?<y>.+))?`, { ...TEAM, also: [as(EMPLOYER, 'y')] }],
    [String.raw`my team is (?:the )?(?<x>.+?)(?: team)?`, { ...TEAM, statement: 'The user is on the {x} team' }],
  ),
  ...when(
    ['moved', 'switched', 'gone', 'went', 'jumped'],
    [
      String.raw`${IVE} (?:just )?(?:moved|switched|gone|went|jumped ship) to (?:an? |the )?(?:[\w-]+ )?(?:firm|company|startup|agency|employer|practice|studio|consultancy|bank|lab)(?:,| called| named)? (?<x>[A-Z][^,]*?)`,
      EMPLOYER,
    ],
    [String.raw`(?:i |i have |i've )?(?:just )?jumped ship to (?<x>[A-Z][^,]*?)(?:,.*)?`, EMPLOYER],
  ),
  ...when(
    ['starting'],
    [String.raw`(?:${IM} |i will be |i'll be )?starting (?:a new job )?(?:at|with) (?<x>[A-Z][^,]*?)(?: on .+| next .+| in .+)?`, EMPLOYER],
  ),
  ...when(
    ['joining'],
    [
      String.raw`(?:${IM} |i will be |i'll be )?joining (?<x>[A-Z][^,]*?) as (?:an? |the )?(?<y>${ROLE})(?:,.*| on .+| next .+| from .+| in .+)?`,
      { ...EMPLOYER, also: [as(OCCUPATION, 'y')] },
    ],
    // "Monday I am joining Quellix Labs in Kharadi": a name joined, then only when or where, is the new employer.
    [
      String.raw`(?:${IM} |i am |i will be |i'll be )joining (?<x>[A-Z][^,]*?)(?:,.*| on .+| next .+| from .+| in .+| this .+| after .+| (?:mon|tues|wednes|thurs|fri|satur|sun)day)?`,
      { ...EMPLOYER, checks: { x: 'company' } },
    ],
  ),
  // "I work part-time at KOI": how much of the week says nothing of where.
  ...when(['work'], [String.raw`i work (?:(?:part|full)[- ]?time )?(?:at|for) (?!myself\b)(?<x>.+)`, EMPLOYER]),
  // "going self-employed", "went freelance", "I work for myself now": the user is their own employer.
  ...when(
    ['employed', 'freelance', 'myself'],
    [
      String.raw`(?:${IM} |i (?:have |'ve )?(?:went|gone|go|going) |(?:went|gone|going|go) )(?:now |fully |officially )?(?<x>self[- ]employed|freelance)(?: now)?`,
      SELF_EMPLOYED,
    ],
    [String.raw`(?:${IM} |i )(?:now )?work(?:ing)? for myself(?: now)?`, { ...SELF_EMPLOYED, statement: 'The user is self-employed' }],
  ),
  ...when(['employed', 'working'], [String.raw`(?:${IM}|${IVE} been) (?:employed|working) (?:at|by|for|with) (?<x>.+)`, EMPLOYER]),
  ...when(
    ['joined', 'started', 'began'],
    [
      String.raw`${IVE} (?:joined|started (?:a new job |working )?at|started working for|started at|began working at) (?<x>.+?)(?: as (?:an? |the )?(?<y>${ROLE}))?`,
      { ...EMPLOYER, also: [as(OCCUPATION, 'y')] },
    ],
  ),
  ...when(
    ['got', 'accepted', 'took', 'taken', 'landed', 'started'],
    [
      String.raw`(?:i|${IVE}) (?:got|accepted|took|taken|landed|started)(?: up)? (?:a|an|the|my) (?:new )?(?:job|position|role|post) as (?:an? )?(?<x>.+?)(?: (?:at|with|for) (?<y>.+))?`,
      { ...OCCUPATION, also: [as(EMPLOYER, 'y')] },
    ],
    [String.raw`i (?:got|accepted|took|landed) (?:a|an|the) (?:new )?(?:job|position|role|offer) (?:at|with|from) (?<x>.+)`, EMPLOYER],
    // "started there on Monday as a senior analyst": the title the user started with, where was said before.
    [
      String.raw`(?:${IVE} |i )?(?:just )?(?:started|began) (?:there|here)(?: (?:on|this|last|in|at the start of) [\w ]+?)? as (?:an? |the )?(?<x>${ROLE})(?:,.*)?`,
      OCCUPATION,
    ],
    // "Got the deputy principal job!", "I landed the head chef role at Nobu": the job named before the word job.
    [
      String.raw`(?:i |i've |i have )?(?:just |finally )?(?:got|accepted|took|landed) the (?<x>${ROLE}) (?:job|position|role|post)(?: (?:at|with) (?<y>[^,]+?))?(?:,.*| starting .+| from .+| in .+)?`,
      { ...OCCUPATION, also: [as(EMPLOYER, 'y')] },
    ],
  ),
  // "Boots hired me as a store pharmacist", "ibotta hired me 🙌 backend dev on…": whoever hired the user is their employer.
  ...when(
    ['hired', 'recruited'],
    [
      String.raw`(?:(?:update|news|so|and|well|finally)[:,!]?\s+)?(?<x>(?!(?:they|he|she|it|we|someone|my|our|the|a|an)\b)[\p{L}\d][\p{L}\d&.'-]*(?: [\p{L}\d&.'-]+){0,2}) (?:have |has |just |finally )*(?:hired|recruited|took on|taken on) (?:me|us)(?: as (?:an? )?(?<y>${ROLE}))?(?:[ ,;!.].*)?`,
      { ...EMPLOYER, also: [as(OCCUPATION, 'y')] },
    ],
  ),
  ...when(['switched'], [String.raw`${IVE} switched (?:jobs|employers|companies) to (?<x>.+)`, EMPLOYER]),
  ...when(['employer', 'company'], [String.raw`my (?:new )?(?:employer|company) is (?<x>.+)`, EMPLOYER]),
  ...when(['work'], [String.raw`i work as (?:an? )?(?<x>.+)`, OCCUPATION]),
  ...when(
    ['working'],
    [
      String.raw`${IM} working as (?:an? )?(?<x>${ROLE}) (?:at|for|with|in(?= (?:the )?(?:company|firm)\b| .+? (?:company|firm)$)) (?<y>.+)`,
      { ...OCCUPATION, also: [as(EMPLOYER, 'y')] },
    ],
    [String.raw`${IM} working as (?:an? )?(?<x>.+)`, OCCUPATION],
  ),
  ...when(
    ['job', 'profession', 'occupation', 'title', 'role'],
    [String.raw`my (?:new )?(?:job|profession|occupation|job title|role|title) is (?:an? )?(?<x>.+)`, OCCUPATION],
  ),
  ...when(
    ['become', 'became', 'promoted'],
    [String.raw`${IVE} (?:become|became|got promoted to|been promoted to|was promoted to) (?:an? )?(?<x>.+)`, OCCUPATION],
  ),
  ...when(
    ['bumped'],
    [String.raw`${IVE} (?:just |finally )?(?:got|been|was) bumped (?:up )?to (?:an? )?(?<x>\p{L}[\p{L}' -]{1,40}?)(?:\s+[^\p{L}\s].*)?`, OCCUPATION],
  ),
  ...when(["i'm", 'im', 'am', 'been'], [String.raw`(?:${IM}|${IVE} been) (?:an? |the )?(?:new )?(?<x>${ROLE})`, OCCUPATION]),
  ...when(
    ['retired'],
    [
      String.raw`(?:${IM} (?:now |officially |finally |fully |happily )?|${IVE} (?:now |officially |finally |just )?)retired\b(?! from (?:[\p{L}-]+ ){0,2}(?:${alternation(SPORTS)}|${INSTRUMENT})\b)(?: early)?(?: (?:from|as|at|after|on|last|this|in) .*)?`,
      RETIRED,
    ],
  ),
  ...when(
    ['senior', 'junior', 'lead', 'principal', 'staff', 'chief', 'head'],
    [
      // "Head office moved us onto SAP": a title holds no article or pronoun; a clause after the word does.
      String.raw`(?:now )?(?:an? )?(?<x>(?:senior|junior|lead|principal|staff|chief|head) (?!(?:[\w-]+ ){0,3}?(?:me|us|him|her|them|it|everyone|everybody|someone|people|a|an|the|my|our|your|his|their)\b)[a-z][\w -]{2,40}?)(?: (?:at|for|with) (?<w>[A-Z][^,]*?))?(?: now)?`,
      { ...OCCUPATION, also: [as(EMPLOYER, 'w')] },
    ],
  ),
  ...when(["i'm", 'im', 'am'], [String.raw`${IM} ${NAME}`, NAME_IS]),
  ...when(
    [...words(BOSS_WORDS), 'lead'],
    // "my line manager at Tesco is Priya": where the boss is said between them and their name.
    [
      String.raw`my (?:new |current )?${BOSS}(?: there| now| here| (?:at|in) (?:the )?[\p{L}'&-]+(?: [\p{L}'&-]+){0,2}?)?(?:'s name)? is (?:an? (?:[\w-]+ ){0,3}(?:called|named) )?(?<x>.+?)(?: (?:till|until) .+)?`,
      MANAGER,
    ],
  ),
  // "our new operations director is Mr. Nii Lartey": a director of the user's or of their workplace, named, is whom they answer to ("the director" of a film is no one's).
  ...when(
    ['director'],
    [
      String.raw`(?:my|our) (?:new |current )?(?:[\p{L}-]+ )?director is (?<x>(?:${TITLE}\.? )?\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+){0,2})(?:[,;].*| now)?`,
      MANAGER,
    ],
  ),
  // "I had my first supervision meeting with Marcus Hale", "my first sit-down with Marcus Ortiz": a new manager met.
  ...when(
    ['first'],
    [
      String.raw`(?:i )?(?:just )?(?:had|have) (?:my|our) (?:very )?first (?:proper )?(?:supervision|one-on-one|one-to-one|1:1|1-1|sit-down|catch-up|check-in)(?: meeting| session| chat)? with (?<x>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)(?:,.*| (?:this|last|on|today|yesterday) .+| and .+)?`,
      MANAGER,
    ],
  ),
  // "my one-on-ones are with her from now on": whom the user's one-to-ones are with manages them.
  ...when(
    ['ones', '1s'],
    [
      String.raw`my (?:weekly )?(?:one-on-ones|1:1s|one-to-ones|1-1s) (?:are|will be) (?:now )?with (?<x>\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)(?: now| from now on| going forward)?`,
      MANAGER,
    ],
  ),
  ...when(
    ['report', 'reporting', 'answer', 'answering'],
    // "I report straight to the CPO, Mr Danjuma": the name after the title is whom.
    [
      String.raw`(?:i (?:report|answer)|${IM} (?:now )?(?:reporting|answering)|i've been (?:reporting|answering)) (?:straight |directly )?(?:in)?to (?:the |our |my )?(?:[\p{L}-]+ ){0,2}[\p{L}-]+, (?<x>(?:${TITLE}\.? )?[A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)?)`,
      MANAGER,
    ],
    [
      String.raw`(?:i (?:report|answer)|${IM} (?:now )?(?:reporting|answering)|i've been (?:reporting|answering)) (?:straight |directly )?(?:in)?to (?<x>.+)`,
      MANAGER,
    ],
  ),
  ...when(
    words(BOSS_WORDS),
    [String.raw`${IVE} (?:got )?a new ${BOSS}(?: called| named|,|:)? (?<x>.+)`, MANAGER],
    [String.raw`(?<x>(?:${TITLE}\.? )?[a-z][a-z'-]*(?: [a-z][a-z'-]*)?)(?: is|'s) (?:now )?(?:my|our) (?:new )?${BOSS}(?: now)?`, MANAGER],
  ),
  ...when(
    words(PARTNER_UNOWNED_WORDS),
    [String.raw`my (?:new )?(?<rel>${PARTNER_UNOWNED})(?:'s name)? is ${NAME}`, PARTNER_NAME],
    // "a very patient husband, Luis": the partner the user has, described, then named.
    [String.raw`${WE_HAVE} (?:got )?an? ${PARTNER_DESCRIBED_AS}(?<rel>${PARTNER_UNOWNED}),? ${NAME}(?:,.*)?`, PARTNER_NAME],
  ),
  ...when(
    ['engaged', 'hitched', 'married'],
    [
      String.raw`${NAME} and (?:i|me) (?:have |just |finally |are |are now |have just )*(?:got |gotten )?engaged\b.*`,
      { ...MARRIED, statement: 'The user is engaged to {x}' },
    ],
    [String.raw`${NAME} and (?:i|me) (?:have |just |finally |are |are now |have just )*(?:got |gotten )?(?:hitched|married)\b.*`, MARRIED],
  ),
  ...when(
    ['engaged'],
    [String.raw`(?:${IM} |${WE_ARE} )?(?:now |recently |just |officially )?engaged to ${NAME}`, { ...MARRIED, statement: 'The user is engaged to {x}' }],
  ),
  ...when(
    ['proposed'],
    [String.raw`i (?:just |finally )?proposed to ${NAME}(?: and (?:she|he|they) said yes)?.*`, { ...MARRIED, statement: 'The user is engaged to {x}' }],
  ),
  // "Réjean asked me to marry him!!", "Sam proposed last night": the user's partner asked, and the user is engaged to them.
  ...when(
    ['marry', 'proposed'],
    [
      // "Eh I proposed to…": the user is no name, whatever word comes before them.
      String.raw`(?![\p{L}'-]+ i )${NAME} (?:just |finally |has |)*(?:asked me to marry (?:him|her|them)|proposed(?: to me)?)(?:$|[ ,!.].*)`,
      { ...MARRIED, statement: 'The user is engaged to {x}' },
    ],
  ),
  // "been with Amani Homecare 7 years": the user is with a company (a person is "seeing" or "with" someone, below).
  ...when(
    ['with'],
    [
      String.raw`(?:${IVE} been |been |${IM} )?with (?<x>[A-Z][\p{L}&'.-]*(?: [A-Z][\p{L}&'.-]*){0,3})(?: (?:\d+|a few|many) (?:years?|yrs?|months?))?`,
      { ...EMPLOYER, checks: { x: 'company' } },
    ],
  ),
  ...when(
    ['seeing', 'dating', 'with'],
    [
      String.raw`(?:${IM} |${IVE} been )?(?:now )?(?:seeing|dating|with) (?:(?:a|this|someone) (?:new |lovely |great )?(?:woman|man|guy|girl|person) |someone (?:new|else),? )?(?:called |named )?${NAME}(?: now|,.*)?`,
      { ...MARRIED, statement: 'The user is dating {x}' },
    ],
  ),
  ...when(words(PARTNER_UNOWNED_WORDS), [String.raw`my (?<rel>${PARTNER_UNOWNED}),? ${NAME},? and (?:i|me)\b.*`, PARTNER_NAME]),
  ...when(['name', "name's"], [String.raw`(?:her|his|their) name(?:'s| is) ${NAME}(?: and .*)?`, { ...MARRIED, statement: 'The user is dating {x}' }]),
  ...when(
    ['divorced', 'separated'],
    [String.raw`${NAME} and (?:i|me) (?:are |got |have |have got |have been |are now |now )*(?<how>divorced|separated)\b.*`, DIVORCED],
  ),
  ...when(
    ['divorced', 'separated', 'single', 'widowed'],
    [String.raw`${IM} (?:now |happily )?(?<how>divorced|separated|single|widowed)`, UNPARTNERED],
    // "Back to being single lol": said without "I'm".
    [String.raw`(?:and )?(?:so )?(?:now )?back to being (?<how>single)(?: again| now)?`, UNPARTNERED],
  ),
  ...when(
    ['married'],
    [String.raw`${IM} married to (?:an? (?:[\w-]+ ){0,3}(?:called|named) )?(?<x>.+)`, MARRIED],
    [String.raw`(?:${IM}|${IVE} been|we are|we're|we have been|we've been|my (?:\w+ )?and i (?:are|have been)) (?:happily )?married`, MARITAL],
  ),
  ...when(
    words(RELATIVE_WORDS, CHILD_WORDS),
    [
      String.raw`my (?<rel>${PARTNER}),? ${NAME},? (?:is|works|has|does|loves|likes|teaches|runs|was|just|got|and) .+`,
      { ...PARTNER_NAME, also: [RELATIVE_SAID] },
    ],
    [String.raw`my (?<rel>${RELATIVE}) is (?:an? )?(?<x>${ROLE})`, RELATIVE_JOB],
    [String.raw`my (?<rel>${RELATIVE}) works as (?:an? )?(?<x>.+)`, RELATIVE_JOB],
    [String.raw`my (?<rel>${RELATIVE}) (?:lives|is living|is based|moved) (?:in|to) (?<x>.+)`, RELATIVE_HOME],
    [String.raw`my (?<rel>${RELATIVE}),? ${NAME},? (?:is|(?:just |has )?turned) (?<age>\d{1,2})(?: years old| years| yo)?`, RELATIVE_AGE],
    [String.raw`my (?<rel>${RELATIVE})(?:'s name is|'s called| is called| is named) ${NAME}`, RELATIVE_NAMED],
    [String.raw`${WE_HAVE} (?:got )?(?:an? )(?:[\w-]+ )?(?<rel>${CHILD}|${RELATIVE})(?:,| named| called) ${NAME}(?:,? who .+)?`, HAS_RELATIVE_NAMED],
    // "my kids Zara and Idris…": several, each named, are read in passing (continuations.ts).
    [String.raw`my (?!(?:kids|children|parents|grandparents|twins)\b)(?<rel>${RELATIVE}),? ${NAME}(?:,? .+)?`, { ...RELATIVE_NAMED, also: [RELATIVE_SAID] }],
  ),
  // "single mom to Zuri", "proud dad of Leo and Mia": the user's child, named by whose parent the user is.
  ...when(
    ['mom', 'mum', 'mam', 'mother', 'dad', 'father', 'parent'],
    [
      String.raw`(?:${IM} )?(?:an? )?(?:single |proud |busy |full-time |stay-at-home |tired )?(?:mom|mum|mam|mother|dad|father|parent) (?:to|of) ${NAME}(?:,? .*)?`,
      CHILD_NAMED,
    ],
  ),
  ...when(['old'], [String.raw`${WE_HAVE} (?:got )?an? (?<age>\d{1,2})[- ]year[- ]old,? ${NAME}`, CHILD_AGED]),
  ...when(
    ['kids', 'children', 'daughters', 'sons', 'boys', 'girls'],
    // "I have two kids, Léa and Thomas": the children and their names.
    [
      String.raw`${WE_HAVE} (?:got )?(?<x>\d+|two|three|four|five|six) (?<c>kids|children|daughters|sons|boys|girls)[:,] (?<n>[A-Z][\p{L}'-]*(?:(?:,|,? and|,? &) [A-Z][\p{L}'-]*){1,5})(?:[,;(].*)?`,
      CHILDREN_NAMED,
    ],
    [String.raw`${WE_HAVE} (?:got )?(?<x>\d+|one|two|three|four|five|six) (?:kids|children)(?:[:,;].*)?`, CHILDREN],
  ),
  ...when(
    [...words(PET_WORDS), 'pet', 'critter', 'animal'],
    // "I have a pet called Biscuit": the word for any animal of the user's names one too.
    [
      String.raw`${WE_HAVE} (?:got |just got |adopted |rescued |brought home |own )?${A}(?:[\w-]+ ){0,3}(?<pet>${PET}|pet|critter|animal) (?:named|called) ${NAME}.*`,
      PET_NAMED,
    ],
    // "there's a budgie in the kitchen called Sir Clive", "the boat cat is a grey rescue called Tamsin": an animal of the household, named.
    [
      String.raw`(?:(?:also|and|plus) )?there(?:'s| is) (?:also )?an? (?:[\w-]+ ){0,3}?(?<pet>${PET})(?: (?:in|at|on|out) (?:the|our|my) [\w-]+)? (?:named|called) ${NAME}.*`,
      PET_OWNED,
    ],
    [String.raw`the (?:[\w-]+ )?(?<pet>${PET}) is an? (?:[\w-]+ ){0,3}?(?:${PET}|rescue) (?:named|called) ${NAME}.*`, PET_OWNED],
    // "Smudge is the collie": which of the household's animals a name is.
    [String.raw`${NAME}(?:'s| is) (?:the|my|our) (?:[\w-]+ ){0,2}?(?<pet>${PET})(?:,.*)?`, PET_OWNED],
    // "we have one small dog, Bisi, a Lhasa Apso who…": what the animal is, after its name, is no part of it.
    [
      String.raw`${WE_HAVE} (?:have |own |got |adopted |rescued |brought home )?(?:one |${A})(?:[\w-]+ ){0,2}(?<pet>${PET}),? ${NAME}(?:, (?:an?|the|who|which) .+)?`,
      PET_OWNED,
    ],
    [
      String.raw`(?:${WE_HAVE} (?:got )?|(?:my|our) |${WE} (?:live|share (?:my|our|the) [\w-]+(?: [\w-]+)?) with )(?:two|three|four|\d) (?:[\w-]+ )?(?<pet>${PET})s?,? (?:called |named )?(?<x>[A-Z][\p{L}'-]*(?: [A-Z][\p{L}'-]*)?(?:(?:,| and|, and) [A-Z][\p{L}'-]*(?: [A-Z][\p{L}'-]*)?)+)(?:,? (?:are|were) .+)?`,
      { ...PET_OWNED, list: 'x', statement: "{x} is one of the user's {pet}" },
    ],
    [String.raw`(?:my|our) (?:[\w-]+ ){0,3}?(?<pet>${PET})(?:'s name is|'s called| is called| is named) ${NAME}`, PET_OWNED],
    [String.raw`(?:my|our) (?:[\w-]+ )?(?<pet>${PET}),? ${NAME}`, PET_OWNED],
    [String.raw`(?:my|our) (?:new |little |old )?(?<pet>${PET}),? ${NAME},? .+`, PET_NAMED],
    [String.raw`${WE}(?: have| own| have got|'ve got| got) (?<n>an?|one|two|three|four|\d) (?:\w+ )?(?<pet>${PET})`, PETS_COUNTED],
    [String.raw`${WE_HAVE} (?:just )?(?:adopted|rescued|brought home|got) (?:an?|one|two|three|four|\d) (?:\w+ )?(?<pet>${PET})`, PETS_TAKEN],
  ),
  ...when(
    ['year'],
    [
      String.raw`(?:${IM} (?:an? |in )?(?:my )?)?(?<year>first|second|third|fourth|fifth|final|last|1st|2nd|3rd|4th|5th) year(?: of)? (?<x>[a-z][\w -]{1,40}?)(?: student| undergrad| degree| course)?(?: (?:at|in) (?<y>.+))?`,
      { ...STUDIES, also: [as(SCHOOL, 'y')] },
    ],
  ),
  ...when(
    ['learning', 'studying', 'teaching'],
    // "I'm learning to surf", "been teaching myself to play the banjo": what the user is learning to do.
    [
      String.raw`(?:${IM}|${IVE} been|${IVE} (?:started|begun|began)|(?:just |recently )?(?:started|began)) (?:learning|teaching myself) (?:how )?to (?!(?:live|cope|deal|accept|trust|love|let|say|relax|be|stop|breathe|listen|forgive|manage)\b)(?:play (?:the )?)?(?<x>\p{L}+(?: \p{L}+)?)(?: (?:with|at|in|on|every|most|for|from|since|this|last|after|before|through|via) .+)?`,
      LEARNING_TO,
    ],
    [String.raw`(?:${IM}|${IVE} been) (?:learning|studying|teaching myself) (?<x>.+)`, LEARNING],
    [String.raw`${IVE} (?:started|begun|began) (?:learning|studying) (?<x>.+)`, LEARNING],
  ),
  ...when(['taking'], [String.raw`${IM} taking (?<x>.+?) (?:lessons|classes|courses?)`, LEARNING]),
  // "I'm doing Irish on Duolingo", "doing evening classes in Spanish": a language the user does is one being learned.
  ...when(
    ['doing'],
    [String.raw`(?:${IM}|${IVE} been) (?:also )?doing (?:some |a bit of )?(?<x>${SPOKEN})(?: (?:on|with|at|in|through|via|for) .+)?`, LEARNING],
  ),
  ...when(
    ['play', 'playing'],
    [String.raw`i (?:can )?play (?:the )?(?<x>${INSTRUMENT})(?: (?:in|with|at|for|on|every|most) .+)?`, INSTRUMENT_PLAYED],
    [String.raw`${IVE} (?:started|begun|began) playing (?:the )?(?<x>${INSTRUMENT})(?: (?:in|with|at|for|on|every|most) .+)?`, INSTRUMENT_PLAYED],
  ),
  ...when(['speak'], [String.raw`i (?:can )?speak (?<x>.+)`, LANGUAGE]),
  ...when(['fluent', 'native', 'conversational', 'bilingual'], [String.raw`${IM} (?:fluent|native|conversational|bilingual) in (?<x>.+)`, LANGUAGE]),
  ...when(['native'], [String.raw`${IM} a native (?<x>${SPOKEN}) speaker`, LANGUAGE]),
  ...when(['native', 'first', 'mother'], [String.raw`my (?:native|first|mother) (?:language|tongue) is (?<x>.+)`, NATIVE_LANGUAGE]),
  ...when(
    ['write', 'code', 'program', 'develop', 'work', 'writing', 'coding', 'building'],
    [
      String.raw`i (?:mostly |mainly |usually |primarily |also )?(?:write|code in|program in|develop in|work in|code mostly in) (?<x>(?:${PROGRAMMING})\b.*)`,
      CODES_IN,
    ],
    // "been writing basically everything in Go lately": the language the user's code is written in now.
    [
      String.raw`(?:${IVE} been|${IM}|i) (?:writing|coding|building|doing) (?:basically |pretty much |almost |nearly |mostly )?(?:everything|all (?:my|our|the) (?:code|services|stuff|backend|work)|most (?:things|stuff|of (?:my|our|the) (?:code|work))) in (?<x>${PROGRAMMING})\b.*`,
      { ...CODES_IN, statement: 'The user writes {x}', list: undefined },
    ],
  ),
  ...when(['know', 'code', 'write'], [String.raw`i (?:know|can code in|can write) (?<x>.+)`, KNOWS]),
  ...when(
    ['good', 'great', 'experienced', 'skilled', 'proficient', 'fluent', 'expert'],
    [String.raw`${IM} (?:very |really |pretty |quite )?(?:good|great|experienced|skilled|proficient|fluent|an expert|expert) (?:at|in|with) (?<x>.+)`, SKILL],
  ),
  ...when(
    ['use', 'using', 'run', 'rely', 'deploy', 'host'],
    [
      String.raw`(?:i|we) (?:mostly |mainly |usually |primarily |also |now )?(?:use|run|rely on|deploy (?:on|to)|host (?:on|with)) (?<x>.+?)(?: (?:for|at|on(?! top of)|to|as|in) .+)?`,
      TOOL,
    ],
    [String.raw`(?:i|we) (?:run|host|deploy) (?:everything|it|all|all of it|our \w+|my \w+) (?:on|with|to) (?<x>.+)`, TOOL],
    // "day to day we are using Kotlin and Spring Boot on top of Postgres": what the user's work runs on.
    [String.raw`(?:${WE_ARE}|${IVE} been|we've been|we have been) (?:mostly |mainly |all |also |now )?using (?<x>.+?)(?: (?:for|at|to|as|in) .+)?`, TOOL],
  ),
  // "I do most of my work in Python": the language or tool the user's work is done in.
  ...when(
    ['work', 'coding'],
    [
      String.raw`(?:i|we) (?:do|write) (?<much>most|all|much|a lot|the bulk) of (?:my|our) (?:work|coding|code|dev work|development|analysis|scripting) (?:in|on|with) (?<x>[A-Z][\w.+#-]*(?: [A-Z][\w.+#-]*)?)(?:,.*| .+)?`,
      { ...TOOL, statement: 'The user does {much} of their work in {x}' },
    ],
  ),
  ...when(
    ['do', 'make', 'keep', 'write', 'track', 'draw', 'edit', 'manage', 'plan'],
    [
      String.raw`(?:i|we) (?:do|make|keep|write|track|draw|edit|manage|plan) (?<what>(?:all |most )?(?:my |our |the )?[a-z][\w' -]{2,40}?) (?:in|on|with) (?<x>[A-Z][\w.+-]*(?: [A-Z][\w.+-]*)?)`,
      TOOL_FOR,
    ],
    [
      String.raw`(?<what>(?:all |most )?(?:my |our |the )?[a-z][\w' -]{2,40}?),? (?:i|we) (?:do|make|keep|write|track|draw|edit|manage|plan)(?: them| it)? (?:in|on|with) (?<x>[A-Z][\w.+-]*(?: [A-Z][\w.+-]*)?)`,
      TOOL_FOR,
    ],
  ),
  // "data in Postgres", "dashboards in Power BI", "all my notes live in Notion": work of a kind kept in a product.
  // "dispatch at work all runs thru servicetitan", "builds are going through Jenkins": the same, said of the work; "I report to Maarten" is no report.
  ...when(
    WORK_THINGS_CUE,
    [
      String.raw`(?:(?:all|most) )?(?:(?:my|our|the) )?(?:(?:whole|entire) )?(?<what>(?:(?!(?:i|we|you|he|she|they)\b)[\p{L}-]+ ){0,2}?${WORK_THING}s?(?: (?:for|of) [\p{L}\d' -]{1,40}?)?)${AT_WORK} ${KEPT_VERB}(?:in|on|over|via|through|thru|to|into|onto) (?<x>[A-Z][\w.+-]*(?: [A-Z][\w.+-]*)?(?:(?: ?[/+] ?|,? and |, )[\w.+-]+)*)`,
      KEPT_IN,
    ],
    [
      String.raw`(?:(?:all|most) )?(?:(?:my|our|the) )?(?:(?:whole|entire) )?(?<what>(?:(?!(?:i|we|you|he|she|they)\b)[\p{L}-]+ ){0,2}?${WORK_THING}s?)${AT_WORK} ${KEPT_VERB}(?:via|through|thru) (?<x>[a-z][\w.+-]*(?: [a-z][\w.+-]*)?)(?=$|[,.;!?]| (?:which|that|and|but|now|on|at|for)\b)`,
      KEPT_VIA,
    ],
  ),
  ...when(
    ['stack'],
    [
      String.raw`(?:our|my) (?:tech |tech-|current )?stack (?:is|includes|consists of) (?<x>.+?)(?: all day| every day| mostly| mainly| these days| at work)*(?:,? with .+)?`,
      STACK,
    ],
  ),
  // "All my cordless gear is Makita", "my tools are all DeWalt": the make of the user's kit.
  ...when(
    ['gear', 'kit', 'tools', 'equipment'],
    [
      String.raw`(?:all )?(?:my|our) (?:[\w-]+ )?(?<what>gear|kit|tools|power tools|equipment) (?<be>is|are) (?:all )?(?<x>[A-Z][\w-]*(?: [A-Z\d][\w-]*)?)(?:[,—–-].*| now| these days)?`,
      { ...TOOL, statement: "The user's {what} {be} {x}" },
    ],
  ),
  ...when(
    ['runs', 'built', 'hosted', 'deployed', 'lives', 'written'],
    [
      String.raw`(?:our|my) (?:\w+ )?(?:backend|frontend|app|site|infra|infrastructure|service|services|api|website|cluster|database|db|code|product|blog|data) (?:runs|is built|is hosted|is deployed|lives|is written) (?:on|with|in) (?<x>.+)`,
      TOOL,
    ],
  ),
  // "I've taken up golf", "took up pottery last year": a pastime the user has now.
  ...when(
    ['taken', 'took'],
    [
      String.raw`(?:${IVE} |we've |we )?(?:just |recently |finally |also )?(?:taken up|took up) (?!(?:smoking|the offer|an offer|a job|a role|a position|the challenge|residence|space|it|that|this)\b)(?<x>[a-z][\w-]*(?: [a-z][\w-]*){0,2}?)(?: (?:instead|again|now|last \w+|this \w+|recently|in \w+)|[,;].*)?`,
      { ...HOBBY_NAMED, statement: 'The user has taken up {x}' },
    ],
  ),
  ...when(['play'], [String.raw`i play (?<x>.+)`, PLAYS]),
  ...when(['hobby', 'hobbies'], [String.raw`my (?:main |favou?rite )?hobb(?:y is|ies are) (?<x>.+)`, HOBBY_NAMED]),
  ...when(
    ['go', 'do'],
    [String.raw`i (?:often |usually |regularly |sometimes )?(?:go|do) (?<x>\w+ing)\b.*`, HOBBY],
    [
      String.raw`i (?:often |usually |regularly |sometimes )?go for (?:a|an) (?:long |short |quick |morning |evening )?(?<x>run|walk|swim|ride|hike|jog|bike ride|paddle)\b.*`,
      HOBBY,
    ],
  ),
  ...when(['stopped', 'quit', 'gave'], [String.raw`i (?:stopped|quit|gave up) (?:eating|drinking) (?<x>.+)`, AVOIDS]),
  ...when(
    ['do', 'doing', 'practice', 'practise', 'practicing', 'practising'],
    [
      String.raw`(?:i|${IVE} been) (?:do|doing|practi[sc]e|practi[sc]ing) (?<x>yoga|pilates|karate|judo|taekwondo|crossfit|tai chi|parkour|meditation|ballet|improv|archery|calligraphy|origami|pottery|ceramics|woodworking)\b.*`,
      HOBBY,
    ],
  ),
  ...when(
    ['lot', 'lots', 'ton', 'more', 'again', 'every', 'daily', 'regularly', 'most'],
    [String.raw`(?:${IVE} been|${IM}) (?<x>\w+ing)(?: [\w' -]+?)? (?:a lot|lots|a ton|more|again|every day|daily|regularly|most days).*`, HOBBY],
  ),
  ...when(
    ['free', 'spare', 'fun', 'hobby', 'weekends', 'weekend'],
    [String.raw`i (?<x>\w+(?:-\w+)?(?: \w+)?) (?:in my (?:free|spare) time|for fun|as a hobby|on (?:the )?weekends|every weekend)`, HOBBY],
  ),
  ...when(
    ['free', 'spare', 'fun', 'hobby'],
    [String.raw`(?:${IM}|${IVE} been) (?<x>\w+ing(?: [\w-]+){0,2}) (?:in my (?:free|spare) time|for fun|as a hobby)`, HOBBY],
  ),
  ...when(
    ['working', 'building', 'developing', 'writing', 'making', 'creating', 'designing'],
    [String.raw`(?:${IM}|${IVE} been) (?:currently )?(?:working on|building|developing|writing|making|creating|designing) (?<x>.+)`, PROJECT],
  ),
  ...when(
    ['project'],
    [String.raw`my (?:main |current |big |latest |side )?(?:project|side project) is (?<x>.+)`, PROJECT],
    // "I'm on the 'customer 360' project": the project the user works on, by its name.
    [
      String.raw`${WE_ARE} (?:now |currently )?(?:on|working on|assigned to|staffed on|part of) (?:the |a )?(?<x>['"]?[\p{L}\d][\p{L}\d' -]{0,40}?['"]?) project(?: (?:at|for|with) .+)?`,
      { ...PROJECT, statement: 'The user is on the {x} project' },
    ],
  ),
  ...when(
    ['goal', 'aim', 'objective', 'target', 'resolution'],
    [String.raw`my (?:main |current |big |personal )?(?:goal|aim|objective|target|resolution)(?: for [\w ]+)? is to (?<x>.+)`, GOAL],
  ),
  ...when(['training', 'preparing', 'saving'], [String.raw`${IM} (?:training|preparing|saving up|saving) for (?<x>.+)`, GOAL]),
  ...when(['trying'], [String.raw`${IM} trying to (?<x>.+)`, GOAL]),
  ...when(['favorite', 'favourite'], [String.raw`my (?:favorite|favourite) (?<x>[a-z][a-z ]{0,40}?) (?:is|are) (?<y>.+)`, FAVORITE]),
  ...when(['prefer'], [String.raw`i prefer (?<x>.+?) (?:over|to|rather than|instead of) (?<y>.+)`, PREFERS_OVER]),
  ...when(['like'], [String.raw`i like (?<x>.+?) (?:more|better) than (?<y>.+)`, PREFERS_OVER]),
  ...when(['switched'], [String.raw`${IVE} switched from (?<y>.+?) to (?<x>.+)`, PREFERS_OVER]),
  ...when(['prefer'], [String.raw`i prefer (?<x>.+)`, PREFERS]),
  ...when(['switched'], [String.raw`${IVE} switched to (?<x>.+)`, SWITCHED]),
  ...when(
    ['like', 'love', 'enjoy', 'adore'],
    [String.raw`i (?:really |absolutely |just |totally |genuinely |truly |also |so |do )?(?:like|love|enjoy|adore) (?<x>.+)`, LIKES],
  ),
  ...when(['fan'], [String.raw`(?:${IM} )?(?:an? )?(?:big |huge |massive )?fan of (?<x>.+)`, LIKES]),
  ...when(
    ['into', 'obsessed', 'passionate', 'crazy'],
    [String.raw`(?:${IM}|${IVE} been) (?:really |so |very |totally |super |mad )?(?:into|obsessed with|passionate about|crazy about) (?<x>.+)`, INTO],
  ),
  ...when(
    ['hate', 'dislike', 'detest', 'stand', 'loathe', 'stomach', 'abide'],
    [
      String.raw`i (?:really |just |honestly )?(?:hate|dislike|detest|can't stand|cannot stand|cant stand|can't stomach|cannot stomach|cant stomach|can't abide|loathe) (?!(?:em|'em|them|it|those|these|that)\b)(?<x>[^,;]+?)(?:[,;].*)?`,
      DISLIKES,
    ],
  ),
  ...when(['decided', 'agreed', 'chosen'], [String.raw`${WE_HAVE} (?:decided|agreed|chosen) (?:to|that) (?<x>.+?)${TOPIC}`, DECIDED]),
  ...when(['going'], [String.raw`${WE_ARE} going with (?<x>.+?)${TOPIC}`, DECIDED]),
  ...when(
    ['chose', 'chosen', 'picked', 'settled', 'opted', 'went', 'gone'],
    [String.raw`${WE_HAVE} (?:chose|chosen|picked|settled on|opted for|went with|gone with) (?<x>.+?)${TOPIC}`, DECIDED],
  ),
  ...when(
    ['planning', 'about', 'plan', 'going'],
    [
      String.raw`(?:${IM} (?:planning|about) to|i plan to|${IM} going to) (?<x>(?:start|learn|buy|get|take|quit|change|switch|become|visit|travel|study|run|try|build|write|open|launch|retire|adopt|go|fly|see|meet|move|sell|finish|apply|sign up|join|host|throw|celebrate|attend|paint|cook|bake|hike|climb|renovate|redo|make)\b.*)`,
      PLANS,
    ],
  ),
  ...when(
    ['going', 'heading', 'flying', 'driving', 'traveling', 'travelling', 'off', 'booked', 'planned', 'lined', 'sorted'],
    [
      String.raw`${WE_ARE} (?:going|heading|flying(?: out| over| back)?|driving(?: down| up| over)?|travel?ling|off) to (?<x>.+?)(?<aside>(?: instead)?(?:[,;] .*)?)`,
      PLAN_SAID,
    ],
    // "We have an Alaska cruise booked for August 12th": a trip booked is a plan.
    [
      String.raw`(?:${WE_HAVE}|we've) (?:got )?(?:an? |our )(?<x>[\w' -]{2,40}?) (?:booked|planned|lined up|sorted) (?:for|in|on) .+`,
      { ...PLANS, statement: 'The user has {x:a} booked' },
    ],
  ),
  ...when(['have', 'own', 'got'], [String.raw`i (?:have|own|have got|got) (?<x>an? .+)`, HAS]),
  ...when(
    ['my'],
    // "My show is Murdoch Mysteries": a show, a book or a band called the user's own is their favourite.
    [
      String.raw`my (?:current |new )?(?<x>show|programme|program|series|film|movie|book|band|podcast|album|song)(?: (?:now|these days|at the moment))? (?:is|are) (?<y>.+)`,
      { ...FAVORITE, checks: { y: 'title' } },
    ],
    [String.raw`my (?<x>[a-z][a-z' ]{1,40}?) (?:is|are) (?<y>.+)`, ATTRIBUTE],
  ),
];
