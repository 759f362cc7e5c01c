import type { BeliefType, Candidate, Turn } from './types.ts';
import { slug } from './text.ts';

/**
 * The built-in deterministic extractor: plain first-person statements of the user only.
 * Questions, third person, negations and hypotheticals yield nothing.
 */

interface Rule {
  re: RegExp;
  make(m: RegExpExecArray): { type: BeliefType; key: string | null; statement: string } | null;
}

const fact = (key: string | null, statement: string) => ({ type: 'fact' as const, key, statement });
const preference = (key: string | null, statement: string) => ({ type: 'preference' as const, key, statement });

const I_AM = String.raw`(?:i am|i'm|im)`;

const RULES: Rule[] = [
  { re: /^my name is (.+)$/, make: (m) => fact('user.name', `The user's name is ${m[1]}`) },
  { re: new RegExp(`^(?:${I_AM} called|call me) (.+)$`), make: (m) => fact('user.name', `The user's name is ${m[1]}`) },
  {
    re: new RegExp(`^(?:i live in|i now live in|i(?: have|'ve)? (?:just )?(?:moved|relocated) to|${I_AM} (?:living|based) in|${I_AM} moving to|i reside in)(?: the city of)? (.+)$`),
    make: (m) => fact('user.location', `The user lives in ${m[1]}`),
  },
  { re: new RegExp(`^(?:${I_AM} from|i come from|i was born in) (.+)$`), make: (m) => fact('user.origin', `The user is from ${m[1]}`) },
  {
    re: new RegExp(`^(?:i work (?:at|for)|i(?: have|'ve)? (?:just )?joined|${I_AM} (?:employed|working) (?:at|by|for)) (.+)$`),
    make: (m) => fact('user.employer', `The user works at ${m[1]}`),
  },
  {
    re: new RegExp(`^(?:i work as|${I_AM} working as|my job is|my profession is) (?:an? )?(.+)$`),
    make: (m) => fact('user.occupation', `The user works as ${article(m[1]!)}`),
  },
  {
    re: new RegExp(`^(?:${I_AM} allergic to|i have an? (?:allergy|intolerance) to) (.+)$`),
    make: (m) => fact(`user.allergy.${slug(m[1]!)}`, `The user is allergic to ${m[1]}`),
  },
  {
    re: new RegExp(`^${I_AM} (?:an? )?(vegetarian|vegan|pescatarian|celiac|diabetic|lactose intolerant|teetotal)$`),
    make: (m) => fact('user.diet', `The user is ${m[1]}`),
  },
  { re: new RegExp(`^${I_AM} (\\d{1,3}) years? old$`), make: (m) => fact('user.age', `The user is ${m[1]} years old`) },
  {
    re: /^my (?:favorite|favourite) ([a-z][a-z ]{0,40}?) (?:is|are) (.+)$/,
    make: (m) => preference(`user.favorite.${slug(m[1]!)}`, `The user's favorite ${m[1]} is ${m[2]}`),
  },
  { re: /^i (?:prefer|would rather have|'d rather have) (.+)$/, make: (m) => preference(null, `The user prefers ${m[1]}`) },
  { re: /^i (?:really )?(?:like|love|enjoy) (.+)$/, make: (m) => preference(null, `The user likes ${m[1]}`) },
  { re: /^i (?:really )?(?:hate|dislike|can't stand|cannot stand) (.+)$/, make: (m) => preference(null, `The user dislikes ${m[1]}`) },
  { re: /^i speak (.+)$/, make: (m) => fact(null, `The user speaks ${m[1]}`) },
  {
    re: /^i(?: have|'ve)? decided (?:to|that) (.+)$/,
    make: (m) => ({ type: 'decision', key: null, statement: `The user decided to ${m[1]}` }),
  },
  { re: /^i (?:have|own) (an? [a-z].+)$/, make: (m) => ({ type: 'entity', key: null, statement: `The user has ${m[1]}` }) },
  {
    re: /^my ([a-z][a-z' ]{1,40}?) (?:is|are) (.+)$/,
    make: (m) => (/\b(opinion|guess|question|problem|point)\b/.test(m[1]!) ? null : fact(`user.${slug(m[1]!)}`, `The user's ${m[1]} is ${m[2]}`)),
  },
];

const QUESTION_START = /^(?:what|where|who|whom|whose|when|why|how|which|do|does|did|is|are|am|was|were|can|could|would|should|will|shall|may|might|have|has)\b/;
const HYPOTHETICAL = /\b(?:if|would|could|might|maybe|perhaps|suppose|supposing|imagine|hypothetically|pretend|wish|unless|someday|probably)\b/;
const NEGATION = /\b(?:not|never|no longer|don't|dont|doesn't|didn't|isn't|aren't|won't|can't stand)\b/;
const LEAD_IN = /^(?:(?:oh|well|so|also|actually|btw|by the way|fyi|and|anyway|hi|hello|hey|ok|okay|yes|yeah)[,\s]+)+/i;
const TRAILING_TIME = /\s+(?:now|these days|nowadays|today|currently|recently|last (?:year|month|week)|this (?:year|month|week)|a while ago|since \d{4}|in \d{4})$/i;

/** Beliefs the built-in rules find in the user's turns. */
export function extractBeliefs(turns: Turn[]): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    for (const sentence of sentences(turn.content)) {
      const c = fromSentence(sentence);
      if (!c || seen.has(c.statement)) continue;
      seen.add(c.statement);
      out.push(c);
    }
  }
  return out;
}

function sentences(text: string): string[] {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function fromSentence(raw: string): Candidate | null {
  if (raw.length > 300 || raw.trimEnd().endsWith('?')) return null;
  const text = raw
    .replace(/[.!;]+$/, '')
    .replace(LEAD_IN, '')
    .replace(/\s+/g, ' ')
    .trim();
  const lower = text.toLowerCase();
  if (QUESTION_START.test(lower) || HYPOTHETICAL.test(lower)) return null;
  if (!/^(?:i\b|i'm\b|im\b|my\b|call me\b)/.test(lower)) return null;
  if (NEGATION.test(lower) && !/^i (?:really )?(?:hate|dislike|can't stand|cannot stand)\b/.test(lower)) return null;
  for (const rule of RULES) {
    const m = rule.re.exec(lower);
    if (!m) continue;
    const restored = restoreCase(m, text);
    const made = rule.make(restored);
    if (!made) return null;
    return { ...made, scope: 'universal', confidence: 0.9 };
  }
  return null;
}

/** Captured values keep the user's capitalisation ("Berlin", not "berlin") and lose trailing time words. */
function restoreCase(m: RegExpExecArray, original: string): RegExpExecArray {
  const copy = [...m] as unknown as RegExpExecArray;
  for (let i = 1; i < m.length; i++) {
    const v = m[i];
    if (v === undefined) continue;
    const at = original.toLowerCase().lastIndexOf(v);
    const value = at >= 0 ? original.slice(at, at + v.length) : v;
    copy[i] = value.replace(TRAILING_TIME, '').replace(/^(?:the city of) /i, '').trim();
  }
  return copy;
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
