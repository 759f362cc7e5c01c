/**
 * Per-request cost of authentication: PAT-authenticated GET /v1/models against the same handler
 * with the auth middleware skipped, the root token, and a bare node:http server returning the
 * same bytes. Run: `npx tsx bench/auth.ts [seconds-per-run] [rounds]` (64 connections, as in docs/design.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { modelsRoutes } from '../functions/v1/models.ts';
import { startServer } from '../lib/adapters/node/server.ts';
import type { AppEnv } from '../lib/deps.ts';
import { limitBodies } from '../lib/middleware/body-limit.ts';
import { requestLog } from '../lib/middleware/log.ts';
import { hooked } from '../lib/middleware/hooks.ts';
import { observeRequests } from '../lib/middleware/metrics.ts';
import { cannon } from './lib/cannon.ts';
import { median } from './lib/stats.ts';

const ROOT = 'bench-root-token-0123456789abcdef';
const HEADER = 'x-forwarded-user';

type Variant = 'bare' | 'noAuth' | 'root' | 'pat';

export interface AuthBenchResult {
  seconds: number;
  rounds: number;
  connections: number;
  requestsPerSecond: Record<Variant, number>;
  /** Median over the rounds of each run's p50 and p99 latency (ms). */
  latencyMs: Record<Variant, { p50: number; p99: number }>;
  errors: number;
  non2xx: number;
  patVsNoAuth: number;
  patVsBare: number;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function benchAuth(seconds = 5, rounds = 3, connections = 64, warmupSeconds = 1): Promise<AuthBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-auth-'));
  const env = { SERVICE_MODE: 'teams', OIDC_PROXY_HEADER: HEADER, SERVICE_API_TOKEN: ROOT, SERVICE_DATA_DIR: dir };
  const app = await startServer({ env, port: 0, log: () => {}, say: () => {} });
  const servers: Server[] = [];
  try {
    const created = await fetch(`${app.url}/admin/api/tokens`, {
      method: 'POST',
      headers: { [HEADER]: 'bench@example.com', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { token } = (await created.json()) as { token: string };
    const body = await (await fetch(`${app.url}/v1/models`, { headers: { authorization: `Bearer ${ROOT}` } })).text();

    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    servers.push(bare);

    const unguarded = new Hono<AppEnv>();
    unguarded.use('*', hooked(observeRequests(app.deps.services.metrics), requestLog(app.deps)));
    unguarded.use('*', hooked(limitBodies));
    unguarded.route('/v1/models', modelsRoutes(app.deps));
    const noAuth = await new Promise<Server>((done) => {
      const s = serve({ fetch: unguarded.fetch, hostname: '127.0.0.1', port: 0 }, () => done(s as Server));
    });
    servers.push(noAuth);

    const bareUrl = await listen(bare);
    const noAuthUrl = `http://127.0.0.1:${(noAuth.address() as AddressInfo).port}/v1/models`;
    const variants: Record<Variant, [string, Record<string, string>]> = {
      bare: [bareUrl, {}],
      noAuth: [noAuthUrl, {}],
      root: [`${app.url}/v1/models`, { authorization: `Bearer ${ROOT}` }],
      pat: [`${app.url}/v1/models`, { authorization: `Bearer ${token}` }],
    };
    // Interleaved rounds, median per variant: a shared machine's load drifts between runs.
    const samples: Record<Variant, number[]> = { bare: [], noAuth: [], root: [], pat: [] };
    const p50s: Record<Variant, number[]> = { bare: [], noAuth: [], root: [], pat: [] };
    const p99s: Record<Variant, number[]> = { bare: [], noAuth: [], root: [], pat: [] };
    let errors = 0;
    let non2xx = 0;
    if (warmupSeconds > 0) for (const [url, headers] of Object.values(variants)) await cannon(url, warmupSeconds, connections, headers);
    for (let round = 0; round < rounds; round++) {
      for (const [name, [url, headers]] of Object.entries(variants) as [Variant, [string, Record<string, string>]][]) {
        const r = await cannon(url, seconds, connections, headers);
        samples[name].push(r.rps);
        p50s[name].push(r.p50);
        p99s[name].push(r.p99);
        errors += r.errors;
        non2xx += r.non2xx;
      }
    }
    const rps = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, Math.round(median(v))])) as AuthBenchResult['requestsPerSecond'];
    return {
      seconds,
      rounds,
      connections,
      requestsPerSecond: rps,
      latencyMs: Object.fromEntries(
        (Object.keys(samples) as Variant[]).map((k) => [k, { p50: median(p50s[k]), p99: median(p99s[k]) }]),
      ) as AuthBenchResult['latencyMs'],
      errors,
      non2xx,
      patVsNoAuth: Math.round((rps.pat / rps.noAuth) * 1000) / 1000,
      patVsBare: Math.round((rps.pat / rps.bare) * 1000) / 1000,
    };
  } finally {
    for (const s of servers) await new Promise((done) => s.close(done));
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = Number(process.argv[2] ?? 5);
  const rounds = Number(process.argv[3] ?? 3);
  const result = await benchAuth(seconds, rounds);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}
