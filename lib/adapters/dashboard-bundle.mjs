// The dashboard's script: client/dashboard.ts bundled into one classic script, served as
// /admin/assets/app.js. Every build of the server inlines it as the constant named by
// DASHBOARD_CONSTANT (scripts/start.mjs, lib/adapters/worker/launcher/main.ts, the test worker bundle, and
// wrangler through scripts/dev-worker.mjs and deploy-worker.mjs); the Node server run from its
// sources bundles it when it starts.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DASHBOARD_CONSTANT = '__BELIEF_STORE_DASHBOARD_JS__';
const ENTRY = findEntry(dirname(fileURLToPath(import.meta.url)));

/**
 * client/dashboard.ts of the checkout this file runs from: found upwards, since this module also
 * runs bundled into .build/ (the workerd launcher), one folder nearer the root than its source.
 * @param {string} from @returns {string}
 */
function findEntry(from) {
  for (let dir = from, i = 0; i < 8; i++, dir = dirname(dir)) {
    const entry = join(dir, 'client', 'dashboard.ts');
    if (existsSync(entry)) return entry;
  }
  return join(from, '..', '..', 'client', 'dashboard.ts');
}

/** @returns {Promise<string>} */
export async function bundleDashboard() {
  const { outputFiles } = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    charset: 'ascii',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outputFiles[0].text;
}

/** The esbuild `define` that inlines the bundle. @returns {Promise<Record<string, string>>} */
export async function dashboardDefine() {
  return { [DASHBOARD_CONSTANT]: JSON.stringify(await bundleDashboard()) };
}

/** The same as wrangler's command-line arguments, for the worker bundle wrangler builds. @returns {Promise<string[]>} */
export async function wranglerDefineArgs() {
  return Object.entries(await dashboardDefine()).flatMap(([name, value]) => ['--define', `${name}:${value}`]);
}
