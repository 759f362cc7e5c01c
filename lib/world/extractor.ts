import { PHRASES, RETRACTIONS, type Check, type Meaning } from './phrases.ts';
import { slug } from './text.ts';
import type { Candidate, Extraction, Retraction, Turn } from './types.ts';

/**
 * The built-in deterministic extractor: what the user says about themselves, clause by clause.
 * Only user turns are read. Questions, hypotheticals, advice, reported speech and opinions,
 * quotations, and negations that retract nothing yield nothing. The phrasings are data
 * (phrases.ts); this file only applies them.
 */

const QUESTION_START =
  /^(?:what|where|who|whom|whose|when|why|how|which|do|does|did|is|are|am|was|were|can|could|would|should|will|shall|may|might|has|isn't|aren't|don't|doesn't)\b/i;
const HYPOTHETICAL =
  /\b(?:if|would|could|might|maybe|perhaps|suppose|supposing|imagine|hypothetically|pretend|wish|unless|someday|probably|possibly|should|whether|wonder|wondering|considering|thinking (?:about|of)|i'd|or not)\b/i;
/** Someone else's words or opinion, or the user's own hedge: not a fact the user states. */
const REPORTED =
  /\b(?:thinks?|thought|says?|said|saying|told|tells|believes?|believed|claims?|claimed|suggests?|suggested|reckons?|insists?|insisted|according to|wants? me|wanted me|asks? me|asked me|heard|mentioned|guess|feel like|feels like)\b/i;
const NEGATION = /\b(?:not|never|no|nothing|nobody|don't|dont|doesn't|didn't|isn't|aren't|won't|wasn't|weren't|haven't|hasn't|can't|cannot)\b/i;
const LEAD_IN =
  /^(?:(?:oh|well|so|also|actually|btw|by the way|fyi|and|anyway|hi|hello|hey|ok|okay|yes|yeah|now|update|correction|sorry|just so you know|as of (?:today|now))(?:[,:!]\s*|\s+)|(?:no|wait)[,:!]\s*)+/i;
/** Filler between subject and verb ("I now live…", "I've just moved…"); only before a lower-case word. */
const FILLER = /\b(?:now|actually|currently|really|also|just|still|finally|officially|recently)\s+(?=[a-z])/g;
const TRAILING =
  /(?:,?\s+(?:now|these days|nowadays|today|currently|recently|at the moment|right now|for now|again|too|as well|instead|last (?:year|month|week|summer|winter|spring|autumn|fall)|this (?:year|month|week)|a while ago|(?:a few|a couple of|several|some|\d+|two|three) (?:days|weeks|months|years) ago|since (?:\d{4}|last \w+|[a-z]+)|in \d{4}|for (?:a (?:few|couple of)|\d+|two|three|several|many) (?:days|weeks|months|years)))+$/i;
/** "I live in Oslo and work at Acme": the second verb keeps the first-person subject. */
const AND_I = /,?\s+and\s+(?=(?:work|live|play|speak|prefer|like|love|enjoy|hate|report|moved|study)\b)/gi;
const MAX_VALUE = 80;

const COMPILED = PHRASES.map(([source, meaning]) => ({ re: new RegExp(`^${source}$`, 'i'), meaning }));
const COMPILED_RETRACTIONS = RETRACTIONS.map(([source, positive]) => ({ re: new RegExp(`^${source}$`, 'i'), positive }));

/** Beliefs and retractions the built-in rules find in the user's turns (other roles are never read). */
export function extractBeliefs(turns: Turn[]): Extraction {
  const out: Extraction = { beliefs: [], retract: [] };
  const seen = new Set<string>();
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    for (const sentence of sentences(turn.content)) {
      for (const raw of clauses(sentence)) {
        const text = raw.replace(LEAD_IN, '').replace(TRAILING, '');
        // What follows a question, a condition or someone else's words may be inside them.
        if (QUESTION_START.test(text) || HYPOTHETICAL.test(text) || REPORTED.test(text)) break;
        const found = fromClause(text);
        if (!found) continue;
        const id = 'statement' in found ? `+${found.statement}` : `-${found.key}`;
        if (seen.has(id)) continue;
        seen.add(id);
        if ('statement' in found) out.beliefs.push(found);
        else out.retract.push(found);
      }
    }
  }
  return out;
}

/** Sentences of a turn; questions and quotations dropped. */
function sentences(text: string): string[] {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s && s.length <= 500 && !s.endsWith('?') && !/["\u201c\u201d]/.test(s));
}

/** A sentence's clauses, split at a new subject ("…, and she thinks…") or a second verb of the user's. */
function clauses(sentence: string): string[] {
  return sentence
    .replace(AND_I, '\u0000I ')
    .split(
      /\u0000|(?:,\s*|\s+)(?:and|but|so|because|since)\s+(?=(?:i|i'm|i've|my|she|he|they|we|it|her|his|their)\b)|,\s*(?=(?:i|i'm|i've|my|she|he|they|we)\b)|\s+-\s+/i,
    )
    .map((s) =>
      s
        .replace(/[.!;,]+$/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/** One clause in the user's own voice: a retraction, a belief, or nothing. */
function fromClause(text: string): Candidate | Retraction | null {
  for (const { re, positive } of COMPILED_RETRACTIONS) {
    if (!re.test(text)) continue;
    const found = match(text.replace(re, positive).replace(FILLER, ''));
    return found?.candidate.key ? { key: found.candidate.key, mention: found.values.x } : null;
  }
  if (NEGATION.test(text.replace(/\bcan(?:'t|not) stand\b/i, ''))) return null;
  return match(text.replace(FILLER, ''))?.candidate ?? null;
}

function match(text: string): { candidate: Candidate; values: Record<string, string> } | null {
  for (const { re, meaning } of COMPILED) {
    const m = re.exec(text);
    if (!m) continue;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(m.groups ?? {})) {
      if (value !== undefined) values[name] = cleanValue(value);
    }
    if (!Object.entries(values).every(([name, value]) => acceptable(value, meaning.checks?.[name]))) continue;
    for (const [name, check] of Object.entries(meaning.checks ?? {})) {
      if (check === 'place' && values[name] !== undefined) values[name] = placeName(values[name]);
    }
    return { candidate: candidate(meaning, values), values };
  }
  return null;
}

function cleanValue(value: string): string {
  return value
    .replace(/\s+with (?:my|our|his|her|their) .+$/i, '')
    .replace(TRAILING, '')
    .replace(/^the city of /i, '')
    .trim();
}

const PRONOUN = /^(?:he|she|they|it|him|her|them|this|that|there|here|you|we|someone|somebody|everyone)$/i;
const DETERMINER = /^(?:a|an|my|his|her|their|your|our|this|that|some|no|any)\b/i;
const PEOPLE =
  /\b(?:wife|husband|partner|spouse|girlfriend|boyfriend|mother|mom|mum|father|dad|parents?|sister|brother|sibling|son|daughter|kids?|child|children|friend|colleague|coworker|co-worker|neighbou?r|boss|manager|team|family|opinion|guess|question|problem|point|advice|idea|plan)s?\b/i;
const NOT_AN_EMPLOYER = /^(?:weekends?|the weekends?|nights?|night|home|the moment|times|least|once|it|this|that)\b/i;

function acceptable(value: string, check: Check | undefined): boolean {
  if (!value || value.length > MAX_VALUE) return false;
  switch (check) {
    case 'person':
      return /^\p{Lu}/u.test(value) && value.split(' ').length <= 4 && !PRONOUN.test(value);
    case 'place':
      return !DETERMINER.test(value) && !PRONOUN.test(value);
    case 'org':
      return !NOT_AN_EMPLOYER.test(value);
    case 'subject':
      return !PRONOUN.test(value) && !/^(?:at|in|for|with|to|from|about)\b/i.test(value);
    case 'attribute':
      return !PEOPLE.test(value);
    case undefined:
      return true;
  }
}

/** "new york" as typed in a hurry is "New York"; a name the user capitalised stays as written. */
function placeName(value: string): string {
  if (/\p{Lu}/u.test(value)) return value;
  return value.replace(/\p{L}+/gu, (w) => (/^(?:and|of|the|on|upon|am|de|la|le)$/.test(w) ? w : w[0]!.toUpperCase() + w.slice(1)));
}

function candidate(meaning: Meaning, values: Record<string, string>): Candidate {
  const key = typeof meaning.key === 'function' ? meaning.key(values) : meaning.key === null ? null : fill(meaning.key, values, slug);
  const out: Candidate = { type: meaning.type, key, statement: fill(meaning.statement, values, (v) => v), scope: 'universal', confidence: 0.9 };
  if (meaning.aliases) out.aliases = meaning.aliases.map((a) => fill(a, values, (v) => v.toLowerCase()));
  return out;
}

/** `{x}` → the value through `as`; `{x:a}` → the value with an indefinite article. */
function fill(template: string, values: Record<string, string>, as: (v: string) => string): string {
  return template.replace(/\{(\w+)(:a)?\}/g, (_, name: string, article?: string) => {
    const v = as(values[name] ?? '');
    return article ? withArticle(v) : v;
  });
}

function withArticle(noun: string): string {
  if (/^(?:a|an|the)\s/i.test(noun)) return noun;
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
