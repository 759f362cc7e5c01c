/**
 * Belief retrieval cost: buildContext (persona, pinned, relevant above the cutoff, questions, related) for one
 * owner holding N active beliefs, with as many beliefs of nine other owners in the same tables.
 * Run: `npx tsx bench/retrieval.ts [sizes, default 10000,100000] [queries per size, default 300]`
 * (add 1000000 to the sizes for the 1M figure; loading it takes minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openSqlite, type SqliteDatabase } from '../lib/db/sqlite/database.ts';
import type { Database } from '../lib/db/database.ts';
import { inProcessDeps } from './lib/in-process.ts';
import { extractorThreadWarm } from '../lib/adapters/node/extract-thread.ts';
import { buildContext } from '../lib/world/recall/context.ts';
import { refreshPersona } from '../lib/world/recall/persona.ts';
import { searchTerms } from '../lib/world/recall/terms.ts';
import { latency, ratio, type Latency } from './lib/stats.ts';
import { loadNow } from './lib/machine.ts';

export const OWNER = 'bench@example.com';
export const OTHERS = Array.from({ length: 9 }, (_, i) => `other${i}@example.com`);

/** Deterministic pseudo-random numbers, so every run loads the same data. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'po', 'si', 'de', 'va', 'gu', 'fe', 'zo', 'bi', 'ha', 'no'];
const VOCABULARY = Array.from({ length: 5000 }, (_, i) => {
  let n = i + 17;
  let w = '';
  do {
    w += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return w;
});

/** A word drawn with a Zipf-like skew: a few words are very common, most are rare. */
export function word(random: () => number): string {
  return VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)]!;
}

/** The columns of a generated belief, in the order beliefRow gives their values. */
export const BELIEF_ROW_COLUMNS = [
  'id',
  'owner',
  'type',
  'key',
  'statement',
  'norm_statement',
  'scope',
  'pinned',
  'confidence',
  'status',
  'source_kind',
  'created_at',
  'updated_at',
  'search_terms',
] as const;

/** Belief i of an owner: 5–10 skewed words, one in five keyed, one in ten superseded, one in 500 pinned. */
export function beliefRow(random: () => number, owner: string, i: number): unknown[] {
  const statement = `The user ${Array.from({ length: 5 + Math.floor(random() * 6) }, () => word(random)).join(' ')}`;
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  const status = random() < 0.1 ? 'superseded' : 'active';
  const key = random() < 0.2 ? `user.k${i}` : null;
  const pinned = i % 500 === 0 ? 1 : 0;
  const confidence = 0.5 + random() / 2;
  return [
    crypto.randomUUID(),
    owner,
    'fact',
    key,
    statement,
    statement.toLowerCase(),
    'universal',
    pinned,
    confidence,
    status,
    'import',
    at,
    at,
    searchTerms(owner, statement, key),
  ];
}

/** Calls `write(owner, from, to)` in batches for OWNER's `size` beliefs and as many spread over OTHERS. */
export function eachBatch(size: number, batch: number, write: (owner: string, from: number, to: number) => void | Promise<void>): Promise<void> {
  const perOther = Math.ceil(size / OTHERS.length);
  const owners: [string, number][] = [[OWNER, size], ...OTHERS.map((o): [string, number] => [o, perOther])];
  return owners.reduce<Promise<void>>(async (prev, [owner, count]) => {
    await prev;
    for (let from = 0; from < count; from += batch) await write(owner, from, Math.min(count, from + batch));
  }, Promise.resolve());
}

/**
 * Seeds `size` beliefs for OWNER and as many for the others, as bulk writes: the serving connection
 * checkpoints its own log between batches, as an import does (the checkpoint worker alone cannot
 * restart a log that a loop of back-to-back transactions never leaves, so it would grow by gigabytes).
 */
export function load(sqlite: SqliteDatabase, size: number): Promise<void> {
  return sqlite.bulkWrites(() => seedRows(sqlite.raw, size));
}

async function seedRows(raw: SqliteDatabase['raw'], size: number): Promise<void> {
  const random = rng(size);
  const insert = raw.prepare(`INSERT INTO beliefs (${BELIEF_ROW_COLUMNS.join(', ')}) VALUES (${BELIEF_ROW_COLUMNS.map(() => '?').join(', ')})`);
  const batch = raw.transaction((owner: string, from: number, to: number) => {
    for (let i = from; i < to; i++) insert.run(...beliefRow(random, owner, i));
  });
  await eachBatch(size, 10_000, batch);
  raw.exec(`INSERT INTO beliefs_fts(beliefs_fts) VALUES ('optimize'); ANALYZE;`);
}

/**
 * V8 compiles the retrieval code over its first few hundred calls, and a serving process is warm:
 * after 20 warm-up queries the first size's p99 was 5.2 ms, after 200 2.6 ms (10,000 beliefs, quiet machine).
 */
const WARM_UP_QUERIES = 200;

/** buildContext for OWNER, `queries` times after WARM_UP_QUERIES runs, over the given database. */
export async function timeContextAssembly(database: Database, queries: number): Promise<{ buildContextMs: Latency; meanInjected: number }> {
  const deps = inProcessDeps(database);
  // As a server does before it listens: the extractor thread's warm-up (seconds of CPU on another
  // thread) is over before a query is timed.
  await extractorThreadWarm();
  // Steady state: chat rebuilds a missing persona cache in the background after its first request.
  await refreshPersona(deps, OWNER);
  const random = rng(7);
  const ask = () => `Tell me about ${Array.from({ length: 2 + Math.floor(random() * 4) }, () => word(random)).join(' ')}?`;
  // As chat asks it for a config without an embeddings model (words only): the config is not read again.
  const request = (text: string) => ({ userTurns: [text], scope: [], embeddings: false });
  for (let i = 0; i < WARM_UP_QUERIES; i++) await buildContext(deps, OWNER, request(ask()), 20);
  const samples: number[] = [];
  let injected = 0;
  for (let i = 0; i < queries; i++) {
    const text = ask();
    const started = performance.now();
    const ctx = await buildContext(deps, OWNER, request(text), 20);
    samples.push(performance.now() - started);
    injected += ctx.count;
  }
  return { buildContextMs: latency(samples), meanInjected: Math.round((injected / queries) * 10) / 10 };
}

export interface RetrievalResult {
  size: number;
  totalRows: number;
  queries: number;
  buildContextMs: Latency;
  meanInjected: number;
  /** The 1-minute load average when the queries ended. */
  load: number;
}

async function measure(size: number, queries: number): Promise<RetrievalResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-retrieval-'));
  const sqlite = openSqlite(dir);
  try {
    await load(sqlite, size);
    const timed = await timeContextAssembly(sqlite, queries);
    const total = sqlite.raw.prepare('SELECT count(*) AS n FROM beliefs').get() as { n: number };
    return { size, totalRows: total.n, queries, ...timed, load: loadNow() };
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchRetrieval(sizes: number[], queries: number) {
  const results: RetrievalResult[] = [];
  for (const size of sizes) results.push(await measure(size, queries));
  const smallest = results[0]!;
  const largest = results[results.length - 1]!;
  return { results, p50LargestVsSmallest: ratio(largest.buildContextMs.p50, smallest.buildContextMs.p50) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = (process.argv[2] ?? '10000,100000').split(',').map(Number);
  const queries = Number(process.argv[3] ?? 300);
  process.stdout.write(JSON.stringify(await benchRetrieval(sizes, queries), null, 2) + '\n');
}
