import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedPostgres } from '../support/shared-postgres.ts';

/** One `npm start` process serving the shared database. */
export interface Node {
  url: string;
  /** The `npm start` process (scripts/start.mjs, which runs the server in itself). */
  pid: number;
  output(): string;
  /** Whether the process has ended (on its own, or stopped). */
  exited(): boolean;
  stop(): Promise<void>;
}

/** What every node of one deployment is given alike (a load balancer's replicas). */
export interface Deployment {
  databaseUrl: string;
  rootToken: string;
  scimToken: string;
  env: Record<string, string>;
}

export const USER_HEADER = 'x-auth-user';

/** A fresh database (in the run's PostgreSQL cluster unless `databaseUrl` names one) and the settings its nodes share (teams mode). */
export async function deployment(extra: Record<string, string> = {}, databaseUrl?: string): Promise<Deployment> {
  databaseUrl ??= await sharedPostgres().createDatabase();
  const rootToken = `bsr_${randomBytes(24).toString('base64url')}`;
  const scimToken = `scim_${randomBytes(24).toString('base64url')}`;
  const env = {
    SERVICE_DATABASE_URL: databaseUrl,
    SERVICE_MODE: 'teams',
    OIDC_PROXY_HEADER: USER_HEADER,
    SERVICE_API_TOKEN: rootToken,
    SERVICE_SCIM_TOKEN: scimToken,
    SERVICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...extra,
  };
  return { databaseUrl, rootToken, scimToken, env };
}

/** Starts `npm start` on the deployment's database; resolves with its URL once it listens (60 s at most), rejects with its exit code and output if it exits first. */
export function startNode(d: Deployment): Promise<Node> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bs-node-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', SERVICE_DATA_DIR: dataDir, PORT: '0', ...d.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b) => (out += b));
  child.stderr.on('data', (b) => (out += b));
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise<Node>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`node did not listen within 60 s: ${out}`));
    }, 60_000);
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/\S+) \(/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({ url: m[1]!, pid: child.pid!, output: () => out, exited: () => child.exitCode !== null || child.signalCode !== null, stop });
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`node exited (code ${child.exitCode}) before listening: ${out}`));
    });
  });
}

/** Two nodes on one database, started one after the other (each applies migrations at start-up). */
export async function twoNodes(d: Deployment): Promise<[Node, Node]> {
  const a = await startNode(d);
  try {
    return [a, await startNode(d)];
  } catch (err) {
    await a.stop();
    throw err;
  }
}
