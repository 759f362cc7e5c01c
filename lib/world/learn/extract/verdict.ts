import { CLINICIAN } from './vocabulary/health.ts';

/**
 * Who rules on what the user's body may still do: their verdict on the user is the user's news
 * ("physio says no more running, ever"), though reported speech is otherwise someone else's words.
 */
/** What a verdict may say: the user stops something ("badminton finished for me", "my running days are over"), or has a condition ("I'm allergic to kiwi"), in the user's own words after it. */
const STOPS =
  "no (?:more|longer) .+|no .+ for me\\b.*|(?:my )?[\\p{L}-]+(?: [\\p{L}-]+)? (?:(?:days )?(?:is|are|'s) )?(?:finished|done|over)(?: for me)?\\b.*|i (?:can(?:'t|not| not)|have to stop|must stop|need to stop|'ve got to stop|have got to stop|am not allowed to|'m not allowed to) .+|i(?:'m| am) (?:also )?(?:allergic|intolerant|lactose intolerant|gluten intolerant|coeliac|celiac|diabetic|pre-?diabetic|anaemic|anemic)\\b.*";
const VERDICT = new RegExp(
  `^(?:(?:so|and|but|well|ugh|welp|sadly|update|[\\p{L} ]{1,20}:)[,:]? )*(?:my |the |our )?${CLINICIAN}(?:'s)?(?: (?:verdict|orders|final word))?(?: on (?:my|the) [\\p{L}-]+)?(?::|,| (?:says|said|has said|told me|has told me|tells me|was clear|is clear|made it clear|put it bluntly))(?: that)?[:,]? (?<what>${STOPS})$`,
  'iu',
);

/** What the user is told to stop, said in their own words, when the clause is a clinician's verdict on them; else undefined. */
export function verdictOn(clause: string): string | undefined {
  return VERDICT.exec(clause.trim())?.groups?.what;
}
