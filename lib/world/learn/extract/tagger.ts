import type Nlp from 'compromise';
import { DIETS } from './vocabulary/diet.ts';

/** Words compromise must read our way: a diet is what the user is ("not vegan anymore"), never a verb. */
const LEXICON: Record<string, string> = Object.fromEntries(DIETS.map((d) => [d, 'Adjective']));

let nlp: typeof Nlp | undefined;

/**
 * compromise, evaluated on first need rather than at start-up: building its lexicon costs every
 * workerd start a quarter of a second, and most requests never learn anything.
 */
export async function loadTagger(): Promise<void> {
  if (nlp) return;
  const loaded = (await import('compromise')).default;
  loaded.addWords(LEXICON);
  // Tagging stops before the chunker: its noun and verb groups are read only through phrased().
  const world = loaded.world() as { hooks: string[] };
  world.hooks = world.hooks.filter((hook) => hook !== CHUNKS);
  nlp = loaded;
}

const CHUNKS = 'chunks';

/** The text tagged and grouped into noun and verb phrases: what compromise's .verbs() and .nouns() read. */
export function phrased(text: string): ReturnType<typeof Nlp> {
  const doc = tagger()(text);
  doc.compute(CHUNKS);
  return doc;
}

/** The loaded tagger; the extractor's entry points load it before they run. */
export function tagger(): typeof Nlp {
  if (!nlp) throw new Error('the extractor ran before loadTagger() finished');
  return nlp;
}

/** The word is one compromise knows ("hold", "order"), not a name of its own it has never seen ("servicetitan"). */
export function inLexicon(word: string): boolean {
  return word.toLowerCase() in (tagger().model() as { one: { lexicon: Record<string, string> } }).one.lexicon;
}

/** "Kobby": a word the tagger has never seen and guessed an adjective by its ending, which may as well be a name. */
export function guessedAdjective(term: { text: string; tags: ReadonlySet<string> }): boolean {
  return term.tags.has('Adjective') && !inLexicon(term.text);
}

/** Every word of `words` (split at spaces) is one the tagger knows: said in common words, no name ("the hospital", "master schedules"). */
export function knownWordsOnly(words: string): boolean {
  return words.split(' ').every((w) => inLexicon(w));
}
