import { DAY_OR_MONTH } from './dates.ts';

/**
 * Sentence ends put back into a stretch typed or dictated without them: "hiya i'm aoife i live in
 * cork with my boyfriend cian could you help me" → "hiya. i'm aoife. i live in cork with my
 * boyfriend cian. could you help me". Only a long stretch with no mark at all is touched, so a
 * punctuated message reads as it was written.
 */

/**
 * Words in a row, with no sentence or clause mark among them, that are several sentences said in one
 * breath: fewer in a line that never ends a sentence, more where the writer ends some and not others.
 */
const RUN_WORDS = 26;
const RUN_WORDS_AMONG_SENTENCES = 32;
const ENDS_A_SENTENCE = /[.!?\u2026](?=\s+\S)/;
/** Words between marks; an emoji is a mark too ("… vegetarian 🥗🙏 In December we…"). */
const UNMARKED = /[^.!?;:,\n()\u2014\u2013"\p{Extended_Pictographic}]+/gu;

/** A subject that opens a clause of its own. */
const SUBJECT = /^(?:i|i'm|im|i've|ive|i'll|i'd|we|we're|we've|weve|we'll|it's|its|that's|thats|there's|theres|he's|hes|she's|shes|they're|theyre)$/;
/** Words after which a subject continues the clause before it ("because i", "the thing that i", "i think we"). */
const GOVERNS = new Set(
  `that which who whom whose what how why where when whenever while if unless because cause cos coz bc since as so and but or nor
  although though than till til until before after like whether once
  think thought know knew guess hope mean meant wish say said says tell told reckon feel felt sure glad sorry afraid realise realize
  realised realized worried heard hear saw see show shows find found mean means means bet swear promise
  to of in on at for with from by about into onto over under through
  do does did can could would should will am is are was were have has had suppose imagine assume
  wrote writes texted emailed messaged asked asks replied replies goes read reads
  saying telling asking thinking hoping wondering wishing reckons thinks`.split(/\s+/),
);
/** "told me i…", "asked us if we…": a person spoken to, after a word that governs what follows. */
const OBJECT = /^(?:me|you|u|him|her|us|them)$/;
/** How far, in words, a condition's consequence is looked for. */
const CONSEQUENCE_WITHIN = 8;
/** A consequence's mood: "i'd buy", "we'll move", "i would", "we might". */
const CONSEQUENCE = /^(?:\S+'d|\S+'ll|id|ill|(?:i|we) (?:\S+ )?(?:would|will|wd|might|could|can|should|gonna|wanna))\b/;
/** A word that opens a time clause, said with the clause after it. */
const WHEN = /^(?:when|whenever|while|before|after|until|till|once)$/;
/** A word that makes what follows a condition, whose consequence is the next clause. */
const CONDITION = /^(?:if|unless|suppose|supposing|imagine|assuming|hypothetically)$/;
/** Words after which a question is part of the sentence ("i wonder what should…", "ask if you could…"). */
const ASKED_WITHIN = new Set('that if whether know knew wonder wondering ask asked asks tell told show explain and or to you u'.split(' '));
/** A question or request to the assistant: "could you…", "any tips…", "what should i…". */
const ASKS =
  /^(?:(?:could|can|cn|would|will|pls|please|plz) (?:you|u|ya|someone)\b|(?:any|got any) (?:tips|ideas|advice|suggestions|recommendations|thoughts)\b|(?:what|how|which|where|why) (?:do|does|did|should|shld|shd|can|could|would)\b|(?:help me|do you|is it|should i|shld i|shd i|pls|please|plz)\b)/;
/** A marker that opens the next thing said. */
const MARKER = /^(?:anyway|anyways|btw|oh|also|plus|but|so|and)$/;
/** A time said before the subject it belongs to: "and tuesday nights i'm at training". */
const TIME_WORD = new RegExp(
  String.raw`^(?:(?:${DAY_OR_MONTH})s?|weekends?|weekdays?|nights?|mornings?|evenings?|every|most|these|today|tonight|yesterday|tomorrow|last|next|this)$`,
);
/** Where such a time starts: never a trailing "in the morning", which ends the clause before. */
const TIME_START = new RegExp(
  String.raw`^(?:and|on|(?:${DAY_OR_MONTH})s?|weekends?|weekdays?|every|most|these|today|tonight|yesterday|tomorrow|last|next|this)$`,
);
const TIME_GLUE = /^(?:and|the|of|on|at|in|a|days|week|month|year|\d+\w*)$/;
/** "my boss is…", "our daughter lena turned 8": a possessive subject, when a verb follows within three words. */
const OWN = /^(?:my|our)$/;
const OWN_VERB = /^(?:is|are|was|were|has|have|had|does|did|got|gets|just|wants|said|says|told|turned|started|left|moved|lives|works|loves|hates|passed|died)$/;

/** The line with a sentence end put back wherever a long unmarked stretch of it starts a new clause. */
export function punctuated(line: string): string {
  const least = ENDS_A_SENTENCE.test(line) ? RUN_WORDS_AMONG_SENTENCES : RUN_WORDS;
  if (!(line.match(UNMARKED) ?? []).some((run) => words(run).length >= least)) return line;
  return line.replace(UNMARKED, (run) => (words(run).length >= least ? broken(run) : run));
}

const words = (run: string) => run.trim().split(/\s+/);

function broken(run: string): string {
  const lead = run.match(/^\s*/)?.[0] ?? '';
  const trail = run.match(/\s*$/)?.[0] ?? '';
  const said = words(run);
  const lower = said.map((w) => w.toLowerCase().replace(/[\u2018\u2019]/g, "'"));
  const breaks = new Set<number>();
  let last = 0;
  let condition = -1;
  let since = -1;
  for (let i = 0; i < said.length - 1; i++) {
    if (CONDITION.test(lower[i] ?? '')) condition = i;
    if (WHEN.test(lower[i] ?? '')) since = i;
    const at = i < 2 ? null : opensClause(lower, i);
    if (at === null || at < 2 || at <= last + 1) continue;
    // "if i get the job we'll move to leeds": the clause after a condition is its consequence, said with it.
    if (condition >= 0 && i - condition <= CONSEQUENCE_WITHIN && CONSEQUENCE.test(lower.slice(i, i + 3).join(' '))) {
      condition = -1;
      continue;
    }
    // "when i was a kid we lived in leeds": what was so at that time is said with it.
    if (since >= 0 && i - since <= CONSEQUENCE_WITHIN && i > since + 2) {
      since = -1;
      continue;
    }
    breaks.add(at);
    last = at;
  }
  return lead + said.map((w, i) => (breaks.has(i) ? `. ${w}` : i ? ` ${w}` : w)).join('') + trail;
}

/** Where a clause opening at word i starts (before its marker or fronted time), or null. */
function opensClause(lower: string[], i: number): number | null {
  const [prev, word] = [lower[i - 1] ?? '', lower[i] ?? ''];
  const rest = lower.slice(i, i + 4).join(' ');
  if (ASKS.test(rest)) return MARKER.test(prev) ? i - 1 : ASKED_WITHIN.has(prev) ? null : i;
  const subject = SUBJECT.test(word) || (OWN.test(word) && lower.slice(i + 1, i + 4).some((w) => OWN_VERB.test(w)));
  if (!subject) return null;
  if (MARKER.test(prev)) return lower[i - 2] && !GOVERNS.has(lower[i - 2]) ? i - 1 : null;
  if (GOVERNS.has(prev) || (OBJECT.test(prev) && GOVERNS.has(lower[i - 2] ?? ''))) return null;
  return frontedTime(lower, i) ?? i;
}

/** The start of a time said just before the subject at i ("and tuesday and thursday nights"), or null. */
function frontedTime(lower: string[], i: number): number | null {
  let from = i;
  while (from > 1 && i - from < 5 && (TIME_WORD.test(lower[from - 1] ?? '') || TIME_GLUE.test(lower[from - 1] ?? ''))) from--;
  while (from < i && !TIME_START.test(lower[from] ?? '')) from++;
  return from < i && lower.slice(from, i).some((w) => TIME_WORD.test(w)) ? from : null;
}
