import { someoneElseBefore } from './someone-else.ts';
import { thingsNamed } from './vocabulary/categories.ts';

/**
 * The drinks a sentence says the user has as a habit, on the way to something else: "can't start the
 * day without strong filter coffee", "race morning fuel will be a venti cold brew, same as every other
 * morning", "a cortado in the day and a can of Irn-Bru at gigs", said again as the clause the phrase
 * table reads ("I drink cold brew"). Only a drink the catalogue knows, with a word of habit in the
 * sentence, never in someone else's words or where the sentence says it is given up, disliked, a wish or a change.
 */
export function drinksInPassing(clause: string, sentence: string): string[] {
  const plain = sentence.replace(CANNOT_DO_WITHOUT, '');
  if (!HABIT.test(sentence) || NOT_HAD.test(plain) || CHANGED.test(sentence) || SAID_OUTRIGHT.test(clause) || /\?\s*$/.test(sentence)) return [];
  const said: string[] = [];
  for (const { thing } of thingsNamed(clause).filter(({ category }) => category === 'drink')) {
    const at = clause.toLowerCase().indexOf(thing.toLowerCase());
    if (
      at >= 0 &&
      !someoneElseBefore(
        clause
          .slice(0, at)
          .split(/[,;:—–]/)
          .at(-1)!,
      )
    )
      said.push(`I drink ${thing}`);
  }
  return said;
}

/** Words that say a drink is had as a habit. */
const HABIT =
  /\b(?:every|each|always|usually|normally|daily|first thing|mornings|in the morning|nights|evenings|afternoons|weekends|in the day|after (?:work|lunch|dinner|school)|at gigs|fuel|go-to|staple|routine|ritual|habit|hooked|minimum|a day|per day|on tap)\b/i;
/** "can't start the day without…": a need, not a refusal. */
const CANNOT_DO_WITHOUT = /\b(?:can't|cannot|can not|couldn't|won't)\s+(?:start|get through|function|survive|face|do)\b[^,.;!?]{0,30}?\bwithout\b/gi;
/** A sentence that says a drink is gone, disliked, someone else's choice or only thought of. */
const NOT_HAD =
  /\b(?:stopped|quit|gave up|given up|giving up|cut out|cut down|cutting down|no longer|not|never|don't|dont|used to|hate|hates|can't stand|allergic|intolerant|instead of|switched from|swapped|off the|gone off|went off|avoid|if|should|would|might|thinking|want to|trying to|wish)\b|n't\b/i;
/** A sentence that tells a change ("these days only green tea"): the change readers read its drink. */
const CHANGED = /\b(?:now|these days|nowadays|anymore|any more|instead|only|switched|swapped|since)\b/i;
/** A clause the phrase table reads the drink of itself ("I drink…", "my usual is…", "I love a flat white"). */
const SAID_OUTRIGHT = /\b(?:drink|drinks|drinking|usual|order|favou?rite|fave|love|loves|like|likes|prefer|prefers|obsessed|weakness)\b/i;
