/**
 * Titles written before a person's name ("Mr. Campbell", "Engr. Balogun", "Pak Hendro", "Herr
 * Lampe"), lower case, without their full stop: a title's stop ends no sentence, and a name after
 * a title is the whole of both.
 */

import { alternation } from './alternation.ts';

export const TITLE_WORDS = [
  'mr',
  'mrs',
  'ms',
  'mx',
  'dr',
  'prof',
  'engr',
  'eng',
  'atty',
  'capt',
  'sgt',
  'rev',
  'fr',
  'sr',
  'sra',
  'srta',
  'jr',
  'herr',
  'frau',
  'mme',
  'mlle',
  'madame',
  'monsieur',
  'señor',
  'señora',
  'pak',
  'bu',
  'ibu',
  'bapak',
  'mzee',
] as const;

export const TITLE = alternation(TITLE_WORDS);

/** Japanese honorifics written after a name with a hyphen ("Fujiwara-san"): part of how the name is said, not of the name. */
export const HONORIFIC_AFTER = 'san|sama|kun|chan|sensei|senpai';

/** Respect said after a name as its own word, as in India and Sri Lanka ("Kulkarni sir", "Revathi madam"): part of how the name is said. */
export const RESPECT_AFTER = "sir|madam|ma'am|ma’am|maam|ji|sahib|saab";
