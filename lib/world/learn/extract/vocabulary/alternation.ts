/**
 * The closed word classes the phrase table (phrases.ts) names, one file per topic: what counts as
 * a job, a diet, a health condition, a relative, a pet, an instrument, a language. Regex
 * alternations, lower case; adding a word is one word in a list.
 */

/** Longest first, so a longer word wins over its prefix. */
export const alternation = (words: readonly string[]) => `(?:${[...words].sort((a, b) => b.length - a.length).join('|')})`;
