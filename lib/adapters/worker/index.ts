import type { D1Database, DurableObjectNamespace, ExecutionContext, Fetcher } from '@cloudflare/workers-types/index';
import type { Hono } from 'hono';
import { createApp } from '../../../functions/index.ts';
import { masterKeyOf } from '../../provider-keys.ts';
import { unreadableProviderKeys } from '../../stores/config.ts';
import type { AppEnv, Deps, Platform } from '../../deps.ts';
import { parseSettings, requireProxySecret, SettingsError } from '../../settings.ts';
import { applyDeploymentRootToken } from '../../auth/root-token.ts';
import { startupWarnings } from '../../startup-notes.ts';
import { openD1 } from './d1.ts';
import { holdBody } from './linger.ts';
import { workerWorld } from './world.ts';

export { WorldModelActor } from './actor.ts';

export interface WorkerEnv {
  DB: D1Database;
  WORLD: DurableObjectNamespace;
  /**
   * Self-hosted workerd with a generated root token only: a writable disk service on the data
   * dir, through which a rotation rewrites the `root-token` file as the Node server does.
   */
  ROOT_TOKEN_FILE?: Fetcher;
  [name: string]: unknown;
}

function stringVars(env: WorkerEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * workerd does not show the socket peer, and CF-Connecting-IP is whatever the client sent unless
 * Cloudflare's edge wrote it, so no address is trusted here: the identity header rests on
 * SERVICE_PROXY_SECRET alone (required in teams mode).
 */
const platform: Platform = {
  peerAddress: () => null,
  // workerd hands header values over already decoded as UTF-8, malformed bytes as U+FFFD.
  headerText: (value) => (value.includes('\uFFFD') ? null : value),
  background: (c, work) => c.executionCtx.waitUntil(work),
  log: (line) => console.log(JSON.stringify(line)),
  // 2^15 (32 MiB of scrypt memory) fits the 128 MB isolate.
  exportScryptLogN: 15,
  stageRowsAsJson: true,
};

async function writeRootTokenFile(dir: Fetcher, token: string): Promise<void> {
  const res = await dir.fetch('http://data-dir/root-token', { method: 'PUT', body: token + '\n' });
  if (!res.ok) throw new Error(`belief-store: cannot rewrite the root-token file (status ${res.status})`);
}

/** One app per isolate, built on the first request (bindings are only known then). */
let built: Promise<Hono<AppEnv>> | null = null;

async function build(env: WorkerEnv): Promise<Hono<AppEnv>> {
  const settings = parseSettings(stringVars(env));
  requireProxySecret(settings);
  for (const warning of startupWarnings(settings)) console.warn(warning);
  const { db, atomic } = openD1(env.DB);
  if (settings.rootTokenFromEnv) await applyDeploymentRootToken(db, atomic, settings.rootTokenFromEnv);
  const masterKey = masterKeyOf(settings);
  // As on Node: a master key that cannot open the stored provider keys refuses to serve.
  const unreadable = masterKey ? await unreadableProviderKeys(db, masterKey) : [];
  if (unreadable.length > 0) {
    const providers = unreadable.map((id) => `"${id}"`).join(', ');
    throw new SettingsError(
      `SERVICE_ENCRYPTION_KEY: the master key cannot open the stored key of provider ${providers}; start with the key they were stored with`,
    );
  }
  const deps: Deps = {
    settings,
    db,
    atomic,
    platform: env.ROOT_TOKEN_FILE ? { ...platform, persistRootToken: (token) => writeRootTokenFile(env.ROOT_TOKEN_FILE!, token) } : platform,
    masterKey,
    now: () => new Date(),
    world: workerWorld(env.WORLD),
  };
  return createApp(deps);
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
    built ??= build(env);
    let app: Hono<AppEnv>;
    try {
      app = await built;
    } catch (err) {
      built = null;
      const message = err instanceof SettingsError ? `refusing to serve: ${err.message}` : 'start-up failed';
      console.error(`belief-store: ${message}`, err instanceof SettingsError ? '' : err);
      return Response.json({ error: { type: 'api_error', code: 'misconfigured', message } }, { status: 500 });
    }
    const held = holdBody(request);
    const response = await app.fetch(held.request, env, ctx as never);
    // Drained before the answer leaves: workerd stops reading a request's body once it has answered.
    await held.drain();
    return response;
  },
};
