import { endedByTopic, saysEnded, withEndedByTopic } from './extract/ended-by-topic.ts';
import { DWELLING } from './extract/vocabulary/holdings.ts';
import { DIET } from './extract/vocabulary/diet.ts';
import { generic, type When } from './extract/generic.ts';
import { kindNamed, kindOfKey } from '../kinds.ts';
import { inKind, keyNamedBy } from './extract/kind-of.ts';
import { drinkHabit, fragmentOf, introduced, nameBeside, namedInPassing, People, presupposed, terseIntro } from './extract/continuations.ts';
import { labelled } from './extract/labels.ts';
import { keyPart } from './extract/keys.ts';
import { match } from './extract/match.ts';
import {
  aboutOtherParty,
  asksTheAssistant,
  echoes,
  endsStatements,
  isInstruction,
  isQuestionOrQuote,
  mentionsInstructions,
  putRight,
  saidAgain,
  statedBefore,
  statedBeforeAsking,
} from './extract/noise.ts';
import { RETRACTED_SLOTS, RETRACTIONS } from './extract/retractions.ts';
import { takenBack } from './extract/taken-back.ts';
import { clauses, introHeading, isCountry, LIVES_OR_WORKS, readPart, sentences, unwrap } from './extract/segment.ts';
import { ALONE, plainRegister, withoutAdverbs } from './extract/register.ts';
import { frontedDate, longAgo, PAST_VERB, resolveDate } from './extract/dates.ts';
import {
  acceptable,
  BEEN_HERE_FOR_YEARS,
  CONCESSION,
  cleanValue,
  HOW_LONG,
  HOW_LONG_AFTER_NAME,
  QUALIFIER,
  NONE_AFTER,
  TRAILING,
  TRAILING_CLAUSE,
  YES_NO_AFTER,
} from './extract/values.ts';
import { loadTagger } from './extract/tagger.ts';
import { type Change, IT, ofTopic, readAcross, readChange, replacing, topicOf } from './extract/changes.ts';
import { mayReplaceByName, replacedByName } from './extract/replaced-by-name.ts';
import { holdsSecret, ownWords } from './extract/pasted.ts';
import { healthInPassing } from './extract/health-in-passing.ts';
import { languagesInPassing } from './extract/languages-in-passing.ts';
import { toolsInPassing } from './extract/tools-in-passing.ts';
import { employerInPassing, jobInPassing } from './extract/employer-in-passing.ts';
import { drinksInPassing } from './extract/drinks-in-passing.ts';
import { pastimesInPassing } from './extract/pastimes-in-passing.ts';
import { childrenNamed } from './extract/children-named.ts';
import { dwellingInPassing, MOVING } from './extract/dwelling-in-passing.ts';
import { riddlesAnswered, toldAsNews } from './extract/news.ts';
import { verdictOn } from './extract/verdict.ts';
import { newOneNamed } from './extract/owned.ts';
import { withReferents } from './extract/referent.ts';
import { withWhatBelonged } from './extract/ends-with.ts';
import { type Held, resolve, type Said } from './extract/resolve.ts';
import { withDeparture } from './extract/departures.ts';
import { readSuccession } from './extract/successions.ts';
import { endOtherValues, statesOneValue, withOwnKinds } from './extract/one-value.ts';
import { saysStay } from './extract/value-in.ts';
import { withWhereTo } from './extract/where-to.ts';
import { startedAt } from './extract/job-news.ts';
import { movedInAt } from './extract/moving-in.ts';
import { forgettingEnded, leavingBehind } from './extract/left-behind.ts';
import { expandContractions, forgetTagged, tag, theirs } from './extract/voice.ts';
import { PET } from './extract/vocabulary/pets.ts';
import { INSTRUMENT } from './extract/vocabulary/music.ts';
import { BOSS } from './extract/vocabulary/work.ts';
import { HONORIFIC_AFTER, TITLE } from './extract/vocabulary/titles.ts';
import { contentWords, literal, slug } from '../text.ts';
import type { Candidate, Extraction, Retraction, Turn } from '../../ports/beliefs.ts';
import { once } from '../../once.ts';

/**
 * The built-in deterministic extractor: what the user says about themselves, clause by clause.
 * Only user turns are read. Questions, hypotheticals and wishes, reported speech, quotations,
 * pasted text, instructions to the assistant, talk about the other party, and negations that
 * retract nothing yield nothing. A clause a category phrase fits (extract/phrases.ts) becomes
 * those beliefs; any other first-person statement is said about the user (extract/generic.ts).
 * Dates the user gave resolve against when the turn was said (extract/dates.ts).
 */

/** At most this many beliefs and retractions from one turn: the most certain ones. */
export const MAX_PER_TURN = 8;

/** A word of negation, whole: "Nor" in "Norðlýsi" is none (letters beyond ASCII are letters too). */
const NEGATION =
  /(?<![\p{L}\p{N}_])(?:not|never|no|nothing|nobody|don't|dont|doesn't|didn't|isn't|aren't|won't|wasn't|weren't|haven't|hasn't|can't|cannot|nor)(?![\p{L}\p{N}_-])/iu;
/** A condition after what the user does: "…on weekends when the water isn't freezing", "…unless it rains". */
const WHEN_AFTER = /(?<=\s\p{L}+),? (?:when|whenever|unless|as long as|if) (?:it|the|there|they|he|she|my|our|work|I|we|I'm|we're)\b.*$/iu;
/** Filler between subject and verb ("I now live…", "I've just moved…"); only before a lower-case word. */
const FILLER = /\b(?<!right )(?:now|actually|currently|really|also|just|still|finally|officially|recently|literally|basically|totally|definitely)\s+(?=[a-z])/g;
/** "I practically live in VS Code", "virtually live at my girlfriend's": where the user spends their time, said as an overstatement, is no home. */
const LIVES_AS_IF = /\b(?:practically|virtually|more or less|all but|half) (?:live|lives|living) (?=in|at|on)\b/i;
/** Negative statements that are facts, not retractions: what the user cannot or does not eat. */
/** What follows a comma or a dash is no part of what is avoided: "I can't eat shellfish, never could". */
const AVOIDS = /^i (?:can't|cannot|can not|don't|do not|never) (?<verb>eat|drink|have|do|digest|tolerate|touch) (?<x>[^,;—–]+?)(?:\s*[,;—–].*)?$/i;
/**
 * Sentences of one turn read, at most: more than a person states in one message, and a bound on
 * the time one turn holds the event loop (a few milliseconds a sentence).
 */
const MAX_SENTENCES = 24;
/** "Just got back from Paris", "live in Leeds now", "fish off the rocks when I'm home": a diary-style clause that drops its "I" before a past verb, or before a present one of where the user lives or works, what they love and the pastimes they go to. */
const SUBJECTLESS = new RegExp(
  String.raw`^(?:(?:still|also|usually|mostly|regularly|sometimes) play\b|(?:swim|surf|climb|boulder|ski|snowboard|skate|hike|cycle|kayak|fish|sail|knit|crochet|jog)\b(?= (?:off|at|in|on|every|most|when|whenever|twice|once|with|before|after|around|down|up)\b)|play (?:the )?(?:${INSTRUMENT})\b|(?:also |still |mostly |really |totally )?(?:${LIVES_OR_WORKS}|survive on|(?:love|adore|enjoy|hate|drink|can(?:'t|not|t) (?:stand|stomach|abide|eat|drink))\b(?! (?:it|that|this|you|your|the|these|those|an?)\b))|(?!used to\b)(?!(?:based|located|situated|stuck|married|engaged|divorced|retired|employed|self-employed|obsessed|addicted|hooked|interested|allergic|qualified|trained)\b)(?!.*\b(?:is|are|was|were) my\b)(?:just |finally |recently |also |actually )?${PAST_VERB} (?!(?:by|it|that|this|you)\b))`,
  'i',
);
/** A name the user wrote (capitalised words not opening the clause): what a later "it" or "she" stands for. */
const NAMED = /(?<=\S\s)(?!I\b)\p{Lu}[\p{L}\d'-]*(?: \p{Lu}[\p{L}\d'-]*)*/gu;
function lastNamed(text: string): string | undefined {
  return [...text.matchAll(NAMED)].at(-1)?.[0] ?? /^\p{Lu}[\p{L}'-]*(?='s\b| has\b| is\b| and\b)/u.exec(text)?.[0];
}
/** "…uses VS Code, so I switched over to it" → "…to VS Code"; "Elena's back and she's my manager" → "Elena is my manager". */
function continued(text: string, named: string | undefined, subjectOf: () => string | undefined = () => named): string {
  const it = named ? text.replace(/\b(to|on|with|onto) (?:it|that one)$/i, `$1 ${named}`) : text;
  const reports = REPORTS_TO_PRONOUN.exec(it);
  const under = reports?.groups;
  // "Meera resigned and Rohit came back, so I am under him again": whom the same clause named before the pronoun.
  const before = reports ? it.slice(0, reports.index) : '';
  const opened = SUBJECT_NAMED.exec(before)?.[0]?.replace(/'s$/, '');
  if (!PRONOUN_IS_MY.test(it) && !under) return it;
  const opening = (before && (andSubject(before) ?? (opened === 'I' ? undefined : opened))) || subjectOf();
  // "Group's sent Dan in to run both venues. Reporting to him from today": a subject no one knows as a person yields to the person named after it.
  const subject = opening && named && named !== opening && !isPerson(opening) && isPerson(named) ? named : opening;
  // "…came back from Tokyo, he is my boss": a place is no "he".
  if (!subject) return it;
  // "Yesterday was wild, she is my boss now": a day is no "she" either.
  const who = tag(subject)[0];
  if (!who || ['Place', 'Date', 'Month', 'WeekDay', 'Pronoun', 'Adverb'].some((n) => who.tags.has(n))) return it;
  const name = subject.replace(HONORIFIC_SUFFIX, '');
  if (!under) return it.replace(PRONOUN_IS_MY, `${name} is `);
  // "Marcus went back to science… I report straight to her now": a "her" is no man, a "him" no woman.
  const her = /^her$/i.test(under.who ?? under.cleft!);
  if (who.tags.has(her ? 'MaleName' : 'FemaleName') || (her ? /^(?:mr|sr|herr)\b/i : /^(?:mrs|ms|miss|sra|frau)\b/i).test(subject)) return it;
  return it.replace(REPORTS_TO_PRONOUN, (_, verb?: string, _who?: string, cleft?: string, cverb?: string) =>
    cleft ? `I ${cverb} to ${name}` : `${verb} ${name}`,
  );
}
const HONORIFIC_SUFFIX = new RegExp(`-(?:${HONORIFIC_AFTER})$`, 'i');
const isPerson = (name: string) => tag(name)[0]?.tags.has('Person') === true;
const PRONOUN_IS_MY = /^(?:she|he|they)(?:'s| is| are) (?=(?:my|our)\b)/i;
/** "so I am under him again", "I report straight to her now", "it's her I answer to now": whom the user reports to, said by a pronoun. */
const REPORTS_TO_PRONOUN =
  /\b(?:(?<verb>report(?:ing)?(?: directly| straight)? to|answer(?:ing)? to|under) (?<who>him|her)|it(?:'s| is) (?<cleft>him|her) (?:that |who )?i (?<cverb>report|answer) to)\b/i;
/** Whom a clause is about when it opens with a name ("Otieno is back from Kisumu"): what a "he" after it continues, rather than the place named last. */
const SUBJECT_NAMED = /^\p{Lu}[\p{L}'-]*(?=(?:'s| has| is| was| and| \p{Ll}+)\b)/u;
/** "Inês went back to Cascais and Sr. Duarte came out of retirement": the subject of the last clause joined on, with its title. */
const AND_SUBJECT = /(?:,|\band|\bbut) (?<title>\p{Lu}\p{Ll}{0,4}\.? )?(?<name>(?!I\b)\p{Lu}[\p{L}'-]*)(?=(?:'s| has| is| was| \p{Ll}+)\b)/gu;
const A_TITLE = new RegExp(`^(?:${TITLE})\\.? $`, 'i');
/** Whom a later "he" or "she" continues when the clause joined two: the subject of the last ("…and Duarte came back"). */
function andSubject(text: string): string | undefined {
  const m = [...text.matchAll(AND_SUBJECT)].at(-1)?.groups;
  // "…and Leeds is quiet": a place is nobody a "she" continues.
  if (!m || tag(m.name!)[0]?.tags.has('Place')) return undefined;
  // "…and Harriet's been appointed": the name, without the "has" joined to it.
  const name = m.name!.replace(/'s$/, '');
  if (!m.title) return name;
  return A_TITLE.test(m.title) ? `${m.title}${name}` : undefined;
}
/** ", hence all the cooking questions", "… so nothing fits me haha": why the user said it, not what; "so no Iceland this year" calls a plan off. */
const ASIDE =
  /,?(?<!\s)\s+(?:hence|which is why|that's why|so nothing|so everything|so no(?![^,.]*\b(?:(?:this|next) (?:year|time|summer|winter|spring|autumn|fall|term|semester|season)|after all)\b)|so yeah|for what it's worth|fwiw)\b.*$/i;
/** "Me: 28, software dev…", "About me: …": a label that introduces the user. */
const INTRO_LABEL = /(?:^|[\s,.!])(?:me|about me)\s*:/i;
/** "Renting a flat in Newport now", "still stuck in Minsk": a diary-style clause that drops its "I am" before what the user is doing or where they are kept. */
const DOING =
  /^(?:still )?(?:renting|living|working|doing|staying|studying|learning|using|running|teaching|training|starting|seeing|dating|eating|drinking|having|planning|booking|organi[sz]ing|flying|heading|sharing|(?:also |finally )?getting (?:married|engaged|hitched)|moving (?:to|back|house|in with))\b(?! (?:is|are|was|has)\b)/i;
/** "now watching Queen of Tears", "hooked on Shanty Town": a show the user follows, said without "I am" (not "watching the match tonight"). */
const FOLLOWING = /^(?!.*\bI\b)(?:still |currently |now )?(?:(?:re-?)?watching|binge?ing|binge-watching|hooked on|obsessed with)\b/i;
/** Words that end in -ing and are no verb's -ing form, or open no clause of the user's doing ("Morning all", "Nothing new", "Feeling rough", "Asking because…"). */
const ING_NOT_DOING =
  'thing|nothing|something|anything|everything|morning|evening|ring|king|spring|string|wing|sing|bring|sling|ceiling|wedding|pudding|during|darling|sibling|feeling|according|including|regarding|viking|lightning|icing|ping|ding|asking|wondering|joking|kidding|saying|thinking out|being|going';
const DIARY_LEAD = '(?:(?:still|really|totally|finally|currently|slowly|mostly|also|now|seriously|so) )?';
/**
 * "Still feeding the stray cats…", "Cutting down on coffee", "tryna learn guitar": a diary-style clause that opens on what the
 * user is doing, its "I am" dropped; never a gerund that is the clause's subject ("Swimming is my thing", "Cooking helps me unwind").
 */
const DOING_DIARY = new RegExp(
  String.raw`^${DIARY_LEAD}(?:(?:tryna|trying to) \p{L}|(?!(?:${ING_NOT_DOING})\b)(?<verb>\p{L}{2,}ing)\b(?! (?:is|are|was|were|has|had|makes|made|sounds|seems|feels|looks|helps|keeps|gets|got|can|will)\b))`,
  'iu',
);
/** "Addicted to crosswords", "Proud owner of two corgis", "Still a die-hard Arsenal fan": what the user is, "I am" dropped. */
const BEING_DIARY = new RegExp(
  String.raw`^${DIARY_LEAD}(?:addicted to|hooked on|obsessed with|(?:a )?proud (?:owner|parent|mum|mom|dad|grandparent|aunt|uncle) of|an? (?:huge|big|massive|die-hard|diehard|lifelong) \p{L}+ (?:fan|supporter))\b`,
  'iu',
);
/** "Curling bonspiel this weekend", "Powerlifting meet in 6 weeks", "Streaming platform now": a gerund naming the kind of a thing (alone, or with its date), no doing. */
const EVENT_NAMED = new RegExp(
  String.raw`^${DIARY_LEAD}\p{L}+ing (?!(?:a|an|the|my|our|his|her|their|this|that|these|those|some|every|all|up|down|out|off|on|in|at|for|with|to|back|over|around|about|through)\b)\p{L}+(?:$| now$| (?:(?:this|next) \p{L}+|in \d|tomorrow|tonight)\b)`,
  'iu',
);
/** "merging 40 spreadsheets into one", "Feeding 4 big guys": a doing that counts what it is done to is today's task, no part of a life. */
const ONE_OFF = new RegExp(String.raw`^${DIARY_LEAD}\p{L}+ing (?:\d|a (?:couple|bunch|pile|stack) of )`, 'iu');
/** A clause opening on someone else, whom a diary-style clause after it goes on about ("Bro's gone to Queenstown. Driving tour buses."). */
const SOMEONE_ELSE_OPENS =
  /^(?:(?:[Mm]y|[Oo]ur) (?!own\b)\p{L}+(?:'s)? (?!and I\b)|(?:[Hh]e|[Ss]he|[Tt]hey|[Hh]is|[Hh]er|[Tt]heir)\b|(?!(?:I|I'm|Im|We|We're|Our|My|The|This|That|It|Its|It's|Just|So|And|But|Now|Then|Still|Also|Yes|No|Ok|Okay)\b)\p{Lu}\p{Ll}+(?:'s)?\s)/u;

/**
 * How a clause said without its subject is the user's doing ("I am …"): a diary-style doing or being, unless the clause before it
 * opened on someone else, or another "I" follows in it, or its gerund names a thing (compromise reads it as a noun: "Recycling alternates weeks") or, in the
 * clause as said (`said`, its date kept), an event.
 */
function diaryOf(clause: string, said: string, before: string | undefined): 'doing' | 'being' | undefined {
  // "obsessed w sourdough baking haha I'm pretty good at SQL": two clauses run together, the second with its own "I".
  if ((before !== undefined && SOMEONE_ELSE_OPENS.test(before.trim())) || /\s(?:I|I'm|Im|I've|I'd)\s/.test(clause)) return undefined;
  if (BEING_DIARY.test(clause)) return 'being';
  const doing = DOING_DIARY.exec(clause);
  if (!doing || EVENT_NAMED.test(said) || ONE_OFF.test(said)) return undefined;
  const verb = doing.groups?.verb?.toLowerCase();
  const read = verb === undefined ? undefined : tag(clause).find((t) => t.text.toLowerCase() === verb);
  return read?.tags.has('Noun') && !read.tags.has('Verb') ? undefined : 'doing';
}
/** A clause of the user's doing that says where they go: news, whenever it happens ("Driving to Oslo tonight"). */
const GOING = /^(?:(?:still|just|finally|also) )?(?:driving|leaving|travel+ing|moving|flying|heading|sailing|cycling|walking|riding) (?:to|back|home|out)\b/i;
/** What a clause of the user's doing says of this moment, not of their life: "Cooking pasta tonight", "Watching a documentary right now", "Still waiting on the plumber", "running late" (not "Reporting to him from today"). */
const THIS_MOMENT =
  /\b(?:right now|rn|tonight|(?<!(?:from|as of|starting|since) )today|this (?:morning|afternoon|evening)|at the minute|this (?:thread|chat|conversation))\b|^(?:(?:still|just|currently|now) )?(?:waiting\b|running late\b|reading between\b|losing (?:my|the) (?:mind|plot)\b)/i;
/** "still stuck in Bratislava", "still in student halls in Marchmont": where the user is kept, said without "I am" (and only of a named place: "stuck in traffic" says nothing). */
const KEPT_IN_PLACE = new RegExp(
  String.raw`^(?:(?:[Ss]till|[Nn]ow) )?(?:[Ss]tuck in (?=\p{Lu})|in (?:(?:an?|my|our|student|shared|tiny|little|small|new) )*(?:${DWELLING}) in (?=\p{Lu}))`,
  'u',
);
/** "his name is Herr Lampe": a title and the name after it are one name; "…, and the boys named her Noodle": who named the pet matters not. */
const NAMED_LATER = new RegExp(
  String.raw`^(?:(?:her|his|their|its) name(?:'s| is)|(?:[^.!?]*?(?:,\s*|\s)(?:and\s+)?)?(?:they|we|i|the (?:kids|children|boys|girls)|(?:my|our) (?:son|daughter|kids|children|boys|girls|husband|wife|partner)|\p{Lu}\p{Ll}+)(?: have|'ve| has)? (?:named|called|christened) (?:her|him|it)) (?!(?:quits|off|a day|a night|even)\b)(?<name>(?:${TITLE}\.? )?\p{Lu}[\p{L}'-]*)`,
  'iu',
);
/** "We've named him Marmite": the user names the pet, whoever brought it home. */
const NAMED_BY_US = /^(?:we|i)(?: have|'ve)? (?:named|called|christened)\b/i;
/** A clause the user says of themselves or of their pet: "I got a puppy", "got a puppy", "our cat…", "came back with a kitten for us". */
const USERS_OWN = new RegExp(
  String.raw`^(?:(?:i|i'm|i've|we|we've|we're)\b|(?:my|our) (?:[\w-]+ )?(?:${PET})\b|(?!(?:my|our|his|her|their|the)\b)\p{Ll})|\bfor (?:us|me)\b`,
  'iu',
);
/** Whom a later "her name is…" names: a partner, a new manager, or the pet the turn spoke of last (its word). */
const NAMED_CUE = new RegExp(
  String.raw`\b(?:(?<partner>seeing|dating|girlfriend|boyfriend|partner|fianc[ée]e?|wife|husband|someone new)|(?<pet>${PET})|new (?:[\w-]+ )?(?<boss>${BOSS}))\b`,
  'giu',
);
/** "Swimming is my favorite way to relax": the user's own words about something of theirs. */
const IS_MINE =
  /^(?<thing>(?!(?:it|this|that|these|those|there|he|she|they|which|what|who)\b)[\p{L}\d][\p{L}\d' -]{1,60}?) (?<verb>is|are|was|were|has been) (?:also |still |definitely |really )?my (?<what>.+)$/iu;

/** A word every retraction and retracted slot (extract/retractions.ts) holds: a clause without one skips them all. */
const RETRACTION_CUE =
  /\b(?:longer|not|don't|dont|isn't|aren't|lost|stopped|quit|gave|left|moved|broke|broken|laid|fired|let|unemployed|between|out|looking|hunting|split|separated|divorced|single)\b/i;
const COMPILED_RETRACTIONS = RETRACTIONS.map(([source, positive]) => ({ re: new RegExp(`^${source}$`, 'i'), positive }));
const COMPILED_SLOTS = RETRACTED_SLOTS.map(([source, key]) => ({ re: new RegExp(`^${source}$`, 'i'), key }));

interface Options {
  /** When turns without `at` were said (default: now). */
  now?: Date;
  /** The owner's beliefs, which a change is resolved against (extract/resolve.ts). */
  held?: Held[];
}

/** What a step asks of whoever runs the extraction: the owner's beliefs, when a clause stated a change and none were given. */
export const NEEDS_HELD = 'needs held';
type Step = undefined | typeof NEEDS_HELD;

/** Beliefs and retractions the built-in rules find in the user's turns (other roles are never read). */
export function extractBeliefs(turns: Turn[], options: Options = {}): Extraction {
  const steps = extraction(turns, options);
  for (let step = steps.next(); ; step = steps.next(step.value === NEEDS_HELD ? [] : undefined)) {
    if (step.done) return step.value;
  }
}

/**
 * extractBeliefs in steps: each `yield` ends one clause's work, where a caller may let the event
 * loop run (learn.ts runs it in slices). Without `options.held`, the first turn that states a
 * change yields NEEDS_HELD and is resumed with the owner's beliefs: most turns never need them.
 * Each turn is read up to MAX_READ_CHARS (readPart).
 */
export function* extraction(turns: Turn[], options: Options = {}): Generator<Step, Extraction, Held[] | undefined> {
  const out: Extraction = { beliefs: [], retract: [] };
  const seen = new Set<string>();
  const owner = { held: options.held };
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    const found = (yield* fromTurn(readPart(turn.content), saidAt(turn.at, options.now), owner)).filter((f) => {
      const id = 'statement' in f ? `+${f.key ?? ''}|${f.statement}` : `-${f.key}|${f.mention ?? ''}|${f.id ?? ''}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    for (const f of best(found)) {
      if ('statement' in f) out.beliefs.push(f);
      else out.retract.push(f);
    }
  }
  return out;
}

/** Turns of every kind the rules read, said once at start-up: the tagger's first calls cost a hundred times its later ones. */
const WARM_UP = [
  "Hi! I'm Alex, a backend engineer at Northwind Labs, and I live in Munich.",
  'My daughter Mia is 7 and my son Leo is 4. We adopted a puppy named Max last week.',
  "I mostly write Go and TypeScript. I'm allergic to peanuts and I'm vegetarian.",
  "Big news: I moved to Lisbon last month! I don't like jazz anymore. I left Acme.",
  'On weekends I go bouldering. We decided to use Terraform. I ran my first 10k yesterday.',
  "I'm going to a pottery class next Tuesday. My wife is a pediatrician.",
  'Quick intro: Sam here, 31, junior data analyst at Acme in Leeds. Row on weekends. Vegetarian. Shellfish allergy.',
  'About me:\n- live in Ghent\n- dog: Pepper\n- Allergies: peanuts, kiwi\nMy husband name is Tom, I work like nurse in hospital. Can you help my boss Karen?',
];

/** Loads the tagger and runs the extractor over a few turns (before a server listens), so the first user's turn is not the one that pays for warming it. */
export async function warmUpExtractor(rounds = 1): Promise<void> {
  await loadTagger();
  const now = new Date();
  for (let i = 0; i < rounds; i++) for (const content of WARM_UP) extractBeliefs([{ role: 'user', content }], { now });
}

function saidAt(at: string | undefined, now: Date | undefined): Date {
  const parsed = at ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : (now ?? new Date());
}

/** The turn's first MAX_PER_TURN findings by certainty (retractions first), in the order said. */
const HOME = kindNamed('home').key;
const nearOnly = (c: Candidate) => c.key === HOME && /^The user lives (?:just |right )?(?:outside|near|on the outskirts of) /.test(c.statement);
const countryAlone = (c: Candidate) => c.key === HOME && isCountry(c.statement.replace(/^The user lives in /, ''));

/** Whether `f` says all `g` says of its one value, and more: "lives in a cottage in Stoneybatter" beside "lives in Stoneybatter". */
const saysMoreOf = (f: Candidate, g: Candidate) => {
  const value = g.statement.replace(/^The user (?:lives in|works at) /, '');
  return value !== g.statement && f.statement.length > g.statement.length && f.statement.endsWith(` in ${value}`);
};

/** "The user uses Go" said in passing of "The user mostly writes Go": the tool the statement said outright names. */
const namesTheSame = (f: Candidate, g: Candidate | Retraction) => {
  const tool = /^The user uses (.+)$/.exec(f.statement)?.[1];
  return !!tool && 'statement' in g && new RegExp(`\\b${literal(tool)}\\b`, 'i').test(g.statement);
};
/** The candidates a turn said in passing, on the way to something else (extract/*-in-passing.ts). */
const SAID_IN_PASSING = new WeakSet<Candidate | Retraction>();

/** One-value kinds whose value a generic statement of the same turn may only say again: the value's part of the kind's belief, and how saying it again reads. */
const RESTATED: { key: string; value: RegExp; again: (value: string) => RegExp }[] = [
  {
    key: kindNamed('employer').key,
    value: / (?:at|for|with|by) (.+)$/,
    again: (v) => new RegExp(`\\b(?:job|role|position|post|offer)\\b.*${v}|${v}.*\\b(?:job|role|position|post|offer)\\b`),
  },
  { key: kindNamed('home').key, value: / in (.+)$/, again: (v) => new RegExp(`^The user is (?:now |still )?(?:up |down |over |back |out )?in ${v}\\b`) },
];
/** "been working there since 2019": where the user works or lives, said only as "there". */
const ONLY_THERE = /^The user (?:has )?(?:been )?(?:work|liv)(?:s|es|ed|ing)? there$/;
const namesSomeone = (c: Candidate) => /\p{Lu}/u.test(c.statement.replace(/^The user\b/, ''));

const DIET_KEY = kindNamed('diet').key;
const NAMES_A_DIET = new RegExp(`\\b${DIET}\\b`, 'i');

/** "The user has two children": how many of something, which the things named say too. */
const COUNTED = /^The user has (?:\d+|two|three|four|five|six) (?:\p{L}+ )?\p{L}+(?:, .+)?$/u;

function best(all: (Candidate | Retraction)[]): (Candidate | Retraction)[] {
  // "taken a job with Trafford Council", "we are up in Bishopbriggs now": a statement under no catalogue key that says again
  // what the turn's employer or home says ("The user has taken a job with Trafford Council", "The user is up in Bishopbriggs").
  const said = RESTATED.flatMap(({ key, value, again }) =>
    all.flatMap((f) => ('statement' in f && f.key === key ? (value.exec(f.statement)?.slice(1, 2) ?? []).map((v) => again(literal(v))) : [])),
  );
  all = all.filter((f) => !('statement' in f) || (!ONLY_THERE.test(f.statement) && ((f.key && kindOfKey(f.key)) || !said.some((re) => re.test(f.statement)))));
  // "started having fish… Pescatarian I suppose": the diet named over what the user eats now.
  const namesADiet = (f: Candidate | Retraction) => 'statement' in f && f.key === DIET_KEY && NAMES_A_DIET.test(f.statement);
  if (all.some(namesADiet)) all = all.filter((f) => !('statement' in f) || f.key !== DIET_KEY || namesADiet(f));
  // One value of a one-value kind per turn: the last said ("my partner Cian… my partner is called Cian" is one).
  const same = (f: Candidate, g: Candidate | Retraction): g is Candidate => 'statement' in g && g.key === f.key;
  const found = all.filter((f, i) => {
    if (!('statement' in f) || !f.key) return true;
    // "my son Leo is 4" says who Leo is too: one belief of a key per turn, the first said; what is said outright
    // ("we deploy everything on Heroku") over the same thing said in passing ("…, Heroku").
    if (!kindOfKey(f.key)?.one_value) {
      const outright = (g: Candidate | Retraction) => 'statement' in g && !SAID_IN_PASSING.has(g);
      if (!outright(f) && all.some((g, j) => j !== i && outright(g) && (same(f, g) || namesTheSame(f, g)))) return false;
      return !all.slice(0, i).some((g) => same(f, g) && (outright(g) || !outright(f)));
    }
    // "I'm married, my wife is Lakshmi": a person of the user's by name over the same person unnamed.
    const person = kindOfKey(f.key)?.left_by !== undefined;
    if (person && !namesSomeone(f) && all.some((g) => same(f, g) && namesSomeone(g))) return false;
    // "I live in Córdoba — Argentina": a country after a city in one turn says where the city is, not another home.
    if (countryAlone(f) && all.slice(0, i).some((g) => same(f, g) && !countryAlone(g))) return false;
    // "Live in Worthington, Ohio, outside Columbus": what a home is near says where it is, not another home.
    if (nearOnly(f) && all.some((g) => same(f, g) && !nearOnly(g))) return false;
    // "…into the semi-d in Knocknacarra" and "moved to Knocknacarra": the one that says more of the same home.
    if (all.some((g, j) => j !== i && same(f, g) && saysMoreOf(g, f))) return false;
    return !all
      .slice(i + 1)
      .some(
        (g) =>
          same(f, g) &&
          !(countryAlone(g) && !countryAlone(f)) &&
          !(nearOnly(g) && !nearOnly(f)) &&
          !saysMoreOf(f, g) &&
          !(person && namesSomeone(f) && !namesSomeone(g)),
      );
  });
  if (found.length <= MAX_PER_TURN) return found;
  // "Two kids, Ava and Ben": past the bound, how many goes before who they are.
  const rank = (f: Candidate | Retraction) => ('statement' in f ? f.confidence - (COUNTED.test(f.statement) ? 1 : 0) : 2);
  const kept = new Set([...found].sort((a, b) => rank(b) - rank(a)).slice(0, MAX_PER_TURN));
  return found.filter((f) => kept.has(f));
}

function* fromTurn(content: string, at: Date, owner: { held?: Held[] }): Generator<Step, (Candidate | Retraction)[], Held[] | undefined> {
  forgetTagged();
  const found: (Candidate | Retraction)[] = [];
  const changes: Said[] = [];
  let namedLater: { partner?: string; pet?: string; boss?: string; theirs?: string } | undefined;
  let named: string | undefined;
  // Whom the clause before was about, worked out only when a pronoun asks (it tags a name).
  let subjectOf: () => string | undefined = () => undefined;
  // The turn's clauses so far, latest first, with what each ended: what a later "it" stands for is read from them only when one says "it".
  const trail: { raw: string; ended?: string }[] = [];
  let previous: Change | null = null;
  // The clause just before, when it was read as no statement of the user's ("guess who's my boss again"): what a name after it answers.
  let unsaid: string | undefined;
  // A turn that instructs the assistant may dress the instruction as a fact: none of it is learned.
  if (isInstruction(content)) return [];
  const people = new People(owner.held && activeStatements(owner.held));
  // Shorthand spelled out sentence by sentence first (a sentence's place in the turn matters), then news told as it happened across them.
  const users = putRight(ownWords(content));
  // The children named in a row may run across sentences ("My boys — Damilola 17, Seun 14 — are…"): read once, with the turn's first clause.
  const children = childrenNamed(users);
  const written = riddlesAnswered(sentences(withWhereTo(takenBack(nameBeside(terseIntro(users))))))
    .filter((sentence, i, all) => !echoes(sentence, all[i - 1]))
    .flatMap(statedBeforeAsking)
    .slice(0, MAX_SENTENCES);
  // "…then back to Poland maybe. Kraków.": a name said alone after a maybe or a question belongs to it.
  const afterMaybe = (w: string, i: number) => i > 0 && ALONE.test(w) && (isQuestionOrQuote(written[i - 1]!) || endsStatements(written[i - 1]!));
  const plain = written.map((w, i) => (isQuestionOrQuote(w) || holdsSecret(w) ? w : afterMaybe(w, i) ? '' : plainRegister(w, i)));
  // A turn that tells a move: the dwelling its story arrives at is the new home (extract/dwelling-in-passing.ts).
  const moving = MOVING.test(content);
  // A heading alone ("Some facts about me:") introduces the sentence after it.
  let headed = false;
  for (const told of toldAsNews(plain)) {
    if (holdsSecret(told) || mentionsInstructions(told)) continue;
    if (isQuestionOrQuote(told)) {
      for (const given of presupposed(told)) found.push(...fromClause(given, { dated: false, future: false }));
      continue;
    }
    const { heading, rest: sentence } = introHeading(told);
    const label = heading || headed || INTRO_LABEL.test(sentence);
    headed = heading && !sentence;
    // What a clause says in passing goes first: what it states outright, read after, wins a one-value kind.
    const said = clauses(sentence).flatMap((raw) => [
      ...[
        ...healthInPassing(raw, sentence),
        ...dwellingInPassing(raw, moving, sentence),
        ...languagesInPassing(raw, sentence),
        ...toolsInPassing(raw, content),
        ...employerInPassing(raw),
        ...jobInPassing(raw),
        ...drinksInPassing(raw, sentence),
        ...pastimesInPassing(raw, sentence),
        ...children.splice(0),
      ].map((whole) => ({
        raw,
        whole,
        passing: true,
      })),
      ...(labelled(raw) ?? [unwrap(raw)]).flatMap((unwrapped) => [
        ...introduced(unwrapped.replace(ASIDE, ''), label).map((whole) => ({ raw, whole, passing: false })),
        ...namedInPassing(unwrapped).map((whole) => ({ raw, whole, passing: true })),
      ]),
    ]);
    let ended = false;
    for (const { raw, whole: told, passing } of said) {
      // What follows a question, a condition or someone else's words may be inside them; who they name in passing is still who they are.
      if (ended && !passing && !saidAgain(raw, sentence)) continue;
      const whole = passing ? told : (verdictOn(told) ?? statedBefore(told));
      ended ||= whole !== told;
      const asked = unsaid;
      unsaid = raw;
      if (!whole) continue;
      // "…, forgot to tell you": an aside to the other party after a comma leaves the statement before it.
      const stated = aboutOtherParty(whole) ? whole.split(',')[0]! : whole;
      // "help me plan a party for my son Eli": what the user asks for is no statement, but says in passing whom they have, and whom a later "he" is.
      // "help me find a GP in Cork, moved over from Galway in June": what follows the request may be one.
      const asks = !passing && asksTheAssistant(stated);
      if (asks) {
        for (const given of presupposed(stated)) found.push(...fromClause(given, { dated: false, future: false }));
        named = lastNamed(stated) ?? named;
      }
      // "been in Glasgow ten years now": somewhere the user has been for years is home; how long is no part of a place.
      const own = (asks ? stated.slice(stated.indexOf(',') + 1 || stated.length).trim() : stated)
        .replace(BEEN_HERE_FOR_YEARS, 'I live in $<place>')
        .replace(HOW_LONG_AFTER_NAME, '');
      if (!own || aboutOtherParty(own)) continue;
      unsaid = undefined;
      const before = trail.map((t) => t.raw);
      const dated = resolveDate(own, at);
      // "…about a month ago" dated leaves "about" behind: it goes with the date.
      const trimmed = dated.text
        .replace(CONCESSION, '')
        .replace(QUALIFIER, '')
        .replace(HOW_LONG, '')
        .replace(ASIDE, '')
        .replace(TRAILING_CLAUSE, '')
        .replace(YES_NO_AFTER, '')
        .replace(NONE_AFTER, '')
        .replace(TRAILING, '')
        .replace(/(?<![.!;,])[.!;,]+$/, '')
        .replace(/,?(?<!\s)\s+(?:about|around|roughly|almost|nearly|over|just|some|even|from|since|starting)$/i, '');
      const subjectless = SUBJECTLESS.test(trimmed);
      const listed = DOING.test(trimmed) || KEPT_IN_PLACE.test(trimmed) || (FOLLOWING.test(trimmed) && !THIS_MOMENT.test(own));
      const diary = subjectless || listed ? undefined : diaryOf(trimmed, own, trail[0]?.raw);
      // "Cooking pasta tonight", "Watching the match right now": what the user is doing at this moment, its "I am" dropped, is no
      // fact of their life (the time is read in the clause as said: `trimmed` has lost it); where they are going then is ("Driving
      // to Oslo tonight"). A doing DOING lists keeps what it said before: "doing a close at Lidl tonight" says where the user works.
      const momentary = !listed && DOING_DIARY.test(trimmed) && !GOING.test(trimmed) && THIS_MOMENT.test(own);
      const said0 = subjectless
        ? `I ${trimmed[0]!.toLowerCase()}${trimmed.slice(1)}`
        : diary || listed
          ? `I am ${`${trimmed[0]!.toLowerCase()}${trimmed.slice(1)}`.replace(/^((?:\S+ )?)tryna\b/, '$1trying to')}`
          : trimmed;
      const base = withReferents(
        continued(said0, named, () => subjectOf() ?? named),
        before,
      );
      // "Joost is a nurse": a name the turn has not introduced may be someone the user holds.
      if (people.wantsHeld(base)) {
        owner.held ??= (yield NEEDS_HELD) ?? [];
        people.give(activeStatements(owner.held));
      }
      let text = people.continuing(base);
      // "Now in Bergen": the lead-in the clause lost says it is new.
      // "New manager: Keiko Tan": a label that says what is new; "so no Wageningen this year": the "no" that calls it off.
      const lead = /^(?:(?:and|so|but) )?(?:now|currently|these days|nowadays|no(?= (?!(?:more|longer|i|we)\b)\p{L}))\b|^new [\p{L} ]{1,30}(?=:)/iu.exec(
        raw,
      )?.[0];
      // "Lost Bryn on Tuesday", "Sold the Hilux": a clause said without "I" is the user's to the readers of change too.
      const changeText = people.continuing(
        withReferents(
          continued(
            `${lead && !own.toLowerCase().startsWith(lead.toLowerCase().replace(/^(?:and|so|but) /, '')) ? `${lead} ` : ''}${(subjectless && own.startsWith(trimmed.split(' ')[0]!) ? `I ${own[0]!.toLowerCase()}${own.slice(1)}` : own).replace(/(?<![.!;,])[.!;,]+$/, '')}`,
            named,
            () => subjectOf() ?? named,
          ),
          before,
        ),
      );
      named = lastNamed(said0) ?? named;
      const [prior, clause] = [subjectOf, own];
      subjectOf = once(() => andSubject(clause) ?? SUBJECT_NAMED.exec(clause)?.[0]?.replace(/'s$/, '') ?? (lastNamed(clause) ? undefined : prior()));
      people.note(text);
      // "Her name's Noor" names the partner or the pet the turn spoke of last, and no one else.
      const cue = [...raw.matchAll(NAMED_CUE)].at(-1)?.groups;
      // A pet someone else got ("my neighbour got a puppy") is no pet of the user's to name, unless the user names it
      // ("Aroha came home with a ginger cat. We've named him Marmite").
      if (cue) namedLater = cue.pet && !USERS_OWN.test(own) ? { theirs: cue.pet } : cue;
      const namedAs = NAMED_LATER.exec(text)?.groups?.name;
      // "we're calling him waffles": a name, whatever case it was typed in.
      const later = namedAs && `${namedAs[0]!.toUpperCase()}${namedAs.slice(1)}`;
      const pet = namedLater?.pet ?? (NAMED_BY_US.test(text) ? namedLater?.theirs : undefined);
      if (later && !namedLater?.partner && !pet && !namedLater?.boss) continue;
      if (later && pet) text = `I have a ${pet.toLowerCase()} called ${later}`;
      // "the new head chef started today, his name is Aurelio": the user's new manager.
      if (later && namedLater?.boss) text = `my new ${namedLater.boss.toLowerCase()} is ${later}`;
      const future = dated.event_at !== undefined && dated.event_at > at.toISOString().slice(0, dated.event_at.length);
      const yielded = (
        momentary ? [] : fromClause(text, { dated: dated.event_at !== undefined, future, longAgo: longAgo(at, dated.event_at ?? frontedDate(sentence, at)) })
      )
        .map((f) => ('statement' in f ? { ...inKind(f), ...(dated.event_at && { event_at: dated.event_at }) } : f))
        // "I'm in Madrid for a conference until Friday", "in Oslo this week": where the user is for a stay is no home.
        .filter((f) => !('statement' in f) || f.key !== HOME || !saysStay(own));
      if (passing) for (const f of yielded) if ('statement' in f) SAID_IN_PASSING.add(f);
      trail.unshift({ raw });
      const newOne = newOneNamed(own, trail[1]?.raw);
      // A name said alone after news of a new one (learn/extract/owned.ts) is that new one, or nothing; else the readers in turn.
      const read: Change | null =
        newOne !== undefined
          ? newOne
          : withDeparture(
              startedAt(own, trail[1]?.raw, sentence) ??
                movedInAt(own) ??
                ofTopic(readChange(changeText), () => topicIn(trail)) ??
                readAcross(changeText, trail[1]?.raw, asked) ??
                readSuccession(changeText, trail[1]?.raw) ??
                replacing(own, previous),
              changeText,
              trail[1]?.raw,
            );
      // "back in Tampere for my mum's birthday this weekend": where the user is for a stay is no new home.
      const change: Change | null = read?.role === 'place' && saysStay(own) ? null : read;
      // "Linden was a mistake — neighbours with a sound system. Greenside since Friday": a reason said between the end and what replaces it leaves the end standing.
      previous = change ?? previous;
      trail[0]!.ended = change?.ends.find((e) => e !== IT);
      if (change) {
        found.push(...yielded.filter((f) => !('statement' in f)));
        changes.push({ change, candidates: yielded.filter((f) => 'statement' in f) });
      } else found.push(...yielded);
      yield;
    }
  }
  const own = withOwnKinds(found);
  // "Told the director to take my name off the Thursday list for good": an end no reader knew, said of one pastime or tool.
  const endedUnread = plain.flatMap((w, i) =>
    w && !isQuestionOrQuote(w) && !holdsSecret(w) && !mentionsInstructions(w) && !HISTORY.test(w) && saysEnded(w)
      ? [{ w, before: i > 0 && (!isQuestionOrQuote(plain[i - 1]!) || TOPIC_ASKED.test(plain[i - 1]!)) ? plain[i - 1]! : '' }]
      : [],
  );
  if (changes.length === 0 && endedUnread.length === 0 && !statesOneValue(own) && !mayReplaceByName(own, content)) return own;
  owner.held ??= (yield NEEDS_HELD) ?? [];
  const resolved = changes.length
    ? resolve(
        changes,
        owner.held,
        found.filter((f) => 'statement' in f),
      )
    : { beliefs: [], retract: [] };
  const ended = new Set(resolved.retract.flatMap((r) => (r.id === undefined ? [] : [r.id])));
  const decided = [...resolved.retract, ...endOtherValues(withOwnKinds([...found, ...resolved.beliefs]), owner.held, ended)];
  const kept = leavingBehind([...decided, ...replacedByName(decided, owner.held, content)], owner.held);
  // "home's Penarth now… so I've stopped going to choir": an end of its own beside the change the readers knew.
  const byTopic = endedUnread
    .flatMap(({ w, before }) => endedByTopic(w, before, owner.held!))
    .filter((f) => !('id' in f) || f.id === undefined || !ended.has(f.id));
  return withWhatBelonged(endedOnce(byTopic.length ? withEndedByTopic(kept, byTopic, owner.held) : forgettingEnded(kept, owner.held)), owner.held, content);
}

/** "The cello? I gave it up years ago": a thing named as a question, and what follows says of it. */
const TOPIC_ASKED = /^(?:(?:the|my|and|oh|ah) )?\p{L}[\p{L}-]*(?: \p{L}[\p{L}-]*)?\?+$/iu;

/** "I quit yoga": a thing ended by one belief found for it is not also ended under another kind by its words alone. */
function endedOnce(found: (Candidate | Retraction)[]): (Candidate | Retraction)[] {
  const resolved = new Set(found.flatMap((f) => ('id' in f && f.id !== undefined && f.mention ? [f.mention.toLowerCase()] : [])));
  return found.filter((f) => 'statement' in f || f.id !== undefined || !f.mention || !resolved.has(f.mention.toLowerCase().replace(/,.*$/, '')));
}

/** "Years ago, before we ever had Square, we took cards on a reader that died…": an end told of long ago ended nothing held now. */
const HISTORY =
  /^(?:(?:\d+|two|three|four|five|ten|many|a few) years ago|years ago|back (?:then|in (?:the )?(?:\d{4}|day))|before (?:we|i) (?:ever )?(?:had|got|moved|started|switched)|when i was (?:a kid|young|little|a student|at (?:uni|school|college))|as a (?:kid|child|teen(?:ager)?|student)|in (?:19|20)\d\d)\b/i;

/** The thing a clause names by "it": its own label, else the latest clause that only named a thing or ended one. */
function topicIn(trail: { raw: string; ended?: string }[]): string | undefined {
  for (const [i, { raw, ended }] of trail.entries()) {
    const named = topicOf(raw) ?? (i > 0 ? ended : undefined);
    if (named) return named;
  }
  return undefined;
}

const activeStatements = (held: Held[]) => held.filter((h) => h.active).map((h) => h.statement);

const NOT_THIS = /^(.*\S),? not (?:an? |the )?[\p{L}' -]{1,25}[.!]*$/iu;
const AUXILIARY =
  /^(?:do|does|did|am|is|are|was|were|be|been|have|has|had|can|could|will|would|should|must|i'm|im|it's|that's|i|we|you|they|he|she|it|or|and|but|if|why|just|really)$/i;

/** One clause in the user's own voice: retractions, beliefs, or nothing. */
function fromClause(text: string, when: When): (Candidate | Retraction)[] {
  if (LIVES_AS_IF.test(text)) return fromClause(text.replace(LIVES_AS_IF, 'spend most of my time '), when);
  // "I dive on weekends when the water isn't freezing": a "not" in the condition after what the user does leaves it said.
  const condition = WHEN_AFTER.exec(text);
  if (condition && NEGATION.test(condition[0]) && !NEGATION.test(text.slice(0, condition.index))) return fromClause(text.slice(0, condition.index), when);
  const retracts = RETRACTION_CUE.test(text);
  if (retracts) for (const { re, key } of COMPILED_SLOTS) if (re.test(text)) return [{ key }];
  for (const { re, positive } of retracts ? COMPILED_RETRACTIONS : []) {
    if (!re.test(text)) continue;
    const found = match(text.replace(re, positive).replace(FILLER, ''));
    const first = found[0];
    return first?.candidate.key ? [{ key: first.candidate.key, mention: first.values.x }] : [];
  }
  const avoids = AVOIDS.exec(text);
  if (avoids) return avoided(avoids.groups!.verb!, cleanValue(avoids.groups!.x!));
  // "can't function without my flat white": said with a "not", a drink the user needs.
  const habit = drinkHabit(text.replace(FILLER, '').replace(/^(?:and|also|plus|oh and) /i, ''));
  if (habit) return generic(habit, when);
  // "drink irn bru not coffee", "vegan, not vegetarian": what the user does, then only what it is not.
  const contrasted = NOT_THIS.exec(text);
  if (contrasted && !AUXILIARY.test(contrasted[1]!.split(' ').at(-1)!)) return fromClause(contrasted[1]!, when);
  if (NEGATION.test(text.replace(/\bcan(?:'t|not|t) (?:stand|stomach|abide)\b/i, ''))) return [];
  const bare = text.replace(FILLER, '');
  const found = match(bare);
  // "deathly allergic to peanuts": the fragment said in full loses its adverbs as a clause does.
  const said = found.length ? undefined : fragmentOf(bare);
  const fragment = said && withoutAdverbs(said);
  // "…, so zero gluten": a fragment may say what the user does not eat.
  const avoidsToo = fragment ? AVOIDS.exec(fragment) : null;
  if (avoidsToo) return avoided(avoidsToo.groups!.verb!, cleanValue(avoidsToo.groups!.x!));
  const fits = found.length || !fragment ? found : match(fragment);
  if (fits.length) return fits.map((f) => f.candidate);
  const mine = IS_MINE.exec(bare);
  if (mine) return ofMine(mine.groups!.thing!, mine.groups!.verb!, mine.groups!.what!);
  return generic(expandContractions(fragment && /^(?:I|my) /.test(fragment) ? fragment : bare), when).filter(
    (said) => contentWords(said.statement.replace(/^The user('s)?/, '')).length > 0,
  );
}

/** "Jazz is my favorite genre" → a favorite; "Painting is my therapy" → said of the user. */
const DRUNK_AS = /^(?:new |usual |regular )?(?:pint|dram|tipple|poison|brew|go-to drink|morning drink|drink of choice)$/i;
/** "The Repair Shop is my programme now", "Severance is my show": a show, a book or a dish called the user's own is their favourite. */
const TASTE_NOW =
  /^(?:new )?(show|programme|program|series|film|movie|book|band|podcast|game|album|song|snack|dish)(?: now| these days| at the moment| nowadays)?$/i;
function ofMine(thing: string, verb: string, said: string): Candidate[] {
  const what = said.replace(TASTE_NOW, 'favourite $1');
  const favorite = /^(?:(?:absolute|all-time|all time|very|total|personal|current|new) )*(?:favou?rite|fave) (?<of>.+)$/i.exec(what);
  if (favorite) {
    const of = favorite.groups!.of!;
    return [
      {
        type: 'preference',
        key: `user.favorite.${keyPart(of)}`,
        statement: `The user's favorite ${theirs(of)} is ${thing}`,
        scope: 'universal',
        confidence: 0.9,
      },
    ];
  }
  if (!acceptable(thing, 'subject') || contentWords(what).length === 0) return [];
  // "beamish is my pint now", "Glenmorangie's my dram": what the user drinks, in the drink's kind.
  if (DRUNK_AS.test(what))
    return [{ type: 'fact', key: `${kindNamed('drink').key}.${slug(thing)}`, statement: `The user drinks ${thing}`, scope: 'universal', confidence: 0.8 }];
  return [
    {
      type: 'fact',
      key: keyNamedBy(what, thing) ?? `user.${keyPart(what)}`,
      statement: `${thing[0]!.toUpperCase()}${thing.slice(1)} ${verb} the user's ${theirs(what)}`,
      scope: 'universal',
      confidence: 0.7,
    },
  ];
}

function avoided(verb: string, value: string): Candidate[] {
  const does = verb.toLowerCase() === 'have' ? 'eat' : verb.toLowerCase();
  // "gluten or dairy": each thing the user does not eat is a belief of its own.
  const things = /^[\p{L}-]+(?: (?:or|and|nor) [\p{L}-]+)+$/u.test(value) ? value.split(/ (?:or|and|nor) /) : [value];
  return things
    .filter((thing) => acceptable(thing, 'subject'))
    .map((thing) => ({
      type: 'fact' as const,
      key: `user.avoids.${keyPart(thing)}`,
      statement: `The user does not ${does} ${thing}`,
      scope: 'universal' as const,
      confidence: 0.9,
      aliases: ['diet', 'food'],
    }));
}
