/**
 * PostgreSQL against SQLite on the same machine, in one run:
 *   auth:      PAT-authenticated GET /v1/models at 64 connections, Node on PostgreSQL vs Node on
 *              SQLite (target ≥ 0.5), interleaved rounds, median each.
 *   retrieval: buildContext for one owner holding N beliefs (nine other owners alongside) on
 *              PostgreSQL, p50 at the largest size vs the smallest (target ≤ 3 at 1M vs 10k).
 * Run: `npx tsx bench/postgres.ts [auth|retrieval|all] [seconds-per-run or sizes] [rounds or queries]`,
 * e.g. `npx tsx bench/postgres.ts retrieval 10000,1000000 300`. A throwaway cluster is started
 * (test/support/postgres.ts) and deleted afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPostgres } from '../lib/adapters/node/postgres.ts';
import { startServer } from '../lib/adapters/node/server.ts';
import { NodeWorld } from '../lib/adapters/node/world.ts';
import type { Deps } from '../lib/deps.ts';
import { parseSettings } from '../lib/settings.ts';
import { buildContext } from '../lib/world/context.ts';
import { refreshPersona } from '../lib/world/persona.ts';
import { searchTerms } from '../lib/world/terms.ts';
import { startPostgres, type Postgres } from '../test/support/postgres.ts';
import { latency, ratio, type Latency } from './lib/stats.ts';
import { rng, word } from './retrieval.ts';
import { cannon } from './lib/cannon.ts';

const ROOT = 'bench-root-token-0123456789abcdef';
const HEADER = 'x-forwarded-user';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

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

const OWNER = 'bench@example.com';
const OTHERS = Array.from({ length: 9 }, (_, i) => `other${i}@example.com`);
const COLUMNS = [
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
];
const ROWS_PER_INSERT = 2000;

/** The same beliefs bench/retrieval.ts loads into SQLite, written with multi-row inserts. */
async function loadPostgres(handle: Awaited<ReturnType<typeof openPostgres>>, size: number): Promise<void> {
  const random = rng(size);
  const insert = async (owner: string, from: number, to: number) => {
    const params: unknown[] = [];
    for (let i = from; i < to; i++) {
      const statement = `The user ${Array.from({ length: 5 + Math.floor(random() * 6) }, () => word(random)).join(' ')}`;
      const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
      const key = random() < 0.2 ? `user.k${i}` : null;
      const status = random() < 0.1 ? 'superseded' : 'active';
      params.push(
        crypto.randomUUID(),
        owner,
        'fact',
        key,
        statement,
        statement.toLowerCase(),
        'universal',
        i % 500 === 0 ? 1 : 0,
        0.5 + random() / 2,
        status,
        'import',
        at,
        at,
      );
      params.push(searchTerms(owner, statement, key));
    }
    const rows = to - from;
    const values = Array.from({ length: rows }, (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`);
    await handle.pool.query(`INSERT INTO beliefs (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`, params);
  };
  for (let from = 0; from < size; from += ROWS_PER_INSERT) await insert(OWNER, from, Math.min(size, from + ROWS_PER_INSERT));
  const perOther = Math.ceil(size / OTHERS.length);
  for (const other of OTHERS)
    for (let from = 0; from < perOther; from += ROWS_PER_INSERT) await insert(other, from, Math.min(perOther, from + ROWS_PER_INSERT));
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
    const deps: Deps = {
      settings: parseSettings({ SERVICE_MODE: 'single' }),
      db: handle.db,
      atomic: handle.atomic,
      platform: { peerAddress: () => null, background: () => undefined, log: () => undefined },
      masterKey: null,
      now: () => new Date(),
      world: new NodeWorld(() => deps),
    };
    await refreshPersona(deps, OWNER);
    const random = rng(7);
    const ask = () => `Tell me about ${Array.from({ length: 2 + Math.floor(random() * 4) }, () => word(random)).join(' ')}?`;
    for (let i = 0; i < 20; i++) await buildContext(deps, OWNER, { userTurns: [ask()], scope: [] }, 20);
    const samples: number[] = [];
    let injected = 0;
    for (let i = 0; i < queries; i++) {
      const t = performance.now();
      const ctx = await buildContext(deps, OWNER, { userTurns: [ask()], scope: [] }, 20);
      samples.push(performance.now() - t);
      injected += ctx.count;
    }
    return { size, queries, loadSeconds, buildContextMs: latency(samples), meanInjected: Math.round((injected / queries) * 10) / 10 };
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
  const cluster = await startPostgres();
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
