import { lemmaOf, tag, type Term } from './voice.ts';
import { placeAt } from './value-in.ts';
import { categoryOf } from './vocabulary/categories.ts';
import { FROM_BEFORE, MOVE_PARTICLES, MOVE_VERBS, PLACE_BEFORE, WRITING_FROM } from './vocabulary/home.ts';

/**
 * A move said without where to, the place named elsewhere in the turn: "any good climbing gyms in
 * Tromsø? just moved here last week" moved to Tromsø; "help me find a gp in Cork, moved over from
 * Galway in june" moved to Cork. "Here" after a verb of moving or living, or nothing at all after
 * a verb of moving, stands for the one place the turn names as where something is; the turn is
 * given back with that place written in ("just moved to Tromsø last week"), and the extractor's
 * readers and traps take it from there (someone else's move, a wish, a question stay what they were).
 */

const MOVE = new Set<string>(MOVE_VERBS);
const PARTICLE = new Set<string>(MOVE_PARTICLES);
const WHERE = new Set<string>(PLACE_BEFORE);
const SAID_FROM = new Set<string>(WRITING_FROM);
const LEFT = new Set<string>(FROM_BEFORE);
/** Verbs whose "here" is where the user lives: "been living here since the summer". */
const LIVE_HERE = new Set(['live', 'settle', 'base']);
/** What may follow a move said without where to: where from, why, with whom, or when. */
const AFTER_MOVE = /^(?:from|for|with|yesterday|recently|ago|last|this|in|on|at|a|two|three|four|five|six|\d+)$/i;
const WHEN_NEXT = /^(?:in|on|at|a|\w*\d\w*|two|three|four|five|six)$/i;
const HERE = /^(?:here|there)$/i;
const SAID_WHERE = /^(?:in|to|into|near|on|at|outside)$/i;
/** A cheap test before anything is tagged: a verb of moving, its particles, then no where to; or "here" after a verb of living. */
const CUE = new RegExp(
  String.raw`\b(?:(?:mov(?:e|ed|es|ing)|relocat\w*)(?: (?:${MOVE_PARTICLES.join('|')}))*(?:[,.;:!?)—–]|\s*$| (?:here|there|from|for|with|yesterday|recently|ago|last|this|in|on|at|a|two|three|four|five|six|\d+)\b)|(?:liv\w*|settled|based) (?:\w+ )?here\b)`,
  'i',
);

/** The turn with where the user moved written in, when it said a move without where to and named one place. */
export function withWhereTo(text: string): string {
  if (!CUE.test(text) || !/\s\p{Lu}|^\p{Lu}[\p{Ll}]+\s/u.test(text)) return text;
  const terms = tag(text);
  const gaps = terms.flatMap((_, i) => gapAfter(terms, i) ?? []);
  if (gaps.length === 0) return text;
  const place = onePlace(terms);
  if (!place) return text;
  const at = offsets(text, terms);
  if (!at) return text;
  let out = text;
  // Written in from the last gap back, so that the earlier offsets hold.
  for (const gap of gaps.reverse()) {
    const [start, end] = gap.here === undefined ? [at[gap.after]!.end, at[gap.after]!.end] : [at[gap.here]!.start, at[gap.here]!.end];
    out = `${out.slice(0, start)}${gap.here === undefined ? ' ' : ''}${gap.live ? 'in' : 'to'} ${place}${out.slice(end)}`;
  }
  return out;
}

interface Gap {
  /** The term after which where to goes. */
  after: number;
  /** The "here" that stands for it. */
  here?: number;
  /** Said of living, not moving: "in" the place. */
  live?: boolean;
}

/** Where a verb of moving at `i` leaves out where to ("moved here", "moved over from Galway", "just moved last week"). */
function gapAfter(terms: Term[], i: number): Gap | undefined {
  const verb = terms[i]!;
  if (!verb.tags.has('Verb') && !/ing$/i.test(verb.text)) return undefined;
  const lemma = lemmaOf(verb.text.toLowerCase());
  const live = [lemma, lemma.replace(/ing$/, 'e'), lemma.replace(/d$/, '')].some((l) => LIVE_HERE.has(l));
  if (!MOVE.has(lemma) && !live) return undefined;
  let j = i + 1;
  // "moved in 2019": an "in" before a time is no particle.
  const particle = (k: number) => PARTICLE.has(terms[k]!.text.toLowerCase()) && !(terms[k]!.text.toLowerCase() === 'in' && timeAt(terms, k + 1));
  while (j < terms.length && j <= i + 3 && particle(j) && !ends(terms[j - 1]!)) j++;
  const next = terms[j];
  // "settled here in Malmö", "moved here to Valencia": where is said.
  if (next && !ends(terms[j - 1]!) && HERE.test(next.text)) return placeSaid(terms, j) ? undefined : { after: j - 1, here: j, live };
  if (live) return undefined;
  if (!next || ends(terms[j - 1]!)) return { after: j - 1 };
  // "moved in june", "moved a week ago": a time; "moved a lot as a kid" says none.
  const when = !WHEN_NEXT.test(next.text) || timeAt(terms, j);
  return AFTER_MOVE.test(next.text) && when ? { after: j - 1 } : undefined;
}

/** Whether a place is said right after "here" at `j`: "here in Malmö", never "here in april". */
function placeSaid(terms: Term[], j: number): boolean {
  if (ends(terms[j]!) || !SAID_WHERE.test(terms[j + 1]?.text ?? '')) return false;
  return placeAt(terms, terms[j + 2]?.text.toLowerCase() === 'the' ? j + 3 : j + 2) !== undefined;
}

/** Whether a clause ends after the term. */
const ends = (t: Term) => /[,.;:!?()—–]|\s-\s/.test(t.post);

/** "in june", "on monday", "a week ago", "at the weekend": a time from `j` on. */
function timeAt(terms: Term[], j: number): boolean {
  return terms.slice(j, j + 3).some((t) => t.tags.has('Date') || t.tags.has('Duration') || /^(?:weekend|ago|(?:19|20)\d\d)$/i.test(t.text));
}

/** The one place the turn names as where something is ("in Tromsø", "near Cork", "new to Lyon"), never where from; undefined when none or several. */
function onePlace(terms: Term[]): string | undefined {
  const found = new Map<string, boolean>();
  for (let i = 0; i < terms.length - 1; i++) {
    const word = terms[i]!.text.toLowerCase();
    const before = terms[i - 1];
    const newTo = word === 'to' && before?.text.toLowerCase() === 'new';
    // "in Smalltown and Bigville": each of a list of places.
    const listed = /^(?:and|or|&)$/.test(word) && before !== undefined && found.has(before.text);
    // "writing from Porto Alegre": where the user is as they write; any other "from" is where they came from.
    const writingFrom = word === 'from' && SAID_FROM.has(before?.text.toLowerCase() ?? '');
    if ((!WHERE.has(word) && !newTo && !listed && !writingFrom) || before?.text.toLowerCase() === 'from') continue;
    const at = terms[i + 1]!.text.toLowerCase() === 'the' ? i + 2 : i + 1;
    const place = placeAt(terms, at);
    // "in the ICU", "in HR": an abbreviation is a place only when the tagger knows it as one ("in NYC").
    const abbreviation = /^\p{Lu}{2,}$/u.test(place ?? '') && !terms[at]!.tags.has('Place');
    // "selling the old sofa in Leeds": what is the user's old is where they lived before.
    const old = terms.slice(Math.max(0, i - 4), i).some((t) => LEFT.has(t.text.toLowerCase()));
    if (!place || abbreviation || old || untaken(terms, i) || categoryOf(place) !== undefined) continue;
    found.set(place, (found.get(place) ?? false) || terms[i + 1]!.tags.has('Place'));
  }
  if (found.size === 1) return [...found.keys()][0];
  // Several: the one place the tagger knows as a place ("in Sapporo", beside "in Kalamaja" a part of it).
  const known = [...found].filter(([, isPlace]) => isPlace);
  return known.length === 1 ? known[0]![0] : undefined;
}

/** Words of a place the user did not go to: "almost took a place in Oakland but it fell through". */
const NOT_TAKEN = /^(?:almost|nearly|considered|considering|fell|didn't|never|instead|rather|would've)$/i;

/** Whether the clause around term `i` says its place was not taken. */
function untaken(terms: Term[], i: number): boolean {
  let from = i;
  while (from > 0 && !ends(terms[from - 1]!)) from--;
  let to = i;
  while (to < terms.length - 1 && !ends(terms[to]!)) to++;
  return terms.slice(from, to + 1).some((t) => NOT_TAKEN.test(t.text));
}

/** Where each term's words are in the text, or undefined when the tagger's words cannot all be found in order. */
function offsets(text: string, terms: Term[]): { start: number; end: number }[] | undefined {
  const out: { start: number; end: number }[] = [];
  let from = 0;
  for (const t of terms) {
    const start = t.text ? text.indexOf(t.text, from) : from;
    if (start < 0) return undefined;
    out.push({ start, end: start + t.text.length });
    from = start + t.text.length;
  }
  return out;
}
