import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Miniflare } from 'miniflare';
import { startServer, type RunningServer } from '../../lib/adapters/node/server.ts';
import { splitStatements } from '../../lib/db/migrations.ts';
import { WORKER_BUNDLE } from './build-worker.ts';
import { startSsoProxy } from './sso-proxy.ts';

export type TargetKind = 'node' | 'workerd';
export const TARGETS: TargetKind[] = ['node', 'workerd'];

/** Direct SQL on the target's database, as an operator would run it. */
export interface Sql {
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  run(sql: string, ...params: unknown[]): Promise<void>;
}

export interface Target {
  kind: TargetKind;
  url: string;
  sql: Sql;
  env: Record<string, string>;
  /** workerd only: the runtime itself, without the SSO proxy in front (requests carry no proxy secret). */
  directUrl?: string;
  /** Node only: the data dir and the in-process server. */
  dataDir?: string;
  node?: RunningServer;
  stop(): Promise<void>;
}

export const ROOT_TOKEN = 'root-token-for-tests-0123456789abcdef';
export const SCIM_TOKEN = 'scim-token-for-tests-0123456789abcdef';
/** What the SSO proxy in front of the workerd target adds as x-belief-store-proxy-secret. */
export const PROXY_SECRET = 'proxy-secret-for-tests-0123456789abcdef';
export const PROXY_HEADER = 'x-forwarded-user';

export function teamsEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    SERVICE_MODE: 'teams',
    OIDC_PROXY_HEADER: PROXY_HEADER,
    SERVICE_API_TOKEN: ROOT_TOKEN,
    SERVICE_SCIM_TOKEN: SCIM_TOKEN,
    SERVICE_SUPER_ADMINS: 'boss@example.com',
    SERVICE_ENCRYPTION_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
    ...extra,
  };
}

export function singleEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    SERVICE_MODE: 'single',
    SERVICE_API_TOKEN: ROOT_TOKEN,
    SERVICE_ENCRYPTION_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
    ...extra,
  };
}

export async function startTarget(kind: TargetKind, env: Record<string, string>, dataDir?: string): Promise<Target> {
  return kind === 'node' ? startNode(env, dataDir) : startWorkerd(env);
}

async function startNode(env: Record<string, string>, existingDir?: string): Promise<Target> {
  const dataDir = existingDir ?? mkdtempSync(join(tmpdir(), 'bs-test-'));
  const node = await startServer({ env: { ...env, SERVICE_DATA_DIR: dataDir }, port: 0, log: () => {}, say: () => {} });
  const raw = new BetterSqlite3(join(dataDir, 'belief-store.db'));
  raw.pragma('busy_timeout = 5000');
  const sql: Sql = {
    all: async <T>(q: string, ...params: unknown[]) => raw.prepare(q).all(...params) as T[],
    run: async (q, ...params) => void raw.prepare(q).run(...params),
  };
  return {
    kind: 'node',
    url: node.url,
    sql,
    env,
    dataDir,
    node,
    async stop() {
      raw.close();
      await node.close();
      if (!existingDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function migrationStatements(): string[] {
  const dir = new URL('../../schema/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => splitStatements(readFileSync(new URL(f, dir), 'utf8')));
}

/**
 * workerd cannot see the socket peer, so teams mode there trusts the identity header only with
 * the proxy secret: the target runs behind a forwarding SSO proxy that adds it (and
 * X-Forwarded-For), unless the test sets SERVICE_PROXY_SECRET itself.
 */
async function startWorkerd(given: Record<string, string>): Promise<Target> {
  const env = { SERVICE_PROXY_SECRET: PROXY_SECRET, ...given };
  const mf = new Miniflare({
    modules: true,
    scriptPath: WORKER_BUNDLE,
    compatibilityDate: '2026-04-01',
    compatibilityFlags: ['enable_request_signal'],
    d1Databases: { DB: 'belief-store' },
    durableObjects: { WORLD: { className: 'WorldModelActor', useSQLite: true } },
    bindings: env,
    host: '127.0.0.1',
    port: 0,
    handleRuntimeStdio(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) {
      stdout.resume();
      if (process.env.WORKERD_LOGS) stderr.pipe(process.stderr);
      else stderr.resume();
    },
  });
  const url = (await mf.ready).toString().replace(/\/$/, '');
  const d1 = await mf.getD1Database('DB');
  await d1.batch(migrationStatements().map((s) => d1.prepare(s)));
  const sql: Sql = {
    all: async <T>(q: string, ...params: unknown[]) => ((await d1.prepare(q).bind(...params).all()).results ?? []) as T[],
    run: async (q, ...params) => void (await d1.prepare(q).bind(...params).run()),
  };
  const proxy = await startSsoProxy(url, env.SERVICE_PROXY_SECRET || undefined);
  return {
    kind: 'workerd',
    url: proxy.url,
    directUrl: url,
    sql,
    env,
    async stop() {
      await proxy.close();
      await mf.dispose();
    },
  };
}
