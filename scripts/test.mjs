#!/usr/bin/env node
// `npm test`: the type checks, lint and dead-code check, and the vitest projects of
// vitest.config.ts, all at once rather than one after another: `long` (the fault suites and the
// minute-long runs, mostly waiting on processes, signals and timers) and `linear` (extraction's
// cost as a message grows) in a lane of their own beside
// `main`, so its files neither wait for a free worker nor keep one busy while they wait. The checks
// and `long` print their output when they end; `main` prints as it goes. Arguments (test file
// filters, options such as --maxWorkers=2 for `main`) go to both vitest runs; `long` keeps one
// worker (a --maxWorkers=N given is left out of its run). Exits 1 when any part failed, naming it.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const filters = args.length > 0 ? [...args, '--passWithNoTests'] : [];
const npx = (command) => ['npx', ...command];

const parts = [
  {
    name: 'checks',
    commands: [['tsc', '--noEmit', '-p', '.'], ['tsc', '--noEmit', '-p', 'client'], ['biome', 'ci', '.'], ['knip']].map(npx),
    live: false,
  },
  { name: 'vitest main', commands: [npx(['vitest', 'run', '--project', 'main', ...filters])], live: true },
  {
    name: 'vitest long',
    commands: [npx(['vitest', 'run', '--project', 'long', '--project', 'linear', ...filters.filter((a) => !a.startsWith('--maxWorkers')), '--maxWorkers=1'])],
    live: false,
  },
];

/** Runs `command`; resolves with its exit code, its output written through (live) or kept. */
function run([file, ...rest], live, kept) {
  return new Promise((resolve) => {
    const child = spawn(file, rest, { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
    if (!live) {
      child.stdout.on('data', (d) => kept.push(d));
      child.stderr.on('data', (d) => kept.push(d));
    }
    child.once('error', (err) => {
      kept.push(Buffer.from(`${file}: ${err.message}\n`));
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const failed = [];
await Promise.all(
  parts.map(async ({ name, commands, live }) => {
    const kept = [];
    let code = 0;
    for (const command of commands) {
      code = await run(command, live, kept);
      if (code !== 0) break;
    }
    if (kept.length > 0) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(kept).toString()}`);
    process.stdout.write(`── ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} after ${Math.round((Date.now() - started) / 1000)} s\n`);
    if (code !== 0) failed.push(name);
  }),
);
if (failed.length > 0) {
  process.stderr.write(`npm test: failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
