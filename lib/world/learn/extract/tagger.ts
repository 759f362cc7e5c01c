import type Nlp from 'compromise';

let nlp: typeof Nlp | undefined;

/**
 * compromise, evaluated on first need rather than at start-up: building its lexicon costs every
 * workerd start a quarter of a second, and most requests never learn anything.
 */
export async function loadTagger(): Promise<void> {
  nlp ??= (await import('compromise')).default;
}

/** The loaded tagger; the extractor's entry points load it before they run. */
export function tagger(): typeof Nlp {
  if (!nlp) throw new Error('the extractor ran before loadTagger() finished');
  return nlp;
}
