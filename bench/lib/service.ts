import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killOnExit, stopChild } from './child.ts';
import { freePort, HEADER, ROOT } from './server.ts';
import { startFlags } from './start-flags.ts';

const HERE = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';

/**
 * The service as `npm start` runs it (plain node, with its flags, on the esbuild bundle) in its own process, teams
 * mode so a user can mint a PAT; `env` adds settings (a database URL); `checkout` runs another
 * checkout of the service (bench/side-by-side.ts). BENCH_SERVER_NODE_ARGS passes node flags (e.g. --cpu-prof).
 */
export async function startService(dir: string, env: Record<string, string> = {}, checkout = HERE): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...startFlags(), ...extra, join(checkout, 'scripts/start.mjs')], {
    cwd: checkout,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVICE_DATA_DIR: dir,
      SERVICE_API_TOKEN: ROOT,
      SERVICE_ENCRYPTION_KEY: KEY,
      SERVICE_MODE: 'teams',
      OIDC_PROXY_HEADER: HEADER,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  killOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child);
  throw new Error(`${checkout}: the service did not start in 60 s`);
}
