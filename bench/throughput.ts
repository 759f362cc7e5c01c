/**
 * Chat throughput at 64 connections, memory off: the same non-streaming OpenAI-shaped chat request
 * through a bare node:http forwarder (the limit for any proxy), through the service (PAT,
 * `x-belief-store: off`), through the peer (Portkey's open-source gateway: no auth, no memory) and
 * straight to the fake provider (for scale). Every server runs in its own process, as `npm start`
 * runs the service (its request log goes to stdout, here /dev/null), all against one fake provider
 * process; autocannon runs in another. Rounds are interleaved and each variant's median kept, so a
 * shared machine's drifting load spreads over all of them.
 * Run: `npx tsx bench/throughput.ts [seconds] [rounds] [connections]`; BENCH_SERVER_NODE_ARGS adds
 * node flags to the service's process (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startChild, stopChild, type ChildServer } from './lib/child.ts';
import { startPortkey, type Peer } from './lib/portkey.ts';
import { configureProvider, createPat, USER } from './lib/server.ts';
import { cannon } from './lib/cannon.ts';
import { startService } from './lib/service.ts';
import { median } from './lib/stats.ts';
import { cpuMsOf, loadNow } from './lib/machine.ts';

const BODY = JSON.stringify({
  model: 'm1',
  messages: [{ role: 'user', content: 'Which hiking trails near the city I live in would suit my knee and my dog?' }],
});

export type ThroughputVariant = 'direct' | 'forwarder' | 'service' | 'portkey';

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server's process spent per request, in µs (median over the rounds); null where /proc is missing. */
  cpuUsPerRequest: number | null;
}

export interface ThroughputResult {
  seconds: number;
  rounds: number;
  connections: number;
  /** Median over the rounds; absent for a variant not measured. */
  variants: Partial<Record<ThroughputVariant, Run>>;
  /** Socket errors, timeouts and non-2xx answers over every round of the service. */
  serviceFailures: number;
  /** The 1-minute load average over the rounds (mean of one reading per run). */
  load: number;
  /** Seconds of load each variant had before the rounds (the service's code is compiled as it runs: a cold one costs several times the CPU). */
  warmupSeconds: number;
  portkeySkipped: string | null;
}

const chatLoad = (url: string, seconds: number, connections: number, headers: Record<string, string>) => cannon(url, seconds, connections, headers, BODY);

export async function benchThroughput(
  seconds = 3,
  rounds = 3,
  connections = 64,
  options: { portkey?: boolean; skipReason?: string; direct?: boolean; warmupSeconds?: number } = {},
): Promise<ThroughputResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-throughput-'));
  const children: ChildServer[] = [];
  let service: ChildProcess | null = null;
  let portkey: Peer | null = null;
  try {
    const fake = await startChild('fake');
    children.push(fake);
    const forwarder = await startChild('forwarder', fake.url);
    children.push(forwarder);
    const started = await startService(dir);
    service = started.child;
    await configureProvider(started.url, fake.url);
    const { token } = await createPat(started.url, USER);
    if (options.portkey !== false) portkey = await startPortkey(fake.url);

    const provider = { authorization: 'Bearer sk-bench-0000' };
    const targets: [ThroughputVariant, string, Record<string, string>, number][] = [
      ['forwarder', `${forwarder.url}/v1/chat/completions`, provider, forwarder.pid],
      ['service', `${started.url}/v1/chat/completions`, { authorization: `Bearer ${token}`, 'x-belief-store': 'off' }, service.pid!],
    ];
    if (portkey) targets.push(['portkey', `${portkey.url}/v1/chat/completions`, { ...provider, ...portkey.headers }, portkey.pid]);
    if (options.direct !== false) targets.push(['direct', `${fake.url}/v1/chat/completions`, provider, fake.pid]);

    // One request each first: a misconfigured variant fails here, not as a table of errors.
    for (const [name, url, headers] of targets) {
      const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: BODY });
      if (!res.ok) throw new Error(`${name}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
    }
    const warmup = options.warmupSeconds ?? 1;
    if (warmup > 0) for (const [, url, headers] of targets) await chatLoad(url, warmup, connections, headers);
    const runs: Partial<Record<ThroughputVariant, Run[]>> = {};
    const loads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [name, url, headers, pid] of targets) {
        const before = cpuMsOf(pid);
        const run = await chatLoad(url, seconds, connections, headers);
        const after = cpuMsOf(pid);
        loads.push(loadNow());
        const served = run.rps * seconds;
        const cpuUsPerRequest = before === null || after === null || served === 0 ? null : Math.round(((after - before) * 1000) / served);
        runs[name] ??= [];
        runs[name].push({ ...run, cpuUsPerRequest });
      }
    }
    const variants: ThroughputResult['variants'] = {};
    for (const [name, list] of Object.entries(runs) as [ThroughputVariant, Run[]][]) {
      variants[name] = {
        rps: Math.round(median(list.map((r) => r.rps))),
        p50: median(list.map((r) => r.p50)),
        p99: median(list.map((r) => r.p99)),
        errors: list.reduce((n, r) => n + r.errors, 0),
        non2xx: list.reduce((n, r) => n + r.non2xx, 0),
        cpuUsPerRequest: list.some((r) => r.cpuUsPerRequest === null) ? null : median(list.map((r) => r.cpuUsPerRequest!)),
      };
    }
    const s = variants.service!;
    return {
      seconds,
      rounds,
      connections,
      variants,
      serviceFailures: s.errors + s.non2xx,
      load: Math.round((loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length)) * 10) / 10,
      warmupSeconds: warmup,
      portkeySkipped: portkey ? null : (options.skipReason ?? 'not started'),
    };
  } finally {
    await portkey?.close();
    if (service) await stopChild(service);
    for (const c of children.reverse()) await c.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [seconds, rounds, connections] = process.argv.slice(2).map(Number);
  const result = await benchThroughput(seconds || 3, rounds || 3, connections || 64);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}
