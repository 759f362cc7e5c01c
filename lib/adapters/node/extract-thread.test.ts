import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Held } from '../../world/learn/extract/resolve.ts';
import { extractInSlices, onThisThread } from '../../world/learn/run-extractor.ts';
import type { Turn } from '../../ports/beliefs.ts';
import { extractorThread, extractorThreadWarm, threadFlags } from './extract-thread.ts';

const cello: Held = { id: 'b1', key: 'user.instrument.cello', statement: 'The user plays the cello', active: true };
const sami: Held = { id: 'b2', key: 'user.child.sami', statement: "The user's son is named Sami", active: true };

const TURNS: { turns: Turn[]; held: Held[]; reads: number }[] = [
  // A home or an employer said ends the kind's value held under any key (extract/one-value.ts): the owner's beliefs are read once.
  { turns: [{ role: 'user', content: 'I live in Leeds and I work at Acme. I am allergic to peanuts.' }], held: [cello], reads: 1 },
  {
    turns: [
      { role: 'user', content: 'I gave up the cello.', at: '2026-03-01T10:00:00.000Z' },
      { role: 'user', content: "I'm not into the cello anymore, I moved to Leeds.", at: '2026-03-01T10:01:00.000Z' },
    ],
    held: [cello],
    reads: 1,
  },
  { turns: [{ role: 'user', content: 'Sami turned 5 yesterday! Sami is in year one now.', at: '2026-03-01T10:00:00.000Z' }], held: [sami], reads: 1 },
];

function loader(held: Held[]) {
  const calls = { n: 0 };
  return {
    calls,
    load: async () => {
      calls.n++;
      return held;
    },
  };
}

describe('the built-in extractor on its own thread (Node)', () => {
  it('finds what it finds on the main thread, reads the owner’s beliefs there when asked, and never loads the tagger here', async () => {
    const runner = extractorThread(() => undefined);
    expect(await extractorThreadWarm()).toBe(true);
    const onThread = [];
    for (const { turns, held, reads } of TURNS) {
      const { calls, load } = loader(held);
      const { found, ms } = await extractInSlices(turns, load, runner);
      expect(calls.n).toBe(reads);
      expect(ms).toBeGreaterThan(0);
      onThread.push(found);
    }
    for (const [i, { turns, held }] of TURNS.entries()) {
      const { found } = await extractInSlices(turns, loader(held).load, onThisThread);
      expect(onThread[i]).toEqual(found);
    }
    expect(onThread[1]!.retract.map((r) => r.id)).toContain('b1');
  });

  // In a process of its own: test files share one module graph per worker (isolate: false), so another file may have loaded the tagger here.
  // Two scripts, each compiling the thread and loading the tagger, take a minute on a loaded 2-core machine.
  it('never keeps the process alive once idle, and never loads the tagger on the main thread: a script that used it ends by itself', () => {
    const thread = fileURLToPath(new URL('./extract-thread.ts', import.meta.url));
    const tagging = fileURLToPath(new URL('../../world/learn/extract/tagger.ts', import.meta.url));
    const script = `
      const { extractorThread, extractorThreadWarm } = await import(${JSON.stringify(thread)});
      const { tagger } = await import(${JSON.stringify(tagging)});
      const run = extractorThread(() => undefined);
      // An idle thread keeps nothing alive, so the script holds the process while it warms.
      const hold = setInterval(() => undefined, 1000);
      if (!(await extractorThreadWarm())) process.exit(2);
      clearInterval(hold);
      // A thread that never extracted anything (a server that learned nothing) as well as one that did.
      if (process.argv.includes('--extract')) {
        const { found } = await run([{ role: 'user', content: 'I live in Leeds.' }], async () => []);
        if (found.beliefs.length === 0) process.exit(3);
        // The steps ran on the other thread: this one never loaded compromise.
        try { tagger(); process.exit(4); } catch {}
      }
    `;
    for (const extra of [[], ['--extract']]) {
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, '--', ...extra], {
        timeout: 60_000,
        encoding: 'utf8',
      });
      expect(child.error).toBeUndefined();
      expect(child.status).toBe(0);
    }
  }, 150_000);

  // `npm start` under a heap limit (the soak bench's --max-old-space-size=96) still learns off the request path.
  it('starts under --max-old-space-size, a flag a Worker refuses, with that limit as the thread’s own', () => {
    expect(threadFlags(['--max-old-space-size=96', '--input-type=module', '--enable-source-maps'])).toEqual({
      execArgv: ['--enable-source-maps'],
      resourceLimits: { maxOldGenerationSizeMb: 96 },
    });
    expect(threadFlags(['--max_old_space_size', '128']).resourceLimits).toEqual({ maxOldGenerationSizeMb: 128 });
    const thread = fileURLToPath(new URL('./extract-thread.ts', import.meta.url));
    const script = `
      const { extractorThread, extractorThreadWarm } = await import(${JSON.stringify(thread)});
      const run = extractorThread(() => undefined);
      const hold = setInterval(() => undefined, 1000);
      const warm = await extractorThreadWarm();
      clearInterval(hold);
      if (warm !== true) process.exit(2);
      const { found } = await run([{ role: 'user', content: 'I live in Leeds.' }], async () => []);
      if (found.beliefs.length === 0) process.exit(3);
    `;
    const child = spawnSync(process.execPath, ['--max-old-space-size=96', '--import', 'tsx', '--input-type=module', '-e', script], {
      timeout: 30_000,
      encoding: 'utf8',
    });
    expect(child.error).toBeUndefined();
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
  });
});
