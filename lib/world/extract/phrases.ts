import { keyPart } from './keys.ts';
import { as, type Meaning } from './meaning.ts';
import { preferenceKey } from './preference-key.ts';
import {
  CHILD,
  CONDITION,
  CONDITION_ADJECTIVE,
  CONDITION_ADJECTIVES,
  DIET,
  INSTRUMENT,
  PARTNER,
  PET,
  PROGRAMMING,
  RELATIVE,
  ROLE,
  SPOKEN,
} from './vocabulary.ts';

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

const NAME_IS: Meaning = { type: 'fact', key: 'user.name', statement: "The user's name is {x}", aliases: ['name'], checks: { x: 'person' } };
const AGE: Meaning = { type: 'fact', key: 'user.age', statement: 'The user is {x} years old', aliases: ['age'] };
const LOCATION: Meaning = {
  type: 'fact',
  key: 'user.location',
  statement: 'The user lives in {x}',
  aliases: ['home', 'city', 'location'],
  checks: { x: 'place' },
};
const ORIGIN: Meaning = { type: 'fact', key: 'user.origin', statement: 'The user is from {x}', aliases: ['origin', 'hometown'], checks: { x: 'place' } };
const EMPLOYER: Meaning = {
  type: 'fact',
  key: 'user.employer',
  statement: 'The user works at {x}',
  aliases: ['employer', 'company', 'work'],
  checks: { x: 'org' },
};
const OCCUPATION: Meaning = {
  type: 'fact',
  key: 'user.occupation',
  statement: 'The user is {x:a}',
  aliases: ['job', 'occupation', 'profession'],
  checks: { x: 'subject' },
};
const TEAM: Meaning = { type: 'fact', key: 'user.team', statement: '{voice}', aliases: ['team', 'work'] };
const MANAGER: Meaning = { type: 'fact', key: 'user.manager', statement: "The user's manager is {x}", aliases: ['manager', 'boss'], checks: { x: 'person' } };
const PARTNER_NAME: Meaning = {
  type: 'fact',
  key: 'user.partner',
  statement: "The user's {rel} is {x}",
  aliases: ['partner', '{rel}', 'family'],
  checks: { x: 'person' },
};
const MARRIED: Meaning = {
  type: 'fact',
  key: 'user.partner',
  statement: 'The user is married to {x}',
  aliases: ['partner', 'spouse', 'family'],
  checks: { x: 'person' },
};
const MARITAL: Meaning = { type: 'fact', key: 'user.marital_status', statement: 'The user is married', aliases: ['partner', 'spouse', 'family'] };
const RELATIVE_JOB: Meaning = { type: 'fact', key: 'user.family.{rel}.occupation', statement: "The user's {rel} is {x:a}", aliases: ['{rel}', 'family'] };
const RELATIVE_HOME: Meaning = { type: 'fact', key: 'user.family.{rel}.location', statement: "The user's {rel} lives in {x}", aliases: ['{rel}', 'family'] };
const RELATIVE_NAMED: Meaning = {
  type: 'fact',
  key: (v) => (IS_CHILD.test(v.rel!) ? `user.child.${keyPart(v.x!)}` : `user.family.${keyPart(v.rel!)}.${keyPart(v.x!)}`),
  statement: "The user's {rel} is named {x}",
  aliases: ['{rel}', 'family'],
  checks: { x: 'person' },
};
const RELATIVE_AGE: Meaning = {
  ...RELATIVE_NAMED,
  statement: "The user's {rel} {x} is {age} years old",
};
const HAS_RELATIVE_NAMED: Meaning = { ...RELATIVE_NAMED, statement: '{voice}' };
const RELATIVE_SAID: Meaning = { type: 'fact', key: null, statement: '{voice}', aliases: ['{rel}', 'family'] };
const CHILDREN: Meaning = { type: 'fact', key: 'user.children', statement: 'The user has {x} children', aliases: ['kids', 'children', 'family'] };
const PET_NAMED: Meaning = { type: 'entity', key: 'user.pet.{x}', statement: '{voice}', aliases: ['pet', '{pet}'], checks: { x: 'person' } };
const PET_OWNED: Meaning = {
  type: 'entity',
  key: 'user.pet.{x}',
  statement: 'The user has {pet:a} named {x}',
  aliases: ['pet', '{pet}'],
  checks: { x: 'person' },
};
const PETS_COUNTED: Meaning = { type: 'entity', key: 'user.pet.{pet}', statement: 'The user has {n} {pet}', aliases: ['pet', '{pet}'] };
const PETS_TAKEN: Meaning = { ...PETS_COUNTED, statement: '{voice}' };

const DIET_FACT: Meaning = { type: 'fact', key: 'user.diet', statement: 'The user is {x}', aliases: ['diet', 'food'] };
const ALLERGY: Meaning = {
  type: 'fact',
  key: 'user.allergy.{x}',
  statement: 'The user is allergic to {x}',
  aliases: ['allergy', 'food', 'health'],
  checks: { x: 'subject' },
  list: 'x',
};
const INTOLERANCE: Meaning = {
  type: 'fact',
  key: 'user.intolerance.{x}',
  statement: 'The user is {x} intolerant',
  aliases: ['intolerance', 'food', 'health'],
  checks: { x: 'subject' },
};
const INTOLERANT_TO: Meaning = { ...INTOLERANCE, statement: 'The user is intolerant to {x}', list: 'x' };
const CONDITION_IS: Meaning = {
  type: 'fact',
  key: (v) => `user.condition.${CONDITION_ADJECTIVES[v.x!.toLowerCase()] ?? v.x}`,
  statement: 'The user is {x}',
  aliases: ['health', 'condition'],
};
const CONDITION_HAS: Meaning = { type: 'fact', key: 'user.condition.{x}', statement: '{voice}', aliases: ['health', 'condition'] };

const LEARNING: Meaning = {
  type: 'fact',
  key: 'user.learning.{x}',
  statement: 'The user is learning {x}',
  aliases: ['learning', 'studying'],
  checks: { x: 'subject' },
};
const INSTRUMENT_PLAYED: Meaning = { type: 'fact', key: 'user.instrument.{x}', statement: '{voice}', aliases: ['instrument', 'music'] };
const PLAYS: Meaning = { type: 'fact', key: 'user.hobby.{x}', statement: 'The user plays {x}', aliases: ['hobby', 'sport'], checks: { x: 'subject' } };
const HOBBY_NAMED: Meaning = {
  type: 'fact',
  key: 'user.hobby.{x}',
  statement: "The user's hobby is {x}",
  aliases: ['hobby'],
  checks: { x: 'subject' },
  list: 'x',
};
const HOBBY: Meaning = { type: 'fact', key: 'user.hobby.{x}', statement: '{voice}', aliases: ['hobby'], checks: { x: 'subject' } };
const LANGUAGE: Meaning = {
  type: 'fact',
  key: 'user.language.{x}',
  statement: 'The user speaks {x}',
  aliases: ['language'],
  checks: { x: 'subject' },
  list: 'x',
};
const NATIVE_LANGUAGE: Meaning = { ...LANGUAGE, statement: "The user's native language is {x}", list: undefined };
const CODES_IN: Meaning = {
  type: 'fact',
  key: 'user.programming_language.{x}',
  statement: '{voice}',
  aliases: ['programming', 'language', 'code'],
  checks: { x: 'tech' },
  list: 'x',
};
const SKILL: Meaning = { type: 'fact', key: 'user.skill.{x}', statement: '{voice}', aliases: ['skill'], checks: { x: 'subject' }, list: 'x' };
const KNOWS: Meaning = { ...SKILL, checks: { x: 'tech' } };
const TOOL: Meaning = { type: 'fact', key: 'user.tool.{x}', statement: '{voice}', aliases: ['tool', 'stack'], checks: { x: 'tech' }, list: 'x' };
const STACK: Meaning = {
  type: 'fact',
  key: 'user.tool.{x}',
  statement: "The user's stack includes {x}",
  aliases: ['tool', 'stack'],
  checks: { x: 'tech' },
  list: 'x',
};
const PROJECT: Meaning = { type: 'fact', key: 'user.project.{x}', statement: '{voice}', aliases: ['project'], checks: { x: 'subject' } };
const GOAL: Meaning = { type: 'fact', key: 'user.goal.{x}', statement: '{voice}', aliases: ['goal'], checks: { x: 'subject' } };

const FAVORITE: Meaning = { type: 'preference', key: 'user.favorite.{x}', statement: "The user's favorite {x} is {y}", aliases: ['favorite {x}'] };
const PREFERS_OVER: Meaning = {
  type: 'preference',
  key: (v) => preferenceKey(v.x!, v.y),
  statement: 'The user prefers {x} over {y}',
  aliases: ['preference'],
  checks: { x: 'subject', y: 'subject' },
};
const PREFERS: Meaning = {
  type: 'preference',
  key: (v) => preferenceKey(v.x!),
  statement: 'The user prefers {x}',
  aliases: ['preference'],
  checks: { x: 'subject' },
};
const SWITCHED: Meaning = {
  type: 'preference',
  key: (v) => preferenceKey(v.x!),
  statement: 'The user has switched to {x}',
  aliases: ['preference'],
  checks: { x: 'subject' },
};
const LIKES: Meaning = { type: 'preference', key: 'user.likes.{x}', statement: 'The user likes {x}', checks: { x: 'thing' } };
const INTO: Meaning = { type: 'preference', key: 'user.likes.{x}', statement: '{voice}', checks: { x: 'thing' } };
const DISLIKES: Meaning = { type: 'preference', key: 'user.likes.{x}', statement: 'The user dislikes {x}', checks: { x: 'thing' } };
/** A decision is keyed by what it is for ("for the Atlas infrastructure"), so a later choice for it replaces it. */
const decisionKey = (v: Record<string, string>) => `user.decision.${keyPart(v.topic ?? v.x!)}`;
const DECIDED: Meaning = { type: 'decision', key: decisionKey, statement: '{voice}', aliases: ['decision'] };
const PLANS_MOVE: Meaning = {
  type: 'decision',
  key: 'user.plan.move',
  statement: 'The user plans to move to {x}',
  aliases: ['plan', 'move'],
  checks: { x: 'place' },
};
const PLANS: Meaning = { type: 'decision', key: 'user.plan.{x}', statement: 'The user plans to {x}', aliases: ['plan'] };
const PLAN_SAID: Meaning = { type: 'decision', key: 'user.plan.{x}', statement: '{voice}', aliases: ['plan'] };
const HAS: Meaning = { type: 'entity', key: 'user.has.{x}', statement: 'The user has {x}', checks: { x: 'thing' } };
const ATTRIBUTE: Meaning = { type: 'fact', key: 'user.{x}', statement: "The user's {x} is {y}", checks: { x: 'attribute' } };

const IS_CHILD = new RegExp(`^${CHILD}s?$`, 'i');
const TOPIC = String.raw`(?: (?:for|on|in) (?<topic>(?:the |our |my )?[\w .'-]+?))?`;

/** First match wins, so the specific phrasings come before the general ones. */
export const PHRASES: [string, Meaning][] = [
  [String.raw`(?:my )?name is ${NAME}`, NAME_IS],
  [String.raw`${IM} ${NAME}, (?:an? )(?<y>${ROLE})(?: (?:from|in) (?<z>.+))?`, { ...NAME_IS, also: [as(OCCUPATION, 'y'), as(ORIGIN, 'z')] }],
  [String.raw`(?:my )?name's ${NAME}`, NAME_IS],
  [String.raw`${IM} called ${NAME}`, NAME_IS],
  [String.raw`(?:call me|i go by|everyone calls me|people call me|friends call me) ${NAME}`, NAME_IS],
  [String.raw`${IM} (?<x>\d{1,3})(?: years old| years of age| yo)?`, AGE],
  [String.raw`${IVE} (?:just )?turned (?<x>\d{1,3})(?: years old)?`, AGE],

  [String.raw`${IM} (?:planning|going|about) to move to (?<x>.+)`, PLANS_MOVE],
  [String.raw`${IM} moving to (?<x>.+)`, PLANS_MOVE],
  [String.raw`i plan to move to (?<x>.+)`, PLANS_MOVE],
  [String.raw`${WE} live in (?<x>.+)`, LOCATION],
  [String.raw`${WE_HAVE} (?:moved|relocated) from (?<y>.+?) to (?<x>.+)`, LOCATION],
  [String.raw`${WE_HAVE} (?:moved|relocated) (?:back |over |out |here )?to (?<x>.+)`, LOCATION],
  [String.raw`${WE_HAVE} moved (?:in)?to (?:an? |the |my |our )(?:new )?(?:apartment|flat|house|place|home|condo) in (?<x>.+)`, LOCATION],
  [String.raw`(?:${WE_ARE}|${WE_HAVE} been) (?:living|based|located|settled) in (?<x>.+)`, LOCATION],
  [String.raw`i reside in (?<x>.+)`, LOCATION],
  [String.raw`home is (?:in )?(?<x>.+)`, LOCATION],
  [String.raw`${WE_HAVE} lived in (?<x>.+)`, LOCATION],
  [String.raw`(?:my|our) (?:home|home base|home town|place) is (?:in )?(?<x>.+)`, LOCATION],
  [String.raw`${IM} (?:originally )?from (?<x>.+)`, ORIGIN],
  [String.raw`i (?:come from|was born in|grew up in) (?<x>.+)`, ORIGIN],

  [String.raw`(?:${IM}|${IVE} been) (?:an? )?(?<x>${DIET})`, DIET_FACT],
  [String.raw`${IVE} (?:gone|become|became|went|turned) (?<x>${DIET})`, DIET_FACT],
  [String.raw`i (?:eat|follow|keep) (?:an? )?(?<x>${DIET})(?: diet)?`, DIET_FACT],
  [String.raw`(?:${IM}|${IVE} been) (?:on )?(?:an? )?(?<x>${DIET}) diet`, DIET_FACT],
  [String.raw`(?:${IM} allergic to|i have (?:an? )?(?:allergy|allergies) to) (?<x>.+)`, ALLERGY],
  [String.raw`i have (?:an? )?(?:severe |mild |bad |serious |slight |terrible )?(?<x>[a-z ]+?) allerg(?:y|ies)`, ALLERGY],
  [String.raw`(?:${IM}|${IVE} been) (?<x>lactose|gluten|fructose|histamine|dairy|wheat|egg|soy|caffeine|alcohol)[ -]intolerant`, INTOLERANCE],
  [String.raw`(?:${IM} intolerant (?:to|of)|i have an? intolerance to) (?<x>.+)`, INTOLERANT_TO],
  [String.raw`i have (?:an? )?(?<x>[a-z ]+?) intolerance`, INTOLERANCE],
  [String.raw`(?:${IM}|${IVE} been) (?<x>${CONDITION_ADJECTIVE})`, CONDITION_IS],
  [
    String.raw`(?:${IVE}|${IM}|${IVE} been) (?:got |been |was |recently |just )?(?:have|has|had|got|diagnosed with|suffer(?:ing)? from|suffer from|living with|live with|struggl(?:e|ing) with|dealing with) (?<x>${CONDITION})(?: (?:as|since|for|when|in|at|after|last|two|three|a) .+)?`,
    CONDITION_HAS,
  ],

  [String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) (?:at|for|with|in) (?<y>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
  [String.raw`${IM} (?:an? |the )?(?<x>${ROLE}) of (?<y>[A-Z].+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
  [String.raw`${IM} (?:at|with) (?<y>.+?) as (?:an? )?(?<x>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
  [String.raw`i work as (?:an? )?(?<x>.+?) (?:at|for|with) (?<y>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
  [String.raw`i work (?:at|for) (?<y>.+?) as (?:an? )?(?<x>.+)`, { ...OCCUPATION, also: [as(EMPLOYER, 'y')] }],
  [String.raw`my (?:new )?job is (?:at|with) (?<x>.+)`, EMPLOYER],
  [String.raw`${WE_ARE} (?:on|in|part of|with) the (?<x>.+?) team(?: at (?<y>.+))?`, { ...TEAM, also: [as(EMPLOYER, 'y')] }],
  [String.raw`i (?:work|am) (?:on|in|with) the (?<x>.+?) team(?: at (?<y>.+))?`, { ...TEAM, also: [as(EMPLOYER, 'y')] }],
  [String.raw`${IVE} (?:lead|run|manage|joined|moved to|switched to) the (?<x>.+?) team(?: at (?<y>.+))?`, { ...TEAM, also: [as(EMPLOYER, 'y')] }],
  [String.raw`my team is (?:the )?(?<x>.+?)(?: team)?`, { ...TEAM, statement: 'The user is on the {x} team' }],
  [String.raw`i work (?:at|for) (?<x>.+)`, EMPLOYER],
  [String.raw`(?:${IM}|${IVE} been) (?:employed|working) (?:at|by|for|with) (?<x>.+)`, EMPLOYER],
  [String.raw`${IVE} (?:joined|started (?:a new job |working )?at|started working for|started at|began working at) (?<x>.+)`, EMPLOYER],
  [
    String.raw`i (?:got|accepted|took|landed|started) (?:a|an|the|my) (?:new )?(?:job|position|role) as (?:an? )?(?<x>.+?)(?: (?:at|with|for) (?<y>.+))?`,
    { ...OCCUPATION, also: [as(EMPLOYER, 'y')] },
  ],
  [String.raw`i (?:got|accepted|took|landed) (?:a|an|the) (?:new )?(?:job|position|role|offer) (?:at|with|from) (?<x>.+)`, EMPLOYER],
  [String.raw`${IVE} switched (?:jobs|employers|companies) to (?<x>.+)`, EMPLOYER],
  [String.raw`my (?:new )?(?:employer|company) is (?<x>.+)`, EMPLOYER],
  [String.raw`i work as (?:an? )?(?<x>.+)`, OCCUPATION],
  [String.raw`${IM} working as (?:an? )?(?<x>.+)`, OCCUPATION],
  [String.raw`my (?:new )?(?:job|profession|occupation|job title|role|title) is (?:an? )?(?<x>.+)`, OCCUPATION],
  [String.raw`${IVE} (?:become|became|got promoted to|been promoted to|was promoted to) (?:an? )?(?<x>.+)`, OCCUPATION],
  [String.raw`${IM} (?:an? |the )?(?<x>${ROLE})`, OCCUPATION],
  [String.raw`${IM} ${NAME}`, NAME_IS],

  [String.raw`my (?:new |current )?(?:manager|boss|supervisor|line manager|team lead)(?:'s name)? is (?<x>.+)`, MANAGER],
  [String.raw`i report to (?<x>.+)`, MANAGER],
  [String.raw`${IVE} (?:got )?a new (?:manager|boss)(?: called| named|,|:)? (?<x>.+)`, MANAGER],
  [String.raw`(?<x>[a-z][a-z'-]*(?: [a-z][a-z'-]*)?) is my (?:new )?(?:manager|boss|supervisor)`, MANAGER],
  [String.raw`my (?:new )?(?<rel>${PARTNER})(?:'s name)? is ${NAME}`, PARTNER_NAME],
  [String.raw`${IM} married to (?<x>.+)`, MARRIED],
  [String.raw`(?:${IM}|${IVE} been|we are|we're|we have been|we've been|my (?:\w+ )?and i (?:are|have been)) (?:happily )?married`, MARITAL],
  [
    String.raw`my (?<rel>${PARTNER}),? ${NAME},? (?:is|works|has|does|loves|likes|teaches|runs|was|just|got|and) .+`,
    { ...PARTNER_NAME, also: [RELATIVE_SAID] },
  ],
  [String.raw`my (?<rel>${RELATIVE}) is (?:an? )?(?<x>${ROLE})`, RELATIVE_JOB],
  [String.raw`my (?<rel>${RELATIVE}) works as (?:an? )?(?<x>.+)`, RELATIVE_JOB],
  [String.raw`my (?<rel>${RELATIVE}) (?:lives|is living|is based|moved) (?:in|to) (?<x>.+)`, RELATIVE_HOME],
  [String.raw`my (?<rel>${RELATIVE}),? ${NAME},? (?:is|just turned) (?<age>\d{1,2})(?: years old| years| yo)?`, RELATIVE_AGE],
  [String.raw`my (?<rel>${RELATIVE})(?:'s name is|'s called| is called| is named) ${NAME}`, RELATIVE_NAMED],
  [String.raw`${WE_HAVE} (?:got )?(?:an? )(?:[\w-]+ )?(?<rel>${CHILD}|${RELATIVE})(?:,| named| called) ${NAME}`, HAS_RELATIVE_NAMED],
  [String.raw`my (?<rel>${RELATIVE}),? ${NAME},? .+`, { ...RELATIVE_NAMED, also: [RELATIVE_SAID] }],
  [String.raw`${WE_HAVE} (?:got )?(?<x>\d+|one|two|three|four|five|six) (?:kids|children)(?:[:,;].*)?`, CHILDREN],

  [
    String.raw`${WE_HAVE} (?:got |just got |adopted |rescued |brought home |own )?${A}(?:new |little |old |sweet |\w+ )?(?<pet>${PET}) (?:named|called) ${NAME}.*`,
    PET_NAMED,
  ],
  [String.raw`${WE_HAVE} (?:have |own |got |adopted |rescued |brought home )?${A}(?:new |little |old |sweet )?(?<pet>${PET}),? ${NAME}`, PET_OWNED],
  [String.raw`(?:my|our) (?:new |little |old |sweet )?(?<pet>${PET})(?:'s name is|'s called| is called| is named) ${NAME}`, PET_OWNED],
  [String.raw`(?:my|our) (?:new |little |old )?(?<pet>${PET}),? ${NAME},? .+`, PET_NAMED],
  [String.raw`${WE}(?: have| own| have got|'ve got| got) (?<n>an?|one|two|three|four|\d) (?:\w+ )?(?<pet>${PET})`, PETS_COUNTED],
  [String.raw`${WE_HAVE} (?:just )?(?:adopted|rescued|brought home|got) (?:an?|one|two|three|four|\d) (?:\w+ )?(?<pet>${PET})`, PETS_TAKEN],

  [String.raw`(?:${IM}|${IVE} been) (?:learning|studying) (?<x>.+)`, LEARNING],
  [String.raw`${IVE} (?:started|begun|began) (?:learning|studying) (?<x>.+)`, LEARNING],
  [String.raw`${IM} taking (?<x>.+?) (?:lessons|classes|courses?)`, LEARNING],
  [String.raw`i (?:can )?play (?:the )?(?<x>${INSTRUMENT})(?: (?:in|with|at|for|on|every|most) .+)?`, INSTRUMENT_PLAYED],
  [String.raw`${IVE} (?:started|begun|began) playing (?:the )?(?<x>${INSTRUMENT})(?: (?:in|with|at|for|on|every|most) .+)?`, INSTRUMENT_PLAYED],
  [String.raw`i (?:can )?speak (?<x>.+)`, LANGUAGE],
  [String.raw`${IM} (?:fluent|native|conversational|bilingual) in (?<x>.+)`, LANGUAGE],
  [String.raw`${IM} a native (?<x>${SPOKEN}) speaker`, LANGUAGE],
  [String.raw`my (?:native|first|mother) (?:language|tongue) is (?<x>.+)`, NATIVE_LANGUAGE],
  [
    String.raw`i (?:mostly |mainly |usually |primarily |also )?(?:write|code in|program in|develop in|work in|code mostly in) (?<x>(?:${PROGRAMMING})\b.*)`,
    CODES_IN,
  ],
  [String.raw`i (?:know|can code in|can write) (?<x>.+)`, KNOWS],
  [String.raw`${IM} (?:very |really |pretty |quite )?(?:good|great|experienced|skilled|proficient|fluent|an expert|expert) (?:at|in|with) (?<x>.+)`, SKILL],
  [
    String.raw`(?:i|we) (?:mostly |mainly |usually |primarily |also |now )?(?:use|run|rely on|deploy (?:on|to)|host (?:on|with)) (?<x>.+?)(?: (?:for|at|on|to|as|in) .+)?`,
    TOOL,
  ],
  [String.raw`(?:i|we) (?:run|host|deploy) (?:everything|it|all|all of it|our \w+|my \w+) (?:on|with|to) (?<x>.+)`, TOOL],
  [String.raw`(?:our|my) (?:tech |tech-|current )?stack (?:is|includes|consists of) (?<x>.+)`, STACK],
  [
    String.raw`(?:our|my) (?:\w+ )?(?:backend|frontend|app|site|infra|infrastructure|service|services|api|website|cluster|database|db|code|product|blog|data) (?:runs|is built|is hosted|is deployed|lives|is written) (?:on|with|in) (?<x>.+)`,
    TOOL,
  ],
  [String.raw`i play (?<x>.+)`, PLAYS],
  [String.raw`my (?:main |favou?rite )?hobb(?:y is|ies are) (?<x>.+)`, HOBBY_NAMED],
  [String.raw`i (?:often |usually |regularly |sometimes )?(?:go|do) (?<x>\w+ing)\b.*`, HOBBY],
  [
    String.raw`i (?:often |usually |regularly |sometimes )?go for (?:a|an) (?:long |short |quick |morning |evening )?(?<x>run|walk|swim|ride|hike|jog|bike ride|paddle)\b.*`,
    HOBBY,
  ],
  [
    String.raw`i (?:stopped|quit|gave up) (?:eating|drinking) (?<x>.+)`,
    { type: 'fact', key: 'user.avoids.{x}', statement: '{voice}', aliases: ['diet', 'food'], checks: { x: 'thing' } },
  ],
  [
    String.raw`i (?:do|practi[sc]e) (?<x>yoga|pilates|karate|judo|taekwondo|crossfit|tai chi|parkour|meditation|ballet|improv|archery|calligraphy|origami|pottery|ceramics|woodworking)\b.*`,
    HOBBY,
  ],
  [String.raw`(?:${IVE} been|${IM}) (?<x>\w+ing)(?: [\w' -]+?)? (?:a lot|lots|a ton|more|again|every day|daily|regularly|most days).*`, HOBBY],
  [String.raw`i (?<x>\w+(?: \w+)?) (?:in my (?:free|spare) time|for fun|as a hobby|on (?:the )?weekends|every weekend)`, HOBBY],
  [String.raw`(?:${IM}|${IVE} been) (?:currently )?(?:working on|building|developing|writing|making|creating|designing) (?<x>.+)`, PROJECT],
  [String.raw`my (?:main |current |big |latest |side )?(?:project|side project) is (?<x>.+)`, PROJECT],
  [String.raw`my (?:main |current |big |personal )?(?:goal|aim|objective|target|resolution)(?: for [\w ]+)? is to (?<x>.+)`, GOAL],
  [String.raw`${IM} (?:training|preparing|saving up|saving) for (?<x>.+)`, GOAL],
  [String.raw`${IM} trying to (?<x>.+)`, GOAL],

  [String.raw`my (?:favorite|favourite) (?<x>[a-z][a-z ]{0,40}?) (?:is|are) (?<y>.+)`, FAVORITE],
  [String.raw`i prefer (?<x>.+?) (?:over|to|rather than|instead of) (?<y>.+)`, PREFERS_OVER],
  [String.raw`i like (?<x>.+?) (?:more|better) than (?<y>.+)`, PREFERS_OVER],
  [String.raw`${IVE} switched from (?<y>.+?) to (?<x>.+)`, PREFERS_OVER],
  [String.raw`i prefer (?<x>.+)`, PREFERS],
  [String.raw`${IVE} switched to (?<x>.+)`, SWITCHED],
  [String.raw`i (?:really |absolutely |just |totally |genuinely |truly |also |so |do )?(?:like|love|enjoy|adore) (?<x>.+)`, LIKES],
  [String.raw`${IM} (?:a |a big |a huge )?fan of (?<x>.+)`, LIKES],
  [String.raw`(?:${IM}|${IVE} been) (?:really |so |very |totally |super )?(?:into|obsessed with|passionate about|crazy about) (?<x>.+)`, INTO],
  [String.raw`i (?:hate|dislike|detest|can't stand|cannot stand|loathe) (?<x>.+)`, DISLIKES],

  [String.raw`${WE_HAVE} (?:decided|agreed|chosen) (?:to|that) (?<x>.+?)${TOPIC}`, DECIDED],
  [String.raw`${WE_ARE} going with (?<x>.+?)${TOPIC}`, DECIDED],
  [String.raw`${WE_HAVE} (?:chose|chosen|picked|settled on|opted for|went with|gone with) (?<x>.+?)${TOPIC}`, DECIDED],
  [
    String.raw`(?:${IM} (?:planning|about) to|i plan to|${IM} going to) (?<x>(?:start|learn|buy|get|take|quit|change|switch|become|visit|travel|study|run|try|build|write|open|launch|retire|adopt|go|fly|see|meet|move|sell|finish|apply|sign up|join|host|throw|celebrate|attend|paint|cook|bake|hike|climb|renovate|redo|make)\b.*)`,
    PLANS,
  ],
  [String.raw`${WE_ARE} (?:going|heading|flying|driving|travel?ling|off) to (?<x>.+)`, PLAN_SAID],
  [String.raw`i (?:have|own|have got|got) (?<x>an? .+)`, HAS],
  [String.raw`my (?<x>[a-z][a-z' ]{1,40}?) (?:is|are) (?<y>.+)`, ATTRIBUTE],
];
