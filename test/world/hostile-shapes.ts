/** Shapes a hostile or careless message takes, each `n` characters long: the extractor's linearity test and its bench row. */
export const HOSTILE_SHAPES: Record<string, (n: number) => string> = {
  'one line of a repeated word': (n) => repeat('ignore ', n),
  'a repeated reply order': (n) => repeat('reply in ', n),
  'many short clauses': (n) => repeat('my cat is Tom, I ski, ', n),
  'many sentences on many lines': (n) => repeat('I like tea and I work at Acme. My dog is Rex!\n', n),
  'deep punctuation': (n) => repeat('((([[[{{{"""!!!???...,,,;;;---', n),
  'a very long word': (n) => `I like ${'a'.repeat(n)}`,
  'a long run of blanks': (n) => `I like${' '.repeat(n)}tea`,
  'long quoted speech': (n) => `I said "${repeat('x', n)}`,
  'mixed scripts': (n) => repeat('Я живу в Москве 我住在北京 I live in Berlin مرحبا ', n),
  'commas between words': (n) => repeat('a,', n),
};

/** `unit` repeated to exactly `n` characters. */
export function repeat(unit: string, n: number): string {
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}
