import { generic, isContent } from './extract/generic.ts';
import { keyPart } from './extract/keys.ts';
import type { Check, Meaning } from './extract/meaning.ts';
import { aboutOtherParty, endsStatements, isInstruction, isQuestionOrQuote } from './extract/noise.ts';
import { PHRASES } from './extract/phrases.ts';
import { RETRACTED_SLOTS, RETRACTIONS } from './extract/retractions.ts';
import { clauses, sentences, unwrap } from './extract/segment.ts';
import { PAST_VERB, resolveDate } from './extract/dates.ts';
import { expandContractions, tag, voice } from './extract/voice.ts';
import { contentWords } from './text.ts';
import type { Candidate, Extraction, Retraction, Turn } from './types.ts';

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

const NEGATION = /\b(?:not|never|no|nothing|nobody|don't|dont|doesn't|didn't|isn't|aren't|won't|wasn't|weren't|haven't|hasn't|can't|cannot|nor)\b/i;
/** Filler between subject and verb ("I now live…", "I've just moved…"); only before a lower-case word. */
const FILLER = /\b(?<!right )(?:now|actually|currently|really|also|just|still|finally|officially|recently|literally|basically|totally|definitely)\s+(?=[a-z])/g;
const TRAILING =
  /(?:,?\s+(?:now|these days|nowadays|today|currently|recently|lately|at the moment|right now|for now|again|too|as well|instead|by the way|haha|lol|though|btw|a while ago|since (?:childhood|forever|then|[a-z]+ school|college|university|uni)|for (?:(?:over|almost|nearly|about|around|more than) )?(?:a (?:few|couple of)|\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|several|many|ages|years|months|a while|a long time) ?(?:days|weeks|months|years|decades)?))+$/i;
/** Negative statements that are facts, not retractions: what the user cannot or does not eat. */
const AVOIDS = /^i (?:can't|cannot|can not|don't|do not|never) (?<verb>eat|drink|have|digest|tolerate|touch) (?<x>.+)$/i;
const MAX_VALUE = 80;
/**
 * Sentences of one turn read, at most: more than a person states in one message, and a bound on
 * the time one turn holds the event loop (a few milliseconds a sentence).
 */
const MAX_SENTENCES = 24;
/** "Just got back from Paris": a diary-style clause that drops its "I" before a past verb. */
const SUBJECTLESS = new RegExp(String.raw`^(?:just |finally |recently |also |actually )?${PAST_VERB} (?!(?:to|by|it|that|this|you)\b)`, 'i');
/** "Swimming is my favorite way to relax": the user's own words about something of theirs. */
const IS_MINE =
  /^(?<thing>(?!(?:it|this|that|these|those|there|he|she|they|which|what|who)\b)[\p{L}\d][\p{L}\d' -]{1,60}?) (?<verb>is|are|was|were|has been) (?:also |still |definitely |really )?my (?<what>.+)$/iu;

const COMPILED = PHRASES.map(([source, meaning]) => ({ re: new RegExp(`^${source}$`, 'iu'), meaning }));
const COMPILED_RETRACTIONS = RETRACTIONS.map(([source, positive]) => ({ re: new RegExp(`^${source}$`, 'i'), positive }));
const COMPILED_SLOTS = RETRACTED_SLOTS.map(([source, key]) => ({ re: new RegExp(`^${source}$`, 'i'), key }));

interface Options {
  /** When turns without `at` were said (default: now). */
  now?: Date;
}

/** Beliefs and retractions the built-in rules find in the user's turns (other roles are never read). */
export function extractBeliefs(turns: Turn[], options: Options = {}): Extraction {
  const out: Extraction = { beliefs: [], retract: [] };
  const seen = new Set<string>();
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    const found = fromTurn(turn.content, saidAt(turn.at, options.now)).filter((f) => {
      const id = 'statement' in f ? `+${f.key ?? ''}|${f.statement}` : `-${f.key}|${f.mention ?? ''}`;
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
];

/** Runs the extractor over a few turns (before a server listens), so the first user's turn is not the one that pays for warming it. */
export function warmUpExtractor(rounds = 1): void {
  const now = new Date();
  for (let i = 0; i < rounds; i++) for (const content of WARM_UP) extractBeliefs([{ role: 'user', content }], { now });
}

function saidAt(at: string | undefined, now: Date | undefined): Date {
  const parsed = at ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : (now ?? new Date());
}

/** The turn's first MAX_PER_TURN findings by certainty (retractions first), in the order said. */
function best(found: (Candidate | Retraction)[]): (Candidate | Retraction)[] {
  if (found.length <= MAX_PER_TURN) return found;
  const rank = (f: Candidate | Retraction) => ('statement' in f ? f.confidence : 2);
  const kept = new Set([...found].sort((a, b) => rank(b) - rank(a)).slice(0, MAX_PER_TURN));
  return found.filter((f) => kept.has(f));
}

function fromTurn(content: string, at: Date): (Candidate | Retraction)[] {
  const found: (Candidate | Retraction)[] = [];
  // A turn that instructs the assistant may dress the instruction as a fact: none of it is learned.
  if (isInstruction(content)) return [];
  for (const sentence of sentences(content).slice(0, MAX_SENTENCES)) {
    if (isQuestionOrQuote(sentence)) continue;
    for (const raw of clauses(sentence)) {
      const said = unwrap(raw);
      // What follows a question, a condition or someone else's words may be inside them.
      if (endsStatements(said)) break;
      if (aboutOtherParty(said)) continue;
      const dated = resolveDate(said, at);
      const trimmed = dated.text.replace(TRAILING, '').replace(/[.!;,]+$/, '');
      const text = SUBJECTLESS.test(trimmed) ? `I ${trimmed[0]!.toLowerCase()}${trimmed.slice(1)}` : trimmed;
      const future = dated.event_at !== undefined && dated.event_at > at.toISOString().slice(0, dated.event_at.length);
      for (const f of fromClause(text, { dated: dated.event_at !== undefined, future })) {
        found.push('statement' in f && dated.event_at ? { ...f, event_at: dated.event_at } : f);
      }
    }
  }
  return found;
}

/** One clause in the user's own voice: retractions, beliefs, or nothing. */
function fromClause(text: string, when: { dated: boolean; future: boolean }): (Candidate | Retraction)[] {
  for (const { re, key } of COMPILED_SLOTS) if (re.test(text)) return [{ key }];
  for (const { re, positive } of COMPILED_RETRACTIONS) {
    if (!re.test(text)) continue;
    const found = match(text.replace(re, positive).replace(FILLER, ''));
    const first = found[0];
    return first?.candidate.key ? [{ key: first.candidate.key, mention: first.values.x }] : [];
  }
  const avoids = AVOIDS.exec(text);
  if (avoids) return avoided(avoids.groups!.verb!, cleanValue(avoids.groups!.x!));
  if (NEGATION.test(text.replace(/\bcan(?:'t|not) stand\b/i, ''))) return [];
  const bare = text.replace(FILLER, '');
  const found = match(bare);
  if (found.length) return found.map((f) => f.candidate);
  const mine = IS_MINE.exec(bare);
  if (mine) return ofMine(mine.groups!.thing!, mine.groups!.verb!, mine.groups!.what!);
  const said = generic(expandContractions(bare), when);
  return said && contentWords(said.statement.replace(/^The user('s)?/, '')).length > 0 ? [said] : [];
}

/** "Jazz is my favorite genre" → a favorite; "Painting is my therapy" → said of the user. */
function ofMine(thing: string, verb: string, what: string): Candidate[] {
  const favorite = /^(?:favou?rite|fave) (?<of>.+)$/i.exec(what);
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
  return [
    {
      type: 'fact',
      key: null,
      statement: `${thing[0]!.toUpperCase()}${thing.slice(1)} ${verb} the user's ${theirs(what)}`,
      scope: 'universal',
      confidence: 0.7,
    },
  ];
}

function avoided(verb: string, value: string): Candidate[] {
  if (!acceptable(value, 'subject')) return [];
  const does = verb.toLowerCase() === 'have' ? 'eat' : verb.toLowerCase();
  return [
    {
      type: 'fact',
      key: `user.avoids.${keyPart(value)}`,
      statement: `The user does not ${does} ${value}`,
      scope: 'universal',
      confidence: 0.9,
      aliases: ['diet', 'food'],
    },
  ];
}

interface Match {
  candidate: Candidate;
  values: Record<string, string>;
}

/** The first phrase whose values pass their checks: its beliefs (one per list item, plus `also`). */
function match(text: string): Match[] {
  for (const { re, meaning } of COMPILED) {
    const m = re.exec(text);
    if (!m) continue;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(m.groups ?? {})) {
      if (value !== undefined) values[name] = cleanValue(value);
    }
    const main = read(meaning, values, text);
    if (main.length) return [...main, ...(meaning.also ?? []).flatMap((mn) => read(mn, values, text))];
  }
  return [];
}

/** One meaning's beliefs from the captured values; none when a value it uses fails its check. */
function read(meaning: Meaning, values: Record<string, string>, text: string): Match[] {
  const items = meaning.list && values[meaning.list] ? listItems(values[meaning.list]!) : [undefined];
  const out: Match[] = [];
  for (const item of items) {
    const v = item === undefined ? values : { ...values, [meaning.list!]: item };
    const used = usedValues(meaning);
    if (![...used].every((name) => v[name] !== undefined && acceptable(v[name], meaning.checks?.[name]))) continue;
    for (const [name, check] of Object.entries(meaning.checks ?? {})) {
      if (check === 'place' && v[name] !== undefined) v[name] = placeName(v[name]);
    }
    const said = item === undefined ? text : text.replace(values[meaning.list!]!, item);
    const candidate = build(meaning, v, said);
    if (candidate) out.push({ candidate, values: v });
  }
  return out;
}

const PLACEHOLDER = /\{(\w+)(:a)?\}/g;

function usedValues(meaning: Meaning): Set<string> {
  const names = new Set<string>();
  for (const t of [meaning.statement, typeof meaning.key === 'string' ? meaning.key : '']) {
    for (const [, name] of t.matchAll(PLACEHOLDER)) if (name !== 'voice') names.add(name!);
  }
  return names;
}

/** "Go, TypeScript and a bit of Rust" → each item. */
function listItems(value: string): string[] {
  return value
    .replace(/\b(?:fluent|conversational|native|basic|decent|good|ok|okay|passable|rusty) in /gi, '')
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|&|or|as well as|plus)\s+/i)
    .map((s) => s.trim())
    .filter(Boolean);
}

function cleanValue(value: string): string {
  return value
    .replace(/\s+with (?:my|our|his|her|their) .+$/i, '')
    .replace(TRAILING, '')
    .replace(/^the city of /i, '')
    .replace(/,?\s+(?:which|who|but|because|so that|although|though|whereas)\b.*$/i, '')
    .replace(/[.!;,]+$/, '')
    .trim();
}

const PRONOUN =
  /^(?:he|she|they|it|him|her|them|this|that|there|here|you|we|us|me|myself|someone|somebody|everyone|everything|something|anything|nothing|stuff|things?)$/i;
const DETERMINER = /^(?:a|an|my|his|her|their|your|our|this|that|some|no|any)\b/i;
const PEOPLE =
  /\b(?:wife|husband|partner|spouse|girlfriend|boyfriend|mother|mom|mum|father|dad|parents?|sister|brother|sibling|son|daughter|kids?|child|children|friend|colleague|coworker|co-worker|neighbou?r|boss|manager|team|family|opinion|guess|question|problem|point|advice|idea|plan|dog|cat|pet|puppy|kitten)s?\b/i;
const NOT_AN_EMPLOYER = /^(?:weekends?|the weekends?|nights?|night|home|the moment|times|least|once|it|this|that|my|a|an|our|his|her|their|some)\b/i;
const NOT_A_NAME =
  /^(?:catholic|christian|muslim|jewish|hindu|buddhist|atheist|agnostic|protestant|mormon|sikh|single|married|divorced|retired|pregnant|here|back|home|ok|okay|fine|good|great|sorry|sure|done|ready|in|out|new|not|so|very|really|just|also|still|the|a|an)$/i;
const CAPITALISED = /^[A-Z0-9]/;
const TECH_WORD =
  /^(?:(?:go|golang|typescript|javascript|python|rust|java|kotlin|swift|scala|ruby|php|c|c\+\+|c#|elixir|haskell|sql|r|julia|dart|lua|perl|zig|bash|vim|neovim|emacs|linux|docker|kubernetes|k8s|terraform|postgres|postgresql|mysql|sqlite|redis|kafka|react|vue|svelte|angular|node|deno|bun|aws|gcp|azure)\b)/i;

function acceptable(value: string, check: Check | undefined): boolean {
  if (!value || value.length > MAX_VALUE) return false;
  switch (check) {
    case 'person':
      return /^\p{Lu}/u.test(value) && value.split(' ').length <= 3 && !PRONOUN.test(value) && !NOT_A_NAME.test(value) && isName(value);
    case 'place':
      return !DETERMINER.test(value) && !PRONOUN.test(value);
    case 'org':
      return !NOT_AN_EMPLOYER.test(value);
    case 'subject':
      return !PRONOUN.test(value) && !/^(?:at|in|for|with|to|from|about|it|that|this)\b/i.test(value) && contentWords(value).length > 0;
    case 'thing':
      return !PRONOUN.test(value) && (/^to [a-z]/i.test(value) || /^\p{Lu}/u.test(value) || /^\w+ing\b/.test(value) || namesAThing(value));
    case 'attribute':
      return !PEOPLE.test(value);
    case 'tech':
      return (
        (CAPITALISED.test(value.replace(DETERMINER, '').trim()) || TECH_WORD.test(value.replace(DETERMINER, '').trim())) &&
        !PRONOUN.test(value) &&
        !/^(?:I|It|This|That)\b/.test(value)
      );
    case undefined:
      return true;
  }
}

const NOT_NAME_TAGS = ['Place', 'Demonym', 'Adjective', 'Verb', 'Organization', 'Date', 'Value', 'Preposition', 'Determiner'];

/** A person's (or pet's) name, as compromise tags it: not a place, a nationality, an adjective or a verb. */
const isName = remembered((value) => tag(value).every((t) => !NOT_NAME_TAGS.some((x) => t.tags.has(x))));

/** Whether what the user likes or has names something ("jazz"), not an action or a pronoun ("exist", "me"). */
const namesAThing = remembered((value) => tag(`I like ${value}`).slice(2).some(isContent));

/** A check on a value through compromise, remembered: people repeat what they care about. */
function remembered(check: (value: string) => boolean): (value: string) => boolean {
  const known = new Map<string, boolean>();
  return (value) => {
    let found = known.get(value);
    if (found === undefined) {
      found = check(value);
      if (known.size >= 5_000) known.clear();
      known.set(value, found);
    }
    return found;
  };
}

/** "new york" as typed in a hurry is "New York"; a name the user capitalised stays as written. */
function placeName(value: string): string {
  if (/\p{Lu}/u.test(value)) return value;
  return value.replace(/\p{L}+/gu, (w) => (/^(?:and|of|the|on|upon|am|de|la|le)$/.test(w) ? w : w[0]!.toUpperCase() + w.slice(1)));
}

function build(meaning: Meaning, values: Record<string, string>, said: string): Candidate | null {
  let statement: string;
  if (meaning.statement === '{voice}') {
    const v = voice(expandContractions(said));
    if (!v) return null;
    statement = v.statement;
  } else {
    statement = fill(meaning.statement, values, theirs);
  }
  const key = typeof meaning.key === 'function' ? meaning.key(values) : meaning.key === null ? null : fill(meaning.key, values, keyPart);
  const out: Candidate = { type: meaning.type, key, statement, scope: 'universal', confidence: 0.9 };
  if (meaning.aliases) out.aliases = meaning.aliases.map((a) => fill(a, values, (v) => v.toLowerCase()));
  return out;
}

const POSSESSIVE: Record<string, string> = { my: 'their', me: 'them', myself: 'themselves', mine: 'theirs', our: 'their', us: 'them' };

/** A value the user said, in a statement about them: "visit my parents" → "visit their parents". */
function theirs(value: string): string {
  return value.replace(/\b(?:[Mm]y|[Mm]e|[Mm]yself|[Mm]ine|[Oo]ur|us)\b/g, (w) => POSSESSIVE[w.toLowerCase()] ?? w);
}

/** `{x}` → the value through `as`; `{x:a}` → the value with an indefinite article. */
function fill(template: string, values: Record<string, string>, as: (v: string) => string): string {
  return template.replace(PLACEHOLDER, (_, name: string, article?: string) => {
    const v = as(values[name] ?? '');
    return article ? withArticle(v) : v;
  });
}

function withArticle(noun: string): string {
  if (/^(?:a|an|the)\s/i.test(noun)) return noun;
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
