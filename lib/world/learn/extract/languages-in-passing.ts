import { someoneElseBefore } from './someone-else.ts';
import { SPOKEN } from './vocabulary/languages.ts';

/**
 * The languages a sentence says the user speaks or is learning, on the way to something else: "At home we
 * speak Tamil, with my in-laws it is Telugu, office is English only", "Afrikaans at home, English for the
 * tourists", "Irish? Bits.", said again as the clauses the phrase table reads ("I speak Telugu"). Only in a
 * sentence that speaks of speaking, and never of someone else's clause ("my daughter replies in English").
 */
export function languagesInPassing(clause: string, sentence: string): string[] {
  if (!SPEAKING.test(sentence)) return [];
  const said: string[] = [];
  for (const m of clause.matchAll(A_LANGUAGE)) {
    const before = clause.slice(0, m.index).split(CLAUSE_BREAK).at(-1)!;
    // "with my wife it's mostly isiZulu", "mother tongue is Sesotho": whom the user speaks it with is no one else speaking.
    if (someoneElseBefore(before.replace(SPOKEN_WITH, '')) || NO_LONGER.test(before) || NOT_A_LANGUAGE_AFTER.test(clause.slice(m.index + m[0].length)))
      continue;
    const language = m[0][0]!.toUpperCase() + m[0].slice(1);
    said.push(LEARNING_BEFORE.test(before) ? `I'm learning ${language}` : `I speak ${language}`);
  }
  return said;
}

const A_LANGUAGE = new RegExp(`(?<![\\p{L}'-])(?:${SPOKEN})(?![\\p{L}'-])`, 'giu');
/** How a sentence speaks of speaking: the words for a language's place in someone's life. */
const SPEAKING =
  /\b(?:speak|speaks|speaking|spoke|spoken|mother tongue|first language|native|fluent|fluently|bilingual|trilingual|(?:a )?bits? of|cúpla focal|picked up|pick up|picking up|grew up (?:speaking|with)|get by in|conversational|at home|with my|at work|at church|for the tourists|with everyone|learning|studying|duolingo)\b/i;
const CLAUSE_BREAK = /[,;:—–]|\b(?:and|but|while|whereas)\b/;
/** "Spanish film", "English teacher": a language's word before a noun names something else. */
const NOT_A_LANGUAGE_AFTER =
  /^\s+(?!(?:with|at|in|for|and|is|isn't|obviously|too|as|mostly|only|from|when|to|but|i|pretty|fluently|natively|so|because|since|on|now|these|most|all|every|mainly|first|really|quite|though)\b)\p{L}/iu;
const SPOKEN_WITH = /\bmother tongue\b|\b(?:with|to) (?:my|our|the) (?:[\p{L}-]+ )?[\p{L}-]+(?: and (?:my |our |the )?[\p{L}-]+)?/giu;
/** "stopped learning Japanese", "I don't speak Welsh", "used to speak Polish": a language the user no longer has, or never had. */
const NO_LONGER =
  /\b(?:stop|stopped|quit|quitting|gave up|given up|give up|dropped|no longer|not|never|don't|dont|do not|can't|cannot|used to|forgot|forgotten|lost)\b/i;
const LEARNING_BEFORE = /\b(?:learning|studying|picking up|doing|taking)\s+(?:some\s+|a bit of\s+)?$/i;
