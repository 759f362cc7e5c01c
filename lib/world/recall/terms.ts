import { ownerPrefix } from '../../owner-prefix.ts';
import { keyNames } from '../../key-names.ts';
import { contentWords, stemWord } from '../text.ts';

/**
 * Owner-scoped full-text terms (schema/0007_search_terms.sql). A belief is indexed as its content
 * words, each joined to a prefix derived from its owner, so FTS5 keeps one doclist per owner and
 * word (owner-prefix.ts). Isolation never rests on it: queries filter on `owner`.
 */

/** The words a belief is indexed by of its own: the content words of its statement, key (keyNames) and aliases. */
export function ownWordsOf(statement: string, key: string | null, aliases: readonly string[] = []): string[] {
  return contentWords([statement, keyNames(key), ...aliases].join(' '));
}

/** The `search_terms` column of a belief: its own words (ownWordsOf) and the words said around it (saidWords), owner-prefixed. */
export function searchTerms(owner: string, statement: string, key: string | null, aliases: readonly string[] = [], said: readonly string[] = []): string {
  const prefix = ownerPrefix(owner);
  return [...new Set([...ownWordsOf(statement, key, aliases), ...said])].map((w) => prefix + w).join(' ');
}

/** Words said around a learned belief that index it, at most, and the longest of them (a run of signs is no word anyone asks by). */
export const SAID_WORDS = 30;
export const SAID_WORD_LENGTH = 40;

/**
 * The words the user said around a belief learned from their turn, which index it beside its statement: a statement
 * keeps what was said, not what it was said about ("The user took them to the beach", of the pups; "had croissants
 * and tarts" at the cafe). The sentence sharing most words with the statement and its neighbours come first, then
 * the rest of the turn, at most SAID_WORDS content words, none of the statement's own (by stem). `sentences` are the user's
 * own (nothing pasted, no secret: learn.ts).
 */
export function saidWords(sentences: readonly string[], statement: string): string[] {
  const own = new Set(contentWords(statement).map(stemWord));
  const words = sentences.map((s) => contentWords(s));
  let best = 0;
  let most = -1;
  for (const [i, ws] of words.entries()) {
    const shared = ws.filter((w) => own.has(stemWord(w))).length;
    if (shared > most) [best, most] = [i, shared];
  }
  const order = [best, best - 1, best + 1, ...words.keys()].filter((i) => i >= 0 && i < words.length);
  const said = new Set<string>();
  for (const i of order) {
    for (const w of words[i]!) {
      if (said.size >= SAID_WORDS) return [...said];
      if (w.length <= SAID_WORD_LENGTH && !own.has(stemWord(w))) said.add(w);
    }
  }
  return [...said];
}

/** An FTS5 MATCH expression: any of these words among the owner's beliefs. */
export function ownerMatch(owner: string, words: string[]): string {
  const prefix = ownerPrefix(owner);
  return words.map((w) => `"${prefix}${w}"`).join(' OR ');
}
