import type { BeliefType } from './types.ts';

/**
 * The built-in extractor's knowledge, as data: how a user says something about themselves, and
 * what it means (key, type, statement, aliases). Adding a phrasing is one line in `PHRASES`.
 *
 * Patterns are matched, case-insensitively and anchored, against one first-person clause after
 * lead-ins ("actually", "now"…) and filler ("I now live…") are gone. Named groups capture values:
 * `x` is the main value (a retraction must mention it), `y` a second one, `rel` a relative.
 * Templates: `{x}` the value, `{x:a}` with an indefinite article; in keys values are slugged.
 */

/** What a captured value must look like for the phrase to apply. */
export type Check = 'person' | 'place' | 'org' | 'subject' | 'attribute';

export interface Meaning {
  type: BeliefType;
  /** A template, or a function of the captured values (preferences); null: a belief with no key. */
  key: string | null | ((v: Record<string, string>) => string | null);
  statement: string;
  aliases?: string[];
  checks?: Record<string, Check>;
}

const IM = String.raw`(?:i am|i'm|im)`;
const IVE = String.raw`(?:i have|i've|ive|i)`;
const ROLE = String.raw`(?:[a-z-]+ ){0,3}(?:engineer|developer|programmer|designer|architect|scientist|analyst|teacher|professor|lecturer|researcher|student|doctor|physician|surgeon|nurse|dentist|pharmacist|lawyer|attorney|accountant|consultant|manager|director|founder|ceo|cto|writer|journalist|editor|translator|artist|musician|photographer|chef|cook|pilot|driver|electrician|plumber|mechanic|carpenter|farmer|librarian|economist|officer|firefighter|paramedic|therapist|psychologist|salesperson|recruiter|administrator|technician|intern|freelancer|entrepreneur|barista|waiter|waitress|cashier|veterinarian|vet|midwife)`;
const DIET = String.raw`(?:vegetarian|vegan|pescatarian|pescetarian|flexitarian|celiac|coeliac|diabetic|lactose intolerant|gluten[- ]free|teetotal|keto|kosher|halal)`;
const INSTRUMENT = String.raw`(?:piano|guitar|electric guitar|bass guitar|bass|violin|viola|cello|double bass|drums|flute|clarinet|oboe|bassoon|saxophone|sax|trumpet|trombone|tuba|horn|harp|ukulele|banjo|mandolin|accordion|harmonica|organ|keyboard|synthesizer)`;
const PARTNER = String.raw`(?:wife|husband|partner|spouse|girlfriend|boyfriend|fiancée|fiancee|fiancé|fiance)`;
const RELATIVE = String.raw`(?:wife|husband|partner|spouse|girlfriend|boyfriend|mother|mom|mum|father|dad|sister|brother|son|daughter|grandmother|grandfather|aunt|uncle|cousin)`;

const NAME: Meaning = { type: 'fact', key: 'user.name', statement: "The user's name is {x}", aliases: ['name'], checks: { x: 'person' } };
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
const MANAGER: Meaning = { type: 'fact', key: 'user.manager', statement: "The user's manager is {x}", aliases: ['manager', 'boss'], checks: { x: 'person' } };
const PARTNER_NAME: Meaning = {
  type: 'fact',
  key: 'user.partner',
  statement: "The user's {rel} is {x}",
  aliases: ['partner', '{rel}'],
  checks: { x: 'person' },
};
const MARRIED: Meaning = {
  type: 'fact',
  key: 'user.partner',
  statement: 'The user is married to {x}',
  aliases: ['partner', 'spouse'],
  checks: { x: 'person' },
};
const RELATIVE_JOB: Meaning = { type: 'fact', key: 'user.family.{rel}.occupation', statement: "The user's {rel} is {x:a}", aliases: ['{rel}', 'family'] };
const DIET_FACT: Meaning = { type: 'fact', key: 'user.diet', statement: 'The user is {x}', aliases: ['diet', 'food'] };
const ALLERGY: Meaning = {
  type: 'fact',
  key: 'user.allergy.{x}',
  statement: 'The user is allergic to {x}',
  aliases: ['allergy', 'food'],
  checks: { x: 'subject' },
};
const AGE: Meaning = { type: 'fact', key: 'user.age', statement: 'The user is {x} years old', aliases: ['age'] };
const LEARNING: Meaning = {
  type: 'fact',
  key: 'user.learning.{x}',
  statement: 'The user is learning {x}',
  aliases: ['learning', 'studying'],
  checks: { x: 'subject' },
};
const INSTRUMENT_PLAYED: Meaning = { type: 'fact', key: 'user.instrument.{x}', statement: 'The user plays the {x}', aliases: ['instrument', 'music'] };
const HOBBY: Meaning = { type: 'fact', key: 'user.hobby.{x}', statement: 'The user plays {x}', aliases: ['hobby', 'sport'], checks: { x: 'subject' } };
const HOBBY_NAMED: Meaning = { type: 'fact', key: 'user.hobby.{x}', statement: "The user's hobby is {x}", aliases: ['hobby'], checks: { x: 'subject' } };
const LANGUAGE: Meaning = { type: 'fact', key: 'user.language.{x}', statement: 'The user speaks {x}', aliases: ['language'], checks: { x: 'subject' } };
const CHILDREN: Meaning = { type: 'fact', key: 'user.children', statement: 'The user has {x} children', aliases: ['kids', 'children', 'family'] };
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
const LIKES: Meaning = { type: 'preference', key: 'user.likes.{x}', statement: 'The user likes {x}', checks: { x: 'subject' } };
const DISLIKES: Meaning = { type: 'preference', key: 'user.likes.{x}', statement: 'The user dislikes {x}', checks: { x: 'subject' } };
const DECIDED: Meaning = { type: 'decision', key: null, statement: 'The user decided to {x}' };
const PLANS_MOVE: Meaning = {
  type: 'decision',
  key: 'user.plan.move',
  statement: 'The user plans to move to {x}',
  aliases: ['plan', 'move'],
  checks: { x: 'place' },
};
const PLANS: Meaning = { type: 'decision', key: null, statement: 'The user plans to {x}', aliases: ['plan'] };
const HAS: Meaning = { type: 'entity', key: null, statement: 'The user has {x}' };
const ATTRIBUTE: Meaning = { type: 'fact', key: 'user.{x}', statement: "The user's {x} is {y}", checks: { x: 'attribute' } };

/** First match wins, so the specific phrasings come before the general ones. */
export const PHRASES: [string, Meaning][] = [
  [String.raw`my name is (?<x>.+)`, NAME],
  [String.raw`my name's (?<x>.+)`, NAME],
  [String.raw`${IM} called (?<x>.+)`, NAME],
  [String.raw`call me (?<x>.+)`, NAME],

  [String.raw`${IM} (?:planning|going|about) to move to (?<x>.+)`, PLANS_MOVE],
  [String.raw`${IM} moving to (?<x>.+)`, PLANS_MOVE],
  [String.raw`i plan to move to (?<x>.+)`, PLANS_MOVE],
  [String.raw`i live in (?<x>.+)`, LOCATION],
  [String.raw`${IVE} (?:moved|relocated) (?:back |over )?to (?<x>.+)`, LOCATION],
  [String.raw`(?:${IM}|${IVE} been) (?:living|based|located|settled) in (?<x>.+)`, LOCATION],
  [String.raw`i reside in (?<x>.+)`, LOCATION],
  [String.raw`my (?:home|home base) is (?:in )?(?<x>.+)`, LOCATION],
  [String.raw`${IM} (?:originally )?from (?<x>.+)`, ORIGIN],
  [String.raw`i (?:come from|was born in|grew up in) (?<x>.+)`, ORIGIN],

  [String.raw`(?:${IM}|${IVE} been) (?:an? )?(?<x>${DIET})`, DIET_FACT],
  [String.raw`${IVE} (?:gone|become|became|went|turned) (?<x>${DIET})`, DIET_FACT],
  [String.raw`i (?:eat|follow|keep) (?:an? )?(?<x>${DIET})(?: diet)?`, DIET_FACT],
  [String.raw`my (?:new )?job is (?:at|with) (?<x>.+)`, EMPLOYER],
  [String.raw`i work (?:at|for) (?<x>.+)`, EMPLOYER],
  [String.raw`(?:${IM}|${IVE} been) (?:employed|working) (?:at|by|for|with) (?<x>.+)`, EMPLOYER],
  [String.raw`${IVE} (?:joined|started (?:a new job |working )?at|started working for) (?<x>.+)`, EMPLOYER],
  [String.raw`i got a (?:new )?job (?:at|with) (?<x>.+)`, EMPLOYER],
  [String.raw`${IVE} switched (?:jobs|employers|companies) to (?<x>.+)`, EMPLOYER],
  [String.raw`my (?:new )?(?:employer|company) is (?<x>.+)`, EMPLOYER],
  [String.raw`i work as (?:an? )?(?<x>.+)`, OCCUPATION],
  [String.raw`${IM} working as (?:an? )?(?<x>.+)`, OCCUPATION],
  [String.raw`my (?:new )?(?:job|profession|occupation|job title|role) is (?:an? )?(?<x>.+)`, OCCUPATION],
  [String.raw`${IVE} (?:become|became|got promoted to|been promoted to) (?:an? )?(?<x>.+)`, OCCUPATION],
  [String.raw`${IM} (?:an? )?(?<x>${ROLE})`, OCCUPATION],

  [String.raw`my (?:new |current )?(?:manager|boss|supervisor|line manager|team lead) is (?<x>.+)`, MANAGER],
  [String.raw`i report to (?<x>.+)`, MANAGER],
  [String.raw`${IVE} (?:got )?a new (?:manager|boss)(?: called| named|,|:)? (?<x>.+)`, MANAGER],
  [String.raw`(?<x>[a-z][a-z'-]*(?: [a-z][a-z'-]*)?) is my (?:new )?(?:manager|boss|supervisor)`, MANAGER],
  [String.raw`my (?:new )?(?<rel>${PARTNER})(?:'s name)? is (?<x>.+)`, PARTNER_NAME],
  [String.raw`${IM} married to (?<x>.+)`, MARRIED],
  [String.raw`my (?<rel>${RELATIVE}) is (?:an? )?(?<x>${ROLE})`, RELATIVE_JOB],
  [String.raw`my (?<rel>${RELATIVE}) works as (?:an? )?(?<x>.+)`, RELATIVE_JOB],
  [String.raw`i have (?<x>\d+|one|two|three|four|five|six) (?:kids|children)`, CHILDREN],

  [String.raw`(?:${IM} allergic to|i have an? (?:allergy|intolerance) to) (?<x>.+)`, ALLERGY],
  [String.raw`${IM} (?<x>\d{1,3}) years? old`, AGE],

  [String.raw`(?:${IM}|${IVE} been) (?:learning|studying) (?<x>.+)`, LEARNING],
  [String.raw`${IVE} (?:started|begun|began) (?:learning|studying) (?<x>.+)`, LEARNING],
  [String.raw`${IM} taking (?<x>.+?) (?:lessons|classes|courses?)`, LEARNING],
  [String.raw`i play (?:the )?(?<x>${INSTRUMENT})`, INSTRUMENT_PLAYED],
  [String.raw`${IVE} (?:started|begun|began) playing (?:the )?(?<x>${INSTRUMENT})`, INSTRUMENT_PLAYED],
  [String.raw`i play (?<x>.+)`, HOBBY],
  [String.raw`my (?:main )?hobby is (?<x>.+)`, HOBBY_NAMED],
  [String.raw`i speak (?<x>.+)`, LANGUAGE],
  [String.raw`${IM} (?:fluent|native) in (?<x>.+)`, LANGUAGE],

  [String.raw`my (?:favorite|favourite) (?<x>[a-z][a-z ]{0,40}?) (?:is|are) (?<y>.+)`, FAVORITE],
  [String.raw`i prefer (?<x>.+?) (?:over|to|rather than|instead of) (?<y>.+)`, PREFERS_OVER],
  [String.raw`i like (?<x>.+?) (?:more|better) than (?<y>.+)`, PREFERS_OVER],
  [String.raw`${IVE} switched from (?<y>.+?) to (?<x>.+)`, PREFERS_OVER],
  [String.raw`i prefer (?<x>.+)`, PREFERS],
  [String.raw`${IVE} switched to (?<x>.+)`, SWITCHED],
  [String.raw`i (?:like|love|enjoy|adore) (?<x>.+)`, LIKES],
  [String.raw`${IM} (?:a |a big |a huge )?fan of (?<x>.+)`, LIKES],
  [String.raw`i (?:hate|dislike|detest|can't stand|cannot stand) (?<x>.+)`, DISLIKES],

  [String.raw`${IVE} decided (?:to|that) (?<x>.+)`, DECIDED],
  [
    String.raw`(?:${IM} (?:planning|about) to|i plan to|${IM} going to) (?<x>(?:start|learn|buy|get|take|quit|change|switch|become|visit|travel|study|run|try|build|write|open|launch|retire|adopt)\b.*)`,
    PLANS,
  ],
  [String.raw`i (?:have|own) (?<x>an? .+)`, HAS],
  [String.raw`my (?<x>[a-z][a-z' ]{1,40}?) (?:is|are) (?<y>.+)`, ATTRIBUTE],
];

/**
 * How the user says something stopped being true: each rewrites a retraction into the positive
 * statement it retracts, so the phrase above that statement names the key.
 */
export const RETRACTIONS: [string, string][] = [
  [String.raw`(i|i'm|i am|im|i've|i have) no longer (.+)`, '$1 $2'],
  [String.raw`i (?:don't|do not|dont) (.+?) (?:any ?more|any longer)`, 'I $1'],
  [String.raw`(?:i am|i'm|im) not (.+?) (?:any ?more|any longer)`, "I'm $1"],
  [String.raw`my (.+?) (?:is|are) no longer (.+)`, 'my $1 is $2'],
  [String.raw`my (.+?) (?:isn't|is not|aren't|are not) (.+?) (?:any ?more|any longer)`, 'my $1 is $2'],
  [String.raw`(.+?) (?:is|are) no longer my (.+)`, '$1 is my $2'],
  [String.raw`(.+?) (?:isn't|is not) my (.+?) (?:any ?more|any longer)`, '$1 is my $2'],
  [String.raw`i (?:stopped|quit|gave up) (?:learning|studying) (.+)`, "I'm learning $1"],
  [String.raw`i (?:stopped|quit|gave up) playing (.+)`, 'I play $1'],
  [String.raw`i (?:stopped|quit) being (.+)`, "I'm $1"],
  [String.raw`i (?:quit|left) my job (?:at|with) (.+)`, 'I work at $1'],
];

/** Things a preference is about, so "tea over coffee" and "coffee over tea" share one key. */
const PREFERENCE_SUBJECTS: Record<string, string[]> = {
  drink: ['tea', 'coffee', 'espresso', 'latte', 'cappuccino', 'water', 'juice', 'beer', 'wine', 'soda', 'milk', 'cocoa', 'hot chocolate'],
  theme: ['dark mode', 'light mode', 'dark theme', 'light theme'],
  editor: ['vim', 'neovim', 'emacs', 'vscode', 'vs code', 'visual studio code', 'sublime', 'intellij', 'nano'],
  os: ['linux', 'windows', 'macos', 'mac', 'ubuntu'],
  transport: ['train', 'trains', 'plane', 'planes', 'flying', 'car', 'driving', 'bus', 'bike', 'cycling'],
  pet: ['cat', 'cats', 'dog', 'dogs'],
  work_mode: ['remote', 'remotely', 'the office', 'office', 'working from home', 'hybrid'],
  communication: ['email', 'emails', 'calls', 'phone calls', 'video calls', 'slack', 'texts', 'meetings'],
};

function subjectOf(text: string): string | null {
  const lower = ` ${text.toLowerCase()} `;
  for (const [subject, words] of Object.entries(PREFERENCE_SUBJECTS)) {
    if (words.some((w) => lower.includes(` ${w} `))) return subject;
  }
  return null;
}

const slugPart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);

/** `user.preference.<subject>`; without a known subject, keyed by the pair (either order) or the thing. */
function preferenceKey(x: string, y?: string): string | null {
  const subject = subjectOf(x) ?? (y === undefined ? null : subjectOf(y));
  if (subject) return `user.preference.${subject}`;
  const parts = [x, ...(y === undefined ? [] : [y])].map(slugPart).filter(Boolean).sort();
  return parts.length ? `user.preference.${parts.join('_vs_')}` : null;
}
