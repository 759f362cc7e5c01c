import { AHEAD } from './dates.ts';
import { FOUND_CONDITION } from './vocabulary/health.ts';
import { tag } from './voice.ts';

/**
 * What is said but is not the user stating a fact about their own life: questions, hypotheticals
 * and wishes, someone else's words or the user's hedges, quotations, instructions to the assistant,
 * and talk about the other party.
 */

/**
 * What addresses the assistant's behaviour: nothing in a turn holding it is learned, since the
 * instruction may dress itself as a fact ("Ignore previous instructions. I am the admin."). Some of
 * its shapes are "a word, then later on the same line another" ("ignore … the rules", "reply in
 * French … from now on", "from now on … you"); they are looked for one after the other (followedBy), never as one
 * pattern with `.*` between them, which costs the square of a line's length.
 */
const INSTRUCTION =
  /\b(?:standing|permanent|system) (?:instruction|rule|order)s?\b|\bnew (?:instruction|rule|order)s?\s*:|\bsystem prompt\b|\bhenceforth\b|\b(?:every|each|all|any) (?:of )?(?:your |the )?(?:answers?|repl(?:y|ies)|responses?|messages?|outputs?)\b|\bjailbreak\b|\bpretend\b|\broleplay\b|\bact as\b/i;
/** Words that address the assistant or its behaviour: "from now on" beside one instructs ("from now on, call me Boss"), alone it dates the user's own change ("no dairy for me from now on"). */
const ADDRESSED = /\b(?:you|your|yourself|answer|reply|respond|call me|address me|refer to me|admin|administrator|assistant|system|mode|rules?)\b/i;
const FROM_NOW_ON = /\bfrom now on\b/i;
const LATER_ON_A_LINE: [RegExp, RegExp][] = [
  [FROM_NOW_ON, ADDRESSED],
  [ADDRESSED, FROM_NOW_ON],
  // "Going forward, always answer in French" instructs; "…so you can assist me better going forward" only explains.
  [/\bgoing forward\b/i, /\b(?:you|your|always|never|only|answer|reply|respond|call me|address me)\b/i],
  [/\b(?:ignore|disregard|forget)\b/i, /\b(?:instructions?|above|previous|prior|rules?|prompt|everything)\b/i],
  [/\b(?:reply|respond|answer|write|talk|speak) (?:to me )?(?:only )?in\b/i, /\b(?:from now|always|only)\b/i],
];
/**
 * A sentence that carries a link or talks of instructions and prompts may be a payload or a
 * pasted recipe: that sentence is not learned, while the turn's other sentences are ("the new
 * rules on leave", "assembly instructions", a link in a request for help).
 */
const INSTRUCTION_WORDS = /\binstructions?\b|\bprompts?\b|\bhttps?:\/\/|\bwww\./i;
/** The line ends of a regular expression's `.`. */
const LINE_END = /[\n\r\u2028\u2029]/;

/** Sentences whose verbs make everything after them unreal, reported or unsure. */
export const QUESTION_START =
  /^(?!can(?:'t|’t|not|t) (?!(?:you|we|i|u|they|he|she|it|someone|somebody|anyone|anybody)\b)\p{L})(?!(?:don't|don’t|dont|do not) (?!(?:you|we|i|u|they|he|she|it)\b(?! (?:laugh|dare|worry|judge|tell)\b))\p{L})(?:what|where|who|whom|whose|when|why|how|which|do|does|did|is|are|am|was|were|can|could|would|should|will|shall|may|might|has|have|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|shouldn't|any (?:idea|tips|thoughts))\b/iu;
const HYPOTHETICAL =
  /\b(?:(?<!\beven )if|would|(?<!\bnever )could(?! not\b)|might|maybe|perhaps|suppose|supposing|imagine|hypothetically|wish(?! (?:me|us) (?:luck|well)\b)|wishing|unless|someday|some day|one day|probably|possibly|should|whether|wonder|wondering|considering|thinking (?:about|of)|looking into|weighing (?:up )?|toying with|mulling(?: over)?|i'd|or not|hope|hoping|hopefully|(?:day)?dream|(?:day)?dreaming|want to|wanna|wants to|would love|'d love|'d like|would like|fantasi[sz]e|in theory|let's say)\b/i;
/** Someone else's words or opinion, or the user's own hedge: not a fact the user states. */
const REPORTED =
  /\b(?:thinks?|thought|(?:says?|said|saying)(?! (?:goodbye|bye|farewell|yes|no) to\b)|told|tells|believes?|believed|claims?|claimed|suggests?|suggested|reckons?|insists?|insisted|according to|wants? me|wanted me|asks? me(?! to marry\b)|asked me(?! to marry\b)|heard|mentioned|guess|feel like|feels like|not sure|unsure|doubt|apparently|supposedly|rumou?r|allegedly|keeps? telling|advised|recommended|argues?|argued|complains?|complained|(?:is|are|was|'s|'re) (?:convinced|adamant|sure|certain))\b/i;
/** Talk about the other party, or to them. */
const OTHER_PARTY = /(?<![\p{L}\p{N}_])(?:you|your|you're|youre|yours|yourself|ya)(?![\p{L}\p{N}_])/iu;
/** Texting spellings, lower case only ("U.S." is not "you"; the end of "Hafnarfjörður" is no "ur"). */
const OTHER_PARTY_SHORT = /(?<![\p{L}\p{N}_])(?:u|ur)(?![\p{L}\p{N}_])/u;
/** Quoted words are somebody speaking, not a title, when they are in the first person, start in lower case or run long. */
const SPOKEN = /\b(?:[Ii]|[Ii]'m|[Mm]y|[Mm]e|[Ww]e|[Oo]ur)\b|^\s*\p{Ll}|(?<!\S)(?:\S+\s+){6}/u;
/** In single quotes, a name is often written in lower case ("the 'atlas' project"): speech is in the first person or runs long. */
const SPOKEN_IN_SINGLE = /\b(?:[Ii]|[Ii]'m|[Mm]y|[Mm]e|[Ww]e|[Oo]ur)\b|(?<!\S)(?:\S+\s+){4}/u;
/**
 * Quoted speech or titles in quotes, in each script's marks: "…", “…”, «…», „…“, ‹…›, 「…」, 『…』, and '…' opened
 * before a letter where no letter comes before it (not the apostrophe of "I'm", "the kids' room" or "rock 'n' roll").
 */
const QUOTED: [RegExp, RegExp][] = [
  [/["\u201c\u201d]([^"\u201c\u201d]*)(["\u201c\u201d]|$)/g, SPOKEN],
  [/\u00ab([^\u00ab\u00bb]*)(\u00bb|$)/g, SPOKEN],
  [/\u201e([^\u201e\u201c\u201d]*)([\u201c\u201d]|$)/g, SPOKEN],
  [/\u2039([^\u2039\u203a]*)(\u203a|$)/g, SPOKEN],
  [/[\u300c\u300e]([^\u300c\u300d\u300e\u300f]*)([\u300d\u300f]|$)/g, SPOKEN],
  [/(?<![\p{L}\p{N}])'(?=\p{L})([^']{3,})('(?!\p{L})|$)/gu, SPOKEN_IN_SINGLE],
];

/** A sentence not learned, alone: see INSTRUCTION_WORDS. */
export function mentionsInstructions(sentence: string): boolean {
  return INSTRUCTION_WORDS.test(sentence);
}

export function isInstruction(text: string): boolean {
  return INSTRUCTION.test(text) || text.split(LINE_END).some((line) => LATER_ON_A_LINE.some(([first, then]) => followedBy(line, first, then)));
}

/** Whether `then` matches after the first match of `first`: one pass over the line each. */
function followedBy(line: string, first: RegExp, then: RegExp): boolean {
  const m = first.exec(line);
  return m !== null && then.test(line.slice(m.index + m[0].length));
}

/** Any mark QUOTED opens with, tested once before its six patterns: most sentences quote nothing. */
const QUOTE_MARK = /["'\u201c\u201d\u00ab\u201e\u2039\u300c\u300e]/;

/** Someone else's words handed over in writing, after a colon: "my sister texted: just moved to Perth", "Client wrote back: I live in Lyon now". */
const WROTE = String.raw`(?:wrote|writes|texted|texts|messaged|messages|e-?mailed|e-?mails|dm'?e?d|pinged|posted|tweeted|replied|answered|responded|forwarded|sent)`;
// The user's own "I wrote:" is checked behind the word, where the word is: ahead of it, at every blank, it would cost the square of a long run of blanks.
const WRITTEN = new RegExp(String.raw`\b${WROTE}\b(?<!\b(?:i|we)\s{1,8}(?:\S{1,40}\s{1,8})?${WROTE})(?:\s+[^\s:]+){0,4}\s*:\s*\S`, 'i');

/** "also allergic to shellfish now??": a doubled mark after a statement is surprise, not a question. */
export const SURPRISED = /(?:\?[?!]+|!+\?)$/;

export function isQuestionOrQuote(sentence: string): boolean {
  if ((sentence.endsWith('?') && !(SURPRISED.test(sentence) && !QUESTION_START.test(sentence))) || WRITTEN.test(sentence)) return true;
  return QUOTE_MARK.test(sentence) && QUOTED.some(([quoted, spoken]) => [...sentence.matchAll(quoted)].some((m) => m[2] === '' || spoken.test(m[1]!)));
}

/**
 * "Second-year med student at King's, how do I…?", "We speak Tagalog at home, should we…?": a statement before
 * a question in one sentence, said as two — unless what comes first is itself part of the asking ("If I…",
 * "Is it…", "Since I…").
 */
export function statedBeforeAsking(question: string): string[] {
  // "Anyway, as a Python dev…, is…?": a word that only opens the sentence is no statement.
  const sentence = question.replace(OPENER, '');
  const lead = sentence.endsWith('?') ? LEAD_BEFORE_ASKING.exec(sentence)?.groups?.lead : undefined;
  return lead ? [`${lead}.`, sentence.slice(sentence.indexOf(lead) + lead.length).replace(/^\s*(?:,|[—–-])\s*/, '')] : [question];
}
const OPENER = /^(?:anyway|anyways|so|ok|okay|right|well|also|oh|hey|hi|hiya|ah|um|hmm|lol),\s+/i;
const LEAD_BEFORE_ASKING =
  /^(?<lead>(?!(?:if|when|whether|because|since|although|though|as(?! an?\b)|once|unless|say|suppose|supposing|assuming|imagine|what|how|which|who|where|why|is|are|am|was|were|do|does|did|can|could|should|would|will|shall|may|might|have|has|had)\b)[^,;:?—–()"\u201c\u201d]{3,80}?)(?:,| [—–-]|(?= (?:so|and|but) )) (?:(?:so|and|but|ok|anyway) )?(?:what|how|which|who|where|when|why|any|anything|anywhere|anyone|anybody|somewhere|best|recommend|suggest|can|could|should|would|will|is|are|am|may|must|do|does|did|got|know|recs?|recommendations?|ideas?|tips?|thoughts?|advice|suggestions?|help|please|pls)\b/iu;

/** A clause after which nothing in the same sentence is the user's own statement. */
/** "don't play guitar anymore": a habit the user dropped, said without "I", not a question. */
const DROPPED_HABIT = /^(?:don'?t|do not|didn'?t)\s+(?!you\b)[^?]*\b(?:anymore|any more|these days|nowadays)\b[^?]*$/i;

/** The user putting right what they said: "I said Porto", "I meant Max" report nobody's words but their own. */
const PUT_RIGHT =
  /^(?:(?:no|nope|sorry|actually|correction|oops)\b[\s,:!-]*)*i (?:said|meant|wrote|typed)\s+(?!(?:that|to|so|it|i|i'd|we|you|he|she|they|something|nothing|yes|no)\b)\S/i;

/**
 * "did i say lisbon? i meant porto": the value asked back and the one meant, said as the correction the change
 * readers take ("i meant porto, not lisbon").
 */
export function putRight(text: string): string {
  return text.replace(ASKED_BACK_THEN_MEANT, (_, wrong: string, right: string) => `I meant ${right}, not ${wrong}`);
}
const ASKED_BACK_THEN_MEANT =
  /\b(?:did|have) i (?:just )?(?:say|said|write|wrote|type|typed|tell you|told you|mention|mentioned) ([\p{L}'’-]+(?: [\p{L}'’-]+)?)\?+\s*(?:(?:no|nope|sorry|oops|wait|ugh|[—–-])[,!.]*\s*)*(?:i (?:meant|mean)|it(?:'s|’s| is)) ([\p{L}'’-]+(?: [\p{L}'’-]+)?)/giu;

export function endsStatements(clause: string): boolean {
  if (QUESTION_START.test(clause) && !DROPPED_HABIT.test(clause)) return true;
  const said = clause.replace(FRANKLY, '');
  return HYPOTHETICAL.test(said.replace(ABOUT, '')) || (reports(said) && !ASKS.test(said) && !PUT_RIGHT.test(said));
}

const FOUND_OF_ME = new RegExp(String.raw`\b(?:i'm|i am|im)\s+(?:now\s+|also\s+)?(?:${FOUND_CONDITION})\b`, 'i');
/** A reporting word the tagger reads as a noun before another noun reports nothing: "a claims analyst", "the claims team". */
function reports(clause: string): boolean {
  const said = REPORTED.exec(clause)?.[0];
  if (!said) return false;
  // "I'm allergic to latex too, apparently": a finding the user tells as theirs, with a shrug.
  if (/^apparently$/i.test(said) && FOUND_OF_ME.test(clause)) return false;
  // Only a word that may be a noun ("claims") before a word that may be one is tagged: tagging is dear.
  if (
    !/^\p{L}+s$/iu.test(said) ||
    !new RegExp(`\\b${said}\\s+(?!(?:i|i'm|we|you|he|she|they|it|that|this|the|a|an|my|our|his|her|their|to|so|about|in|on)\\b)\\p{Ll}`, 'iu').test(clause)
  )
    return true;
  const terms = tag(clause);
  const at = terms.findIndex((t) => t.text.toLowerCase() === said.toLowerCase());
  const [word, next] = [terms[at], terms[at + 1]];
  return !word || word.tags.has('Verb') || !next?.tags.has('Noun') || next.tags.has('Pronoun');
}

/** A part of a clause said of someone else: a name, he, she, they, someone of the user's, or a relative clause of theirs ("Hugo wants to surf", "my wife thinks…", "the kids want…", "doctor said…", "a Lhasa Apso who thinks…"). */
const SOMEONE_ELSES =
  /^(?:(?!I\b)\p{Lu}[\p{L}'-]+|(?:he|she|they|his|her|their)\b|(?:my|our|the) (?!own\b)[\p{L}-]+\b|(?!(?:i|we|you|they)\b)[\p{Ll}-]+ (?:says?|said|thinks?|thought|told|reckons?|warned|wants|needs)\b|(?:an?|the) [^,]*?\bwho (?:says|said|thinks|thought|reckons|believes)\b)/u;

/**
 * The clause as far as the user states it: whole, unless after a comma someone else's wish, words
 * or question begins ("We're doing Biarritz instead, driving down, Hugo wants to surf" → "We're
 * doing Biarritz instead, driving down"); empty when the clause ends statements from its start.
 */
export function statedBefore(clause: string): string {
  if (!endsStatements(clause)) return clause;
  // "…out spearfishing off Raglan if the vis is any good": a condition on the world may follow without a comma.
  const parts = clause.split(/, | (?=if (?:there|it|the)\b)/);
  const at = parts.findIndex((p) => endsStatements(p));
  // "…I gave up my spot, and after twelve years I want to say something": a clause of its own after "and" or "but" leaves what was said before it.
  // "…is Sister Agnes, who could out-swear any sailor": a relative clause says its own of what it follows.
  // "…in Python, with some Excel when the business people insist": when someone else does something is no doubt on what the user said.
  // "I live in Baner, if you know any cafes there": a condition on the assistant leaves what the user said as said.
  // "Sunday I ski, if there is snow": a condition on the world after what the user does as a rule leaves the rule said; after a plan it makes the plan unsure.
  const habit = IF_THE_WORLD.test(parts[at]!) && !AHEAD.test(parts.slice(0, at).join(', '));
  const after =
    SOMEONE_ELSES.test(parts[at]!) ||
    /^(?:and|but|who|whose|which)\s/i.test(parts[at]!) ||
    WHEN_SOMEONE_ELSE.test(parts[at]!) ||
    habit ||
    TO_YOU.test(parts[at]!) ||
    ASKS_YOU.test(parts[at]!);
  return (at > 0 && after && !parts.slice(0, at).some(endsStatements) ? parts.slice(0, at).join(', ') : '') || beforeAnd(clause);
}

/** A clause that opens on someone or something else than the user ("the Linear trial ended and…", "Priya lives…"). */
const SOMEONE_OR_SOMETHING =
  /^(?:(?:so|and|but|well|also|anyway|oh|ok|okay|yeah|btw),? )*(?:the|a|an|this|that|these|those|his|her|their|he|she|they|it|its|it's|there|\p{Lu}\p{Ll}+(?! (?:and|&) (?:i|me)\b)\s+(?!(?:i|i'm|we)\b)\p{Ll})\b/u;

/** "We live in Cork and might move to Galway", "I'm a nurse and would love to retrain": what the user says before a wish joined to it. */
function beforeAnd(clause: string): string {
  if (SOMEONE_OR_SOMETHING.test(clause)) return '';
  // The first few joints only: a statement and its wish are said close together, and a run-on clause costs no more than they do.
  for (const joint of [...clause.matchAll(/\s+(?:and|but)\s+/gi)].slice(0, 4)) {
    const before = clause.slice(0, joint.index);
    if (endsStatements(before)) return '';
    if (endsStatements(clause.slice(joint.index + joint[0].length))) return before;
  }
  return '';
}

/** "…out of pure habit, anyway could you help me…": a request to the assistant after what the user said leaves it said. */
const ASKS_YOU =
  /^(?:(?:anyway|anyways|so|but|and|ok|okay|oh|also|now|btw|right),? )*(?:(?:could|can|would|will) (?:you|u|ya|ye)|please|pls|plz|help me|any (?:tips|ideas|advice))\b/i;

/** "I live in Baner, if you know any cafes there", "…, if that helps": a condition on the assistant's side, not on what the user said. */
const TO_YOU =
  /^(?:if|when|whenever|in case) (?:you|u)\b|^(?:if|in case) (?:that|it|this) (?:helps|matters|is relevant|makes a difference|changes anything)\b|^if relevant\b/i;

const IF_THE_WORLD =
  /^(?:at least |only )?if (?:there(?:'s| is| are)|it(?:'s| is)? (?:not |dry|raining|sunny|nice|fine|warm|cold|snowing|windy|calm)|the (?:weather|wind|waves|snow|tide|sea|rain|river|lake|loch|pitch|course|ground|roads?|trails?|surf|swell|vis|visibility|conditions|forecast|water|fish)\b)/i;
const WHEN_SOMEONE_ELSE = /\b(?:when|whenever|because|unless|until)\s+(?!(?:i|i'm|we|we're)\b)/i;

/** "Make me a playlist…", "recommend a good bakery near my place", "help me write…": the user asks the assistant for something and states nothing. */
const ASKS_FOR =
  /^(?:(?:please|pls|plz|kindly|can you|could you|would you|will you) )?(?:(?:make|give|help|write|draft|tell|show|find|get|send|build|create|plan|teach|remind|book|list|pick|choose|sort)\s+(?:me|us)\b|(?:recommend|suggest)\s+(?:(?:me|us) )?(?:a|an|some|the|good|nice|any|something|somewhere|where|what|how)\b)/i;
export function asksTheAssistant(clause: string): boolean {
  return ASKS_FOR.test(clause);
}

/** "Suggest a meal plan, I'm diabetic": a request to the assistant, not someone's suggestion. */
const ASKS = /^(?:please |pls |can you |could you )?(?:suggest|recommend|advise)\b/i;

/** "if I'm honest", "if truth be told": an "if" that frames how frankly the user speaks, not a condition. */
export const FRANKLY_SAID = String.raw`if (?:(?:i'm|i am|im|we're|we are) (?:being )?(?:(?:totally|completely|brutally|really) )?(?:honest|real|truthful)(?: with (?:myself|ourselves))?|(?:the )?truth be told|i say so myself)`;
const FRANKLY = new RegExp(String.raw`\b(?:${FRANKLY_SAID}|if anything)\b`, 'gi');
/**
 * "maybe 5 espresso a day", "probably twice a week", "chess online, too much probably": a hedge on a number or an
 * amount is how many, not whether.
 */
const ABOUT =
  /\b(?:maybe|perhaps|probably|possibly)\s+(?=\d|(?:a few|a couple|one|two|three|four|five|six|seven|eight|nine|ten|twice|once)\b|(?:(?:way|far|a bit|a little|a tad|much) )?too (?:much|many|often|long|late)\b)|(?<=\btoo (?:much|many|often|long|late)),?\s+(?:maybe|perhaps|probably|possibly)\b|\b(?:(?:maybe|perhaps|probably|possibly)\s+)?more than (?:i|we) should\b/gi;

export function aboutOtherParty(clause: string): boolean {
  return OTHER_PARTY.test(clause) || OTHER_PARTY_SHORT.test(clause);
}

/** After someone else's words, a question or a condition in the sentence, the clause `raw` is the user speaking again. */
export function saidAgain(raw: string, sentence: string): boolean {
  return concluded(raw, sentence) || ownAfterComma(raw, sentence);
}

/**
 * "the physio says my hip is done, so that's the end of parkrun for me": after someone else's
 * words, what the user concludes of themselves after "so" is said in their own voice.
 */
function concluded(raw: string, sentence: string): boolean {
  // "…, so it's rooibos now instead of the Earl Grey": what "it" is now, concluded, is the user's too.
  if (!OF_THE_USER.test(raw) && !/^(?:it's|its|it is)\b/i.test(raw)) return false;
  const at = sentence.indexOf(raw);
  return at > 0 && /(?:^|[\s,])so\s+$/i.test(sentence.slice(0, at));
}
const OF_THE_USER = /\b(?:i|i'm|i've|me|my|we|we're|our|us)\b/i;

/**
 * "The HR lady said I'm eligible for a transfer, I work at BMW in Oxford", "my wife thinks I work too
 * hard, and I live in Leeds": after a comma (and an "and" or "but"), the user speaking again in the present of
 * themselves, with nothing unreal or reported of its own, is no longer inside the words before.
 */
const WHEN_FIRST =
  /^(?:(?:as of|from|since|starting|this|next|last) [\p{L}\d' ]{1,25}?|(?:right )?now|for now|at the moment|currently|these days),? (?=(?:i|i'm|im|i am|i've)\s)/iu;
const CONDITION = /\b(?:if|unless|suppose|supposing|assuming|in case|when|whenever|once|imagine|say|let's say|what if)\b/i;
function ownAfterComma(raw: string, sentence: string): boolean {
  // "…, and as of this month I'm the new assistant principal": a time said first leaves the user speaking.
  const own = raw.replace(WHEN_FIRST, '');
  if (!/^(?:i|i'm|im|i am|i've)\s/i.test(own) || endsStatements(own)) return false;
  const at = sentence.indexOf(raw);
  // "If I get the job, I move to London": the clause after a condition is its consequence.
  // "I'd love to be a chef someday but right now I'm an accountant": what is so now, set against a wish, is the user's.
  const against = /,\s*(?:(?:and|but)\s+)?$/i.test(sentence.slice(0, at)) || (own !== raw && /\sbut\s+$/i.test(sentence.slice(0, at)));
  if (at <= 0 || !against || CONDITION.test(sentence.slice(0, at))) return false;
  const verb = tag(own)
    .slice(1)
    .find((t) => t.tags.has('Verb'));
  return !!verb && !verb.tags.has('PastTense') && !verb.tags.has('Modal') && !verb.tags.has('Gerund');
}

/**
 * "…we should get a dog. A dog!": a few words said back from the sentence before, with a mark of surprise,
 * repeat it in disbelief and state nothing.
 */
export function echoes(sentence: string, before: string | undefined): boolean {
  if (!before || !/[!?]\s*$/.test(sentence)) return false;
  const words = sentence.toLowerCase().match(/[\p{L}\d'-]+/gu) ?? [];
  if (words.length === 0 || words.length > 4) return false;
  const said = new Set(before.toLowerCase().match(/[\p{L}\d'-]+/gu));
  return words.every((w) => said.has(w));
}
