import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeUntilRefused } from './until-refused.ts';
import { killLeftovers, startService, type Service } from './service.ts';
import { ROOT_TOKEN, serveDatabaseFile, singleEnv } from '../support/targets.ts';

/**
 * API.md §1: a full disk answers writes with 507 insufficient_storage while reads and /healthz go
 * on, and writing resumes once space is freed; on Node (SQLite) and on workerd (the database
 * Durable Object's SQLite). The data dir is a real 16 MiB tmpfs (mounting needs root, which this
 * suite runs as; without it the test fails rather than skips).
 */
const auth = { authorization: `Bearer ${ROOT_TOKEN}` };

/** Writes into the file system until it has no room left. */
function fillDisk(filler: string): void {
  const chunk = Buffer.alloc(256 * 1024, 1);
  for (let i = 0; i < 1000; i++) {
    try {
      writeFileSync(filler, chunk, { flag: 'a' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
      throw err;
    }
  }
  // What is left is smaller than a chunk: fill it byte-wise in pages.
  for (let i = 0; i < 1000; i++) {
    try {
      writeFileSync(filler, Buffer.alloc(4096, 1), { flag: 'a' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') return;
      throw err;
    }
  }
}

const runtimes = [
  ['node', {}, (dir: string) => join(dir, 'belief-store.db')],
  ['workerd', { SERVICE_RUNTIME: 'workerd' }, serveDatabaseFile],
] as const;

describe.each(runtimes)('a full disk under the data dir on %s', (_runtime, runtimeEnv, databaseFile) => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-full-'));
  const filler = join(dir, 'filler');
  let server: Service;
  let url: string;
  const write = (n: number) =>
    fetch(`${url}/admin/api/beliefs`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ statement: `Disk fact ${n}: ${'lorem ipsum dolor sit amet '.repeat(30)}`, key: `disk.k${n}`, type: 'fact' }),
      signal: AbortSignal.timeout(15_000),
    });

  beforeAll(async () => {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', dir], { encoding: 'utf8' });
    if (mounted.status !== 0) throw new Error(`cannot mount a small tmpfs at ${dir} (this fault test needs root): ${mounted.stderr}`);
    server = await startService(singleEnv({ SERVICE_DATA_DIR: dir, ...runtimeEnv }));
    url = server.url;
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    killLeftovers(dir);
    spawnSync('umount', [dir]);
    rmdirSync(dir);
  });

  it('writes answer 507 insufficient_storage, reads and /healthz go on, writing resumes once space is freed, the database stays intact', async () => {
    const before = await write(0);
    expect(before.status).toBe(201);
    const kept = (await before.json()) as { id: string };

    fillDisk(filler);
    // The write-ahead log may still have room of its own: write until the disk refuses (bounded).
    const { refused, answers } = await writeUntilRefused(write);
    expect(refused?.status).toBe(507);
    expect(await refused!.json()).toMatchObject({ error: { code: 'insufficient_storage' } });
    expect(answers.filter((s) => s !== 201 && s !== 507)).toEqual([]);

    // Still refused, and nothing else broke: reads and the health check answer. (Filled again first:
    // on a slow host the checkpointer may have found the log idle meanwhile and truncated it, giving
    // its space back, or reset it, so that the next writes reuse its pages: refused once those are used.)
    fillDisk(filler);
    const again = await writeUntilRefused((n) => write(1000 + n), 50);
    expect(again.refused?.status).toBe(507);
    expect(again.answers.filter((s) => s !== 201 && s !== 507)).toEqual([]);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const read = await fetch(`${url}/admin/api/beliefs/${kept.id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    rmSync(filler);
    const resumed = await write(2000);
    expect(resumed.status).toBe(201);
    const after = (await resumed.json()) as { id: string };
    expect((await fetch(`${url}/admin/api/beliefs/${after.id}`, { headers: auth })).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const db = new BetterSqlite3(databaseFile(dir), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = (db.prepare('SELECT id FROM beliefs WHERE id IN (?, ?)').all(kept.id, after.id) as { id: string }[]).map((r) => r.id);
      expect(ids.sort()).toEqual([kept.id, after.id].sort());
    } finally {
      db.close();
    }
  }, 120_000);
});
