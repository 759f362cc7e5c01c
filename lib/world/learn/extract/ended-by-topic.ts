import type { Candidate, Retraction } from '../../../ports/beliefs.ts';
import { kindOfKey } from '../../kinds.ts';
import { literal, stemWord } from '../../text.ts';
import { forgettingEnded } from './left-behind.ts';
import { type Held, namesInKey, readsAsFact, without } from './resolve.ts';
import { tagger } from './tagger.ts';
import { ENDED_BY_OTHERS, ENDED_BY_SOMEONE, ENDED_OVER, ENDED_STATE } from './vocabulary/endings.ts';
import { CHILD, RELATIVE } from './vocabulary/family.ts';
import { BOSS } from './vocabulary/work.ts';
import { pastimeNamed, pastimesOf } from './vocabulary/pastimes.ts';

/** Not done: a plan, a wish, a condition, a question, or what someone else thinks or says of it ("stopped going to choir" is done). */
const HEDGED =
  /\b(?:might|maybe|perhaps|thinking (?:of|about)|considering|should i|if|would|wish|one day|someday|some day|(?<!\b(?:stop|stopped|stopping|quit|quitting|up) )going to|gonna|will|plan(?:ning)? to|tempted|almost|nearly|for now|for (?:a|an|one|two|three|a few|a couple of) (?:while|bit|days?|weeks?|fortnight|months?|few \w+|couple of \w+)|over (?:the )?(?:summer|winter|holidays?|christmas)|until|till|til|temporarily|on hold|pause[ds]?|(?:a|the) break|this (?:week|month|season|term)|(?:next|coming) (?:week|month|season|year)|when (?:my|the|it)|once (?:my|the|it)|(?:thinks?|reckons?|believes?|suggests?|wants?) (?:i|i'm|me|that)|keeps? (?:telling|saying)|(?<=, )says|according to)\b|\?/i;
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
export const saysEnded = (sentence: string): boolean => endIn(sentence) !== undefined;

/** Where a sentence says something ended, and how. */
function endIn(sentence: string): End | undefined {
  if (HEDGED.test(sentence) || SOMEONE_ELSE.test(sentence)) return undefined;
  const done = ENDED_BY_SOMEONE.exec(sentence);
  if (!done) {
    // "The council demolished the lido": whoever did it, what they did it to is what ended.
    const others = ENDED_BY_OTHERS.exec(sentence);
    if (others) return { at: others.index, end: others.index + others[0].length, by: 'someone' };
    const state = ENDED_STATE.exec(sentence);
    if (state) return { at: state.index, end: state.index + state[0].length, by: 'state' };
    const over = ENDED_OVER.exec(sentence);
    return over ? { at: over.index, end: over.index + over[0].length, by: 'over' } : undefined;
  }
  // "Jess quit volleyball", "Our setter sold his kit": who did it is said before the verb, and is not the user.
  const before = sentence.slice(0, done.index);
  const after = sentence.slice(done.index + done[0].length);
  // "Surfing was fun but I've given it up": who did it opens the clause the verb ends.
  const clause = before
    .slice(-120)
    .split(/[,;:—–]\s*|(?<=\s)(?=(?:but|and|so|then)\s)/i)
    .at(-1)!;
  const ours = BY_THE_USER.test(clause) || DONE_TO_IT.test(before.slice(-80)) || TO_THE_USER.test(done[0]) || TO_THEIRS.test(after);
  return ours ? { at: done.index, end: done.index + done[0].length, by: 'someone' } : undefined;
}
/** Where an end is said, and how: done by someone (the thing is before it or its object), a state (the thing is before it), or over (anywhere). */
interface End {
  at: number;
  end: number;
  by: 'someone' | 'state' | 'over';
}
/** A thing it was done to ("VS Code is now uninstalled", "the Bitbucket workspace got archived"). */
const DONE_TO_IT = /\b(?:is|was|are|were|got|gets|been|'s)(?: (?:now|finally|also|just|officially|all|completely|\w+ly))* $/i;
/** Nothing before the verb but the user, or no one: "Sold the kayak", "So I finally quit", "We've cancelled". */
const BY_THE_USER =
  /^(?:(?:so|and|but|well|ok|okay|anyway|yesterday|finally|then|also|just|officially|eventually|honestly|today|last \w+)[,!.]? )*(?:(?:i|we)(?:'ve|'d| have| had)?(?: (?:just|finally|also|then|officially|eventually|actually|really|already|\w+ly))* )?$/i;
/** Done to the user by whoever could: "the county struck me off". */
const TO_THE_USER = /\b(?:me|us)\b/i;
/** Done to a thing of the user's by whoever could: "IT switched off our Slack", "pulled the plug on our Slack", "revoked everyone's licences". */
const TO_THEIRS = /^ (?:(?:on|to|for|from) )?(?:(?:all|every one of|each of) )?(?:my|our|everyone[’']s|everybody[’']s)\b/i;

/**
 * A pastime or a tool ended without a sentence the change readers know ("told the director to take my
 * name off the Thursday list for good", "the Nokia's in the drawer for good"): the one thing of the
 * user's the sentence says ended, and the beliefs that name it — or only the part of one that names it
 * when it says other things beside. None when it names none, or several.
 */
export function endedByTopic(sentence: string, before: string, held: Held[], tries = 3): (Candidate | Retraction)[] {
  // Only a pastime or a tool the user holds can end here: without one, the sentence's nouns need no tagging.
  if (!held.some(isEndable)) return [];
  const cue = endIn(sentence);
  if (!cue) return [];
  const names = namesIn(sentence, held, cue);
  // "Knee surgery is done, doctor has said badminton is finished for me": an end of nothing the user holds, then one of theirs.
  const next = sentence.slice(cue.end).replace(/^[^,;:—–]*[,;:—–]\s*/, '');
  if (tries > 1 && heldNaming(names, held).length === 0 && next.length < sentence.length - cue.end && next.length > 0)
    return endedByTopic(next, '', held, tries - 1);
  // "Bridge partner Dot moved to Arizona. Told the director to take my name off the list for good": the sentence before may name the pastime.
  for (const word of before.toLowerCase().match(/[\p{L}-]+/gu) ?? []) if (pastimeNamed(word) !== undefined) names.set(stemWord(word), word);
  let said = sentence;
  let named = heldNaming(names, held);
  // "Knocked tea over the ThinkPad. It's dead": what "it" ends is the thing the sentence before named.
  if (named.length === 0 && BACK_TO_IT.test(sentence) && before) {
    said = before;
    named = heldNaming(namesIn(before, held), held);
  }
  // "our flight to Lisbon got cancelled, rebooked for Tuesday": a part of a trip, or the trip moved, is not the trip called off.
  if (PART_OF_A_TRIP.test(said)) named = named.filter(({ row }) => !isPlan(row));
  if (named.length === 0 || named.some((n) => n.thing !== named[0]!.thing)) return [];
  // "IT switched off our Slack" ends every belief that names Slack by its name ("VS Code is uninstalled" ends "uses VS Code", not "the user's code sits on Bitbucket"); two beliefs with a common word ("the choir") leave it unclear which ended.
  const byName = named.filter(({ row, thing }) => capitalised(row.statement, thing) && capitalised(said, thing));
  const ending = named.length === 1 ? named : byName.length > 0 ? byName : keyedBy(named);
  return ending.flatMap(({ row, thing }) => {
    const rest = without(row, thing);
    // "uses a Kindle, a Pixel phone and a Dell laptop": what else it says stays; when that cannot be told apart ("plays bass in a band, CrossFit…"), nothing ends.
    if (!rest && /, | and /.test(row.statement)) return [];
    return [{ key: row.key ?? '', mention: thing, id: row.id }, ...(rest && readsAsFact(rest) ? [rest] : [])];
  });
}
/**
 * "…playing darts with the lads" beside "plays darts": when one of the beliefs that name the one thing is keyed by it
 * as the user's pastime or tool, they all speak of it; else which one ended is unclear.
 */
function keyedBy(named: { row: Held; thing: string }[]): { row: Held; thing: string }[] {
  const keyed = named.some(({ row, thing }) => row.key !== null && kindOfKey(row.key) !== undefined && namesInKey(row.key, thing));
  return keyed ? named : [];
}
/** A sentence that says its end of a thing named before it: "it's dead", "sold them", "that's that". */
const BACK_TO_IT = /\b(?:it|it[’']s|its|they|them|that one|the thing)\b/i;

/**
 * The things a sentence names, each by its stem: its nouns, the pastimes its gear stands for, and
 * the names the user's beliefs spell with a capital. With the end the sentence says, only where it
 * says the thing ends it (endsIt).
 */
function namesIn(sentence: string, held: Held[], cue?: End): Map<string, string> {
  const names = new Map<string, string>();
  const name = (word: string) => {
    const stem = stemWord(word);
    if (word.length >= 3 && !COMMON.has(stem) && (!cue || endsIt(sentence, cue, word))) names.set(stem, word);
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
    // "Sold the bike" ends the cycling; "the bike got stolen" only the bike.
    if (cue?.by !== 'state') for (const pastime of pastimesOf(noun, stemWord)) name(pastime);
  }
  // "Nationwide account is closed": a name the user's belief spells with a capital, however the sentence's tagger took it.
  const said = new Set(sentence.toLowerCase().match(/[\p{L}\d]+/gu));
  for (const h of held)
    for (const proper of h.statement.slice('The user'.length).match(/\b\p{Lu}[\p{L}\d]+/gu) ?? [])
      if (said.has(proper.toLowerCase())) name(proper.toLowerCase());
  return names;
}

const isEndable = (h: Held) => h.active && ofPastimeOrTool(h);
const isPlan = (h: Held) => (h.key ? kindOfKey(h.key)?.kind === 'plan' : false);
const PART_OF_A_TRIP =
  /\b(?:flights?|trains?|ferry|ferries|bus|coach|connection|layover|rebook\w*|re-book\w*|reschedul\w*|postpon\w*|delay\w*|push(?:ed)? (?:back|to)|moved? (?:to|back))\b/i;
/** The user's pastime and tool beliefs that name one of the names, each with the name. */
const heldNaming = (names: Map<string, string>, held: Held[]) =>
  held.flatMap((h) => {
    const word = isEndable(h) ? words(h.statement).find((w) => names.has(w)) : undefined;
    return word ? [{ row: h, thing: names.get(word)! }] : [];
  });

/**
 * Whether the sentence ends the thing it names, rather than a part of it or someone else's: where it
 * says the thing, it is no one else's ("next door's Prius got written off"); a state is said of a thing
 * before it ("the Kobo is dead"), and what someone did is done to a thing said before ("the Bitbucket
 * workspace got archived") or as the object ("sold my cello", "handed my folder back"), not past it ("sold the roof bars off the Golf").
 */
function endsIt(sentence: string, cue: End, word: string): boolean {
  const lower = sentence.toLowerCase();
  const spots = [...lower.matchAll(new RegExp(wordAt(word).source, 'giu'))].map((m) => m.index);
  // A name found through its pastime ("the boots" for football), or in the sentence before: nothing to place.
  if (spots.length === 0) return true;
  const object = cue.end + (OBJECT.exec(lower.slice(cue.end))?.[0].length ?? 0);
  return spots.some(
    (at) => !SOMEONE_ELSES.test(lower.slice(Math.max(0, at - 40), at)) && (cue.by === 'over' || at < cue.at || (cue.by === 'someone' && at <= object)),
  );
}
/** Whether a text spells a word with a capital: a name. */
const capitalised = (text: string, word: string) => /^\p{Lu}/u.test(wordAt(word).exec(text)?.[0] ?? '');
/** A word whole, in any case. */
const wordAt = (word: string) => new RegExp(`(?<![\\p{L}\\d])${literal(word)}(?![\\p{L}\\d])`, 'iu');

/** What someone did the ending to: the words after the verb ("resigned as treasurer", "stopped going to choir") up to a preposition, a conjunction or a stop. */
const OBJECT =
  /^(?: \p{L}+ing)?(?: (?:from|as|of|with|to|for|at|in|on)\b)?(?:(?! (?:to|for|from|off|of|onto|into|with|when|because|since|after|before|and|but|so|as|while|by)\b)[^,.;:!?—–])*/iu;
/** Said right before a thing: it is someone else's ("her piano", "next door's Prius"). */
const SOMEONE_ELSES = /(?:\b(?:his|her|their)|(?<!\beve(?:ryone|rybody))['’]s)\s+(?:[\p{L}-]+\s+)?$/u;

/** The most words a belief that is only news of an end has: "The user's ops guy powered off the Jenkins box". */
const NEWS_WORDS = 12;

/**
 * What a turn learned beside the ends no reader knew. What it says of the ended thing goes with the
 * thing: a short belief that names it and nothing else by name ("My Spotify Premium ran out on the
 * 3rd", "knocked tea over the ThinkPad") goes whole; a longer one keeps what else it says
 * ("configuring Neovim and VS Code is uninstalled" keeps Neovim), or stays as said when that cannot be cut.
 */
export function withEndedByTopic(found: (Candidate | Retraction)[], ended: (Candidate | Retraction)[], held: Held[]): (Candidate | Retraction)[] {
  const things = new Set(ended.flatMap((e) => ('mention' in e && e.mention ? [stemWord(e.mention)] : [])));
  const gone = new Set(ended.flatMap((e) => ('id' in e && e.id !== undefined ? [e.id] : [])));
  // "Spotify Premium": a name the ended belief itself says is no other thing.
  const known = new Set(held.flatMap((h) => (gone.has(h.id) ? words(h.statement) : [])));
  const naming = (statement: string) => words(statement).find((w) => things.has(w));
  const short = (statement: string) => statement.split(' ').length <= NEWS_WORDS;
  const news = (statement: string) =>
    short(statement) &&
    (naming(statement) !== undefined || DONE_TO_IT_SAID.test(statement)) &&
    (statement.slice('The user'.length).match(/\b\p{Lu}[\p{L}\d]*/gu) ?? []).every((name) => known.has(stemWord(name.toLowerCase())));
  const kept = new Set(forgettingEnded([...found, ...ended], held));
  const keptBefore = new Set(forgettingEnded(found, held));
  const left = found.flatMap((f): (Candidate | Retraction)[] => {
    if (!('statement' in f)) return [f];
    if (news(f.statement) || !keptBefore.has(f)) return [];
    if (kept.has(f)) return [f];
    // Taken only by these ends: a short belief goes, a longer one keeps what else it says.
    const thing = naming(f.statement);
    if (short(f.statement) || thing === undefined) return [];
    const rest = without({ id: '', key: f.key ?? null, statement: f.statement, active: true }, thing);
    return [rest ? { ...f, statement: rest.statement } : f];
  });
  return [...left, ...ended];
}

/** "The user gave it up": the end's own words, the thing said only as "it". */
const DONE_TO_IT_SAID = /^The user (?:(?:has|had|just|finally|also|then|officially|eventually) )*[a-z]+ (?:it|them|that)\b/;

/** "The user's sister…", "The user's boss…": a belief about someone of the user's, not a thing. */
const SOMEONE_OF_THEIRS = new RegExp(
  `^The user's (?:[\\w-]+ )?(?:${RELATIVE}|${CHILD}|${BOSS}|friend|mate|colleague|neighbou?r|flatmate|housemate|roommate|coach|teacher|doctor)s?\\b`,
  'i',
);

/** A belief of the user's own about what they do, use or plan: a several-value kind's, or one of no kind, never about someone else. */
function ofPastimeOrTool(h: Held): boolean {
  if (!/^The user\b/.test(h.statement) || SOMEONE_OF_THEIRS.test(h.statement)) return false;
  const kind = h.key ? kindOfKey(h.key) : undefined;
  return kind ? !kind.one_value && ['hobby', 'instrument', 'tool', 'skill', 'learning', 'programming_language', 'plan'].includes(kind.kind) : true;
}

/** A statement's words past "The user", a hyphened one ("five-a-side") whole as well as in its parts. */
const words = (statement: string) =>
  (statement.toLowerCase().match(/[\p{L}\d]+(?:-[\p{L}\d]+)*/gu) ?? [])
    .slice(2)
    .flatMap((w) => (w.includes('-') ? [w, ...w.split('-')] : [w]))
    .map(stemWord);
