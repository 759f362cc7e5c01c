import type { Candidate } from '../../../ports/beliefs.ts';
import { kindNamed, kindOfKey } from '../../kinds.ts';
import { slug } from '../../text.ts';
import { kindKeyOf, pastimeObject, petsNamed, saidBy, titledHave } from './kind-of.ts';
import { doesPastime, PASTIMES, pastimeNamed } from './vocabulary/pastimes.ts';
import { listedIn } from './vocabulary/categories.ts';
import { type Term, voice } from './voice.ts';

/**
 * Any other first-person declarative clause, said about the user and keyed by its subject: a
 * state or habit under `user.<verb>.<thing>` (a later statement about it replaces it), a like
 * under `user.likes.<thing>`, a plan under `user.plan.<thing>`, a past event with no key (events
 * add up, they do not replace each other). Clauses whose predicate names nothing — "I like it",
 * "I'm fine", "I had a great time" — are not beliefs.
 */

/** Nouns that name nothing the user could be asked about later. */
const VAGUE = new Set([
  'em',
  "'em",
  'time',
  'times',
  'thing',
  'things',
  'stuff',
  'lot',
  'lots',
  'bit',
  'way',
  'day',
  'days',
  'one',
  'ones',
  'kind',
  'sort',
  'fun',
  'idea',
  'sense',
  'point',
  'question',
  'questions',
  'news',
  'moment',
  'while',
  'today',
  'tonight',
  'week',
  'weekend',
  'month',
  'year',
  'morning',
  'evening',
  'night',
  'luck',
  'chance',
  'problem',
  'deal',
  'clue',
  'pleasure',
  'favor',
  'favour',
  'place',
  'part',
  'side',
  'end',
  'feeling',
  'mood',
  'blast',
  'bunch',
  'ton',
  'something',
  'anything',
  'everything',
  'nothing',
  'someone',
  'anyone',
  'everyone',
  'somebody',
  'nobody',
  'people',
  'there',
  'here',
  'person',
  'guy',
  'guys',
  'lol',
  'haha',
  'thanks',
  'sure',
  'yes',
  'okay',
  'ok',
  'question',
  'answer',
  'opinion',
  'mind',
  // How the user feels right now ("I'm in shock", "in bits", "in a rush"): nothing to be asked about later.
  'shock',
  'tears',
  'bits',
  'pieces',
  'awe',
  'heaven',
  'agony',
  'denial',
  'limbo',
  'disbelief',
  'panic',
  'daze',
  'hurry',
  'rush',
]);
const LIKE = new Set(['like', 'love', 'enjoy', 'adore']);
/** Verbs that say nothing alone. */
const LIGHT = new Set([
  'be',
  'have',
  'do',
  'get',
  'go',
  'make',
  'take',
  'feel',
  'think',
  'know',
  'see',
  'say',
  'want',
  'need',
  'try',
  'let',
  'come',
  'keep',
  'seem',
]);
/** What a request asks the assistant for: "I need help with my CV", "Need a recipe for tonight" ask, they state nothing lasting. */
const ASKED_FOR = new Set([
  'help',
  'hand',
  'advice',
  'tip',
  'tips',
  'idea',
  'ideas',
  'suggestion',
  'suggestions',
  'recommendation',
  'recommendations',
  'recipe',
  'template',
  'draft',
  'outline',
  'summary',
  'checklist',
  'list',
  'plan',
  'agenda',
  'caption',
  'headline',
  'example',
  'examples',
  'explanation',
  'translation',
  'rewrite',
  'review',
  'feedback',
  'script',
  'email',
  'letter',
  'message',
  'speech',
  'table',
  'budget',
  'quote',
  'estimate',
]);
const MAX_STATEMENT = 240;
/** Who keeps an animal: "a dog mum to…", "the proud owner of…". */
const KEEPER = /\b(?:mum|mom|mam|dad|parent|mother|father|owner|servant)s? (?:to|of)\b/i;
const RECIPROCAL = /\b(?:each other|one another|(?:are|were|been|be) together)\b/i;
const COUNTED_GROUP = /^we (?:are|were|'re) (?:\d+|two|three|four|five|six|seven|eight|nine|ten|a (?:few|couple|dozen|handful))\b/i;

/** "I worked at Acme", "worked for the council", "at a bakery in Lyon": where the user worked. */
const workedAt = (lemma: string, predicate: Term[]) => lemma === 'work' && /^(?:at|for)$/i.test(predicate[0]?.text ?? '') && predicate.slice(1).some(isContent);

/**
 * "I lived in Leeds before uni", "I worked at Acme for years": the past of what the user holds one
 * of at a time (a home, an employer) is history, not a fact of now (API.md §6).
 */
function historyOfOne(lemma: string, predicate: Term[]): boolean {
  const key = saidBy(lemma, predicate, false)?.key ?? (workedAt(lemma, predicate) ? kindNamed('employer').key : undefined);
  return key !== undefined && kindOfKey(key)?.one_value === true;
}

/** A past that ran its course: "for a decade", "for 12 years", "till my knee went". */
const RAN_ITS_COURSE =
  /\bfor (?:a decade|decades|ages|years|(?:a few|many|several|\d+|two|three|four|five|six|seven|eight|nine|ten|twenty) (?:years|seasons|summers|winters))\b|\b(?:till|until) (?:my|our|i|we|the|covid|lockdown)\b/i;
const namesPlace = (predicate: Term[]) => predicate.some((t) => ['Place', 'City', 'Country', 'Region'].some((p) => t.tags.has(p)));

/** A term that names something: a noun, a gerund, a number; not a pronoun, a date or a vague word. */
export const isContent = (t: Term) =>
  (t.tags.has('Noun') || t.tags.has('Gerund') || t.tags.has('Value') || t.tags.has('Acronym')) &&
  !t.tags.has('Pronoun') &&
  !t.tags.has('Possessive') &&
  !t.tags.has('Determiner') &&
  !t.tags.has('Date') &&
  !t.tags.has('Duration') &&
  !VAGUE.has(t.text.toLowerCase());

/** The clause said about the user (a belief, or one per pet it names), or none when it is not about the user or names nothing. */
/** When a clause is said: dated, ahead of the turn, or dated years before it. */
export interface When {
  dated: boolean;
  future: boolean;
  longAgo?: boolean;
}

const SUBORDINATOR = /^(?:until|till|while|whilst|because|unless|whenever)$/i;

export function generic(clause: string, when: When): Candidate[] {
  const said = read(clause, when);
  return said === null ? [] : Array.isArray(said) ? said : [said];
}

function read(clause: string, when: When): Candidate | Candidate[] | null {
  const { future } = when;
  // "we've been seeing each other": what two do together is not said of the user alone; "we are 15 ladies" counts a group.
  if (RECIPROCAL.test(clause) || COUNTED_GROUP.test(clause)) return null;
  const v = voice(clause);
  // "I said Porto", "I meant Max": words about what the user said are no fact; what they put right is read as a change.
  if (!v || v.statement.length > MAX_STATEMENT || v.lemma === 'say' || v.lemma === 'mean') return null;
  // "my line manager until she's back": a verb inside a clause of when or why is not the subject's.
  if (v.terms.slice(0, v.main).some((t) => SUBORDINATOR.test(t.text))) return null;
  const predicate = v.terms.slice(v.main + 1);
  const things = predicate.filter(isContent);
  const first = v.terms[0]!.text.toLowerCase();
  const mine = first === 'my' || first === 'our';
  // A dated event may name nothing but itself: "I graduated in 2019", "we got married last June".
  const event = when.dated && !LIGHT.has(v.lemma) && v.terms[v.main]!.tags.has('Verb');
  // "I drink a flat white": a thing of a known category, whatever the tagger made of its words.
  const listed = things.length === 0 ? listedIn(predicate.map((t) => t.text).join(' ')) : undefined;
  // "I run every morning": a pastime names itself.
  if (things.length === 0 && !listed && !event && !(PASTIMES.has(v.lemma) && v.tense !== 'past')) return null;
  // "I need a week plan", "need help tightening a memo": a request, answered now, not a fact about the user.
  if ((v.lemma === 'need' || v.lemma === 'want') && !mine && v.tense !== 'past' && predicate.slice(0, 4).some((t) => ASKED_FOR.has(t.text.toLowerCase())))
    return null;
  const run = listed ?? (things[0] ? headRun(predicate, predicate.indexOf(things[0])) : '');
  const thing = slug(run);
  const whose = mine
    ? slug(
        v.terms
          .slice(1, v.verb)
          .filter(isContent)
          .map((t) => t.text)
          .join(' '),
      )
    : '';
  // "my one-on-ones are with…": words that slug to nothing give no part of the key.
  const owner = whose ? `${whose}.` : '';
  const base = { statement: v.statement, scope: 'universal', confidence: 0.7 } as const;
  if (future || v.tense === 'future') return { ...base, type: 'decision', key: `user.${owner}plan.${thing || slug(v.lemma)}` };
  const stated = owner ? undefined : saidBy(v.lemma, predicate, v.tense === 'past');
  if (stated) return { ...base, type: 'fact', key: stated.key, statement: stated.statement ?? v.statement };
  const kindKey = owner ? undefined : kindKeyOf(v.lemma, predicate, run, v.tense === 'past');
  if (kindKey) return { ...base, type: 'fact', key: kindKey, statement: byActivity(v.statement, v.lemma, kindKey, pastimeObject(predicate)) };
  // "we have a new shift supervisor, Marek", "got a new boss, Ana": a person the user has now, by their title.
  const titled = !owner && (v.lemma === 'have' || v.lemma === 'get') ? titledHave(predicate) : undefined;
  if (titled) return titled;
  // "back in the seventies we ran a stand in Breaux Bridge": where the user was long ago is history too.
  if (v.tense === 'past')
    return historyOfOne(v.lemma, predicate) || ((when.longAgo || RAN_ITS_COURSE.test(clause)) && namesPlace(predicate))
      ? null
      : { ...base, type: 'fact', key: null };
  if (LIKE.has(v.lemma) && thing) return { ...base, type: 'preference', key: `user.${owner}likes.${thing}` };
  // "I've got a collie, Bess", "I'm a dog mum to a spaniel called Wilf": the pets the user has.
  const has = v.lemma === 'have' || (v.lemma === 'get' && /\b(?:'ve|have|has|'s) got\b/i.test(clause));
  if (has && !owner && thing) {
    const sport = pastimeHad(predicate);
    if (sport) return { ...base, type: 'fact', key: `${kindNamed('hobby').key}.${slug(sport)}` };
    const pets = petsNamed(predicate);
    return pets.length ? pets : { ...base, type: 'entity', key: `user.has.${thing}` };
  }
  if (v.lemma === 'be' && !owner && KEEPER.test(clause)) {
    const pets = petsNamed(predicate);
    if (pets.length) return pets;
  }
  return { ...base, type: 'fact', key: `user.${owner}${slug(v.lemma)}${thing ? `.${thing}` : ''}` };
}

/** What a session of a pastime is called after its name: "football practice", "hockey league". */
const SESSION = /^(?:practice|training|lessons?|class(?:es)?|league|games?|match(?:es)?|sessions?|club|team)$/i;

/** "I've got (beer-league) hockey on Tuesday nights", "got netball practice Thursdays": the pastime the user has in their week, named as the object. */
function pastimeHad(predicate: Term[]): string | undefined {
  const end = predicate.findIndex((t) => t.tags.has('Preposition') || t.tags.has('Date'));
  const object = end > 0 ? predicate.slice(0, end) : predicate;
  const words = object.flatMap((t) => t.text.toLowerCase().split('-'));
  return words.find((w, i) => pastimeNamed(w) && (i === words.length - 1 || SESSION.test(words[i + 1]!) || !/^\p{L}+$/u.test(words[i + 1]!)));
}

/**
 * "I climb twice a week" → "The user goes climbing twice a week": a pastime said by its verb alone
 * is said by its activity, the word a question or a later change names it by ("climbing is done
 * for me"); with an object it reads as said ("The user crochets blankets").
 */
function byActivity(statement: string, lemma: string, key: string, object: boolean): string {
  const does = key.endsWith(`.${PASTIMES.get(lemma)}`) && !object ? doesPastime(lemma) : undefined;
  return does ? statement.replace(new RegExp(`^(The user (?:[a-z]+ly )?)${lemma}[a-z]*\\b`), `$1${does}`) : statement;
}

/** The thing's words: the noun and the nouns right after it ("pottery class"), at most three. */
function headRun(terms: Term[], from: number): string {
  const words = [terms[from]!.text];
  for (let i = from + 1; i < terms.length && words.length < 3; i++) {
    const t = terms[i]!;
    if (!t.tags.has('Noun') || t.tags.has('Pronoun') || t.tags.has('Date') || t.tags.has('Value') || terms[i - 1]!.post.trim()) break;
    words.push(t.text);
  }
  return words.join(' ');
}
