import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databases, freePort, postgresBinDir } from '../support/postgres.ts';

/** A PostgreSQL cluster of this test's own, driven by pg_ctl so it can be stopped and started again under the nodes. */
export interface RestartableCluster {
  createDatabase(): Promise<string>;
  /** `pg_ctl restart -m fast`: every connection is terminated ("administrator command"), then the server is back. */
  restart(): Promise<void>;
  /** `fast` (the default) terminates every connection and shuts down cleanly; `immediate` kills the server outright (crash recovery at the next start). */
  stop(mode?: StopMode): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its directory. */
  destroy(): Promise<void>;
}

export type StopMode = 'fast' | 'immediate';

const NOBODY = 65534;

/** A cluster under `parent` (e.g. a small file system the test mounted), else under a new temporary directory. */
export async function restartableCluster(parent?: string): Promise<RestartableCluster> {
  const bin = postgresBinDir();
  // initdb and postgres refuse to run as root.
  const user = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
  const dir = parent ?? mkdtempSync(join(tmpdir(), 'bs-pgctl-'));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
  const data = join(dir, 'data');
  // Asynchronous, so the test's load keeps running while pg_ctl waits.
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(join(bin, tool), args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
      let out = '';
      // On exit, not close: the server pg_ctl starts may hold on to inherited descriptors.
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${code}): ${out}`))));
    });
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  // fsync off (the machine itself never crashes here), synchronous_commit on: an acknowledged commit survives an `-m immediate` stop.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stop = (mode: StopMode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  await start();
  let running = true;
  const destroy = async () => {
    if (running) await stop();
    running = false;
    rmSync(parent ? data : dir, { recursive: true, force: true });
  };
  process.once('exit', () => running && spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], user));
  return {
    createDatabase: () => databases(`postgres://postgres@127.0.0.1:${port}/postgres`).createDatabase(),
    restart: () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-m', 'fast', '-w', '-t', '60', 'restart']),
    stop: async (mode?: StopMode) => {
      await stop(mode);
      running = false;
    },
    start: async () => {
      await start();
      running = true;
    },
    destroy,
  };
}
