import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { WebSocketServer } from 'ws';
import { createApp } from '../../../functions/index.ts';
import { base64Decode, base64Encode, randomBytes, randomSecret } from '../../crypto.ts';
import type { Deps, Platform } from '../../deps.ts';
import { parseSettings, type Settings } from '../../settings.ts';
import { applyDeploymentRootToken } from '../../stores/root-token.ts';
import { indexPendingBeliefs } from '../../world/reindex.ts';
import { nodeBackupPrimitives } from './backup-primitives.ts';
import { Lingering } from './linger.ts';
import { jsonLines } from './log.ts';
import { refusedUpgrade, refuseUpgrade } from './refuse-upgrade.ts';
import { openSqlite, type SqliteHandle } from './sqlite.ts';
import { NodeWorld } from './world.ts';
import { MAX_SOCKET_FRAME_BYTES } from '../../world/actor.ts';

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
  sqlite: SqliteHandle;
  server: Server;
  close(): Promise<void>;
}

/** Writes a file readable by its owner only. */
function writePrivate(path: string, contents: string): void {
  writeFileSync(path, contents, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** Reads a generated secret from the data dir, creating it (0600) on first start. */
function fileSecret(path: string, make: () => string): { value: string; created: boolean } {
  if (existsSync(path)) return { value: readFileSync(path, 'utf8').trim(), created: false };
  const value = make();
  writePrivate(path, value + '\n');
  return { value, created: true };
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env } = options;
  const settings = parseSettings(env);
  const say = options.say ?? ((m: string) => process.stdout.write(m + '\n'));
  const dataDir = resolve(env.SERVICE_DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);

  const sqlite = openSqlite(dataDir);
  const rootFile = join(dataDir, 'root-token');
  let rootToken = settings.rootTokenFromEnv;
  if (!rootToken) {
    const generated = fileSecret(rootFile, () => `bsr_${randomSecret()}`);
    rootToken = generated.value;
    if (generated.created) say(`belief-store: generated a root token; it is in ${rootFile} (readable by this user only)`);
  }
  await applyDeploymentRootToken(sqlite.db, sqlite.atomic, rootToken);
  const indexed = await indexPendingBeliefs(sqlite, {
    batch: 5000,
    progress: (done) => done % 100_000 === 0 && say(`belief-store: indexing beliefs for search, ${done} so far`),
  });
  if (indexed) say(`belief-store: indexed ${indexed} beliefs for search`);

  const masterKey = settings.encryptionKey
    ? base64Decode(settings.encryptionKey)
    : base64Decode(fileSecret(join(dataDir, 'master.key'), () => base64Encode(randomBytes(32))).value);

  const stdoutLog = jsonLines((text) => process.stdout.write(text));
  const log = options.log ?? stdoutLog.log;
  const platform: Platform = {
    peerAddress: (c: Context) => (c.env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress ?? null,
    background: (_c, work) => void work.catch((err) => log({ level: 'error', error: String(err) })),
    log,
    backup: nodeBackupPrimitives,
    sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
  };
  const world = new NodeWorld();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_FRAME_BYTES });
  const deps: Deps = { settings, db: sqlite.db, atomic: sqlite.atomic, platform, masterKey, now: () => new Date(), world };
  const app = createApp(deps);

  const lingering = new Lingering();
  const host = env.HOST || '127.0.0.1';
  const port = options.port ?? Number(env.PORT || 8787);
  const server = await new Promise<Server>((resolveServer, reject) => {
    const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
      const response = await app.fetch(request, env);
      if (refusedUpgrade(request, env, response)) await refuseUpgrade(env, response);
      return lingering.apply(env, response);
    };
    const s = serve({ fetch, hostname: host, port, websocket: { server: wss } }, () => resolveServer(s as Server));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  say(`belief-store listening on ${url} (mode=${settings.mode}, data dir=${dataDir})`);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      world.close();
      lingering.closeAll();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections?.();
      });
      await sqlite.close();
      stdoutLog.flush();
    })());
  return { url, deps, settings, sqlite, server, close };
}
