import { HABIT, notDone } from './habit.ts';
import { someoneElsesAt } from './someone-else.ts';
import { doesPastime, pastimeNamed } from './vocabulary/pastimes.ts';

/**
 * The sports and pastimes a sentence says the user does as a habit, on the way to something else:
 * "Netball's Tuesday nights", "Sunday routine is fixed — dosa, then ultimate frisbee in Cubbon Park",
 * said again as the clause the phrase table reads ("I play netball"). Only a pastime the vocabulary
 * knows by name, with a word of habit in the sentence, never in someone else's words, a question,
 * or a sentence that gives it up or only wishes for it.
 */
export function pastimesInPassing(clause: string, sentence: string): string[] {
  if (!HABIT.test(sentence) || notDone(sentence) || SAID_OUTRIGHT.test(clause) || /\?\s*$/.test(sentence)) return [];
  const said: string[] = [];
  for (const m of clause.matchAll(/[\p{L}-]+/gu)) {
    const how = pastimeNamed(m[0]);
    if (!how || someoneElsesAt(clause, m.index)) continue;
    // "a surf" is going surfing; "netball" is played.
    const verb = doesPastime(m[0].toLowerCase())
      ?.replace(/^(go|do)es /, '$1 ')
      .replace(/^plays /, 'play ');
    said.push(verb ? `I ${verb}` : `I ${how} ${m[0].toLowerCase()}`);
  }
  return said;
}

/** A clause the phrase table reads the pastime of itself ("I play…", "I go…", "I do…", "I'm into…"). */
const SAID_OUTRIGHT = /\b(?:I|we)\s+(?:\w+\s+)?(?:play|plays|go|do|does|love|like|enjoy|practise|practice|train)\b|\binto\b|\b(?:I'm|I am|we're) (?:a|an)\b/i;
