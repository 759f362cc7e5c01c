import { saysHabit } from './habit.ts';
import { someoneElsesAt } from './someone-else.ts';
import { thingsNamed } from './vocabulary/categories.ts';

/**
 * The drinks a sentence says the user has as a habit, on the way to something else: "can't start the
 * day without strong filter coffee", "race morning fuel will be a venti cold brew, same as every other
 * morning", "a cortado in the day and a can of Irn-Bru at gigs", said again as the clause the phrase
 * table reads ("I drink cold brew"). Only a drink the catalogue knows, with a word of habit in the
 * sentence, never in someone else's words or where the sentence says it is given up, disliked, a wish or a change.
 */
export function drinksInPassing(clause: string, sentence: string): string[] {
  if (!saysHabit(sentence) || CHANGED.test(sentence.replace(ONLY_IT_KEEPS, '')) || SAID_OUTRIGHT.test(clause)) return [];
  const said: string[] = [];
  for (const { thing } of thingsNamed(clause).filter(({ category }) => category === 'drink')) {
    const at = clause.toLowerCase().indexOf(thing.toLowerCase());
    if (at >= 0 && !someoneElsesAt(clause, at)) said.push(`I drink ${thing}`);
  }
  // "a pot of Barry's", "a can of Irn-Bru", "a Hendrick's and tonic": a drink by its maker's name, which no catalogue holds.
  for (const m of clause.matchAll(BY_ITS_NAME)) {
    const name = (m.groups!.a ?? m.groups!.b)!;
    if (!said.some((s) => s.endsWith(name)) && !someoneElsesAt(clause, m.index) && !HANDLED.test(clause.slice(0, m.index))) said.push(`I drink ${name}`);
  }
  return said;
}

/** "walk past a bottle of Evian", "knocked a can of Monster over": a drink handled, not drunk. */
const HANDLED =
  /\b(?:past|bought|buy|buying|sell|selling|sold|saw|see|spill(?:ed)?|spilt|knock(?:ed)?|drop(?:ped)?|broke|found|gave|give|brought|bring|carry|carried|wrap(?:ped)?)\b/i;
/** A name after what a drink is served in ("a pint of…", "a cup of decaf…"), or before "and tonic". */
const BY_ITS_NAME =
  /\b(?:pint|pints|can|cans|glass|bottle|cup|cuppa|mug|pot|shot|dram|tin|schooner|middy|jug) of (?:(?:decaf|cold|hot|iced|strong|weak|large|small|cheeky|quick|nice|proper) )?(?<a>\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*){0,2})|\b(?<b>\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*)?) and tonic\b/gu;

/** A sentence that tells a change ("these days only green tea"): the change readers read its drink. */
const CHANGED = /\b(?:now|these days|nowadays|anymore|any more|instead|only|switched|swapped|since)\b/i;
/** "only rooibos keeps me going": "only" said of what keeps the user going, no change. */
const ONLY_IT_KEEPS = /\bonly (?=[\p{L} -]{1,30}? (?:keeps|gets) me\b)/giu;
/** A clause the phrase table reads the drink of itself ("I drink…", "my usual is…", "I love a flat white"). */
const SAID_OUTRIGHT = /\b(?:drink|drinks|drinking|usual|order|favou?rite|fave|love|loves|like|likes|prefer|prefers|obsessed|weakness)\b/i;
