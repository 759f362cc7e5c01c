import { tag } from './voice.ts';
import { inLexicon } from './tagger.ts';
import { someoneElseBefore } from './someone-else.ts';
import { CONDITION, CONDITION_FIRST_WORDS } from './vocabulary/health.ts';
import { DIET } from './vocabulary/diet.ts';
import { CHILD, PARTNER_UNOWNED, RELATIVE } from './vocabulary/family.ts';

/**
 * A health fact said on the way to something else ("what can I bake given my egg allergy", "the GP said no
 * amoxicillin because of the penicillin allergy", "soy makes me bloated", "caffeine gives me the shakes",
 * "dairy doesn't agree with me"), said again as the clause the phrase table reads ("I'm allergic to egg",
 * "I'm intolerant to soy"), and a diet said as what the user is while doing something ("being vegan in Glasgow"). Nothing when someone else is named before it in the sentence ("my son's nut
 * allergy", "she has a nut allergy"), or when what it names is no substance ("seasonal allergies").
 */
export function healthInPassing(sentence: string, whole = sentence): string[] {
  const said: string[] = [];
  const cannot = CANNOT_TAKE.exec(sentence);
  if (cannot && BODY_ANSWERS.test(whole) && substance(cannot.groups!.x!)) said.push(`I'm intolerant to ${cannot.groups!.x!.toLowerCase()}`);
  for (const m of NAMES_ALLERGY.test(sentence) ? sentence.matchAll(CONDITION_NAMED) : []) {
    const { own, x, what } = m.groups!;
    if (!own?.toLowerCase().startsWith('my') && someoneElseBefore(sentence.slice(0, m.index))) continue;
    if (SOMEONE_ELSES_AFTER.test(sentence.slice(m.index + m[0].length))) continue;
    if (substance(x!)) said.push(/^allerg/i.test(what!) ? `I'm allergic to ${x}` : `I'm intolerant to ${x}`);
  }
  for (const re of namesACondition(sentence) ? CONDITIONS_HAD : [])
    for (const m of sentence.matchAll(re)) {
      const c = m.groups!.c!;
      const named = /^\p{Lu}{2,}$/u.test(c) ? c : c.toLowerCase();
      if (!someoneElseBefore(sentence.slice(0, m.index))) said.push(`I have ${named === 'blood pressure' ? 'high blood pressure' : named}`);
    }
  // "Type 1 diabetic since I was twelve": the type of diabetes said as what the user is.
  const typed = DIABETIC_OF_TYPE.exec(sentence);
  if (typed && !someoneElseBefore(sentence.slice(0, typed.index))) said.push(`I have type ${NUMBERED[typed[1]!.toLowerCase()] ?? typed[1]} diabetes`);
  said.push(...medicationsTaken(sentence));
  // "Being vegan in Glasgow is easier than folk think", "as the only vegetarian at the braai": the diet the user keeps, said on the way.
  const diet = DIET_BEING.exec(sentence);
  if (diet && !someoneElseBefore(sentence.slice(0, diet.index))) said.push(`I'm ${diet.groups!.d!.toLowerCase()}`);
  // "I'm more of a tea person now, coffee gives me the jitters": a reaction given as why something changed is the change's reason, read with it.
  if (CHANGED.test(sentence)) return said;
  for (const re of TO_ME.test(sentence) ? REACTIONS : [])
    for (const m of sentence.matchAll(re)) {
      const x = m.groups!.x!;
      if (substance(x) && !someoneElseBefore(sentence.slice(0, m.index))) said.push(`I'm intolerant to ${x.toLowerCase()}`);
    }
  return said;
}

const DIET_BEING = new RegExp(String.raw`(?:^|[,;—–]\s*|\b(?:and|but|so)\s+)(?:being|as) (?:a |an |the only |the one )?(?<d>${DIET})\b`, 'iu');
/** "my egg allergy", "the penicillin allergy", "dust allergy is bad": the thing, then the word for how the body takes it. */
const REACTION_WORD = 'allergy|allergies|intolerance';
const CONDITION_NAMED = new RegExp(
  String.raw`(?:^|\b(?<own>my|the|a|an|this)\s+)(?:(?:severe|mild|bad|serious|life-threatening|deadly|awful|annoying|stupid|lifelong)\s+)?(?<x>\p{L}[\p{L}-]*(?: \p{L}[\p{L}-]*)?)\s+(?<what>${REACTION_WORD})\b`,
  'giu',
);
/** The word CONDITION_NAMED ends on, looked for alone first: most sentences have none. */
const NAMES_ALLERGY = new RegExp(String.raw`\s(?:${REACTION_WORD})\b`, 'iu');
/** "the nut allergy thing was my cousin, not me", "the egg allergy is Dan's": said of it after, it is someone else's. */
const SOMEONE_ELSES_AFTER = new RegExp(
  String.raw`^(?:\s+thing)?\s+(?:is|was|'s|were)\s+(?:(?:my|his|her|their|our)\s+(?:[\p{L}-]+\s+)?(?:${RELATIVE}|${PARTNER_UNOWNED}|${CHILD}|friend|mate|flatmate|housemate|colleague)|\p{Lu}[\p{L}-]+['’]s)\b|^[^.!?]{0,40}\bnot\s+(?:me|mine)\b`,
  'iu',
);
/** Whether a sentence may name a condition at all, by its words: one lookup each before the readers that need one. */
const namesACondition = (sentence: string) =>
  sentence
    .toLowerCase()
    .split(/[^\p{L}\d'’-]+/u)
    .some((w) => CONDITION_FIRST_WORDS.has(w) || CONDITION_FIRST_WORDS.has(w.replace(/['’]s$/, '')) || w === 'blood');
/**
 * A condition said by what it does or how it is treated: "the arthritis in my knees", "on pills for my blood pressure",
 * "I get these awful migraines if I skip meals" (when it comes is no doubt that it does).
 */
const CONDITIONS_HAD = [
  String.raw`\b(?:the|my)\s+(?<c>${CONDITION})\s+in\s+my\s+\p{L}+`,
  String.raw`\bon\s+(?:pills|meds|medication|tablets|medicine|an inhaler|treatment)\s+for\s+my\s+(?<c>${CONDITION}|blood pressure)\b`,
  String.raw`(?:^|[,;—–]\s*|\b(?:and|but|so)\s+)I\s+(?:get|suffer from|suffer with|struggle with)\s+(?:(?:these|those|really|quite|bad|awful|terrible|horrible|frequent|chronic|regular|the odd)\s+)*(?<c>${CONDITION})\b`,
  // "The asthma's been playing up", "eczema flares up when it's cold", "Gout.", "PCOS since college", "Crohn's, diagnosed at 22": a condition said first, by what it does.
  String.raw`(?:^|[.!?;]\s+)(?:(?:the|my)\s+)?(?<c>${CONDITION})(?:'s|\s+is|\s+has)?\s*(?:been\s+)?(?:playing up|acting up|flaring up|flares? up|under control|since\b|with aura|is back|came back|diagnosed|[.!,]|$)`,
  // "got diagnosed ADHD at 24", "diagnosed with hypothyroidism": what the user was diagnosed with.
  String.raw`(?:^|\bI\s+|\b(?:got|was|been|just)\s+)(?:got\s+|was\s+|been\s+)?diagnosed\s+(?:with\s+|as\s+(?:having\s+)?)?(?:(?:mild|severe|early|late|type\s+\w+)\s+)?(?<c>${CONDITION})\b`,
].map((source) => new RegExp(source, 'giu'));
const DIABETIC_OF_TYPE = /\btype[- ]?(1|2|one|two|i|ii) diabetic\b/i;
const NUMBERED: Record<string, string> = { one: '1', two: '2', i: '1', ii: '2' };
/** A substance as a clause's subject, then what it does to the user. */
const SUBJECT = String.raw`(?:^|[,;—–]\s*|\b(?:and|but|so|because|cos|as)\s+)(?<x>\p{L}[\p{L}-]*(?: \p{L}[\p{L}-]*)?)`;
/** What every reaction says the substance does it to, looked for alone first. */
const TO_ME = /\sme\b/iu;
const REACTIONS = [
  String.raw`${SUBJECT}\s+(?:makes|make|leaves|leave)\s+me\s+(?:feel\s+)?(?:so\s+|really\s+|super\s+|all\s+)?(?:bloated|nauseous|queasy|itchy|wheezy|jittery|shaky|break out)\b`,
  String.raw`${SUBJECT}\s+(?:gives|give)\s+me\s+(?:the\s+|a\s+|an\s+)?(?:shakes|jitters|migraines?|headaches?|hives|rash|rashes|heartburn|reflux|stomach ?aches?|cramps|palpitations|eczema)\b`,
  String.raw`${SUBJECT}\s+(?:doesn't|does not|don't|do not)\s+agree\s+with\s+me\b`,
  String.raw`${SUBJECT}\s+(?:makes|make|made)\s+me\s+(?:wheeze|swell(?:\s+up)?|puff\s+up|come\s+out\s+in)\b`,
  String.raw`${SUBJECT}\s+(?:brings|bring|brought)\s+me\s+out\s+in\s+(?:a\s+|big\s+|these\s+)?(?:hives|rash|rashes|spots|welts|blotches|lumps)\b`,
].map((source) => new RegExp(source, 'giu'));

/** "I can't take aspirin at all, it makes me wheeze": what the user cannot take, when their sentence says how the body answers. */
const CANNOT_TAKE = /(?:^|[,;—–]\s*|\b(?:and|but|so)\s+)I\s+(?:can't|cannot|can not|couldn't)\s+(?:take|tolerate|touch)\s+(?<x>\p{L}[\p{L}-]*)\b/iu;
const BODY_ANSWERS = /\b(?:wheez\w*|hives|rash\w*|swell\w*|(?:bad |allergic )?reaction|breathe|throat|come out in|break out|brings? me out)\b/i;

const CHANGED = /\b(?:now|anymore|any more|no longer|switched|swapped|instead|these days|nowadays|gone|quit|gave up|given up|cut out|stopped|more of an?)\b/i;

/** Words no substance is: what a body reacts to is a food, a drink, a drug, an animal or a plant. */
const NO_SUBSTANCE =
  /^(?:it|this|that|these|those|which|what|everything|anything|something|nothing|work|life|stress|people|weather|heat|cold|travel|flying|exercise|running|seasonal|food|foods|environmental|multiple|several|many|some|any|severe|mild|known|other|new|own)$/i;

function substance(x: string): boolean {
  if (x.split(' ').some((w) => NO_SUBSTANCE.test(w))) return false;
  const terms = tag(x);
  const head = terms.at(-1);
  return !!head && head.tags.has('Noun') && !['Pronoun', 'Person', 'Place', 'Organization'].some((t) => head.tags.has(t));
}

/**
 * The medicines a sentence about the user's health says they take: "doc put me on metformin", "on vyvanse now",
 * "the Humira injections every fortnight", "sumatriptan is my best friend", "Thyronorm 50 every morning".
 */
function medicationsTaken(sentence: string): string[] {
  if (!MEDICAL.test(sentence)) return [];
  const taken = new Set<string>();
  for (const re of MEDICINE_SAID)
    for (const m of sentence.matchAll(re)) {
      const medicine = m.groups!.m!;
      const clause = sentence
        .slice(0, m.index)
        .split(/[,;—–]/)
        .at(-1)!;
      if (!NOT_A_MEDICINE.test(medicine) && mayBeMedicine(medicine) && !someoneElseBefore(clause)) taken.add(medicine);
    }
  return [...taken].map((medicine) => `I'm on the medication ${medicine}`);
}
/** "Anna is my best friend", "cold brew with sweet cream": a person's name or a word that says what a thing is like names no medicine. */
function mayBeMedicine(word: string): boolean {
  const tags = tag(word)[0]?.tags;
  // "Ozempic" is an adjective to the tagger by its ending only; "sweet" is one it knows.
  // "start every day with…", "the service tablet": a verb the tagger knows is no medicine either.
  return (
    !tags ||
    (!['FirstName', 'Person', 'Place', 'Pronoun'].some((t) => tags.has(t)) && !((tags.has('Adjective') || tags.has('Verb')) && inLexicon(word.toLowerCase())))
  );
}
/** Words of a sentence about medicine. */
const MEDICAL =
  /\b(?:doc|doctor|gp|consultant|specialist|prescribed|prescription|meds|medication|medicine|injections?|jabs?|tablets?|pills?|cream|inhaler|diagnosed|mg|dose|every (?:morning|night|day|fortnight)|daily|twice a day|best friend|flares?)\b/i;
const MEDICINE = String.raw`(?<m>[\p{L}][\p{L}-]{3,20})`;
const MEDICINE_SAID = [
  String.raw`\b(?:put|puts|has|had|have|got|started|switched)\s+(?:me\s+)?on\s+(?:the\s+)?${MEDICINE}`,
  String.raw`(?:\b(?:I'm|I am|been|now|I've been)\s+|(?:^|[,;—–])\s*)on\s+(?:the\s+)?${MEDICINE}(?=\s+(?:now|daily|every|twice|for|since)\b)`,
  String.raw`\b(?:taking|take|takes|prescribed)\s+(?:the\s+)?${MEDICINE}`,
  String.raw`\b(?:the\s+|a\s+|my\s+)?${MEDICINE}\s+(?:injections?|jabs?|tablets?|pills?|cream|inhaler|patch(?:es)?)\b`,
  String.raw`(?:^|[,;.—–]\s*)${MEDICINE}(?:\s+\d+(?:\s?mg)?)?\s+(?:is my best friend|every (?:morning|day|night|evening)|daily|twice a day|each (?:morning|day|night))`,
].map((source) => new RegExp(source, 'giu'));
/** Words in a medicine's place that are none: what a medicine is for ("hay fever tablets", "pain pills") names no medicine. */
const NOT_A_MEDICINE =
  /^(?:meds|medication|medicine|tablets?|pills?|them|it|this|that|those|these|holiday|call|shift|nights|days|the|a|my|hold|track|board|time|top|way|course|diet|list|line|waiting|fever|flu|cold|pain|headache|migraine|allergy|sickness|travel|period|heart|blood|pressure|thyroid|water)$/i;
