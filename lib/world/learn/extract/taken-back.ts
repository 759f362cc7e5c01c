/**
 * A fact said and taken back in the same turn: "I live in Leeds — sorry, typo, I meant Leicester",
 * "my partner Jamie is a teacher. no wait, Jamie is a chef", "I use VS Code. Correction: I use
 * Neovim". What was taken back is not read; a bare value given instead ("I meant Leicester", "no
 * sorry, Starling", "*pescatarian") takes the old value's place in the clause it corrects.
 */
import { literal } from '../../text.ts';
import { tag, type Term } from './voice.ts';
import { CORRECTS, DROPS, IF_VALUE } from './vocabulary/taking-back.ts';

const at = (phrases: string[]) => new RegExp(`(?<![\\p{L}'])(?:${phrases.join('|')})(?![\\p{L}'])`, 'giu');
const DROP_AT = at(DROPS);
const CORRECT_AT = at(CORRECTS);
const IF_VALUE_AT = new RegExp(`(?<=\\S[^\\S\\n]{1,8}|[,.!?…—–][^\\S\\n]{0,8})(?:${IF_VALUE.join('|')})`, 'giu');
/** Where a clause starts: after a sentence's end, a bracket, a semicolon, a dash, or an "and"/"but" before a new subject. */
const CLAUSE_START = /[.!?…;(]+\s*|\s[—–-]+\s*|,?\s(?:and|but)\s(?=(?:i|i'm|im|my|we|our|have|live|work)\b)/giu;
/** A value given alone after the take-back, with its lead-in: "I meant Leicester", "it's Porto", "Starling". */
const VALUE_AFTER =
  /^[\s,.!…:—–-]*(?:(?:i )?(?:meant|mean)[,:]?\s+|it'?s\s+|it is\s+)?(?:a |an |the )?(?<v>[^\s,.;!?…()—–*]+(?: [^\s,.;!?…()—–*]+){0,2}?)\s*(?=$|[,.;!?…()—–]|\s(?:not|lol|haha|sorry|typo|autocorrect|actually)\b)/iu;
/** Words a value never starts with: the start of a sentence of its own. */
const NOT_A_VALUE =
  /^(?:i|i'm|im|i've|we|we're|my|our|that|that's|thats|this|it|he|she|they|his|her|their|no|not|is|was|so|and|but|ok|okay|lol|anyway|sorry)$/i;
const MAX_TAKE_BACKS = 4;

/** The turn with what it took back removed, and each bare correction put in place of what it corrects. */
export function takenBack(text: string): string {
  let out = text;
  for (let n = 0; n < MAX_TAKE_BACKS; n++) {
    const next = takeBackOnce(out);
    if (next === out) return out;
    out = next;
  }
  return out;
}

function takeBackOnce(text: string): string {
  for (const { index, marker, sure, corrects } of markers(text)) {
    const before = text.slice(0, index);
    const after = text.slice(index + marker.length).replace(/\p{Extended_Pictographic}/gu, '.');
    const start = clauseStart(before);
    if (!/\p{L}{2}/u.test(before.slice(start))) continue;
    const value = corrects && !/\bnot$/i.test(marker) ? valueAfter(after) : undefined;
    if (value) {
      const put = putInPlace(before, value.v);
      if (put !== undefined) return `${put.text}. ${explained(after.slice(value.end), put.old)}`.trim();
    }
    if (!sure) continue;
    // "sorry, not Linda, my manager is Gareth": the value named with "not" goes with the marker.
    const rest = /\bnot$/i.test(marker) ? after.replace(/^\s*[^,.;!?—–]+/, '') : after;
    const kept = before.slice(0, start).trimEnd();
    return `${kept}${/[.!?]$/.test(kept) || start === 0 ? '' : '.'} ${rest.replace(/^[\s,.!…:—–-]+/, '')}`.trim();
  }
  return text;
}

/**
 * What follows a corrected value, without the rest of its sentence and a next sentence naming the
 * old value: "— I keep mixing them up", "why did i type japanese", "Bunq was the offer I turned down".
 */
function explained(rest: string, old: string): string {
  const end = /[.!?\n]/.exec(rest);
  const after = end ? rest.slice(end.index + 1) : '';
  const next = /^[^.!?\n]*[.!?\n]?/.exec(after)![0];
  return new RegExp(`\\b${literal(old)}\\b`, 'i').test(next) ? after.slice(next.length).trim() : after.trim();
}

function* markers(text: string): Generator<{ index: number; marker: string; sure: boolean; corrects: boolean }> {
  const found = [
    ...[...text.matchAll(DROP_AT)].map((m) => ({ index: m.index, marker: m[0], sure: true, corrects: false })),
    ...[...text.matchAll(CORRECT_AT)].map((m) => ({ index: m.index, marker: m[0], sure: true, corrects: true })),
    ...[...text.matchAll(IF_VALUE_AT)].map((m) => ({ index: m.index, marker: m[0], sure: false, corrects: true })),
  ].sort((a, b) => a.index - b.index);
  yield* found.filter((m) => m.index > 0);
}

/** Where the clause taken back starts in `before`: after its last clause boundary, or the sentence holding a bracket it closes. */
function clauseStart(before: string): number {
  const trimmed = before.replace(/[\s,.!?…—–(-]*(?:(?:oh|ah|um+|erm|err|hmm+|lol|haha|ok|okay|actually|well|ugh|no|nope)[\s,.!?…—–-]*)*$/iu, '');
  let start = 0;
  let sentence = 0;
  for (const m of trimmed.matchAll(CLAUSE_START)) {
    if (m.index + m[0].length >= trimmed.length) continue;
    start = m.index + m[0].length;
    if (/[.!?…]/.test(m[0])) sentence = start;
  }
  // "my manager (Linda) wants…": a bracket closed inside the clause belongs to its sentence.
  return /\)/.test(trimmed.slice(start)) && !/\(/.test(trimmed.slice(start)) ? sentence : start;
}

function valueAfter(after: string): { v: string; end: number } | undefined {
  const m = VALUE_AFTER.exec(after);
  const v = m?.groups?.v;
  if (!m || !v || NOT_A_VALUE.test(v.split(' ')[0]!)) return undefined;
  const terms = tag(v);
  if (terms.length === 0 || (!/^\p{Lu}/u.test(v) && terms.some((t) => t.tags.has('Verb') && !t.tags.has('Noun')))) return undefined;
  return { v, end: m[0].length };
}

/** `before` with its last value of the kind of `value` replaced by it: a name by a name, a word by a word of the same part of speech. */
function putInPlace(before: string, value: string): { text: string; old: string } | undefined {
  // The sentence the correction follows, and the one before it ("Planning a trip to Lisbon… any tips? Actually no, it's Porto").
  const starts = [0, ...[...before.matchAll(/[.!?…]+\s+/g)].map((m) => m.index + m[0].length).filter((i) => i < before.trimEnd().length)];
  const sentenceStart = starts.at(-2) ?? 0;
  const region = before.slice(sentenceStart);
  const terms = tag(region);
  const named = /^\p{Lu}/u.test(value);
  const head = tag(value).at(-1);
  const opens = (i: number) => i === 0 || /[.!?…]/.test(terms[i - 1]!.post);
  const fits = (t: Term, i: number) =>
    named
      ? /^\p{Lu}/u.test(t.text) && t.text !== 'I' && (!opens(i) || t.tags.has('ProperNoun')) && !t.tags.has('Date') && !/^\p{Lu}{2,}$/u.test(t.text)
      : !!head &&
        ['Adjective', 'Noun'].some((p) => t.tags.has(p) && head.tags.has(p)) &&
        !['Date', 'Value', 'Pronoun', 'Possessive'].some((p) => t.tags.has(p));
  let last = -1;
  terms.forEach((t, i) => {
    if (fits(t, i)) last = i;
  });
  if (last < 0) return undefined;
  let first = last;
  while (named && first > 0 && fits(terms[first - 1]!, first - 1) && !terms[first - 1]!.post.trim()) first--;
  const words = terms.slice(first, last + 1).map((t) => t.text);
  const from = region.lastIndexOf(words.join(' '));
  if (from < 0) return undefined;
  const text = `${before.slice(0, sentenceStart)}${region.slice(0, from)}${value}${region.slice(from + words.join(' ').length)}`;
  return { text: text.replace(/[\s,.!?…:—–-]*$/, ''), old: words.join(' ') };
}
