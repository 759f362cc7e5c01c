import { CHILD, RELATIVE } from './vocabulary/family.ts';
import { PET } from './vocabulary/pets.ts';

/** Someone other than the user, named in the words before a fact said in passing: a pronoun, a relative, a pet, a possessive name. */
const SOMEONE = new RegExp(
  String.raw`\b(?:he|she|they|his|her|their|him|them|youngest|eldest|oldest|${RELATIVE}|${CHILD}|${PET})\b|\b(?!(?:it|that|what|there|here|who|he|she|let)'s)\p{L}+'s\b`,
  'iu',
);
/** "Our youngest, Ruby, has just been diagnosed with…": a name, then what they have or are. */
const NAME_HAS = /\b(?!I\b)\p{Lu}\p{Ll}+,? (?:has|had|is|was|got|gets)\b/u;

/** Whether the last words before a fact ("my son has a nut allergy", "my sister moved into a flat in…") make it someone else's. */
export function someoneElseBefore(before: string): boolean {
  const near = before.slice(-60);
  return SOMEONE.test(near) || NAME_HAS.test(near);
}

/** Whether the words of a clause before a thing said in passing, from the last break, make it someone else's. */
export const someoneElsesAt = (clause: string, at: number): boolean =>
  someoneElseBefore(
    clause
      .slice(0, at)
      .split(/[,;:—–]/)
      .at(-1)!,
  );
