/**
 * The closed word classes the phrase table (phrases.ts) names, one file per topic: what counts as
 * a job, a diet, a health condition, a relative, a pet, an instrument, a language. Regex
 * alternations, lower case; adding a word is one word in a list.
 */

/** Words of plain lower-case letters, digits, spaces and the joiners of a name: no regex syntax, no two letters one under case folding. */
const PLAIN = /^[a-z0-9à-öø-ÿ '’&/-]+$/;

interface Node {
  next: Map<string, Node>;
  end: boolean;
}

/**
 * The words as one regex alternation, a longer word winning over its prefix. Plain words are
 * written as a tree of their shared beginnings ("golden retrievers|golden retriever" →
 * "golden retrievers?"): the engine tries one branch a letter instead of every word, and the
 * match is the one the longest-first list would give. Words with regex syntax stay a list.
 */
export const alternation = (words: readonly string[]) => {
  if (!words.every((w) => PLAIN.test(w))) return `(?:${[...words].sort((a, b) => b.length - a.length).join('|')})`;
  const root: Node = { next: new Map(), end: false };
  for (const word of words) {
    let node = root;
    for (const ch of word) {
      const child = node.next.get(ch) ?? { next: new Map<string, Node>(), end: false };
      node.next.set(ch, child);
      node = child;
    }
    node.end = true;
  }
  return `(?:${branches(root)})`;
};

/** A node's continuations: a single letter run written out, several as a group, optional where a word may end. */
function branches(node: Node): string {
  const each = [...node.next].map(([ch, child]) => ch + branches(child));
  if (each.length === 0) return '';
  const body = each.length === 1 ? each[0]! : `(?:${each.join('|')})`;
  if (!node.end) return body;
  return each.length === 1 && each[0]!.length === 1 ? `${body}?` : `(?:${each.join('|')})?`;
}
