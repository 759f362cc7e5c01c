/**
 * The cost of semantic recall: context assembly p50 for one owner holding N active beliefs (as
 * bench/retrieval.ts loads them), by words only, and with a 100-dimension vector per belief, the
 * query embedding excluded (answered in process, no network) and then included (a fake provider
 * on 127.0.0.1, in its own process, answering after 1 ms).
 * Run: `npx tsx bench/embeddings.ts [sizes, default 10000,100000] [queries per size, default 300]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openSqlite } from '../lib/db/sqlite/database.ts';
import { nodeTransport } from '../lib/adapters/node/upstream.ts';
import type { Database } from '../lib/db/database.ts';
import { inProcessDeps } from './lib/in-process.ts';
import { startChild } from './lib/child.ts';
import { embeddingsAnswer, randomVector } from './lib/embeddings-provider.ts';
import type { UpstreamTransport } from '../lib/ports/upstream.ts';
import { buildContext } from '../lib/world/recall/context.ts';
import { refreshPersona } from '../lib/world/recall/persona.ts';
import { latency, round, type Latency } from './lib/stats.ts';
import { load, OWNER, rng, word } from './retrieval.ts';
import type { Row } from './lib/table.ts';

const MODEL = 'bench/embed';

/** The query embedding answered in process: no network, next to no time. */
function inProcessTransport(): UpstreamTransport {
  const random = rng(11);
  return async (r) => {
    const text = embeddingsAnswer(r.body, random);
    return { status: 200, body: null, text: async () => text };
  };
}

/** A vector for every active belief, stored as the background queue stores them. */
function loadVectors(raw: ReturnType<typeof openSqlite>['raw']): void {
  const random = rng(5);
  const rows = raw.prepare("SELECT id, owner, updated_at FROM beliefs WHERE status = 'active'").all() as { id: string; owner: string; updated_at: string }[];
  const insert = raw.prepare('INSERT INTO belief_vectors (belief_id, owner, model, source_updated_at, text_hash, vector, stamp) VALUES (?, ?, ?, ?, ?, ?, ?)');
  raw.transaction(() => {
    for (const r of rows) insert.run(r.id, r.owner, MODEL, r.updated_at, 'bench', Buffer.from(new Float32Array(randomVector(random)).buffer), 1);
  })();
}

function setEmbeddings(raw: ReturnType<typeof openSqlite>['raw'], baseUrl: string | null): void {
  const config = {
    providers: [{ id: 'bench', kind: 'openai', base_url: baseUrl ?? 'http://127.0.0.1:9/v1', models: ['m'] }],
    default_model: 'bench/m',
    extraction: { enabled: false, model: null },
    injection: { enabled: true, max_beliefs: 20 },
    embeddings: baseUrl === null ? null : { model: MODEL },
  };
  raw
    .prepare('INSERT INTO runtime_config (id, config, updated_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET config = excluded.config')
    .run(JSON.stringify(config), new Date().toISOString());
}

async function timeAssembly(database: Database, upstream: UpstreamTransport | undefined, queries: number): Promise<Latency> {
  const deps = inProcessDeps(database, upstream ? { upstream } : {});
  await refreshPersona(deps, OWNER);
  const random = rng(7);
  const ask = () => `Tell me about ${Array.from({ length: 2 + Math.floor(random() * 4) }, () => word(random)).join(' ')}?`;
  for (let i = 0; i < 20; i++) await buildContext(deps, OWNER, { userTurns: [ask()], scope: [] }, 20);
  const samples: number[] = [];
  for (let i = 0; i < queries; i++) {
    const text = ask();
    const started = performance.now();
    await buildContext(deps, OWNER, { userTurns: [text], scope: [] }, 20);
    samples.push(performance.now() - started);
  }
  return latency(samples);
}

export interface EmbeddingsBenchResult {
  size: number;
  wordsOnly: Latency;
  vectorsQueryExcluded: Latency;
  vectorsQueryIncluded: Latency;
}

async function measure(size: number, queries: number): Promise<EmbeddingsBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-embeddings-'));
  const sqlite = openSqlite(dir);
  const provider = await startChild('embeddings');
  const transport = nodeTransport();
  try {
    await load(sqlite, size);
    loadVectors(sqlite.raw);
    setEmbeddings(sqlite.raw, null);
    const wordsOnly = await timeAssembly(sqlite, undefined, queries);
    setEmbeddings(sqlite.raw, 'http://in-process.invalid/v1');
    const vectorsQueryExcluded = await timeAssembly(sqlite, inProcessTransport(), queries);
    setEmbeddings(sqlite.raw, provider.url);
    const vectorsQueryIncluded = await timeAssembly(sqlite, transport, queries);
    return { size, wordsOnly, vectorsQueryExcluded, vectorsQueryIncluded };
  } finally {
    transport.close();
    await provider.close();
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchEmbeddings(sizes: number[], queries: number): Promise<EmbeddingsBenchResult[]> {
  const results: EmbeddingsBenchResult[] = [];
  for (const size of sizes) results.push(await measure(size, queries));
  return results;
}

/** The bench/run.ts section: one row per size and mode, vectors against words only. */
export function embeddingsSection(quick: boolean) {
  return {
    name: 'embeddings',
    async run(): Promise<{ result: EmbeddingsBenchResult[]; rows: Row[] }> {
      const results = await benchEmbeddings(quick ? [1_000, 2_000] : [10_000, 100_000], quick ? 20 : 300);
      const ms = (l: Latency) => `${round(l.p50, 2)} ms (p99 ${round(l.p99, 2)} ms)`;
      const rows = results.flatMap((r): Row[] => [
        { item: 3, measure: `context assembly, ${r.size} beliefs, words only: p50 (p99)`, value: ms(r.wordsOnly) },
        {
          item: 3,
          measure: `context assembly, ${r.size} beliefs, with vectors (query embedding excluded): p50 (p99)`,
          value: ms(r.vectorsQueryExcluded),
          baseline: ms(r.wordsOnly),
          ratio: round(r.vectorsQueryExcluded.p50 / r.wordsOnly.p50, 3),
        },
        {
          item: 3,
          measure: `context assembly, ${r.size} beliefs, with vectors (query embedded by a 1 ms fake provider): p50 (p99)`,
          value: ms(r.vectorsQueryIncluded),
          baseline: ms(r.wordsOnly),
          ratio: round(r.vectorsQueryIncluded.p50 / r.wordsOnly.p50, 3),
        },
      ]);
      return { result: results, rows };
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = (process.argv[2] ?? '10000,100000').split(',').map(Number);
  const queries = Number(process.argv[3] ?? 300);
  process.stdout.write(JSON.stringify(await benchEmbeddings(sizes, queries), null, 2) + '\n');
}
