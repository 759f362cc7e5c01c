import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { WebSocketServer } from 'ws';
import { createApp } from '../../../functions/index.ts';
import { inlinedDashboardScript } from '../../../functions/admin/pages/assets.ts';
import { bundleDashboard } from '../dashboard-bundle.mjs';
import { warmUpExtractor } from '../../world/extractor.ts';
import { base64Decode, base64Encode, randomBytes, randomSecret } from '../../crypto.ts';
import type { Deps, Platform } from '../../deps.ts';
import { masterKeyOf } from '../../provider-keys.ts';
import { unreadableProviderKeys } from '../../stores/config.ts';
import { parseSettings, SettingsError, type Settings } from '../../settings.ts';
import { applyDeploymentRootToken } from '../../auth/root-token.ts';
import { startupLine, startupWarnings } from '../../startup-notes.ts';
import { usageFor } from '../../stores/usage.ts';
import { receiptsFor } from '../../world/receipts.ts';
import { indexPendingBeliefs } from '../../world/reindex.ts';
import { nodeBackupPrimitives } from './backup-primitives.ts';
import { Lingering } from './linger.ts';
import { jsonLines } from './log.ts';
import { refusedUpgrade, refuseUpgrade } from './refuse-upgrade.ts';
import { PromMetrics } from './metrics.ts';
import type { Database } from '../../db/database.ts';
import type { SqliteDatabase } from '../../db/sqlite/database.ts';
import { openDatabase } from './database.ts';
import { nodeTransport } from './upstream.ts';
import { NodeWorld } from './world.ts';
import { MAX_SOCKET_FRAME_BYTES } from '../../world/actor.ts';

/** How long a shutdown waits for requests in flight before it cuts them (API.md §1: up to 10 s in all). */
const DRAIN_MS = 9000;

export interface StartOptions {
  env: Record<string, string | undefined>;
  /** Overrides PORT (0 = ephemeral). */
  port?: number;
  log?: (line: Record<string, unknown>) => void;
  /** Where start-up messages go (stdout by default). */
  say?: (message: string) => void;
}

export interface RunningServer {
  url: string;
  deps: Deps;
  settings: Settings;
  /** The SQLite file's handle; absent on PostgreSQL. */
  sqlite?: SqliteDatabase;
  /** The database the server runs on, SQLite or PostgreSQL. */
  database: Database;
  server: Server;
  close(): Promise<void>;
}

/** Writes a file readable by its owner only. */
function writePrivate(path: string, contents: string): void {
  writeFileSync(path, contents, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** Replaces a private file in one step, so a reader never sees it half-written. */
function replacePrivate(path: string, contents: string): void {
  const partial = `${path}.${process.pid}.tmp`;
  writePrivate(partial, contents);
  renameSync(partial, path);
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir never returns for some paths it cannot
 * create (e.g. under /proc), and a refusal must come within seconds.
 */
function makeDirs(dir: string): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeDirs(parent);
  mkdirSync(dir, { mode: 0o700 });
}

/** Creates the data dir (0700) and proves it writable, or refuses start-up naming SERVICE_DATA_DIR. */
export function prepareDataDir(dir: string): void {
  try {
    makeDirs(dir);
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
    chmodSync(dir, 0o700);
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new SettingsError(`SERVICE_DATA_DIR: ${dir} is not a directory this user can create and write (${code})`);
  }
}

/** A listen failure as a refusal naming the setting at fault. */
export function listenError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  switch (err.code) {
    case 'EADDRINUSE':
      return new SettingsError(`PORT: ${port} is already in use on ${host}`);
    case 'EACCES':
      return new SettingsError(`PORT: this user may not listen on port ${port} (ports below 1024 need privileges)`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new SettingsError(`HOST: cannot listen on "${host}" (${err.code}): not an address of this machine`);
    default:
      return err;
  }
}

/** Reads a generated secret from the data dir, creating it (0600) on first start. */
/** SERVICE_ROOT_TOKEN, else the token in `rootFile`, generated (and announced) on the first start. */
export function rootTokenOf(settings: Settings, rootFile: string, say: (message: string) => void): string {
  if (settings.rootTokenFromEnv) return settings.rootTokenFromEnv;
  const generated = fileSecret(rootFile, () => `bsr_${randomSecret()}`);
  if (generated.created) say(`belief-store: generated a root token; it is in ${rootFile} (readable by this user only)`);
  return generated.value;
}

export function fileSecret(path: string, make: () => string): { value: string; created: boolean } {
  if (existsSync(path)) return { value: readFileSync(path, 'utf8').trim(), created: false };
  const value = make();
  writePrivate(path, value + '\n');
  return { value, created: true };
}

let bundledFromSources: Promise<string> | undefined;

/** Run from the sources (tests, tsx), servers of one process share one bundle of the dashboard's script. */
function dashboardScriptFromSources(): Promise<string> {
  bundledFromSources ??= bundleDashboard();
  return bundledFromSources;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env } = options;
  const settings = parseSettings(env);
  const say = options.say ?? ((m: string) => process.stdout.write(m + '\n'));
  const dataDir = resolve(settings.dataDir);
  prepareDataDir(dataDir);
  const dashboardScript = inlinedDashboardScript() ?? (await dashboardScriptFromSources());
  warmUpExtractor();

  const stdoutLog = jsonLines((text) => process.stdout.write(text));
  const log = options.log ?? stdoutLog.log;
  const database = await openDatabase(settings, dataDir, log);
  const sqlite = 'raw' in database ? database : undefined;
  const rootFile = join(dataDir, 'root-token');
  const rootToken = rootTokenOf(settings, rootFile, say);
  await applyDeploymentRootToken(database.db, database.atomic, rootToken);
  const indexed = await indexPendingBeliefs(database, {
    batch: 5000,
    progress: (done) => done % 100_000 === 0 && say(`belief-store: indexing beliefs for search, ${done} so far`),
  });
  if (indexed) say(`belief-store: indexed ${indexed} beliefs for search`);

  const masterKey = masterKeyOf(settings) ?? base64Decode(fileSecret(join(dataDir, 'master.key'), () => base64Encode(randomBytes(32))).value);
  const unreadable = await unreadableProviderKeys(database.db, masterKey);
  if (unreadable.length > 0) {
    await database.close();
    const source = settings.encryptionKey ? 'from SERVICE_ENCRYPTION_KEY' : `from ${join(dataDir, 'master.key')}, as SERVICE_ENCRYPTION_KEY is unset`;
    const providers = unreadable.map((id) => `"${id}"`).join(', ');
    throw new SettingsError(
      `SERVICE_ENCRYPTION_KEY: the master key (${source}) cannot open the stored key of provider ${providers}; start with the key they were stored with`,
    );
  }

  const upstream = nodeTransport();
  const platform: Platform = {
    peerAddress: (c: Context) => (c.env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress ?? null,
    onClientGone: (c, abort) => {
      const outgoing = (c.env as HttpBindings | Http2Bindings | undefined)?.outgoing;
      if (!outgoing) return void c.req.raw.signal.addEventListener('abort', abort, { once: true });
      const gone = () => outgoing.writableFinished || abort();
      if (outgoing.closed) gone();
      else outgoing.once('close', gone);
    },
    background: (_c, work) => void work.catch((err) => log({ level: 'error', error: String(err) })),
    log,
    backup: nodeBackupPrimitives,
    sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
    persistRootToken: settings.rootTokenFromEnv ? undefined : (token) => replacePrivate(rootFile, token + '\n'),
    metrics: () => new PromMetrics(),
    upstream,
  };
  const world = new NodeWorld(() => deps);
  database.cluster?.subscribe((owner, events) => world.receive(owner, events));
  database.cluster?.onCredentialsChanged(() => world.recheckNow());
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_FRAME_BYTES });
  const deps: Deps = { settings, database, db: database.db, atomic: database.atomic, platform, masterKey, now: () => new Date(), world };
  const app = createApp(deps, dashboardScript);

  const lingering = new Lingering();
  const host = settings.host;
  const port = options.port ?? settings.port;
  const server = await new Promise<Server>((resolveServer, reject) => {
    const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
      const response = await app.fetch(request, env);
      if (refusedUpgrade(request, env, response)) await refuseUpgrade(env, response);
      return lingering.apply(env, response);
    };
    const s = serve({ fetch, hostname: host, port, websocket: { server: wss } }, () => resolveServer(s as Server));
    s.once('error', (err) => reject(listenError(err, host, port)));
  }).catch(async (err: unknown) => {
    world.close();
    await database.close();
    throw err;
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  say(startupLine(url, settings, dataDir));
  for (const warning of startupWarnings(settings)) say(warning);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      world.close();
      lingering.closeAll();
      // No new connections from here on; requests in flight (a streamed chat) get DRAIN_MS to finish.
      // A keep-alive connection whose request finishes during the drain is closed once idle.
      await new Promise<void>((done) => {
        const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearTimeout(cut);
          clearInterval(idle);
          done();
        });
        server.closeIdleConnections();
      });
      await usageFor(deps)
        .flush()
        .catch((err: unknown) => log({ level: 'error', msg: 'usage counts not written at shutdown', error: String(err) }));
      await receiptsFor(deps)
        .flush()
        .catch((err: unknown) => log({ level: 'error', msg: 'injection receipts not written at shutdown', error: String(err) }));
      upstream.close();
      await database.close();
      stdoutLog.flush();
    })());
  return { url, deps, settings, sqlite, database, server, close };
}
