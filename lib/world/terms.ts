import { sha256 } from '@noble/hashes/sha2.js';
import { contentWords } from './text.ts';

/**
 * Owner-scoped full-text terms (schema/0007_search_terms.sql). A belief is indexed as its content
 * words, each joined to a prefix derived from its owner, so FTS5 keeps one doclist per owner and
 * word. The prefix is letters only (the porter stemmer then treats prefix and word as one word,
 * on the index and the query side alike). Isolation never rests on it: queries filter on `owner`.
 */
const PREFIX_LETTERS = 12;
const prefixes = new Map<string, string>();

export function ownerPrefix(owner: string): string {
  let prefix = prefixes.get(owner);
  if (prefix === undefined) {
    const digest = sha256(new TextEncoder().encode(owner));
    prefix = Array.from(digest.subarray(0, PREFIX_LETTERS), (b) => String.fromCharCode(97 + (b % 26))).join('');
    if (prefixes.size >= 10_000) prefixes.clear();
    prefixes.set(owner, prefix);
  }
  return prefix;
}

/** The `search_terms` column of a belief: content words of its statement, key (keyNames) and aliases, owner-prefixed. */
export function searchTerms(owner: string, statement: string, key: string | null, aliases: readonly string[] = []): string {
  const prefix = ownerPrefix(owner);
  return contentWords([statement, keyNames(key), ...aliases].join(' '))
    .map((w) => prefix + w)
    .join(' ');
}

/**
 * The words that name what a key is about: its segments after the first when it has several
 * (`home.budget` → `budget`, `user.allergy.penicillin` → `allergy penicillin`), since the first is
 * a namespace many keys share (`home`, `work`) and would match every one of them.
 */
export function keyNames(key: string | null): string {
  if (key === null) return '';
  const dot = key.indexOf('.');
  return (dot > 0 && dot < key.length - 1 ? key.slice(dot + 1) : key).replace(/[._-]+/g, ' ');
}

/** An FTS5 MATCH expression: any of these words among the owner's beliefs. */
export function ownerMatch(owner: string, words: string[]): string {
  const prefix = ownerPrefix(owner);
  return words.map((w) => `"${prefix}${w}"`).join(' OR ');
}
