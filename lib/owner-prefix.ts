import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The prefix an owner's full-text terms carry (lib/world/recall/terms.ts): letters only, so the porter
 * stemmer treats prefix and word as one word, on the index and the query side alike.
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
