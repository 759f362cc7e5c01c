import { ownerPrefix } from '../../owner-prefix.ts';
import { keyNames } from '../../key-names.ts';
import { contentWords } from '../text.ts';

/**
 * Owner-scoped full-text terms (schema/0007_search_terms.sql). A belief is indexed as its content
 * words, each joined to a prefix derived from its owner, so FTS5 keeps one doclist per owner and
 * word (owner-prefix.ts). Isolation never rests on it: queries filter on `owner`.
 */

/** The `search_terms` column of a belief: content words of its statement, key (keyNames) and aliases, owner-prefixed. */
export function searchTerms(owner: string, statement: string, key: string | null, aliases: readonly string[] = []): string {
  const prefix = ownerPrefix(owner);
  return contentWords([statement, keyNames(key), ...aliases].join(' '))
    .map((w) => prefix + w)
    .join(' ');
}

/** An FTS5 MATCH expression: any of these words among the owner's beliefs. */
export function ownerMatch(owner: string, words: string[]): string {
  const prefix = ownerPrefix(owner);
  return words.map((w) => `"${prefix}${w}"`).join(' OR ');
}
