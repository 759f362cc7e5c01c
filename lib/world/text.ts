/** Text helpers for de-duplication, keys and full-text queries. */

/** Lower case, typographic quotes folded, punctuation dropped, whitespace collapsed. */
export function normalizeStatement(statement: string): string {
  return statement
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A key segment: lower case words joined by `_`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
}

const STOPWORDS = new Set(
  'a an and are as at be but by can could did do does for from had has have how i i\'m if in into is it its me my of on or our so that the their them they this to us was we were what when where which who why will with would you your user user\'s'.split(
    ' ',
  ),
);

/** Content words of a text (no stopwords, no duplicates), in order. */
export function contentWords(text: string): string[] {
  const seen = new Set<string>();
  for (const word of normalizeStatement(text).split(' ')) {
    const w = word.replace(/'s$/, '').replace(/'/g, '');
    if (w.length < 2 || STOPWORDS.has(word) || STOPWORDS.has(w)) continue;
    seen.add(w);
  }
  return [...seen];
}

/** A rough token count (4 characters a token) for the injection budget. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
