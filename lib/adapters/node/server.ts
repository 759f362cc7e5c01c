import { hash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { WebSocketServer } from 'ws';
import { createApp } from '../../../functions/index.ts';
import { inlinedDashboardScript } from '../../../functions/admin/pages/assets.ts';
import { bundleDashboard } from '../dashboard-bundle.mjs';
import { warmUpExtractor } from '../../world/learn/extractor.ts';
import { loadTagger } from '../../world/learn/extract/tagger.ts';
import { extractorThreadWarm } from './extract-thread.ts';
import { guarded } from '../../background.ts';
import type { Platform } from '../../deps.ts';
import { withServices, type AppDeps } from '../../services.ts';
import { checkStart } from '../../start.ts';
import { parseSettings, type Settings } from '../../settings.ts';
import { startupLine } from '../../startup-notes.ts';
import { nodeBackupPrimitives } from './backup-primitives.ts';
import { masterKeyIn, prepareDataDir, replacePrivate, rootTokenOf } from './data-dir.ts';
import { Lingering } from './linger.ts';
import { listen, stopListening } from './listen.ts';
import { jsonLines } from './log.ts';
import { refusedUpgrade, refuseUpgrade } from './refuse-upgrade.ts';
import { PromMetrics } from './metrics.ts';
import type { Database } from '../../db/database.ts';
import type { SqliteDatabase } from '../../db/sqlite/database.ts';
import { openDatabase } from './database.ts';
import { nodeTransport } from './upstream.ts';
import { NodeWorld } from './world.ts';
import { MAX_SOCKET_FRAME_BYTES } from '../../world/actor.ts';
import { SHUTDOWN_MESSAGE } from '../../providers/open-streams.ts';

export interface StartOptions {
  env: Record<string, string | undefined>;
  /** Overrides PORT (0 = ephemeral). */
  port?: number;
  log?: (line: Record<string, unknown>) => void;
  /** Where start-up messages go (stdout by default). */
  say?: (message: string) => void;
  /** How long an owner's actor may sit idle before it is dropped (ACTOR_IDLE_MS; tests shorten it). */
  actorIdleMs?: number;
}

export interface RunningServer {
  url: string;
  deps: AppDeps;
  settings: Settings;
  /** The SQLite file's handle; absent on PostgreSQL. */
  sqlite?: SqliteDatabase;
  /** The database the server runs on, SQLite or PostgreSQL. */
  database: Database;
  server: Server;
  close(): Promise<void>;
}

let bundledFromSources: Promise<string> | undefined;

/** Run from the sources (tests, tsx), servers of one process share one bundle of the dashboard's script. */
function dashboardScriptFromSources(): Promise<string> {
  bundledFromSources ??= bundleDashboard();
  return bundledFromSources;
}

/**
 * The Node server: its database (SQLite in the data dir, or PostgreSQL), the shared start-up
 * checks (lib/start.ts), the app with its services, and a close() that drains, flushes the
 * services and closes the database, in that order.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env } = options;
  const settings = parseSettings(env);
  const say = options.say ?? ((m: string) => process.stdout.write(m + '\n'));
  const dataDir = resolve(settings.dataDir);
  prepareDataDir(dataDir);
  const dashboardScript = inlinedDashboardScript() ?? (await dashboardScriptFromSources());

  const stdoutLog = jsonLines((text) => process.stdout.write(text));
  const log = options.log ?? stdoutLog.log;
  const database = await openDatabase(settings, dataDir, log);
  const sqlite = 'raw' in database ? database : undefined;
  const rootFile = join(dataDir, 'root-token');
  const rootToken = rootTokenOf(settings, rootFile, say);
  const masterKey = masterKeyIn(settings, dataDir);
  const warnings = await checkStart(
    { settings, db: database.db, atomic: database.atomic, masterKey: masterKey.key },
    { rootToken, seesPeer: true, masterKeySource: masterKey.source, reindex: { say } },
  ).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });

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
    background: (_c, work) => void guarded(log, 'background', work),
    log,
    backup: nodeBackupPrimitives,
    sha256Hex: (text) => hash('sha256', text, 'hex'),
    persistRootToken: settings.rootTokenFromEnv ? undefined : (token) => replacePrivate(rootFile, token + '\n'),
    metrics: () => new PromMetrics(),
    upstream,
  };
  const world = new NodeWorld(() => deps, options.actorIdleMs);
  database.cluster?.subscribe((owner, events) => world.receive(owner, events));
  database.cluster?.onCredentialsChanged(() => world.recheckNow());
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_FRAME_BYTES });
  const deps = withServices({ settings, database, db: database.db, atomic: database.atomic, platform, masterKey: masterKey.key, now: () => new Date(), world });
  const app = createApp(deps, dashboardScript);
  // Extractions run on the world's extractor thread once it is warm; the main thread's extractor is warmed only should the
  // thread never be (no request waits for either). After the checks, so a refusal comes at once;
  // once `deps` exists, which the thread's log line reads.
  if (!(await extractorThreadWarm())) await warmUpExtractor();
  // Recall reads a chat's question with the tagger on this thread (recall-question.ts): loaded here, not by the first chat.
  else await loadTagger();

  const lingering = new Lingering();
  const host = settings.host;
  const port = options.port ?? settings.port;
  const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
    const response = await app.fetch(request, env);
    if (refusedUpgrade(request, env, response)) await refuseUpgrade(env, response);
    return lingering.apply(env, response);
  };
  const server = await listen(fetch, host, port, wss).catch(async (err: unknown) => {
    world.close();
    await database.close();
    throw err;
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  say(startupLine(url, settings, dataDir));
  for (const warning of warnings) say(warning);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      world.close();
      lingering.closeAll();
      await stopListening(server, () => deps.services.streams.endAll(SHUTDOWN_MESSAGE));
      await deps.services.close();
      upstream.close();
      await database.close();
      stdoutLog.flush();
    })());
  return { url, deps, settings, sqlite, database, server, close };
}
