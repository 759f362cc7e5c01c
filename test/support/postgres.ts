import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

/** A throwaway PostgreSQL cluster: `url` reaches its `postgres` database as superuser `postgres`. */
export interface Postgres {
  url: string;
  /** Creates an empty database (a fresh random name unless given) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const NOBODY = 65534;

/**
 * The directory holding `initdb` and `postgres`: PATH first, then Debian's
 * /usr/lib/postgresql/<version>/bin (newest version). Throws when neither has them.
 */
export function postgresBinDir(path = process.env.PATH ?? '', debian = '/usr/lib/postgresql'): string {
  const candidates = path.split(delimiter).filter(Boolean);
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  const found = candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'postgres')));
  if (!found) {
    throw new Error(
      'PostgreSQL binaries (initdb, postgres) not found in PATH or /usr/lib/postgresql/<version>/bin; install them (Debian: apt-get install postgresql)',
    );
  }
  return found;
}

/** A TCP port on 127.0.0.1 free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** initdb and postgres refuse to run as root; as root the cluster runs as `nobody`. */
function asUser(): { uid?: number; gid?: number } {
  return process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
}

async function connectable(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited (${server.exitCode}): ${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within 60 s: ${String(err)} ${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * initdb into a temporary directory and start postgres on 127.0.0.1 at a free port (trust
 * authentication, durability off: a test cluster). stop() shuts it down and deletes the directory.
 */
export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBinDir();
  const user = asUser();
  const dir = mkdtempSync(join(tmpdir(), 'bs-pg-'));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
  const data = join(dir, 'data');
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'], {
    ...user,
    encoding: 'utf8',
  });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status ?? init.error?.message}): ${init.stderr}`);
  }
  const port = await freePort();
  let log = '';
  const server = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    { ...user, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout!.on('data', (d) => (log += d));
  server.stderr!.on('data', (d) => (log = (log + d).slice(-4000)));
  const kill = () => server.kill('SIGKILL');
  process.once('exit', kill);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const url = `${base}/postgres`;
  try {
    await connectable(url, server, () => log);
  } catch (err) {
    kill();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    ...databases(url),
    async stop() {
      process.off('exit', kill);
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** createDatabase/dropDatabase against the cluster whose admin database `adminUrl` names. */
/** Runs one statement on its own connection to `url`. */
export async function runStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databases(adminUrl: string): Pick<Postgres, 'createDatabase' | 'dropDatabase'> {
  const admin = (statement: string) => runStatement(adminUrl, statement);
  return {
    async createDatabase(name = `bs_${process.pid}_${Date.now().toString(36)}_${counter++}`) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name must be lowercase [a-z0-9_]: ${name}`);
      await admin(`CREATE DATABASE ${name}`);
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      return u.toString();
    },
    async dropDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name must be lowercase [a-z0-9_]: ${name}`);
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
