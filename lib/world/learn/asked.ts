/**
 * What the user's words answer: the questions the assistant asked just before them. Their words index what is learned
 * from the answer (learn.ts, recall/terms.ts saidWords); they are never a belief. A module of its own, light enough for
 * the chat route and the actor to cut what they carry to the end of the assistant's turn.
 */
import { holdsSecret } from './extract/pasted.ts';
import type { Turn } from '../../ports/beliefs.ts';

/** Where a turn's sentences end, as the words said around a belief are read. */
export const SENTENCE_END = /(?<=[.!?])\s+|\n+/;

/** The assistant's questions read before the user's last words, at most, and the characters of its turn's end they are read in. */
const ASKED_QUESTIONS = 2;
const ASKED_TAIL = 1_000;

/** The part of an assistant turn read for what it asks (askedBefore): its end, where a question sits; what carries it to the actor carries only this. */
export function askedPart(text: string): string {
  return text.slice(-ASKED_TAIL);
}

/**
 * The questions the assistant asked just before the user's last words ("What kind of pastries did you have?" before
 * "Croissants and tarts!"): what those words answer. Read for their words only, which index what is learned from the
 * answer (never a belief: what the user said is what the user believes), and never a sentence holding a secret.
 */
export function askedBefore(turns: Turn[]): string[] {
  const last = turns.findLastIndex((t) => t.role === 'user');
  const before = last > 0 ? turns[last - 1] : undefined;
  if (before?.role !== 'assistant') return [];
  return askedPart(before.content)
    .split(SENTENCE_END)
    .filter((s) => s.trim().endsWith('?') && !holdsSecret(s))
    .slice(-ASKED_QUESTIONS);
}
