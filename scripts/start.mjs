#!/usr/bin/env node
// `npm start`: bundles the Node adapter with esbuild into .build/ (dependencies stay external; the
// bundle is reused while its sources are unchanged, lib/adapters/cached-build.mjs) and
// runs it in this process with plain node, which idles at a fraction of tsx's memory. Where the
// checkout cannot be written (a read-only image), it runs the sources through tsx instead.
// SERVICE_RUNTIME=workerd runs the launcher of the real workerd binary instead
// (lib/adapters/worker/launcher/main.ts); any other value is refused by the settings check, exit 2.
import { stop } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedBuild, replaceFile } from '../lib/adapters/cached-build.mjs';
import { dashboardDefine } from '../lib/adapters/dashboard-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workerd = process.env.SERVICE_RUNTIME === 'workerd';
const entry = join(root, workerd ? 'lib/adapters/worker/launcher/main.ts' : 'lib/adapters/node/main.ts');
const outfile = join(root, '.build', workerd ? 'workerd-launcher.mjs' : 'server.mjs');

const outputFiles = await cachedBuild(join(root, '.build', 'cache'), {
  absWorkingDir: root,
  // The launcher bundles the dashboard's script into the worker it builds.
  define: workerd ? {} : await dashboardDefine(),
  entryPoints: [entry],
  outfile,
  bundle: true,
  write: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
// The esbuild service is a child process; it has done its work.
await stop();

let bundled = true;
try {
  mkdirSync(dirname(outfile), { recursive: true });
  for (const file of outputFiles) replaceFile(file.path, file.contents);
} catch (err) {
  bundled = false;
  process.stderr.write(
    `belief-store: cannot write ${dirname(outfile)} (${err.code ?? err.message}); running the sources through tsx, which takes more memory\n`,
  );
}
if (bundled) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(outfile).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(entry).href);
}
