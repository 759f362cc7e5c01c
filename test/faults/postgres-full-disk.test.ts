import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeUntilRefused } from './until-refused.ts';
import { ROOT_TOKEN, singleEnv } from '../support/targets.ts';
import { restartableCluster, type RestartableCluster } from './pg-ctl.ts';
import { startService, type Service } from './service.ts';

/**
 * API.md §1 on PostgreSQL: a full disk under the database (53100 disk_full) answers writes with
 * 507 insufficient_storage while reads and /healthz go on, and writing resumes once space is
 * freed. The cluster's directory is a real 160 MiB tmpfs (mounting needs root; without it the
 * test fails rather than skips).
 */
const dir = mkdtempSync(join(tmpdir(), 'bs-pgfull-'));
const filler = join(dir, 'filler');
const dataDir = mkdtempSync(join(tmpdir(), 'bs-pgfull-data-'));
const auth = { authorization: `Bearer ${ROOT_TOKEN}` };
let cluster: RestartableCluster | undefined;
let server: Service | undefined;

const write = (n: number) =>
  fetch(`${server!.url}/admin/api/beliefs`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ statement: `Disk fact ${n}: ${'lorem ipsum dolor sit amet '.repeat(30)}`, key: `disk.k${n}`, type: 'fact' }),
    signal: AbortSignal.timeout(15_000),
  });

/** Writes into the file system until it has no room left (bounded). */
function fillDisk(): void {
  for (const size of [1024 * 1024, 4096]) {
    for (let i = 0; i < 1000; i++) {
      try {
        writeFileSync(filler, Buffer.alloc(size, 1), { flag: 'a' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw err;
      }
    }
  }
}

beforeAll(async () => {
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m,mode=0777', 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) throw new Error(`cannot mount a small tmpfs at ${dir} (this fault test needs root): ${mounted.stderr}`);
  cluster = await restartableCluster(dir);
  const databaseUrl = await cluster.createDatabase();
  server = await startService(singleEnv({ SERVICE_DATA_DIR: dataDir, SERVICE_DATABASE_URL: databaseUrl }));
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(filler, { force: true });
  await cluster?.destroy();
  spawnSync('umount', [dir]);
  rmdirSync(dir);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a full disk under PostgreSQL', () => {
  it('writes answer 507 insufficient_storage, reads and /healthz go on, writing resumes once space is freed', async () => {
    const before = await write(0);
    expect(before.status).toBe(201);
    const kept = (await before.json()) as { id: string };

    fillDisk();
    const { refused, answers } = await writeUntilRefused(write);
    expect(refused?.status).toBe(507);
    expect(await refused!.json()).toMatchObject({ error: { code: 'insufficient_storage' } });
    expect(answers.filter((s) => s !== 201 && s !== 507)).toEqual([]);

    expect((await fetch(`${server!.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server!.url}/admin/api/beliefs/${kept.id}`, { headers: auth })).status).toBe(200);
    expect(server!.child.exitCode).toBeNull();

    rmSync(filler);
    const resumed = await write(2000);
    expect(resumed.status).toBe(201);
    const after = (await resumed.json()) as { id: string };
    expect((await fetch(`${server!.url}/admin/api/beliefs/${after.id}`, { headers: auth })).status).toBe(200);
  }, 180_000);
});
