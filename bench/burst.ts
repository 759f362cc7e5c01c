/**
 * One owner's burst of turns (issue 28 N1): 40 turn frames of about 3 KB sent at once on one
 * `/v1/ws/extract` socket, while /healthz and another user's chat are called back to back. Reports
 * their p99 during the burst (target under 100 ms) and the SQLite write-ahead log's size after it
 * (target under 64 MB). Run: `npx tsx bench/burst.ts [rounds]`.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPat, sendTurns, withChatServer } from './lib/server.ts';
import { latency, round, type Latency } from './lib/stats.ts';
import type { Row } from './lib/table.ts';

const FRAMES = 40;
const P99_TARGET_MS = 100;
const WAL_TARGET_BYTES = 64 * 1024 * 1024;

export interface BurstRun {
  rounds: number;
  frames: number;
  burstMs: number;
  healthz: Latency & { samples: number };
  chat: Latency & { samples: number };
  walBytes: number;
}

function turn(round: number, i: number): string {
  const parts: string[] = [];
  for (let j = 0; parts.join(' ').length < 3000; j++) parts.push(`I like hobby${round}x${i}x${j} a lot. I work with tool${round}y${i}y${j} every day.`);
  return parts.join(' ');
}

export async function benchBurst(rounds: number): Promise<BurstRun> {
  return withChatServer(async (server) => {
    const busy = await createPat(server.url, 'burst@example.com');
    const other = await createPat(server.url, 'bystander@example.com');
    const samples = { healthz: [] as number[], chat: [] as number[] };
    let bursting = true;
    const probe = async (what: 'healthz' | 'chat') => {
      while (bursting) {
        const started = performance.now();
        const res =
          what === 'healthz'
            ? await fetch(`${server.url}/healthz`)
            : await fetch(`${server.url}/v1/chat/completions`, {
                method: 'POST',
                headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json', 'x-belief-store': 'off' },
                body: JSON.stringify({ model: 'local/m1', messages: [{ role: 'user', content: 'What time is it?' }] }),
              });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${what} answered ${res.status}`);
        samples[what].push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const started = performance.now();
    const probes = Promise.all([probe('healthz'), probe('chat')]);
    for (let r = 0; r < rounds; r++)
      await sendTurns(
        server.url,
        busy.token,
        Array.from({ length: FRAMES }, (_, i) => turn(r, i)),
      );
    bursting = false;
    await probes;
    const burstMs = performance.now() - started;
    return {
      rounds,
      frames: FRAMES,
      burstMs: round(burstMs, 1),
      healthz: { ...latency(samples.healthz), samples: samples.healthz.length },
      chat: { ...latency(samples.chat), samples: samples.chat.length },
      walBytes: statSync(join(server.dir, 'belief-store.db-wal')).size,
    };
  });
}

/** The bench table's section (bench/run.ts). */
export function burstSection(quick: boolean) {
  return {
    name: 'burst',
    async run(): Promise<{ result: BurstRun; rows: Row[] }> {
      const r = await benchBurst(quick ? 1 : 5);
      const during = `during ${r.rounds} × ${r.frames}-frame bursts of ~3 KB turns on one socket`;
      return {
        result: r,
        rows: [
          ...(['healthz', 'chat'] as const).map((what) => ({
            item: 28,
            measure: `${what === 'healthz' ? '/healthz' : "another user's chat"} p99 ${during} (${r[what].samples} calls)`,
            value: `${r[what].p99} ms (p50 ${r[what].p50} ms)`,
            target: `< ${P99_TARGET_MS} ms`,
            met: r[what].p99 < P99_TARGET_MS,
          })),
          {
            item: 28,
            measure: `SQLite WAL after the bursts`,
            value: `${round(r.walBytes / 1024 / 1024, 1)} MB`,
            target: '< 64 MB',
            met: r.walBytes < WAL_TARGET_BYTES,
          },
        ],
      };
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rounds = Number(process.argv[2] ?? 3);
  console.log(JSON.stringify(await benchBurst(rounds), null, 2));
}
