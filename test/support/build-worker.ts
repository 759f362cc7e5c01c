import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { replaceFile } from '../../lib/adapters/cached-build.mjs';
import { fileURLToPath } from 'node:url';
import { dashboardDefine } from '../../lib/adapters/dashboard-bundle.mjs';
import { wranglerWorker } from './wrangler.ts';

export const WORKER_BUNDLE = fileURLToPath(new URL('../../.build/worker.mjs', import.meta.url));

/** Written aside and renamed into place: `npm test` runs two vitest processes, each building it at start. */
export async function buildWorker(): Promise<void> {
  const { outputFiles } = await build({
    entryPoints: [(await wranglerWorker()).main],
    outfile: WORKER_BUNDLE,
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    external: ['cloudflare:*'],
    define: await dashboardDefine(),
    logLevel: 'warning',
  });
  mkdirSync(dirname(WORKER_BUNDLE), { recursive: true });
  for (const file of outputFiles) replaceFile(file.path, file.contents);
}
