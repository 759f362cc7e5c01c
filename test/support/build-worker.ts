import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dashboardDefine } from '../../lib/adapters/dashboard-bundle.mjs';
import { wranglerWorker } from './wrangler.ts';

export const WORKER_BUNDLE = fileURLToPath(new URL('../../.build/worker.mjs', import.meta.url));

export async function buildWorker(): Promise<void> {
  await build({
    entryPoints: [(await wranglerWorker()).main],
    outfile: WORKER_BUNDLE,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    external: ['cloudflare:*'],
    define: await dashboardDefine(),
    logLevel: 'warning',
  });
}
