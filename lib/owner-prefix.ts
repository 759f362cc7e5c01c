import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The prefix an owner's full-text terms carry (lib/world/recall/terms.ts), on the index and the
 * query side alike. The porter stemmer (FTS5's, PostgreSQL's) stems prefix and word as one word, and
 * its rules count the word's vowel-consonant sequences: a prefix of consonants only joins the word's
 * leading consonants and adds none, so each word is stemmed as itself ("time" stays "time", not the
 * stem of "tim"). Thirteen of twenty letters tell owners apart as twelve of twenty-six did.
 */
const CONSONANTS = 'bcdfghjklmnpqrstvwxz';
const PREFIX_LETTERS = 13;
const prefixes = new Map<string, string>();

export function ownerPrefix(owner: string): string {
  let prefix = prefixes.get(owner);
  if (prefix === undefined) {
    const digest = sha256(new TextEncoder().encode(owner));
    prefix = Array.from(digest.subarray(0, PREFIX_LETTERS), (b) => CONSONANTS[b % CONSONANTS.length]).join('');
    if (prefixes.size >= 10_000) prefixes.clear();
    prefixes.set(owner, prefix);
  }
  return prefix;
}
