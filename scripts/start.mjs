#!/usr/bin/env node
// `npm start`: bundles the Node adapter with esbuild into .build/ (dependencies stay external) and
// runs it in this process with plain node, which idles at a fraction of tsx's memory.
import { build, stop } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, '.build', 'server.mjs');

const { outputFiles } = await build({
  absWorkingDir: root,
  entryPoints: ['lib/adapters/node/main.ts'],
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

// Written aside and renamed, so servers starting at the same time never read a half-written bundle.
mkdirSync(dirname(outfile), { recursive: true });
for (const file of outputFiles) {
  const partial = `${file.path}.${process.pid}.tmp`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(outfile).href);
