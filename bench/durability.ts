/**
 * The cost of durability on SQLite: manual belief writes per second with `synchronous = FULL` (what
 * the server runs: every acknowledged commit is on disk, also after a power loss) against the same
 * server switched to `synchronous = NORMAL` (WAL's default trade: the last commits may be lost on
 * power loss). Both modes on one server and one data dir, alternated in rounds.
 * Run: `npx tsx bench/durability.ts [seconds]`.
 */
import { pathToFileURL } from 'node:url';
import { HEADER, startBenchServer, USER } from './lib/server.ts';
import type { Row } from './lib/table.ts';
import { round } from './lib/stats.ts';

export interface DurabilityResult {
  seconds: number;
  writers: number;
  fullPerSecond: number;
  normalPerSecond: number;
  ratio: number;
}

const WRITERS = 8;
const ROUNDS = 2;

export async function benchDurability(seconds = 4): Promise<DurabilityResult> {
  const server = await startBenchServer();
  try {
    const raw = server.sqlite!.raw;
    let serial = 0;
    const writeFor = async (ms: number): Promise<number> => {
      const until = Date.now() + ms;
      let done = 0;
      const writer = async () => {
        for (let i = 0; i < 1_000_000 && Date.now() < until; i++) {
          const n = serial++;
          const res = await fetch(`${server.url}/admin/api/beliefs`, {
            method: 'POST',
            headers: { [HEADER]: USER, 'content-type': 'application/json' },
            body: JSON.stringify({ statement: `The user keeps durable note ${n}`, key: `durability.k${n % 64}`, type: 'fact' }),
          });
          await res.arrayBuffer();
          if (res.status !== 201) throw new Error(`belief write answered ${res.status}`);
          done++;
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      return done;
    };
    await writeFor(300);
    const totals = { FULL: 0, NORMAL: 0 };
    const slice = (seconds * 1000) / (2 * ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      for (const mode of ['FULL', 'NORMAL'] as const) {
        raw.pragma(`synchronous = ${mode}`);
        totals[mode] += await writeFor(slice);
      }
    }
    raw.pragma('synchronous = FULL');
    const perSecond = (n: number) => n / (seconds / 2);
    const fullPerSecond = perSecond(totals.FULL);
    const normalPerSecond = perSecond(totals.NORMAL);
    return { seconds, writers: WRITERS, fullPerSecond, normalPerSecond, ratio: round(fullPerSecond / normalPerSecond, 2) };
  } finally {
    await server.stop();
  }
}

/** The bench table's section (bench/run.ts). */
export function durabilitySection(quick: boolean) {
  return {
    name: 'durability',
    async run(): Promise<{ result: DurabilityResult; rows: Row[] }> {
      const r = await benchDurability(quick ? 0.6 : 6);
      const perSecond = (v: number) => `${Math.round(v)} writes/s`;
      return {
        result: r,
        rows: [
          {
            item: 9,
            measure: `manual belief writes (${r.writers} conn.), SQLite synchronous=FULL (no acknowledged write lost on power loss) vs NORMAL`,
            value: perSecond(r.fullPerSecond),
            baseline: perSecond(r.normalPerSecond),
            ratio: r.ratio,
            target: '≥ 0.4',
            met: r.ratio >= 0.4,
          },
        ],
      };
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchDurability(Number(process.argv[2] ?? 4)), null, 2));
}
