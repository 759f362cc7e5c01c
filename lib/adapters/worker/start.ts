import type { Fetcher } from '@cloudflare/workers-types/index';
import { unreadableProviderKeys } from '../../stores/config.ts';
import { masterKeyOf } from '../../provider-keys.ts';
import type { Deps, Platform } from '../../deps.ts';
import { parseSettings, requireProxySecret, SettingsError } from '../../settings.ts';
import { startupWarnings } from '../../startup-notes.ts';
import { applyDeploymentRootToken } from '../../auth/root-token.ts';
import type { WorldPort } from '../../ports/world.ts';
import { openD1 } from './d1.ts';

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
  const platform: Platform = {
    peerAddress: () => null,
    // workerd hands header values over already decoded as UTF-8, malformed bytes as U+FFFD.
    headerText: (value) => (value.includes('\uFFFD') ? null : value),
    background,
    log: (line) => console.log(JSON.stringify(line)),
    // On Cloudflare 2^15 (32 MiB of scrypt memory) fits the 128 MB isolate; self-hosted workerd
    // (which binds DATABASE, lib/adapters/worker/serve.ts) has no such cap and exports at 2^17 as Node does.
    ...('DATABASE' in env ? {} : { exportScryptLogN: 15 }),
    stageRowsAsJson: true,
    ...(rootTokenFile ? { persistRootToken: (token: string) => writeRootTokenFile(rootTokenFile, token) } : {}),
  };
  const { db, atomic } = openD1(env.DB);
  return { settings, db, atomic, platform, masterKey: masterKeyOf(settings), now: () => new Date(), world };
}

/**
 * What the app checks once before serving, as the Node server does at start-up: the settings that
 * refuse to serve, the deployment's root token, and a master key able to open the stored provider
 * keys. Throws SettingsError naming the variable.
 */
export async function checkStart(deps: Deps): Promise<void> {
  const { settings, db, atomic, masterKey } = deps;
  requireProxySecret(settings);
  for (const warning of startupWarnings(settings)) console.warn(warning);
  if (settings.rootTokenFromEnv) await applyDeploymentRootToken(db, atomic, settings.rootTokenFromEnv);
  const unreadable = masterKey ? await unreadableProviderKeys(db, masterKey) : [];
  if (unreadable.length > 0) {
    const providers = unreadable.map((id) => `"${id}"`).join(', ');
    throw new SettingsError(
      `SERVICE_ENCRYPTION_KEY: the master key cannot open the stored key of provider ${providers}; start with the key they were stored with`,
    );
  }
}
