/**
 * Whether a request only asks to recall a fact or an event (API.md §7, the persona tier): "when
 * did I…", "where did Priya go for the weekend…", "what's my manager's name?", "which paint did I pick?". Such
 * a question needs the beliefs that answer it, not who the user is. A request for help — advice, a
 * plan, a draft, a recommendation ("what should I cook", "write my…", "any tips…", "which openings
 * suit me?") — needs the persona, and so does anything not clearly a recall question (a statement,
 * a greeting, a fragment, a long paste). Rules over compromise's tagged words, one pass each.
 */
import { loadTagger, tagger } from '../learn/extract/tagger.ts';

/** A word as compromise tags it (a contraction's parts are words of their own: "what's" → what, is). */
interface Term {
  normal: string;
  implicit?: string;
  post: string;
  tags: Set<string>;
}

/** Characters a request may hold and still be only a question: a longer one carries more (a paste, a task) and keeps the persona. */
const MAX_QUESTION = 300;
/**
 * What a plain-ASCII request needs to ask anything here: a question mark, or one of the words compromise's lexicon tags
 * QuestionWord (recallsAFact needs one or the other). Without either it is no question, and the tagger is not run.
 */
const MAY_ASK = /\?|\b(?:how|what|when|where|which|who|whom|whose|why)\b/i;
const ASCII = /^[\x00-\x7f]*$/;

/** Auxiliaries that open a yes-or-no question ("did I…", "has Sam…") or come before a present question's subject ("where do I…"). */
const OPENING_AUXILIARIES = new Set(['do', 'does', 'did', 'has', 'have', 'had']);
const PRESENT_AUXILIARIES = new Set(['do', 'does', 'am', 'is', 'are', 'has', 'have']);
/** Past auxiliaries: "when did…", "what was…", "where had she been". */
const PAST_AUXILIARIES = new Set(['did', 'was', 'were', 'had']);
/** Verbs that ask for help before "to": a need or a wish ("what do I need to sort out", "what do I have to bring"). */
const SEMI_MODALS = new Set(['need', 'needs', 'want', 'wants', 'have', 'has', 'ought', 'supposed']);
/** The assistant addressed: "what do you think", "can you…". */
const TO_THE_ASSISTANT = new Set(['you', 'your', 'yours']);
/** The user, as a subject: "where do [I] work", "when is [my] deadline", "are [we] still on…". */
const THE_USER = new Set(['i', 'we', 'my', 'our']);
/** Words of a present question's subject, after its auxiliary: "what is [the name of Leo's teacher]". */
const SUBJECT_TAGS = ['Determiner', 'Adjective', 'Noun', 'Possessive', 'Value'];
/** What follows a modal used as one ("should I…", "can't", "could it…"), not the month in "…in May?". */
const AFTER_A_MODAL = ['Noun', 'Verb', 'Adverb', 'Negative'];
/** Where a clause ends inside a sentence, so that a question may start after it ("Quick one for my CV: where do I work?"). */
const CLAUSE_END = /[,:;]|\s[-–—]/;

const word = (t: Term | undefined) => (t ? t.implicit || t.normal : '');
const tagged = (t: Term | undefined, tags: string[]) => t !== undefined && tags.some((tag) => t.tags.has(tag));

/** The question's first word: a question word, or a copula or an auxiliary opening a yes-or-no question ("am I…", "did I…"). */
const opens = (t: Term) => t.tags.has('QuestionWord') || t.tags.has('Copula') || OPENING_AUXILIARIES.has(word(t));

/**
 * The part of a sentence that asks, from its opening word on: at the sentence's start, after
 * prepositions ("for how long…", "in what ways…") or after a lead-in without a verb that a comma,
 * colon or dash closes ("Unrelated: what is…", "Quick one for my CV: where do I work"); not a
 * question word inside a clause ("spots near where I live").
 */
function asking(sentence: Term[]): Term[] | undefined {
  for (let i = 0; i < sentence.length; i++) {
    if (!opens(sentence[i]!)) continue;
    const leadIn = sentence.slice(0, i);
    const prepositions = leadIn.every((t) => t.tags.has('Preposition'));
    const closed = !leadIn.some((t) => t.tags.has('Verb')) && CLAUSE_END.test(leadIn.at(-1)?.post ?? '');
    if (i === 0 || prepositions || closed) return sentence.slice(i);
  }
  return undefined;
}

/**
 * Whether a question asks for help: a modal ("what should I cook", "could it rain"), a semi-modal
 * ("what do I need to sort out"; not a named person's need, which asks what they said: "what does Maria need to bring"), the assistant addressed ("what do you think"), or how or why the
 * user does something now ("how do I retry failed tasks", "how to…", "why is my dog sneezing"; not
 * "how did I…", "how does Grandma feel about…").
 */
function asksForHelp(question: Term[]): boolean {
  const [first, second, third] = question.map(word);
  if ((first === 'how' || first === 'why') && (second === 'to' || (['do', 'does', 'am', 'is', 'are'].includes(second!) && THE_USER.has(third!)))) return true;
  return question.some(
    (t, i) =>
      (t.tags.has('Modal') && tagged(question[i + 1], AFTER_A_MODAL)) ||
      (SEMI_MODALS.has(word(t)) && word(question[i + 1]) === 'to' && !tagged(question[i - 1], ['Person'])) ||
      TO_THE_ASSISTANT.has(word(t)),
  );
}

/**
 * Whether a present question is about someone specific: its subject, after its auxiliary, holds the user or a person ("Priya", "Leo's"),
 * or the person is what its opening verb acts on ("what inspires Joanna…", "who supports Caroline…").
 */
function aboutSomeone(question: Term[]): boolean {
  if (tagged(question[1], ['Verb', 'Adjective']) && tagged(question[2], ['Person'])) return true;
  return question.some((t, i) => {
    if (!PRESENT_AUXILIARIES.has(word(t)) && !t.tags.has('Copula')) return false;
    for (const s of question.slice(i + 1)) {
      if (!tagged(s, SUBJECT_TAGS) && word(s) !== 'of') return false;
      if (THE_USER.has(word(s)) || s.tags.has('Possessive') || s.tags.has('Person')) return true;
    }
    return false;
  });
}

/** Whether one sentence only asks to recall a fact or an event: in the past, or in the present about someone specific. */
function recallsAFact(sentence: Term[]): boolean {
  const question = asking(sentence);
  // A question by its mark or by its first word ("when did I go to Porto" typed without one).
  if (!question || !(sentence.at(-1)!.post.includes('?') || question[0]!.tags.has('QuestionWord'))) return false;
  if (asksForHelp(question)) return false;
  return question.some((t) => t.tags.has('PastTense') || PAST_AUXILIARIES.has(word(t))) || aboutSomeone(question);
}

/**
 * Whether the request only asks to recall facts or events: it asks at least one question, and every
 * sentence of it that holds a verb is such a question (a verbless "Quick question." or "Hi!" aside).
 */
export async function asksToRecall(text: string): Promise<boolean> {
  if (text.length > MAX_QUESTION || (ASCII.test(text) && !MAY_ASK.test(text))) return false;
  await loadTagger();
  // The lexicon's tags and compromise's first tagging pass, contractions split: a fraction of a full parse's cost, on the request path.
  const sentences = (tagger().tokenize(text).compute(['lexicon', 'preTagger', 'contractionTwo']).docs as Term[][]).filter((s) =>
    s.some((t) => t.tags.has('Verb')),
  );
  return sentences.length > 0 && sentences.every(recallsAFact);
}
