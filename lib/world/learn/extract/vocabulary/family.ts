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
];
export const PARTNER = alternation(PARTNER_WORDS);
/** What a user calls their partner before the partner's name ("my hubby is Femi", "my man is Otieno"). */
export const PARTNER_TITLES: readonly string[] = [...PARTNER_WORDS.filter((w) => !w.includes(' ')), 'man', 'lady', 'hubby', 'wifey', 'missus', 'bf', 'gf'];
/** The partner titles that name the partner without "my" too ("missus is Hine"): not "man is…", "lady is…". */
export const PARTNER_UNOWNED = alternation(PARTNER_TITLES.filter((w) => w !== 'man' && w !== 'lady'));
export const CHILD = alternation(['son', 'daughter', 'kid', 'child', 'boy', 'girl', 'stepson', 'stepdaughter', 'baby', 'toddler', 'teenager', 'newborn']);
export const RELATIVE = alternation([
  ...PARTNER_WORDS,
  'mother',
  'mom',
  'mum',
  'father',
  'dad',
  'sister',
  'brother',
  'son',
  'daughter',
  'grandmother',
  'grandma',
  'grandfather',
  'grandpa',
  'aunt',
  'uncle',
  'cousin',
  'niece',
  'nephew',
  'stepson',
  'stepdaughter',
  'stepmom',
  'stepdad',
  'mother-in-law',
  'father-in-law',
  'sister-in-law',
  'brother-in-law',
  'parents',
  'kids',
  'children',
  'twins',
  'best friend',
  'roommate',
  'flatmate',
]);
