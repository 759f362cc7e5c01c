/**
 * A clause's words as the phrase table's cues name them: lower case, split at anything but a
 * letter, a digit or an apostrophe; a word with an apostrophe also stands without what follows it
 * ("name's" is "name's" and "name", "i'm" is "i'm" and "i").
 */
export function wordsOf(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}']+/u);
  return [...words, ...words.filter((w) => w.includes("'")).map((w) => w.slice(0, w.indexOf("'")))].filter(Boolean);
}
