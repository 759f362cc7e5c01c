/**
 * PostgreSQL against SQLite on the same machine, in one run:
 *   auth:      PAT-authenticated GET /v1/models at 64 connections, Node on PostgreSQL vs Node on
 *              SQLite (target ≥ 0.5), interleaved rounds, median each.
 *   retrieval: buildContext for one owner holding N beliefs (nine other owners alongside) on
 *              PostgreSQL, p50 at the largest size vs the smallest (target ≤ 3 at 1M vs 10k).
 * Run: `npx tsx bench/postgres.ts [auth|retrieval|all] [seconds-per-run or sizes] [rounds or queries]`,
 * e.g. `npx tsx bench/postgres.ts retrieval 10000,1000000 300`. A throwaway cluster is started
 * (test/support/postgres.ts) and deleted afterwards, unless BELIEF_STORE_POSTGRES_URL gives the admin URL of one to use.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPostgres } from '../lib/db/postgres/database.ts';
import { startServer } from '../lib/adapters/node/server.ts';
import type { Postgres } from '../test/support/postgres.ts';
import { benchCluster } from './lib/cluster.ts';
import { median, ratio, type Latency } from './lib/stats.ts';
import { BELIEF_ROW_COLUMNS, beliefRow, eachBatch, rng, timeContextAssembly } from './retrieval.ts';
import { cannon } from './lib/cannon.ts';
import { HEADER, ROOT } from './lib/server.ts';

async function load(url: string, seconds: number, connections: number, headers: Record<string, string>) {
  const r = await cannon(url, seconds, connections, headers);
  return { rps: r.rps, errors: r.errors + r.non2xx };
}

export async function benchPostgresAuth(cluster: Postgres, seconds = 5, rounds = 3, connections = 64) {
  const dirs = [mkdtempSync(join(tmpdir(), 'bs-bench-pg-')), mkdtempSync(join(tmpdir(), 'bs-bench-pg-'))];
  const env = { SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: HEADER, SERVICE_API_TOKEN: ROOT };
  const sqlite = await startServer({ env: { ...env, SERVICE_DATA_DIR: dirs[0] }, port: 0, log: () => {}, say: () => {} });
  const postgres = await startServer({
    env: { ...env, SERVICE_DATA_DIR: dirs[1], SERVICE_DATABASE_URL: await cluster.createDatabase() },
    port: 0,
    log: () => {},
    say: () => {},
  });
  try {
    const servers = { sqlite, postgres };
    const tokens: Record<string, string> = {};
    for (const [name, s] of Object.entries(servers)) {
      const created = await fetch(`${s.url}/admin/api/tokens`, {
        method: 'POST',
        headers: { [HEADER]: 'bench@example.com', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench' }),
      });
      tokens[name] = ((await created.json()) as { token: string }).token;
    }
    const samples: Record<string, number[]> = { sqlite: [], postgres: [] };
    let errors = 0;
    for (const [name, s] of Object.entries(servers)) await load(`${s.url}/v1/models`, 1, connections, { authorization: `Bearer ${tokens[name]}` });
    for (let round = 0; round < rounds; round++) {
      for (const [name, s] of Object.entries(servers)) {
        const r = await load(`${s.url}/v1/models`, seconds, connections, { authorization: `Bearer ${tokens[name]}` });
        samples[name]!.push(r.rps);
        errors += r.errors;
      }
    }
    const rps = { sqlite: Math.round(median(samples.sqlite!)), postgres: Math.round(median(samples.postgres!)) };
    return { seconds, rounds, connections, requestsPerSecond: rps, errors, postgresVsSqlite: ratio(rps.postgres, rps.sqlite) };
  } finally {
    await postgres.close();
    await sqlite.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

const ROWS_PER_INSERT = 2000;

/** The same beliefs bench/retrieval.ts loads into SQLite, written with multi-row inserts. */
async function loadPostgres(handle: Awaited<ReturnType<typeof openPostgres>>, size: number): Promise<void> {
  const random = rng(size);
  const width = BELIEF_ROW_COLUMNS.length;
  await eachBatch(size, ROWS_PER_INSERT, async (owner, from, to) => {
    const params: unknown[] = [];
    for (let i = from; i < to; i++) params.push(...beliefRow(random, owner, i));
    const values = Array.from({ length: to - from }, (_, r) => `(${BELIEF_ROW_COLUMNS.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
    await handle.pool.query(`INSERT INTO beliefs (${BELIEF_ROW_COLUMNS.join(', ')}) VALUES ${values.join(', ')}`, params);
  });
  await handle.pool.query('VACUUM ANALYZE beliefs');
}

interface SizeResult {
  size: number;
  queries: number;
  loadSeconds: number;
  buildContextMs: Latency;
  meanInjected: number;
}

async function measureRetrieval(cluster: Postgres, size: number, queries: number): Promise<SizeResult> {
  const handle = await openPostgres(await cluster.createDatabase(), 4);
  try {
    const started = Date.now();
    await loadPostgres(handle, size);
    const loadSeconds = Math.round((Date.now() - started) / 100) / 10;
    return { size, queries, loadSeconds, ...(await timeContextAssembly(handle, queries)) };
  } finally {
    await handle.close();
  }
}

export async function benchPostgresRetrieval(cluster: Postgres, sizes: number[], queries: number) {
  const results: SizeResult[] = [];
  for (const size of sizes) results.push(await measureRetrieval(cluster, size, queries));
  return { results, p50LargestVsSmallest: ratio(results.at(-1)!.buildContextMs.p50, results[0]!.buildContextMs.p50) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = process.argv[2] ?? 'all';
  const cluster = await benchCluster();
  try {
    const out: Record<string, unknown> = {};
    if (section === 'auth' || section === 'all') out.auth = await benchPostgresAuth(cluster, Number(process.argv[3] ?? 5), Number(process.argv[4] ?? 3));
    if (section === 'retrieval' || section === 'all') {
      const sizes = (section === 'retrieval' ? process.argv[3] : undefined) ?? '10000,100000';
      out.retrieval = await benchPostgresRetrieval(
        cluster,
        sizes.split(',').map(Number),
        Number((section === 'retrieval' ? process.argv[4] : undefined) ?? 300),
      );
    }
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  } finally {
    await cluster.stop();
  }
}
