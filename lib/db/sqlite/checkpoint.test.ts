import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backgroundMetricLines } from '../../background.ts';
import { startCheckpointer } from './checkpoint.ts';

const failures = () => Number(/task="wal_checkpoint"} (\d+)/.exec(backgroundMetricLines())![1]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls (bounded) until `done`. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await sleep(50);
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-checkpoint-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the checkpoint worker', () => {
  it('logs and counts a worker that cannot run at all, and turns the automatic checkpoint back on', async () => {
    const logged: Record<string, unknown>[] = [];
    const before = failures();
    let restored = false;
    // A directory is no database file: the worker's connection cannot open.
    const checkpointer = startCheckpointer(
      tempDir(),
      (line) => void logged.push(line),
      () => (restored = true),
    );
    await until(() => restored);
    expect(restored).toBe(true);
    expect(logged).toEqual([{ level: 'error', event: 'background_failed', task: 'wal_checkpoint', error: expect.stringMatching(/SQLITE_CANTOPEN/) }]);
    expect(failures()).toBe(before + 1);
    await checkpointer.close();
  });
});
