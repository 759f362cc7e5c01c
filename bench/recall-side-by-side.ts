/**
 * CPU per context assembly of two checkouts, side by side in one process: each checkout's own
 * recall code (imported from its path) over one database file (seeded once, as bench/retrieval.ts
 * seeds it), the same questions, asked in blocks that alternate between the two (the first of
 * each pair of blocks changes every round), so the machine's drifting load and the shared GC fall
 * on both alike. The figure is the main thread's CPU time per call over a block, from
 * /proc/thread-self/schedstat (Linux); the ratio is taken block by block. Each block's injected
 * blocks are hashed: the two hashes are equal when both checkouts recall the same. With
 * RECALL_COLD=1 the owner's persona cache row is deleted before every call (its statement counted
 * in both checkouts' CPU alike), as a belief write deletes it: recall then remembers nothing of the
 * owner, as for a chat right after one that learned something, until the actor rebuilds the row.
 * Run: `npx tsx bench/recall-side-by-side.ts BASE_CHECKOUT OTHER_CHECKOUT [sizes, default 10000,100000] [calls a block, default 500] [rounds, default 10]`;
 * both checkouts need the same schema and their node_modules (a symlink will do).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadNow } from './lib/machine.ts';
import { latency, median } from './lib/stats.ts';
import { load, OWNER, rng, word } from './retrieval.ts';

const COLD = process.env.RECALL_COLD === '1';

/** Warm-up questions per checkout before any block is timed (as bench/retrieval.ts warms up). */
const WARM_UP = 200;

const threadCpuNs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);

interface Side {
  checkout: string;
  close: () => Promise<void>;
  forget: () => void;
  ask: (text: string) => Promise<string | null>;
  cpuUs: number[];
  ms: number[];
  hash: ReturnType<typeof createHash>;
}

async function sideOf(checkout: string, dir: string, seed: number | null): Promise<Side> {
  const from = (path: string) => import(pathToFileURL(join(checkout, path)).href);
  const { openSqlite } = await from('lib/db/sqlite/database.ts');
  const { inProcessDeps } = await from('bench/lib/in-process.ts');
  const { buildContext } = await from('lib/world/recall/context.ts');
  const { refreshPersona } = await from('lib/world/recall/persona.ts');
  const sqlite = openSqlite(dir);
  if (seed !== null) await load(sqlite, seed);
  const deps = inProcessDeps(sqlite);
  await refreshPersona(deps, OWNER);
  // As chat asks for a config without an embeddings model (a checkout that does not know the field reads the config itself).
  const ask = async (text: string) => (await buildContext(deps, OWNER, { userTurns: [text], scope: [], embeddings: false }, 20)).block as string | null;
  const forgetting = sqlite.raw.prepare('DELETE FROM persona_cache WHERE owner = ?');
  const forget = () => forgetting.run(OWNER);
  return { checkout, close: () => sqlite.close(), forget, ask, cpuUs: [], ms: [], hash: createHash('sha1') };
}

async function measure(checkouts: [string, string], size: number, block: number, rounds: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bs-bench-recall-sbs-'));
  try {
    const sides = [await sideOf(checkouts[0], dir, size), await sideOf(checkouts[1], dir, null)] as const;
    const { extractorThreadWarm } = await import(pathToFileURL(join(checkouts[0], 'lib/adapters/node/extract-thread.ts')).href);
    await extractorThreadWarm();
    const random = rng(7);
    const question = () => `Tell me about ${Array.from({ length: 2 + Math.floor(random() * 4) }, () => word(random)).join(' ')}?`;
    for (let i = 0; i < WARM_UP; i++) {
      const text = question();
      for (const side of sides) await side.ask(text);
    }
    for (let round = 0; round < rounds; round++) {
      const texts = Array.from({ length: block }, question);
      for (const side of round % 2 === 0 ? sides : [sides[1], sides[0]]) {
        const started = threadCpuNs();
        for (const text of texts) {
          if (COLD) side.forget();
          const at = performance.now();
          const injected = await side.ask(text);
          side.ms.push(performance.now() - at);
          side.hash.update(`${injected ?? ''}\n`);
        }
        side.cpuUs.push((threadCpuNs() - started) / 1000 / block);
      }
    }
    const [base, other] = sides;
    const summary = (s: Side) => ({
      checkout: s.checkout,
      cpuUsPerCall: Math.round(median(s.cpuUs) * 10) / 10,
      cpuUsByBlock: s.cpuUs.map(Math.round),
      ms: latency(s.ms),
      blocksHash: s.hash.digest('hex').slice(0, 16),
    });
    const result = { size, block, rounds, cold: COLD, load: loadNow(), base: summary(base), other: summary(other) };
    for (const side of sides) await side.close();
    return { ...result, otherOverBase: Math.round(median(other.cpuUs.map((x, i) => x / base.cpuUs[i]!)) * 1000) / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [base, other, sizes = '10000,100000', block = '500', rounds = '10'] = process.argv.slice(2);
if (!base || !other) {
  process.stderr.write('usage: npx tsx bench/recall-side-by-side.ts BASE_CHECKOUT OTHER_CHECKOUT [sizes] [calls a block] [rounds]\n');
  process.exit(2);
}
for (const size of sizes.split(',').map(Number)) {
  process.stdout.write(`${JSON.stringify(await measure([resolve(base), resolve(other)], size, Number(block), Number(rounds)))}\n`);
}
process.exit(0);
