/**
 * Issue 37 F1/N1: what heavy turns cost. (1) The built-in extractor on hostile shapes
 * (test/world/hostile-shapes.ts) in µs per KB, at the 8 KB it reads and at 400 KB, which must
 * cost no more; (2) /healthz p99 while three users each send heavy turns (~29 KB frames of many
 * short clauses) on a socket, target under 100 ms. Run: `npx tsx bench/heavy-turns.ts [turns]`.
 */
import { pathToFileURL } from 'node:url';
import { HOSTILE_SHAPES } from '../test/world/hostile-shapes.ts';
import { extractBeliefs, warmUpExtractor } from '../lib/world/learn/extractor.ts';
import { createPat, sendTurns, withChatServer } from './lib/server.ts';
import { latency, round, type Latency } from './lib/stats.ts';
import type { Row } from './lib/table.ts';

const READ = 8 * 1024;
const LONG = 400 * 1024;
const USERS = 3;
const P99_TARGET_MS = 100;

export interface ShapeCost {
  shape: string;
  /** µs per KB of a turn of READ characters. */
  microsPerKb: number;
  /** ms of a READ-character turn and of a LONG one. */
  readMs: number;
  longMs: number;
}

/** The best of `passes` timings of one extraction of `content`, in ms (the least disturbed by other work on the machine). */
function timeOf(content: string, passes: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let p = 0; p < passes; p++) {
    const start = performance.now();
    extractBeliefs([{ role: 'user', content }]);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export async function benchShapes(passes: number): Promise<ShapeCost[]> {
  await warmUpExtractor(3);
  return Object.entries(HOSTILE_SHAPES).map(([shape, make]) => {
    const readMs = timeOf(make(READ), passes);
    return { shape, microsPerKb: round((readMs * 1000) / (READ / 1024), 1), readMs: round(readMs, 2), longMs: round(timeOf(make(LONG), passes), 2) };
  });
}

/** A heavy turn: ~29 KB of short first-person clauses on lines of ~900 characters. */
function heavyTurn(user: number, i: number): string {
  const line = Array.from({ length: 14 }, (_, j) => `my cat is Tom${j}, I ski, I like tea${user}x${i}, my dog is Rex, I work at Acme${j}.`).join(' ');
  return Array.from({ length: Math.floor(29_000 / (line.length + 1)) }, () => line).join('\n');
}

export interface LoadRun {
  turns: number;
  healthz: Latency & { samples: number; max: number };
  skipped: number;
}

export async function benchHeavyLoad(turns: number): Promise<LoadRun> {
  return withChatServer(async (server) => {
    const pats = await Promise.all(Array.from({ length: USERS }, (_, u) => createPat(server.url, `heavy${u}@example.com`)));
    const samples: number[] = [];
    let sending = true;
    const probe = (async () => {
      while (sending) {
        const started = performance.now();
        const res = await fetch(`${server.url}/healthz`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`healthz answered ${res.status}`);
        samples.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const errors = await Promise.all(
      pats.map((p, u) =>
        sendTurns(
          server.url,
          p.token,
          Array.from({ length: turns }, (_, i) => heavyTurn(u, i)),
        ),
      ),
    );
    sending = false;
    await probe;
    return {
      turns,
      healthz: { ...latency(samples), samples: samples.length, max: round(Math.max(...samples), 1) },
      skipped: errors.reduce((a, b) => a + b, 0),
    };
  });
}

/** The bench table's section (bench/run.ts). */
export function heavyTurnsSection(quick: boolean) {
  return {
    name: 'heavyTurns',
    async run(): Promise<{ result: { shapes: ShapeCost[]; load: LoadRun }; rows: Row[] }> {
      const shapes = await benchShapes(quick ? 2 : 7);
      const load = await benchHeavyLoad(quick ? 2 : 20);
      return {
        result: { shapes, load },
        rows: [
          ...shapes.map((s) => ({
            item: 37,
            measure: `built-in extractor on ${s.shape}: µs per KB of an 8 KB turn (baseline), then the same turn at 400 KB`,
            value: `${s.microsPerKb} µs/KB; 400 KB: ${s.longMs} ms`,
            baseline: `${s.readMs} ms for 8 KB`,
            ratio: round(s.longMs / Math.max(s.readMs, 0.01), 2),
            target: '400 KB ≤ 2 × 8 KB + 0.5 ms (only 8 KB is read)',
            met: s.longMs <= 2 * s.readMs + 0.5,
          })),
          {
            item: 37,
            measure: `/healthz p99 while ${USERS} users each send ${load.turns} heavy turns (~29 KB of short clauses) on a socket (${load.healthz.samples} calls; ${load.skipped} turns refused or skipped past the extraction budget)`,
            value: `${load.healthz.p99} ms (p50 ${load.healthz.p50} ms, max ${load.healthz.max} ms)`,
            target: `< ${P99_TARGET_MS} ms`,
            met: load.healthz.p99 < P99_TARGET_MS,
          },
        ],
      };
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify({ shapes: await benchShapes(5), load: await benchHeavyLoad(Number(process.argv[2] ?? 20)) }, null, 2));
}
