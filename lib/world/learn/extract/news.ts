import { PAST_DATE } from './changes.ts';
import { PAST_VERB } from './dates.ts';
import { QUESTION_START } from './noise.ts';
import { tag } from './voice.ts';
import { CLINICIAN, CONDITION, CONDITION_ADJECTIVE } from './vocabulary/health.ts';
import { onePet, PET } from './vocabulary/pets.ts';

/**
 * News the user tells as it happened rather than as a statement: what a doctor or a test found
 * ("doctor says I'm allergic to X??"), and a new pet or partner named in the words after it ("we
 * got a kitten!!! her name is P", "a second dog! A rescue greyhound named V"). Each becomes the
 * sentence the user would have said of themselves, which the rules then read as any other.
 */

const OPENING = String.raw`(?<lead>(?:(?:also|and|so|but|ok|okay|well|bad news|good news|sad news|plot twist|guess what|update|anyway|turns out|it turns out|on an? [\p{L} ]{1,30}note)[,:!.]*\s+)*)`;
/** Who found it: a doctor or a test ("the GP examined me and said…"), or the user finding out. */
const FINDER = String.raw`(?:(?:the|my|a|our) )?(?:${CLINICIAN}|nurse|(?:allergy |blood )?tests?|bloodwork|blood work|results?)(?: at [^,]{1,30})?`;
const FOUND = String.raw`(?:${FINDER} (?:has |have )?(?:just |finally )?(?:(?:tests?|tested|checks?|checked|examines?|examined|sees|saw) (?:me|us) (?:and |then )?)?(?:says?|said|found|confirmed|confirms|told(?: me)?|thinks|reckons|showed|shows|came back)|(?:i |we )?(?:just |recently |finally )?(?:found out|learned|learnt|discovered|realised|realized|got told|was told))(?: that)?,?`;
const FINDING = new RegExp(String.raw`^${OPENING}${FOUND} (?=(?:now |also )*(?:i|i'm|im|i've|i am|i have)\b)`, 'iu');
/** "GP says lactose intolerant now as well": a finding said without its "I'm". */
const FOUND_BARE = new RegExp(
  String.raw`^${OPENING}${FOUND} (?=(?:now |also )*(?:(?:lactose|gluten|dairy|nut|wheat|fructose|histamine)[- ]intoleran|(?:${CONDITION_ADJECTIVE}|pre-?diabetic)\b))`,
  'iu',
);
/** "doc says the stomach cramps are lactose intolerance", "allergist says it's a shellfish allergy": what the symptom turned out to be is the user's. */
const SYMPTOM_IS = new RegExp(
  String.raw`^${OPENING}${FOUND} (?:(?:the|my|that|this|those|these) [\p{L} -]{1,30}? (?:is|are|was|were)|it(?:'s| is| was)) (?:an? |from )?(?=[\p{L} -]{0,30}\b(?:allerg|intoleran))`,
  'iu',
);
/** "the allergist confirmed it: shellfish", "allergy test came back: kiwi", "the allergist found a shellfish allergy": what an allergy's finder names is what the user is allergic to. */
const ALLERGEN_FOUND = new RegExp(
  String.raw`^${OPENING}(?:the |my )?(?:allergist|(?:allergy|patch|skin|prick|skin-prick) (?:tests?|panel|results?|clinic))(?: at [^,:]{1,30})? (?:has |have )?(?:just |finally |now )?(?:confirmed|confirms|says?|said|found|showed|shows|came back(?: positive)?(?: for)?)(?: it)?(?:\s*:\s*|,\s*|\s+(?:(?:that )?it(?:'s| is| was)\s+)?)(?:an? )?(?<x>\p{L}[\p{L} -]{1,30}?)(?: allergy)?[.!]*$`,
  'iu',
);
/** "the doctor says the hives were from shrimp", "turns out the rash was from latex gloves": what the user's reaction came from is what they are allergic to. */
const REACTION_FROM = new RegExp(
  String.raw`^${OPENING}(?:${FOUND} )?(?:the |my |that |this |those )?(?:hives|rash|rashes|swelling|reaction|itching|itch|welts|breakout|flare-up)(?: (?:last|this|on|in) [\p{L}]+| [\p{L}]+day)? (?:was|were|is|are|came|come) (?:all |definitely |actually )?(?:from|caused by|down to|because of) (?:the |eating |eating the )?(?<x>\p{L}[\p{L} -]{1,30}?)(?: (?:in|on) (?:my|the|a|our) [^.!]*)?[.!]*$`,
  'iu',
);
/** "…made tests for my stomach and the result is lactose intolerance": what a test's result names is the user's. */
const RESULT_IS = new RegExp(
  String.raw`^${OPENING}(?:[^.!?]*?(?:,|\band|\bso)\s+)?(?:the |my )?(?:(?:allergy |blood )?test )?results? (?:is|was|are|were|came back|showed|shows)(?: as)? (?:an? )?(?=[\p{L} -]{0,30}\b(?:allerg|intoleran))`,
  'iu',
);
const HEALTH = new RegExp(String.raw`\b(?:allerg\w*|intoleran\w*|${CONDITION}|${CONDITION_ADJECTIVE})\b`, 'i');

/** "…I've become lactose intolerant": what the user is now. */
const BECAME = /\bi(?:'ve| have)? (?:become|became)\b/i;

/** "Doctor says I have peanut allergy" → "I have peanut allergy": a finding about the user's health is the user's own. */
function ownFinding(sentence: string): string {
  const reaction = REACTION_FROM.exec(sentence)?.groups;
  if (reaction) return `${reaction.lead}I'm allergic to ${reaction.x}`;
  const allergen = ALLERGEN_FOUND.exec(sentence)?.groups;
  if (allergen && !/^(?:it|that|this|nothing|something|out|no|not|i|i'm|im|i've|my|me|we|you)\b/i.test(allergen.x!))
    return `${allergen.lead}I'm allergic to ${allergen.x}`;
  const result = RESULT_IS.exec(sentence);
  if (result) return `${result.groups!.lead}I have ${sentence.slice(result[0].length).replace(/\s*[,;.].*$/, '')}`;
  const symptom = SYMPTOM_IS.exec(sentence);
  // "…allergic to tree nuts??" is surprise, not a question.
  // "…it's a shellfish allergy, developed at 38??": the finding, not what is said of it after a comma.
  if (symptom) return `${symptom.groups!.lead}I have ${sentence.slice(symptom[0].length).replace(/\s*[,;].*$/, '')}`.replace(/\?+[!?]*$/, '!');
  const bare = FOUND_BARE.exec(sentence);
  if (bare) return `${bare.groups!.lead}I'm ${sentence.slice(bare[0].length)}`;
  const m = FINDING.exec(sentence);
  if (!m || !HEALTH.test(sentence)) return sentence;
  return `${m.groups!.lead}${sentence.slice(m[0].length)}`.replace(/\?+[!?]*$/, '!').replace(BECAME, 'I am');
}

/** "told my supervisor today I'm leaving Penneys": the user's own news, told to someone at work or home, is the user's own. */
const TOLD_THEM = new RegExp(
  String.raw`^${OPENING}(?:i |we )?(?:just |finally |officially )?(?:told|tell|informed|let) (?:my|our|the) [\p{L} ]{1,30}? (?:know )?(?:today |yesterday |this morning |last night |at last )?(?:that )?(?=(?:i'm|im|i am|i've|i have|i|we're|we)\b)`,
  'iu',
);
const toldThem = (sentence: string) => {
  const m = TOLD_THEM.exec(sentence);
  return m ? `${m.groups!.lead}${sentence.slice(m[0].length)}` : sentence;
};

/** "Conor from the dispensary asked me out and we've been seeing each other": whom the user is seeing now. */
const ASKED_OUT =
  /^(?:(?:ok|okay|so|and|well|guess what)[\s,!.]+)*(?:(?:don'?t|dont) judge(?: me)?,? (?:but )?)?(?<name>\p{Lu}[\p{L}'-]*)(?: from [\p{L} ]{1,30}?)? (?:asked me out\b(?=[^.!?]*\b(?:seeing each other|dating|together|going out|i said yes|official|exclusive|a couple)\b)|and i (?:have |'ve )?been seeing each other\b|and i are (?:seeing each other|dating|together|a thing|an item)\b)/iu;
const askedOut = (sentence: string) => {
  const name = ASKED_OUT.exec(sentence)?.groups?.name;
  return name ? `I'm dating ${name}.` : sentence;
};

/** A new pet (got, adopted, "a second dog"), or someone the user met. */
const NEW_PET = new RegExp(
  String.raw`\b(?:(?:got|get|getting|adopted|adopting|rescued|fostered|brought home|took in|picked up|found)(?: (?:a|an|another|our|my|the|one|two))?(?: [\w-]+){0,3}? |(?:another|(?:a|our) (?:second|third|fourth|fifth|new))(?: [\w-]+){0,2}? )(?<what>${PET}|rescue)\b(?![^,.!?]*\b(?:named|called)\b)`,
  'i',
);
const A_PET = new RegExp(String.raw`\b(?<what>${PET})\b`, 'i');
const NEW_BOSS = /\b(?:got|have|getting) a new (?:boss|manager|line manager|supervisor)\b/i;
const NEW_PARTNER =
  /\b(?:(?:met|meeting|seeing|dating) (?:someone|somebody|a (?:girl|guy|woman|man))|(?:got|have) a (?:new )?(?:girlfriend|boyfriend|partner)(?! (?:named|called)\b))\b/i;
/** What names it next: "her name's P", "he's called V", or a fragment "a rescue greyhound named V". */
const NAMING =
  /^(?:(?:lol|haha+|omg|yay|and|so|but)[\s,!.]+)*(?:meet|say hi to|say hello to|(?<whose>his|her|its|their) name(?:'s| is)|(?<who>she|he|it|they)(?:'s| is| are) (?:called|named)|(?:an? )?(?:[\w-]+ ){0,4}(?:called|named))\s+/i;
const NAME = /^\p{L}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?/u;

const capital = (name: string) => name.replace(/^\p{Ll}/u, (c) => c.toUpperCase());

/** Whether the text opens by naming what was just introduced, the name, and what the sentence goes on to say. */
/** "…, the kids named her Jilebi": whoever named it, the name given. */
const NAMED_BY = /^.{0,60}?\b(?:named|called|christened) (?:her|him|it|them) (?=\p{Lu})/u;

function namedIn(text: string): { name: string; rest: string; whose?: string; pet?: string } | null {
  const m = NAMING.exec(text.trimStart().replace(/^[,;:!.\s]+/, '')) ?? NAMED_BY.exec(text.trimStart().replace(/^[,;:!.\s]+/, ''));
  if (!m) return null;
  const after = text
    .trimStart()
    .replace(/^[,;:!.\s]+/, '')
    .slice(m[0].length)
    .replace(/^(?:her|him|it|them)\s+(?=\p{Lu})/u, '');
  const name = NAME.exec(after)?.[0];
  if (!name) return null;
  return {
    name: capital(name),
    rest: after.slice(name.length).replace(/^[\s,]*(?:and\s+)?/, ''),
    whose: (m.groups?.whose ?? m.groups?.who)?.toLowerCase(),
    pet: A_PET.exec(m[0])?.groups?.what,
  };
}

/**
 * "Got a parrot. Kele.", "got a girlfriend! Simone, met her at work": a sentence that opens with a name,
 * alone or before a comma, names what was just introduced; so does a word alone in a turn typed without
 * capitals ("seeing someone new. callum."), when the tagger reads it as nothing but a noun.
 */
const NAME_ALONE = /^(?<name>\p{L}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)(?:[.!]*$|,\s*(?<rest>\S.*)$)/u;
const NOT_A_NAME = ['Pronoun', 'Date', 'Place', 'Value', 'Verb', 'Adjective', 'Adverb', 'Determiner', 'Conjunction', 'Preposition', 'Expression'];
function nameAlone(sentence: string, lowerCase: boolean): { name: string; rest: string; whose?: string; pet?: string } | null {
  const m = NAME_ALONE.exec(sentence.trim())?.groups;
  if (!m || (/^\p{Ll}/u.test(m.name!) && (!lowerCase || m.rest !== undefined || m.name!.includes(' ')))) return null;
  const tags = tag(m.name!)[0]?.tags;
  if (!tags || NOT_A_NAME.some((t) => tags.has(t))) return null;
  return { name: capital(m.name!), rest: m.rest ?? '' };
}

/** Someone else before the news: "my neighbour got a puppy" is not the user's. */
const SOMEONE_ELSE =
  /\b(?:he|she|they|his|her|their|brother|sister|mum|mom|dad|mother|father|friend|neighbou?r|cousin|colleague|boss|son|daughter|aunt|uncle|parents?|flatmate|roommate)\b/i;

function introduced(sentence: string): { said: (name: string, whose?: string, pet?: string) => string; at: number } | null {
  const found = NEW_PET.exec(sentence) ?? NEW_BOSS.exec(sentence) ?? NEW_PARTNER.exec(sentence);
  if (found && SOMEONE_ELSE.test(sentence.slice(0, found.index))) return null;
  const pet = NEW_PET.exec(sentence);
  if (pet) {
    const what = (named?: string) => (named ?? pet.groups!.what!).toLowerCase().replace(/s$/, '');
    return { said: (name, _, named) => `I got a ${what(named)} named ${name}`, at: pet.index + pet[0].length };
  }
  const boss = NEW_BOSS.exec(sentence);
  if (boss) return { said: (name) => `My new manager is ${name}`, at: boss.index + boss[0].length };
  const met = NEW_PARTNER.exec(sentence);
  if (met) {
    const word = (whose?: string) => (whose === 'her' || whose === 'she' ? 'girlfriend' : whose === 'his' || whose === 'he' ? 'boyfriend' : 'partner');
    return { said: (name, whose) => `My ${word(whose)} is ${name}`, at: met.index + met[0].length };
  }
  return null;
}

/**
 * A change told as a headline and then its value, apart: "Moved. Ottawa.", "Also relocated —
 * Phoenix.", "New boss as of Monday — Róisín Ward.", "New job. Nordlys Energi, started Monday.",
 * "Switched teams. Streaming platform now." The headline names the kind; the value is the noun
 * phrase that opens what follows (after a dash or a colon, or the next sentence).
 */
const SOON = String.raw`(?: (?:as of|from|since|starting) \w+| today| this week| last week| again| too| finally)*`;
/** Each headline, what it comes to with its value, and whether the value is where a trip goes or must be a name ("New job, new tool" names no employer). */
const HEADLINES: [RegExp, (x: string) => string, ('trip' | 'named')?][] = [
  [
    new RegExp(String.raw`^(?:(?:we|i|we've|i've|have|so|and|finally|just|ok)\s+)*(?:re-?booked|booked(?: it)?)${SOON}$`, 'i'),
    (x) => `I am going to ${x}`,
    'trip',
  ],
  [
    new RegExp(
      String.raw`^(?:(?:also|so|and|finally|just|we|i|we've|i've|we have|i have|have|ok|well)\s+)*(?:moved|relocated|shifted|moved house|moved cities|moved out|upped sticks|(?:another|a new|a big|the big|big) move)${SOON}$`,
      'i',
    ),
    (x) => `I moved to ${x}`,
  ],
  [
    new RegExp(String.raw`^(?:(?:also|so|and|got a|i got a|i have a|started a|a)\s+)*new (?:job|employer|company|gig|workplace)${SOON}$`, 'i'),
    (x) => `I work at ${x} now`,
    'named',
  ],
  [
    new RegExp(String.raw`^(?:(?:also|so|and|got a|i have a|a|my)\s+)*new (?:boss|manager|line manager|supervisor|team lead)${SOON}$`, 'i'),
    (x) => `My new manager is ${x}`,
    'named',
  ],
  [
    new RegExp(String.raw`^(?:(?:also|so|and|i|we|i've|have)\s+)*(?:switched|changed|moved|swapped|new) teams?${SOON}$`, 'i'),
    (x) => `I am on the ${x.replace(/\s+team$/i, '')} team now`,
  ],
];
/** The noun phrase a value fragment opens with: no verb, no pronoun, at most five words. */
const VALUE =
  /^(?<x>[\p{L}\d][\p{L}\d&.'-]*?(?: [\p{L}\d&.'-]+?){0,4}?)(?: (?:now|these days|everywhere|full time|all the way|from now on|this time))?(?:[,.;!]|$|(?=\s+(?:on|since|from|after|last|this|next|starting|today|yesterday)\b))/u;
const NOT_A_VALUE =
  /(?<![\p{L}'])(?:i|i'm|we|we're|you|he|she|they|it|is|am|are|was|were|be|been|has|have|had|do|does|did|not|no|seems?|started|start|sorry|soz|lol|haha|thanks|cheers|anyway|again|finally|yay|ugh|oops|yes|yeah|yep|ok|okay|omg|wow|phew|argh)(?![\p{L}'])/iu;

/** "Small news: we moved!": a label before the headline says nothing of the change. */
const LABEL = /^(?:[\p{L}]+\s+){0,2}(?:news|update|life update|plot twist|btw|fyi)\s*[:!,—–-]\s*/iu;

function headline(sentence: string): { said: (x: string) => string; rest: string; trip: boolean; named: boolean } | null {
  const [head, ...after] = sentence.replace(LABEL, '').split(/\s*[—–:,]\s*|\s+-\s+/);
  const bare = head!.replace(/[.!]+$/, '').trim();
  for (const [re, said, value] of HEADLINES) if (re.test(bare)) return { said, rest: after.join(', '), trip: value === 'trip', named: value === 'named' };
  return null;
}

/** "From Łódź to Piotrków", "Joined KPMG": where the value starts after the words that lead to it. */
const TO_VALUE = /^(?:from\s+.+?\s+to|(?:joined|signed with|landed at|now at|now with|over to|off to)(?=\s+\p{Lu}))\s+/iu;
/** "Left St. George.", "Quit Acme": a fragment that says what ended names no new value. */
const ENDED_FIRST = new RegExp(String.raw`^(?:${PAST_VERB}|quit|resigned|handed|dropped|ditched)\b`, 'i');

function headlineValue(fragment: string): string | undefined {
  const said = fragment.trim().replace(TO_VALUE, '');
  if (ENDED_FIRST.test(said)) return undefined;
  const x = VALUE.exec(said)?.groups?.x;
  return x && !NOT_A_VALUE.test(x) ? x : undefined;
}

/**
 * Plans and duties told as what was done about them: "we booked a fortnight in Kyoto for late
 * April" is a trip the user is going on; "they've put me on the Christmas campaign", "leading the
 * k8s migration this quarter" are the user's projects. Only the user's own ("I", "we", "X and I").
 */
const OWN = String.raw`^(?<lead>(?:(?:so|and|also|ok|okay|well|good news|great news|finally|anyway|[\p{L} ]{1,20}(?:, ?[\p{L}]{1,12})?:)[,:!]*\s+)*)`;
const BY_ME = String.raw`(?:(?:i|we|i've|we've|\p{Lu}[\p{L}'-]+ and i|me and \p{Lu}[\p{L}'-]+)\s+)?(?:(?:have|'ve|just|finally|now|also|actually)\s+)*`;
const PLACE = String.raw`(?<place>\p{Lu}[\p{L}'-]*(?:\s\p{Lu}[\p{L}'-]*)*)`;
/** A place booked by its name alone, then what for or when ("booked Costa Rica for the honeymoon"): case matters, a name is capitalised. */
const BOOKED_NAMED = /\b(?:booked|rebooked|re-booked)\s+(?<place>\p{Lu}[\p{L}'-]*(?:\s\p{Lu}[\p{L}'-]*)*)(?=\s+(?:for|in|this|next)\b|\s*[.!]?$)/u;
const WHEN_WORD = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day|^(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
const BOOKED = new RegExp(
  String.raw`${OWN}${BY_ME}(?:booked|rebooked|re-booked|registered for|signed up for|got tickets for)\s+(?:(?:a|an|our|the|my|two|three|\d+)\s+)?(?:[\p{L}-]+\s+){0,3}?(?:to|in|for|at)\s+(?<the>the\s+)?${PLACE}(?<rest>.*)$`,
  'iu',
);
/** "Bali for the September hols is locked in", "flights to Lisbon are booked": a trip said booked, its place first. */
const BOOKED_PASSIVE = new RegExp(
  String.raw`${OWN}(?:(?:[Tt]he |[Oo]ur |[Mm]y )?(?:[Ff]lights?|[Tt]ickets?|[Tt]rip|[Hh]oliday|[Hh]otel|[Cc]abin|[Vv]illa) (?:to|in|for) )?${PLACE}(?: (?:for|in) (?:the |our |my )?[\p{L}\d -]{1,30}?)? (?:is|are|'s|has been|have been|got) (?:all |finally |now |officially )*(?:booked|locked in|confirmed|sorted|paid for)\b(?<rest>.*)$`,
  'u',
);
/** "Right, it's booked: a cottage in Keswick for four nights": what was booked said after it. */
const BOOKED_AFTER = new RegExp(
  String.raw`${OWN}(?:right,? |ok,? |so,? )?(?:it's|it is|all|everything's|everything is|we're|we are) (?:all |finally |now |officially )*(?:booked|sorted|confirmed|locked in)\s*[:,!.—–-]*\s+(?:(?:a|an|the|our|my)\s+)?(?:[\p{L}-]+\s+){0,3}?(?:in|to|at)\s+${PLACE}(?<rest>.*)$`,
  'iu',
);
const PUT_ON = new RegExp(
  String.raw`${OWN}(?:they|they've|theyve|management|work|my (?:boss|manager|lead)|\p{Lu}[\p{L}'-]+)\s+(?:(?:have|'ve|has|just|finally|now|also)\s+)*(?:(?:put|placed|moved|stuck|assigned|made|shuffled)\s+me\s+(?:(?:across|over)\s+)?(?:on|onto|to|in charge of|responsible for|(?:the )?lead (?:on|of))|(?:landed|lumbered|saddled)\s+me\s+with)\s+(?<x>.+)$`,
  'iu',
);
/** "the doctor's put me on a gluten-free diet", "my GP has me on statins": what a carer put the user on, the user is on. */
const PRESCRIBED = new RegExp(
  String.raw`${OWN}(?:the |my )?(?:doctor|doc|gp|consultant|dietitian|dietician|nutritionist|specialist|allergist|cardiologist|dermatologist)(?:'s|s)?\s+(?:(?:has|have|'s|just|now|finally)\s+)*(?:put|placed|started|got|has|wants|want|wanted)\s+me\s+on\s+(?<x>(?:an?\s+|the\s+)?[^,.;!?]+)`,
  'iu',
);
const LEADING =
  /^(?<lead>(?:(?:so|and|also|now|currently)[,:!]*\s+)*)(?:leading|heading up|heading|running|managing|coordinating|owning|in charge of)\s+(?=(?:the|a|an|our)\s)/i;

/** Where a duty's name ends: its time ("full time", "this quarter", "on saturdays") is not its name. */
const DUTY_END =
  /(?=[,;]|\s+(?:full[- ]time|part[- ]time|this \w+|next \w+|for the next|for now|from \w+|starting|until|till|on (?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b)/i;
const duty = (x: string) => {
  const end = DUTY_END.exec(x)?.index ?? x.length;
  const rest = x.slice(end).replace(/^[^,;]*/, '');
  // What follows is kept only when it says something of the user's own ("…, so I'm off social media").
  return `I am working on ${x.slice(0, end)}${/\b(?:i|i'm|im|we|my|our)\b/i.test(rest) ? rest : ''}`;
};

/** A trip's place as written: capitalised ("for the Lake District", not "Friday off for the dentist": the patterns ignore case), and no day or month. */
const aTrip = (m: RegExpExecArray | null) => (m && /^\p{Lu}/u.test(m.groups!.place!) && !WHEN_WORD.test(m.groups!.place!) ? m : null);

function plansAndDuties(sentence: string): string {
  const named = aTrip(BOOKED_NAMED.exec(sentence));
  const booked = BOOKED.exec(named ? sentence.replace(named[0], `booked a trip to ${named.groups!.place}`) : sentence);
  // "Silver lining, though: we've booked…", "Bali for the hols is locked in", "it's booked: a cottage in Keswick": a lead-in label says nothing the plan needs.
  const trip = aTrip(booked) ?? aTrip(BOOKED_PASSIVE.exec(sentence)) ?? aTrip(BOOKED_AFTER.exec(sentence));
  if (trip) return `${trip.groups!.lead!.replace(/^.*[,:]\s*$/, '')}I am going to ${trip.groups!.the ?? ''}${trip.groups!.place}${trip.groups!.rest}`;
  const prescribed = PRESCRIBED.exec(sentence);
  if (prescribed) return `${prescribed.groups!.lead}I am on ${prescribed.groups!.x}`;
  const put = PUT_ON.exec(sentence);
  if (put) return `${put.groups!.lead}${duty(put.groups!.x!)}`;
  const leading = LEADING.exec(sentence);
  return leading ? `${leading.groups!.lead}${duty(sentence.slice(leading[0].length))}` : sentence;
}
/** Where a fragment after "rebooked" says the trip goes: "honeymoon in Costa Rica in August". */
const WHERE = new RegExp(String.raw`(?:^|\s)(?:in|to)\s+${PLACE}`, 'u');
const NAMED_FIRST = new RegExp(String.raw`^${PLACE}`, 'u');
const whereTo = (fragment: string) => (NAMED_FIRST.exec(fragment) ?? WHERE.exec(fragment))?.groups?.place;

/** Getting engaged or married, however told: "popped the question… she said yes", "X proposed and I accepted", "we tied the knot". */
const WED: [RegExp, string][] = [
  [
    /^(?:(?:so|and|also|well|guess what|big news|news)[,:!.]*\s+)*(?:(?:i|we)\s+)?(?:just\s+|finally\s+)?(?:got married|got hitched|tied the knot|eloped)\b/i,
    'I am married',
  ],
  [/\b(?:we(?:'re| are)|i(?:'m| am)) (?:now |officially |finally )*married\b(?! to\b)/i, 'I am married'],
  [/^(?:(?:so|and|also|well|guess what|big news|news)[,:!.]*\s+)*(?:(?:i)\s+)?(?:just\s+|finally\s+)?(?:popped the question|proposed)\b/i, 'I am engaged'],
  [/\bproposed\b.*\b(?:and )?i (?:accepted|said yes)\b/i, 'I am engaged'],
  [/^(?:(?:so|and|i)\s+)*(?:just\s+|finally\s+)?asked [\p{L}'-]+ to marry me\b.*\b(?:she|he|they) said yes\b/iu, 'I am engaged'],
  [/\b(?:we(?:'re| are)|i(?:'m| am)|(?:we|i) got) (?:now |officially |finally )*engaged\b(?! to\b)/i, 'I am engaged'],
];
/** "I got married on June 3rd, 2018": a dated wedding is an event of the past, read as one. */
const wed = (sentence: string) => (PAST_DATE.test(sentence) ? sentence : (WED.find(([re]) => re.test(sentence))?.[1] ?? sentence));

const SAID_YES = /^(?:and |so |of course |obviously )?i said yes\b/i;
/**
 * "Guess who's the new ward manager?? Me!": the user's own news, asked as a riddle and answered in
 * the next sentence, said as a statement; "guess who my boss is again. Greg." says who someone of the
 * user's is. The sentences otherwise as they were.
 */
export function riddlesAnswered(said: string[]): string[] {
  const out = [...said];
  for (let i = 1; i < out.length; i++) {
    const named = NAME_ANSWER.exec(out[i]!)?.groups?.name;
    const whose = named ? WHOSE_ASKED.exec(out[i - 1]!)?.groups : undefined;
    if (named && whose) {
      out[i - 1] = whose.mine ? `${whose.lead}${whose.mine} is ${named}${whose.when}` : `${whose.lead}${named} is ${whose.what}`;
      out[i] = '';
      continue;
    }
    const riddle = GUESS_WHO.exec(out[i - 1]!)?.groups;
    const answer = ME.exec(out[i]!);
    if (!riddle || !answer) continue;
    const what = riddle.what!.replace(/\b(?:her|his|their)\b/gi, 'my');
    out[i - 1] = riddle.is ? `I am ${what}` : `I ${riddle.did} ${what}`;
    out[i] = out[i]!.slice(answer[0].length);
  }
  return out.filter(Boolean);
}

/**
 * A riddle whose answer is someone of the user's: "guess who my boss is again", "…and guess who's
 * supervising me again from Swansea", "guess who's my manager now".
 */
const WHOSE_ASKED =
  /^(?<lead>.*?\b(?:and|so|but|now),? |)guess who(?: (?<mine>(?:my|our) [\p{L} -]{1,30}?) (?:is|'s)(?<when>(?: now| again)*)|(?:'s| is) (?<what>(?:now |again )?(?:my|our) .+?|[\p{L} ]+? (?:me|us)\b.*?))[?!.…\s]*$/iu;
/** A name alone, with nothing after it but marks and emoji: "Greg.", "Huw 🙈". */
const NAME_ANSWER = /^(?<name>(?!Me\b)\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*){0,2})[\s!.?…]*(?:\p{Extended_Pictographic}[\uFE0F\u200D]*[\s!.?…]*)*$/u;

/** "Guess who's the new charge nurse?", "guess who just got the job": a riddle whose answer is the user. */
const GUESS_WHO =
  /^(?:so |and |well )?guess who(?:(?<is>'s| is)|\s+(?<did>got|just got|has|has just|landed|passed|won|bagged|is getting|'s getting))\s+(?<what>.+?)[?!.\s]*$/i;
/** The answer that names the user: "Me!!", "ME.", "Yours truly." */
const ME = /^(?:me|moi|yours truly|this girl|this guy|this one)\b[!.?\s]*/i;
const PROPOSED = /^(?!.*\b(?:my|his|her|their) (?:sister|brother|friend|cousin|mum|mom|dad|son|daughter)\b)[^.!?]*\b(?:proposed|popped the question)\b/i;

/** "I think I'm done with the swimming", "…, reckon I'm done with surfing": a hedge before what the user says of their own present, not a maybe. */
const HEDGE =
  /(?<=^|[,;—–]\s{0,8}|\b(?:honestly|ok|okay|so|and|but|lol)\s{1,8})(?:i |(?=reckon|guess|think))(?:think|guess|reckon|suppose)(?: that)? (?=(?:i'm|i am|i've|i have|my|our|that|this|the|it's|it is)\b(?![^,;—–]*\b(?:will|would|could|might|should|may|going to|gonna|if)\b))/gi;

/** "…so vegetarian i guess": the same hedge said after. */
const HEDGE_AFTER = /,?\s+i (?:think|guess|reckon|suppose|s'pose|spose)(?=[\s.!,]*$)/i;
/** "…so pescatarian I guess?": the hedge's question mark asks nothing of a sentence that does not open as a question. */
const HEDGE_ASKED = /^(.*\S),?\s+i (?:think|guess|reckon|suppose)\s*\?+\s*$/i;
const asked = (s: string) => (QUESTION_START.test(s) ? s : s.replace(HEDGE_ASKED, '$1.'));

/** A word every rewrite above needs: most sentences hold none and cost one scan. */
const NEWS =
  /\b(?:think|guess|reckon|suppose|s'pose|spose|hives|rash|swelling|doctor|doc|gp|allergist|specialist|dermatologist|consultant|nurse|tests?|bloodwork|blood|results?|found|learned|learnt|discovered|reali[sz]ed|told|booked|rebooked|re-booked|locked|confirmed|sorted|registered|signed|tickets|put|placed|moved|stuck|assigned|made|shuffled|landed|lumbered|saddled|leading|heading|running|managing|coordinating|owning|charge|married|knot|eloped|proposed|engaged|marry|popped|asked|seeing|says)\b/i;

/** A word every headline and every newcomer holds. */
const INTRODUCING =
  /\b(?:moved|relocated|shifted|upped|new|switched|changed|swapped|booked|rebooked|re-booked|got|get|getting|adopted|adopting|rescued|fostered|brought|took|picked|found|another|second|third|fourth|fifth|met|meeting|seeing|dating)\b/i;

/** "Radiohead who?": a name asked after as if unknown is one the user is done with. */
const DISMISSED = /^(?<x>\p{Lu}[\p{L}\d&.' -]{0,40}?)\s+who\s*\?+[!?]*$/u;
const dismissed = (sentence: string) => {
  const x = DISMISSED.exec(sentence.trim())?.groups?.x;
  return x ? `I am done with ${x}.` : sentence;
};

/** "…, booked it this morning", "we booked it yesterday!": the user's own booking of a trip the turn named, said by "it"; when it was booked is no part of the trip. */
const BOOKED_IT = /(?:^|[,;:—–]\s*|\b(?:and|so|then|we|i|we've|i've|have|just|finally|already|also)\s+)(?:re-?)?booked it\b[^,.;!?]*/i;
const MAYBE_BEFORE = /\b(?:if|would|could|might|maybe|should|thinking|considering|whether)\b/i;
/** A place the turn named after a preposition ("talked me into Copenhagen", "a cabin on Gotland"), or offered after "why not": what "it" was booked for. */
const PLACE_NAMED = /\b(?:into|in|on|to|at|about|not)\s+(?:the\s+)?(?<place>\p{Lu}[\p{L}'-]*(?:\s\p{Lu}[\p{L}'-]*)*)/gu;
function lastPlace(text: string): string | undefined {
  for (const m of [...text.matchAll(PLACE_NAMED)].reverse()) {
    const place = m.groups!.place!;
    // "in August", "to Rohan": a time or a person is nowhere to go.
    if (!WHEN_WORD.test(place) && !tag(place)[0]?.tags.has('Person')) return place;
  }
  return undefined;
}
/** The sentences with a trip booked by "it" said as booked by its place, the booking a sentence of its own. */
function bookedIt(sentences: string[]): string[] {
  return sentences.flatMap((s, i) => {
    const m = /\bbooked it\b/i.test(s) ? BOOKED_IT.exec(s) : null;
    if (!m || MAYBE_BEFORE.test(s.slice(0, m.index))) return [s];
    const place = lastPlace(s.slice(0, m.index)) ?? (i > 0 ? lastPlace(sentences[i - 1]!) : undefined);
    if (!place) return [s];
    const before = s.slice(0, m.index).trim();
    return [...(before ? [before] : []), `booked a trip to ${place}${s.slice(m.index + m[0].length)}`];
  });
}

/** The turn's sentences with findings said as the user's own and a newcomer named where it was introduced. */
export function toldAsNews(sentences: string[]): string[] {
  const out = bookedIt(sentences).map((s) => {
    if (!NEWS.test(s)) return dismissed(s);
    const plain = askedOut(toldThem(asked(s)))
      .replace(HEDGE, '')
      .replace(HEDGE_AFTER, '');
    return wed(plansAndDuties(ownFinding(plain)));
  });
  // "Jun Hao proposed during our Bali trip!!! I said yes": the answer, said apart, makes the proposal the user's engagement.
  for (let i = 1; i < out.length; i++) if (SAID_YES.test(out[i]!) && PROPOSED.test(out[i - 1]!)) [out[i - 1], out[i]] = ['I am engaged', ''];
  for (let i = 0; i < out.length; i++) {
    if (!INTRODUCING.test(out[i]!)) continue;
    const head = headline(out[i]!);
    if (head) {
      const value = (fragment: string) => {
        const x = (head.trip ? whereTo(fragment) : undefined) ?? headlineValue(fragment);
        return head.named && x && !/\p{Lu}/u.test(x) && /\p{Lu}/u.test(out[i]!) ? undefined : x;
      };
      const here = head.rest ? value(head.rest) : undefined;
      const x = here ?? (head.rest ? undefined : value(out[i + 1] ?? ''));
      if (x) {
        out[i] = head.said(x);
        if (!here) out[i + 1] = out[i + 1]!.replace(/^[^,.;!]*[,.;!]?\s*/, '');
      }
      continue;
    }
    const intro = introduced(out[i]!);
    if (!intro) continue;
    // "adopted a bunny today, his name is turnip": the name may open the clause after the next comma.
    const after = out[i]!.slice(intro.at);
    const here = namedIn(after) ?? (after.includes(',') ? namedIn(after.slice(after.indexOf(',') + 1)) : null);
    const next = here ? null : out[i + 1] === undefined ? null : (namedIn(out[i + 1]!) ?? nameAlone(out[i + 1]!, !/\p{Lu}/u.test(out[i]!)));
    const found = here ?? next;
    if (!found) continue;
    out[i] = intro.said(found.name, found.whose, found.pet);
    if (next) out[i + 1] = found.rest;
    // "two dogs, a staffie called Tyson and an old greyhound called Ribbon": what follows the name is said still.
    else if (/\p{L}/u.test(found.rest)) out[i] = `${out[i]}, ${found.rest}`;
  }
  return metNew(out).filter(Boolean);
}

/**
 * "Meet Mali. Eight-week collie pup.", "meet Farofa!! orange kitten, we found her…": a name the user introduces,
 * then an animal said of it in the same sentence or the next (or how one came home, in the next), is a new pet of theirs.
 */
function metNew(out: string[]): string[] {
  for (let i = 0; i < out.length; i++) {
    const m = MEET.exec(out[i]!);
    if (!m) continue;
    const rest = out[i]!.slice(m[0].length);
    const inRest = PET_SAID.exec(rest);
    const next = inRest ? undefined : out[i + 1];
    const inNext = next === undefined ? null : (PET_SAID.exec(next) ?? (BROUGHT_HOME.test(next) ? ([...next.matchAll(ANY_PET)].at(-1) ?? null) : null));
    const pet = (inRest ?? inNext)?.[1];
    if (!pet) continue;
    out[i] = `I got a ${onePet(pet.toLowerCase())} named ${m.groups!.name}.${rest ? ` ${rest}` : ''}`;
  }
  return out;
}
const MEET =
  /^(?:(?:so|and|oh|ok|well|right|everyone|everybody|guys|y'all|folks)[,!]?\s+)*(?:meet|say (?:hi|hello) to|introducing)\s+(?:our |my |the )?(?:new (?:baby|addition|family member|member of the family)[,:]?\s+)?(?<name>\p{Lu}[\p{L}'-]+)\b(?!\s+(?:and|&)\b)[!.,:;—–-]*\s*/iu;
/** An animal said in the first words after a name: "Eight-week collie pup", "orange kitten, …", "He's a rescue greyhound". */
/** "Declan came home from the rescue with a collie cross": how a new animal came to the user, anywhere in the sentence. */
const BROUGHT_HOME =
  /\b(?:came home|brought (?:home|back)|(?:we|i) (?:got|adopted|rescued|collected|picked up|took in)|from the (?:[\p{L}-]+ )?(?:rescue|shelter|breeder|pound|rspca|spca))\b/iu;
/** Of the animals such a sentence names, the last is the one that came ("from the dog rescue with a collie cross"). */
const ANY_PET = new RegExp(String.raw`\b(${PET})\b`, 'giu');
const PET_SAID = new RegExp(
  String.raw`^(?:(?!(?:has|have|had|got|gets|owns|loves|likes|wants|from|with|at|in|on|and|but|who|which|that)\b)[\p{L}\d'-]+[,]?\s+){0,5}?(${PET})\b`,
  'iu',
);
