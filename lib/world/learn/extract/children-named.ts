import { mayBeName } from './continuations.ts';
import { isPlace } from './segment.ts';
import { tag } from './voice.ts';

/**
 * The user's children, named in a row after the word for them, each with the age said beside the name:
 * "the kids are saoirse (9) and cathal (6)", "The children are Ifeoma who is 12, Somto 9 and the last born
 * Kosi", "Kids: Hana is 8, Leo's 5", "Valeria of 17, Emiliano of 12", "Two daughters, Linh who's 16 and Mai 13", "two kids, Lerato who's in matric and
 * little Kamo", "My boys — Damilola 17, Seun 14 —", "two wee ones, Manaia who's 6 and Kiri who's 3", "one grown son, Caleb,", said again as the clauses the phrase table reads ("I have a kid called Hana who is 8").
 */
export function childrenNamed(sentence: string): string[] {
  const lower = !/\p{Lu}/u.test(sentence.replace(/\bI\b/g, ''));
  const said: string[] = [];
  for (const opening of sentence.matchAll(CHILDREN_THEN)) {
    if (opening.groups!.whose) continue;
    let at = opening.index + opening[0].length;
    for (let i = 0; i < MAX_CHILDREN; i++) {
      const child = childAt(sentence.slice(at), lower);
      // "34, nurse, two kids, Leeds": a town after the children is where the user lives, no child of theirs.
      if (
        !child ||
        NOT_A_CHILD.test(child.name) ||
        (lower && functionWord(child.name)) ||
        !mayBeName(child.name) ||
        (child.age === undefined && isPlace(child.name))
      )
        break;
      said.push(`I have a kid called ${child.name}${child.age ? ` who is ${child.age}` : ''}`);
      at += child.length;
      // "Lerato who's in matric and little Kamo": what is said of a child after their name is no separator.
      at += SAID_OF_THEM.exec(sentence.slice(at))?.[0].length ?? 0;
      const next = SEPARATOR.exec(sentence.slice(at));
      if (!next) break;
      at += next[0].length;
    }
  }
  return said;
}

const MAX_CHILDREN = 8;
/** The word for the user's children, and what sets their names apart after it ("kids are", "Kids:", "Two daughters,", "My boys —"). */
const CHILDREN_THEN =
  /(?<![\p{L}'])(?:(?:(?<whose>his|her|their|\p{L}+'s) |(?:my|our|the|two|three|four|five|2|3|4|5|twin) )?(?:(?:grown(?:-up)?|young|teenage|adult) )?(?:step-?)?(?:kids|children|boys|girls|sons|daughters|twins|little ones|wee ones|young ones|bairns|weans)|(?:one|an only|my only|our only) (?:(?:grown(?:-up)?|young|teenage|adult|little) )?(?:son|daughter|child|kid|boy|girl))(?: (?:are|r)(?: all grown(?: up)?(?: now)?)?:?| ?:|,| [—–-]| ?\()\s*/giu;
const AGE = String.raw`\s*\((?<a1>\d{1,2})\)|'s (?<a2>\d{1,2})\b| (?<a3>\d{1,2})\b(?! (?:years?|months?|weeks?)\b)| who(?:'s| is) (?:just |only |nearly |almost )?(?<a4>\d{1,2})\b| is (?<a5>\d{1,2})\b| of (?<a6>\d{1,2})\b`;
const LEAD = String.raw`(?:(?:the |our |my )?(?:little one|baby of the family|little|baby|wee|youngest|eldest|oldest|last born|middle one|daughter|son|boy|girl)\s+)?`;
const CHILD = new RegExp(String.raw`^${LEAD}(?<name>\p{L}[\p{L}’-]*(?:'(?!s\b)\p{L}+)?)(?:${AGE})?`, 'u');
/** Words after the children's names that name no one ("…and they're both…"). */
/** "the kids are at school": in a turn typed in lower case, a word of the grammar is no child's name. */
const functionWord = (name: string) =>
  tag(name).some((t) => ['Preposition', 'Determiner', 'Conjunction', 'Pronoun', 'Adverb', 'Gerund', 'PastTense'].some((n) => t.tags.has(n)));
const NOT_A_CHILD = /^(?:they|they're|theyre|we|he|she|it|both|all|the|a|an|my|our|i|so|but|who|and|are|is|were|was|twins)$/i;
const SAID_OF_THEM = /^ who(?:'s| is) (?!(?:my|our|his|her|their)\b)[\p{L}\d' -]{1,25}?(?=,| and | plus | n |[.!;]|$)/u;
const SEPARATOR = /^(?:,\s*(?:and\s+)?|\s+(?:and|n)\s+|\s*&\s*|,?\s+plus\s+(?:our |my )?)/u;

/** One child named at the start of `text`: the name, the age said beside it, and how long the words were. */
function childAt(text: string, lower: boolean): { name: string; age?: string; length: number } | undefined {
  const m = CHILD.exec(text);
  if (!m) return undefined;
  const g = m.groups!;
  const name = g.name!;
  if ((!lower && !/^\p{Lu}/u.test(name)) || (lower && !/^\p{Ll}/u.test(name))) return undefined;
  return { name: name.replace(/^\p{Ll}/u, (c) => c.toUpperCase()), age: g.a1 ?? g.a2 ?? g.a3 ?? g.a4 ?? g.a5 ?? g.a6, length: m[0].length };
}
