import type { Candidate, Retraction } from '../../../ports/beliefs.ts';
import { kindOfKey } from '../../kinds.ts';
import { stemWord } from '../../text.ts';
import { type Held, without } from './resolve.ts';
import { tagger } from './tagger.ts';
import { pastimeNamed, pastimesOf } from './vocabulary/pastimes.ts';

/**
 * A pastime or a tool ended without a sentence the change readers know ("told the director to take my
 * name off the Thursday list for good", "the Nokia's in the drawer for good"): a sentence of the user's
 * that says something ended, about a thing exactly one of the user's pastimes or tools names.
 */
const ENDED =
  /\b(?:for good|no more|any ?more|no longer|never again|that(?:'s| is) (?:it|that)(?: for me)?|end of an era|chapter is (?:closed|over)|(?:gave|give|given|giving) (?:up|away)|(?:handed|hand|handing) over|h(?:ung|ang|anging) up|sold|flogged|listed|quit|stopped|cancel+ed|deleted|uninstalled|deinstalled|closed (?:my|our|the)|retired|won'?t be (?:back|going back|returning)|not going back|(?:last|final) (?:ever )?(?:game|match|session|lesson|class|meeting|practice|training|race|gig|rehearsal|season|shift)|bow(?:ed)? out|resign(?:ed|ation)?|switched off|shut down|powered off|archived|expired|lapsed|let (?:it|them|the \w+) (?:go|lapse|expire)|moved on from|done with|finished with|called it a day|packed (?:it )?in|packed up|gathering dust|in the drawer|in (?:the|its|their) case)\b/i;
/** Not done: a plan, a wish, a condition, a question, or what someone else thinks of it. */
const HEDGED =
  /\b(?:might|maybe|perhaps|thinking (?:of|about)|considering|should i|if|would|wish|one day|someday|some day|going to|gonna|will|plan(?:ning)? to|tempted|almost|nearly|for now|for a (?:while|bit|few \w+|couple of \w+)|until|till|til|temporarily|on hold|pause[ds]?|(?:a|the) break|this (?:week|month|season|term)|(?:next|coming) (?:week|month|season|year)|when (?:my|the|it)|once (?:my|the|it)|(?:thinks?|reckons?|believes?|suggests?|wants?) (?:i|i'm|me|that))\b|\?/i;
/** Someone else's news: their stopping is not the user's. */
const SOMEONE_ELSE =
  /^(?:[\w'’]+ ){0,3}?(?:he|she|they|my (?:\w+ )?(?:friend|mate|sister|brother|wife|husband|partner|mum|mom|dad|son|daughter|colleague|boss|cousin|neighbou?r|kids?)s?|his|her)\b/i;
/** Nouns too common to say which pastime or tool a sentence is about. */
const COMMON = new Set(
  (
    'time day week month year night morning evening weekend season today yesterday thing stuff lot bit way place home house ' +
    'work job life people friend family money knee back shoulder hip ankle wrist doctor physio surgeon user kid wife husband ' +
    'sunday monday tuesday wednesday thursday friday saturday good end era name list club team group class lesson session game ' +
    'match app account phone laptop computer case'
  )
    .split(' ')
    .map(stemWord),
);

/** Whether a sentence says, in the user's voice and not as a plan, that something ended. */
export function saysEnded(sentence: string): boolean {
  const cue = ENDED.exec(sentence);
  if (!cue || HEDGED.test(sentence) || SOMEONE_ELSE.test(sentence)) return false;
  // "Jess quit volleyball", "Our setter sold his kit": who did it is said before the verb, and is not the user.
  const before = sentence.slice(0, cue.index);
  return !AGENTIVE.test(cue[0]) || BY_THE_USER.test(before.slice(-120)) || DONE_TO_IT.test(before.slice(-80));
}
/** Endings someone does, rather than a state a thing is in ("in the drawer", "for good"). */
const AGENTIVE =
  /^(?:quit|stopped|sold|flogged|listed|retired|resign|deleted|uninstalled|deinstalled|closed|cancel|gave|give|given|giving|handed|hand|handing|hung|hang|hanging|bow|moved|called|packed|switched|powered|archived|shut|done|finished)/i;
/** A thing it was done to ("VS Code is now uninstalled", "the Bitbucket workspace got archived"). */
const DONE_TO_IT = /\b(?:is|was|are|were|got|gets|been|'s)(?: (?:now|finally|also|just|officially|all|completely|\w+ly))* $/i;
/** Nothing before the verb but the user, or no one: "Sold the kayak", "So I finally quit", "We've cancelled". */
const BY_THE_USER =
  /^(?:(?:so|and|but|well|ok|okay|anyway|yesterday|finally|then|also|just|officially|eventually|honestly|today|last \w+)[,!.]? )*(?:(?:i|we)(?:'ve|'d| have| had)?(?: (?:just|finally|also|then|officially|eventually|actually|really|already|\w+ly))* )?$/i;

/**
 * The one pastime or tool of the user's the sentence names, ended: the belief, or only the part of it
 * that names the thing when it says other things beside it. None when it names none, or several.
 */
export function endedByTopic(sentence: string, before: string, held: Held[]): (Candidate | Retraction)[] {
  const names = new Map<string, string>();
  // "Bridge partner Dot moved to Arizona. Told the director to take my name off the list for good": the sentence before may name the pastime.
  for (const word of before.toLowerCase().match(/[\p{L}-]+/gu) ?? []) if (pastimeNamed(word) !== undefined) names.set(stemWord(word), word);
  const name = (word: string) => {
    const stem = stemWord(word);
    if (word.length >= 3 && !COMMON.has(stem)) names.set(stem, word);
  };
  for (const noun of [
    ...tagger()(sentence)
      .match('(#Noun|#Gerund)')
      .not('#Pronoun')
      .out('array')
      .flatMap((n: string) => n.toLowerCase().match(/[\p{L}\d]+/gu) ?? []),
    // "Bridge partner Dot moved": a pastime's name, however it was tagged.
    ...(sentence.toLowerCase().match(/[\p{L}-]+/gu) ?? []).filter((w) => pastimeNamed(w) !== undefined),
  ]) {
    name(noun);
    for (const pastime of pastimesOf(noun, stemWord)) name(pastime);
  }
  const named = held.flatMap((h) => {
    const word = h.active && ofPastimeOrTool(h) ? words(h.statement).find((w) => names.has(w)) : undefined;
    return word ? [{ row: h, thing: names.get(word)! }] : [];
  });
  if (named.length !== 1) return [];
  const [{ row, thing }] = named as [{ row: Held; thing: string }];
  const rest = without(row, thing);
  // "uses a Kindle, a Pixel phone and a Dell laptop": what else it says stays; when that cannot be told apart ("plays bass in a band, CrossFit…"), nothing ends.
  if (!rest && /, | and /.test(row.statement)) return [];
  return [{ key: row.key ?? '', mention: thing, id: row.id }, ...(rest ? [rest] : [])];
}

/** A belief of the user's own about what they do or use: a several-value kind's, or one of no kind, never about someone else. */
function ofPastimeOrTool(h: Held): boolean {
  if (!/^The user (?!'s)/.test(h.statement)) return false;
  const kind = h.key ? kindOfKey(h.key) : undefined;
  return kind ? !kind.one_value && ['hobby', 'instrument', 'tool', 'skill', 'learning', 'programming_language'].includes(kind.kind) : true;
}

/** A statement's words past "The user", a hyphened one ("five-a-side") whole as well as in its parts. */
const words = (statement: string) =>
  (statement.toLowerCase().match(/[\p{L}\d]+(?:-[\p{L}\d]+)*/gu) ?? [])
    .slice(2)
    .flatMap((w) => (w.includes('-') ? [w, ...w.split('-')] : [w]))
    .map(stemWord);
