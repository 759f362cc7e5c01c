import { DWELLING } from './vocabulary/holdings.ts';
import { OTHER_DWELLING } from './vocabulary/home.ts';
import { alternation } from './vocabulary/alternation.ts';

/**
 * Where the user lives, said in passing through their dwelling ("we've had no hot water in our flat in
 * Headingley", "the damp in my room in Marchmont"), said again as "I live in …". Nothing when the
 * clause is about leaving it or about its past ("we sold our flat in Leith", "my old place in Austin"):
 * the readers of change read those.
 */
export function dwellingInPassing(clause: string): string[] {
  if (CHANGED.test(clause)) return [];
  const place = OURS_IN.exec(clause)?.groups?.place;
  return place ? [`I live in ${place}`] : [];
}

const OURS_IN = new RegExp(
  String.raw`\b(?:my|our) (?!(?:${alternation([...OTHER_DWELLING])})\b)(?:[\p{Ll}-]+ ){0,2}?${DWELLING} (?:in|near) (?<place>\p{Lu}[\p{L}'-]*(?:,? \p{Lu}[\p{L}'-]*){0,2})`,
  'u',
);
const CHANGED =
  /\b(?:sold|selling|sell|left|leaving|leave|moved|moving|move|used to|was|were|had been|until|before|after|vacat\w*|renovat\w*|buy(?:ing)?|bought|view(?:ing)?|looking at|offer|mortgage|visit\w*|staying at|airbnb|rent(?:ing)? out|let(?:ting)? out)\b/i;
