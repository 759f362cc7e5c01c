import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Miniflare } from 'miniflare';
import { startServer, type RunningServer } from '../../lib/adapters/node/server.ts';
import { splitStatements } from '../../lib/db/migrations.ts';
import { WORKER_BUNDLE } from './build-worker.ts';
import { startSsoProxy } from './sso-proxy.ts';
import { wranglerWorker } from './wrangler.ts';
import { databases } from './postgres.ts';
import { sharedPostgres } from './shared-postgres.ts';

export type TargetKind = 'node' | 'workerd' | 'workerd-serve' | 'node-pg';
/**
 * The targets every cross-runtime file runs on: Node, workerd under Miniflare, the real
 * `workerd serve` process that `SERVICE_RUNTIME=workerd npm start` runs, and `node-pg`, the Node
 * server on PostgreSQL (a fresh database in the run's cluster, test/support/postgres.ts). BELIEF_STORE_TARGETS
 * (comma-separated) picks a subset, e.g. `BELIEF_STORE_TARGETS=node` for a quick local run.
 */
export const TARGETS: TargetKind[] = process.env.BELIEF_STORE_TARGETS
  ? (process.env.BELIEF_STORE_TARGETS.split(',').map((s) => s.trim()) as TargetKind[])
  : ['node', 'workerd', 'workerd-serve', 'node-pg'];

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
  /** Node and workerd-serve: the data dir; node: the in-process server. */
  dataDir?: string;
  /** workerd-serve only: the `npm start` process (its output so far). */
  process?: ServeProcess;
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
  if (kind === 'node') return startNode(env, dataDir);
  if (kind === 'node-pg') return startNodePg(env, dataDir);
  if (kind === 'workerd-serve') return startWorkerdServe(env, dataDir);
  return startWorkerd(env);
}

/** The test's own handle on a target's SQLite file, waiting out the server's writes. */
function sqliteSql(file: string): { raw: BetterSqlite3.Database; sql: Sql } {
  const raw = new BetterSqlite3(file);
  raw.pragma('busy_timeout = 5000');
  return {
    raw,
    sql: {
      all: async <T>(q: string, ...params: unknown[]) => raw.prepare(q).all(...params) as T[],
      run: async (q, ...params) => void raw.prepare(q).run(...params),
    },
  };
}

async function startNode(env: Record<string, string>, existingDir?: string): Promise<Target> {
  const dataDir = existingDir ?? mkdtempSync(join(tmpdir(), 'bs-test-'));
  const node = await startServer({ env: { ...env, SERVICE_DATA_DIR: dataDir }, port: 0, log: () => {}, say: () => {} });
  const { raw, sql } = sqliteSql(join(dataDir, 'belief-store.db'));
  return nodeTarget('node', node, sql, env, dataDir, existingDir, () => raw.close());
}

/** A Node server as a target: stopping it closes the test's own database handle, the server, then a data dir it made. */
function nodeTarget(
  kind: 'node' | 'node-pg',
  node: RunningServer,
  sql: Sql,
  env: Record<string, string>,
  dataDir: string,
  existingDir: string | undefined,
  closeSql: () => unknown,
): Target {
  return {
    kind,
    url: node.url,
    sql,
    env,
    dataDir,
    node,
    async stop() {
      await closeSql();
      await node.close();
      if (!existingDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The file in a node-pg target's data dir naming its database, so a restart on that dir finds the same one. */
const PG_URL_FILE = 'test-database-url';

/** The run's cluster: BELIEF_STORE_POSTGRES_URL (its admin URL) when set, else the one global-setup.ts started. */
function postgresCluster() {
  const url = process.env.BELIEF_STORE_POSTGRES_URL;
  return url ? { url, ...databases(url) } : sharedPostgres();
}

/** SQLite's `?` placeholders as PostgreSQL's `$n` (outside quoted strings), so tests write one SQL text. */
function dollarParams(q: string): string {
  let n = 0;
  return q.replace(/'(?:[^']|'')*'|\?/g, (m) => (m === '?' ? `$${++n}` : m));
}

async function startNodePg(env: Record<string, string>, existingDir?: string): Promise<Target> {
  const dataDir = existingDir ?? mkdtempSync(join(tmpdir(), 'bs-test-pg-'));
  const urlFile = join(dataDir, PG_URL_FILE);
  const databaseUrl = existsSync(urlFile) ? readFileSync(urlFile, 'utf8') : await postgresCluster().createDatabase();
  writeFileSync(urlFile, databaseUrl);
  const node = await startServer({
    env: { SERVICE_DATABASE_URL: databaseUrl, ...env, SERVICE_DATA_DIR: dataDir },
    port: 0,
    log: process.env.SERVER_LOGS ? (line) => process.stderr.write(`${JSON.stringify(line)}\n`) : () => {},
    say: () => {},
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, types: numericTypes });
  const sql: Sql = {
    all: async <T>(q: string, ...params: unknown[]) => (await pool.query(dollarParams(q), params)).rows as T[],
    run: async (q, ...params) => void (await pool.query(dollarParams(q), params)),
  };
  return nodeTarget('node-pg', node, sql, env, dataDir, existingDir, () => pool.end());
}

/** Counts come back as numbers, as the server's own pool reads them. */
const numericTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function migrationStatements(): string[] {
  const dir = new URL('../../schema/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => splitStatements(readFileSync(new URL(f, dir), 'utf8')));
}

let bundle: Buffer | undefined;

/**
 * The bundle as one ES module, named rather than found: given a script path, Miniflare parses
 * the whole 2.5 MB bundle on every start to look for imports it would have to add.
 */
function workerModule() {
  bundle ??= readFileSync(WORKER_BUNDLE);
  return { type: 'ESModule' as const, path: WORKER_BUNDLE, contents: bundle };
}

/**
 * The tests' direct SQL on the workerd target goes through a second worker bound to the same D1
 * database, over plain async HTTP: Miniflare's own D1 proxy answers through a synchronous channel
 * that, on a heavily loaded machine, has paired a reply with the wrong request.
 */
const SQL_HOST = 'direct-sql.invalid';
const SQL_WORKER = `export default {
  async fetch(request, env) {
    const { q, params, batch } = await request.json();
    try {
      if (batch) {
        await env.DB.batch(batch.map((s) => env.DB.prepare(s)));
        return Response.json([]);
      }
      const { results } = await env.DB.prepare(q).bind(...params).all();
      return Response.json(results ?? []);
    } catch (e) {
      return new Response(String(e), { status: 500 });
    }
  },
};`;

/**
 * workerd cannot see the socket peer, so teams mode there trusts the identity header only with
 * the proxy secret: the target runs behind a forwarding SSO proxy that adds it (and
 * X-Forwarded-For), unless the test sets SERVICE_PROXY_SECRET itself.
 */
async function startWorkerd(given: Record<string, string>): Promise<Target> {
  const env = { SERVICE_PROXY_SECRET: PROXY_SECRET, ...given };
  const { workerOptions } = await wranglerWorker();
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    handleRuntimeStdio(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) {
      stdout.resume();
      if (process.env.WORKERD_LOGS) stderr.pipe(process.stderr);
      else stderr.resume();
    },
    workers: [
      { ...workerOptions, name: 'app', modules: [workerModule()], bindings: { ...workerOptions.bindings, ...env } },
      {
        name: 'sql',
        modules: true,
        script: SQL_WORKER,
        compatibilityDate: workerOptions.compatibilityDate,
        d1Databases: workerOptions.d1Databases,
        routes: [`${SQL_HOST}/*`],
      },
    ],
  });
  const url = (await mf.ready).toString().replace(/\/$/, '');
  const query = async (body: { q?: string; params?: unknown[]; batch?: string[] }) => {
    const res = await mf.dispatchFetch(`http://${SQL_HOST}/`, { method: 'POST', body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`direct SQL on workerd: ${text}`);
    return JSON.parse(text) as unknown[];
  };
  await query({ batch: migrationStatements() });
  const sql: Sql = {
    all: async <T>(q: string, ...params: unknown[]) => (await query({ q, params })) as T[],
    run: async (q, ...params) => void (await query({ q, params })),
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

export interface ServeProcess {
  output: { stdout: string; stderr: string };
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** `SERVICE_RUNTIME=workerd npm start` (scripts/start.mjs) as a child process, killed after 120 s. */
export function spawnServe(env: Record<string, string>): ServeProcess {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    // The tests' fake provider is on 127.0.0.1, which the worker may reach only when allowed.
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', SERVICE_RUNTIME: 'workerd', PORT: '0', SERVICE_WORKERD_ALLOW_NETWORKS: 'local', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (output.stdout += d));
  child.stderr.on('data', (d) => {
    output.stderr += d;
    if (process.env.WORKERD_LOGS) process.stderr.write(d);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const exited = new Promise<number | null>((done) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      done(code);
    }),
  );
  return { output, exited, kill: (signal) => void child.kill(signal) };
}

/** The URL of the start-up line, once printed. */
export async function serveUrl(p: ServeProcess): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const m = /belief-store listening on (http:\/\/\S+) \(/.exec(p.output.stdout);
    if (m) return m[1]!;
    const code = await Promise.race([p.exited, new Promise((r) => setTimeout(() => r('waiting'), 100))]);
    if (code !== 'waiting') throw new Error(`npm start exited (${code}) before listening: ${p.output.stdout}${p.output.stderr}`);
  }
  throw new Error(`npm start did not listen within 60 s: ${p.output.stdout}${p.output.stderr}`);
}

/** The database Durable Object's SQLite file under a workerd-serve data dir. */
export function serveDatabaseFile(dataDir: string): string {
  const dir = join(dataDir, 'durable-objects', 'belief-store-database');
  const file = readdirSync(dir).find((f) => /^[0-9a-f]{64}\.sqlite$/.test(f));
  if (!file) throw new Error(`no database object in ${dir}`);
  return join(dir, file);
}

/**
 * The real `workerd serve` process, started as an operator would (`SERVICE_RUNTIME=workerd npm
 * start`), behind the SSO proxy like the Miniflare target. Direct SQL goes to the database
 * object's SQLite file, which SQLite's own locking lets a second process use.
 */
async function startWorkerdServe(given: Record<string, string>, existingDir?: string): Promise<Target> {
  const env = { SERVICE_PROXY_SECRET: PROXY_SECRET, ...given };
  const dataDir = existingDir ?? mkdtempSync(join(tmpdir(), 'bs-serve-'));
  const proc = spawnServe({ ...env, SERVICE_DATA_DIR: dataDir });
  let url: string;
  try {
    url = await serveUrl(proc);
  } catch (err) {
    proc.kill('SIGKILL');
    await proc.exited;
    if (!existingDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const { raw, sql } = sqliteSql(serveDatabaseFile(dataDir));
  const proxy = await startSsoProxy(url, env.SERVICE_PROXY_SECRET || undefined);
  return {
    kind: 'workerd-serve',
    url: proxy.url,
    directUrl: url,
    sql,
    env,
    dataDir,
    process: proc,
    async stop() {
      raw.close();
      await proxy.close();
      proc.kill('SIGTERM');
      await proc.exited;
      if (!existingDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
