import type { Fetcher } from '@cloudflare/workers-types/index';
import { masterKeyOf } from '../../provider-keys.ts';
import type { Deps, Platform } from '../../deps.ts';
import { parseSettings } from '../../settings.ts';
import type { WorldPort } from '../../ports/world.ts';
import { openD1 } from '../../db/d1/database.ts';
import { guarded } from '../../background.ts';

/**
 * The bindings of the worker: `Env` is generated from wrangler.toml by `npm run types:worker`;
 * self-hosted workerd also binds ROOT_TOKEN_FILE when the root token was generated (a writable
 * disk service on the data dir, through which a rotation rewrites the `root-token` file as the
 * Node server does). Every text binding is a setting.
 */
export type WorkerEnv = Env & { ROOT_TOKEN_FILE?: Fetcher };

async function writeRootTokenFile(dir: Fetcher, token: string): Promise<void> {
  const res = await dir.fetch('http://data-dir/root-token', { method: 'PUT', body: token + '\n' });
  if (!res.ok) throw new Error(`belief-store: cannot rewrite the root-token file (status ${res.status})`);
}

/**
 * The dependencies of the app and of the world-model actors under workerd, built the same way in
 * both. workerd does not show the socket peer, and CF-Connecting-IP is whatever the client sent
 * unless Cloudflare's edge wrote it, so no address is trusted: the identity header rests on
 * SERVICE_PROXY_SECRET alone (required in teams mode).
 */
export function workerDeps(env: WorkerEnv, background: Platform['background'], world: WorldPort): Deps {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (typeof value === 'string') vars[name] = value;
  const settings = parseSettings(vars);
  const rootTokenFile = env.ROOT_TOKEN_FILE;
  const log = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
  const platform: Platform = {
    peerAddress: () => null,
    // workerd hands header values over already decoded as UTF-8, malformed bytes as U+FFFD.
    headerText: (value) => (value.includes('\uFFFD') ? null : value),
    background: (c, work) => background(c, guarded(log, 'background', work)),
    log,
    // On Cloudflare 2^15 (32 MiB of scrypt memory) fits the 128 MB isolate; self-hosted workerd
    // (which binds DATABASE, lib/adapters/worker/serve.ts) has no such cap and exports at 2^17 as Node does.
    ...('DATABASE' in env ? {} : { exportScryptLogN: 15 }),
    ...(rootTokenFile ? { persistRootToken: (token: string) => writeRootTokenFile(rootTokenFile, token) } : {}),
  };
  const database = openD1(env.DB);
  return { settings, database, db: database.db, atomic: database.atomic, platform, masterKey: masterKeyOf(settings), now: () => new Date(), world };
}
