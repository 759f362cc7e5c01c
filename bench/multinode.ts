/**
 * Two nodes on one PostgreSQL database against one: chat throughput with memory off
 * (`x-belief-store: off`, PAT-authenticated) at 64 connections, to the fake provider on 127.0.0.1.
 * The load comes from two autocannon processes of 32 connections each, running at the same time:
 * both against node A (one node), or one against A and one against B (two nodes, a load
 * balancer's replicas); their throughputs add. Every server
 * runs in its own process as `npm start` runs it, on a throwaway PostgreSQL cluster.
 * Run: `npx tsx bench/multinode.ts [seconds] [rounds] [connections]`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchCluster } from './lib/cluster.ts';
import { startChild, stopChild, type ChildServer } from './lib/child.ts';
import { configureProvider, createPat, USER } from './lib/server.ts';
import { cannon } from './lib/cannon.ts';
import { startService } from './lib/service.ts';
import { median } from './lib/stats.ts';

const BODY = JSON.stringify({ model: 'm1', messages: [{ role: 'user', content: 'Which trails near my city suit my knee and my dog?' }] });

export interface MultinodeResult {
  seconds: number;
  rounds: number;
  connections: number;
  /** Median requests per second over the rounds. */
  oneNode: number;
  twoNodes: number;
  ratio: number;
  /** Socket errors, timeouts and non-2xx answers over every run. */
  failures: number;
}

interface Run {
  rps: number;
  failures: number;
}

async function chatLoad(url: string, seconds: number, connections: number, headers: Record<string, string>): Promise<Run> {
  const r = await cannon(url, seconds, connections, headers, BODY);
  return { rps: r.rps, failures: r.errors + r.non2xx };
}

async function startNode(databaseUrl: string): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-node-'));
  return { ...(await startService(dir, { SERVICE_DATABASE_URL: databaseUrl })), dir };
}

export async function benchMultinode(seconds = 5, rounds = 3, connections = 64): Promise<MultinodeResult> {
  const pg = await benchCluster();
  const nodes: Awaited<ReturnType<typeof startNode>>[] = [];
  let fake: ChildServer | null = null;
  try {
    const databaseUrl = await pg.createDatabase();
    fake = await startChild('fake');
    nodes.push(await startNode(databaseUrl));
    nodes.push(await startNode(databaseUrl));
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    await configureProvider(a.url, fake.url);
    const { token } = await createPat(a.url, USER);
    const headers = { authorization: `Bearer ${token}`, 'x-belief-store': 'off' };
    for (const n of nodes) {
      const res = await fetch(`${n.url}/v1/chat/completions`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: BODY });
      if (!res.ok) throw new Error(`warm-up answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
    }
    const chat = (n: { url: string }) => `${n.url}/v1/chat/completions`;
    await Promise.all([chatLoad(chat(a), 1, connections / 2, headers), chatLoad(chat(b), 1, connections / 2, headers)]);
    const one: number[] = [];
    const two: number[] = [];
    let failures = 0;
    for (let round = 0; round < rounds; round++) {
      for (const [list, second] of [
        [one, a],
        [two, b],
      ] as const) {
        const runs = await Promise.all([chatLoad(chat(a), seconds, connections / 2, headers), chatLoad(chat(second), seconds, connections / 2, headers)]);
        list.push(runs[0].rps + runs[1].rps);
        failures += runs[0].failures + runs[1].failures;
      }
    }
    const oneNode = Math.round(median(one));
    const twoNodes = Math.round(median(two));
    return { seconds, rounds, connections, oneNode, twoNodes, ratio: Math.round((twoNodes / oneNode) * 100) / 100, failures };
  } finally {
    for (const n of nodes) {
      await stopChild(n.child);
      rmSync(n.dir, { recursive: true, force: true });
    }
    await fake?.close();
    await pg.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [seconds, rounds, connections] = process.argv.slice(2).map(Number);
  const result = await benchMultinode(seconds || 5, rounds || 3, connections || 64);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}
