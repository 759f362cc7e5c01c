/** What counts as a partner, a child, a relative. */

import { alternation } from './alternation.ts';

const PARTNER_WORDS = [
  'wife',
  'husband',
  'partner',
  'spouse',
  'girlfriend',
  'boyfriend',
  'fiancée',
  'fiancee',
  'fiancé',
  'fiance',
  'other half',
  'better half',
  'companion',
  'significant other',
  'gentleman friend',
  'lady friend',
  'missus',
  'hubby',
  'wifey',
];
export const PARTNER = alternation(PARTNER_WORDS);
/** What a user calls their partner before the partner's name ("my hubby is Femi", "my man is Otieno"). */
export const PARTNER_TITLES: readonly string[] = [...PARTNER_WORDS.filter((w) => !w.includes(' ')), 'man', 'lady', 'fella', 'bloke', 'bf', 'gf'];
/** The partner titles that name the partner without "my" too ("missus is Hine"): not "man is…", "lady is…". */
export const PARTNER_UNOWNED_WORDS = PARTNER_TITLES.filter((w) => w !== 'man' && w !== 'lady');
export const PARTNER_UNOWNED = alternation(PARTNER_UNOWNED_WORDS);
/** How a partner is described before they are named: "a very patient husband, Luis", "a lovely wife, Anna". */
export const PARTNER_DESCRIBED_AS = String.raw`(?:(?:very|really|lovely|patient|wonderful|amazing|long-suffering|supportive|great|brilliant|new) ){0,3}`;
export const CHILD_WORDS = ['son', 'daughter', 'kid', 'child', 'boy', 'girl', 'stepson', 'stepdaughter', 'baby', 'toddler', 'teenager', 'newborn'];
export const CHILD = alternation(CHILD_WORDS);
export const RELATIVE_WORDS = [
  ...PARTNER_WORDS,
  'mother',
  'mom',
  'mum',
  'mam',
  'mammy',
  'father',
  'dad',
  'daddy',
  'sister',
  'brother',
  'son',
  'daughter',
  'grandmother',
  'grandma',
  'grandfather',
  'grandpa',
  'grandad',
  'granddad',
  'gramps',
  'granny',
  'gran',
  'nan',
  'nana',
  'nanna',
  'grandparents',
  'grandson',
  'granddaughter',
  'aunt',
  'uncle',
  'cousin',
  'niece',
  'nephew',
  'stepson',
  'stepdaughter',
  'stepmom',
  'stepdad',
  'stepmum',
  'stepmother',
  'stepfather',
  'stepsister',
  'stepbrother',
  'half-sister',
  'half-brother',
  'son-in-law',
  'daughter-in-law',
  'godson',
  'goddaughter',
  'godmother',
  'godfather',
  'mother-in-law',
  'father-in-law',
  'sister-in-law',
  'brother-in-law',
  'parents',
  'kids',
  'children',
  'twins',
  'best friend',
  'best mate',
  'bestie',
  'friend',
  'mate',
  'roommate',
  'flatmate',
  'housemate',
];
export const RELATIVE = alternation(RELATIVE_WORDS);

/** A word alone that names one of the user's relatives or children ("Mum", "nan", "son"), never a person's name. */
export const IS_RELATIVE = new RegExp(`^(?:${RELATIVE}|${CHILD}|mum|mom|mam|ma|dad|da|pa|nan|gran|granny|grandad|grandpa)$`, 'i');
/** Parents, grandparents, siblings, aunts and uncles: the relatives a sentence may open with, before their name ("Mum Doreen, 82"). */
export const ELDER_OR_SIBLING = alternation([
  'mum',
  'mom',
  'mam',
  'mother',
  'dad',
  'father',
  'gran',
  'granny',
  'grandma',
  'grandad',
  'grandpa',
  'nan',
  'nana',
  'sister',
  'brother',
  'auntie',
  'aunt',
  'uncle',
]);
