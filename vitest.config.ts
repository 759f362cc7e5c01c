import { defineConfig } from 'vitest/config';

/**
 * Suites that run for a long time mostly waiting (on processes they start and signal, a cluster
 * they stop, streams, a minute of writes): `npm test` (scripts/test.mjs) runs them in a vitest
 * process of their own, one at a time, beside the other files. `npx vitest run` runs both
 * projects in one pool, as before.
 */
const LONG = ['test/faults/**/*.test.ts', 'test/world/wal-bounded.test.ts', 'test/bench/smoke.test.ts', 'test/startup/npm-start.test.ts'];
/**
 * The costs of the extractor's steps as a message grows, measured with V8's regular-expression
 * optimisations off: they hide a pattern whose cost grows with the square of a run of blanks on
 * one machine and not on another (a lookbehind tried at every position), so the check sees the
 * pattern as written. Runs in the `long` lane.
 */
const LINEAR = ['lib/world/learn/extractor.linear.test.ts'];

/** What both projects share (not `extends: true`: a project would take maxWorkers with it, and --maxWorkers no longer apply). */
const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // A worker runs its files one after another in the same process, keeping what they imported
  // (the app, compromise, the SDKs, Miniflare) and the dashboard bundle the Node server builds once
  // per process: no test mocks modules or changes process.env, and every suite stops what it started.
  isolate: false,
  // The suites start real servers, clusters and browsers on a 2-core machine, and Miniflare's
  // synchronous D1 proxy can lose step under that load: a failed test runs once more, so only a
  // failure that repeats fails the run.
  retry: 1,
};

export default defineConfig({
  test: {
    // Three files at a time on 2 cores: many wait on child processes, sockets and timers; a full run
    // took 566 s with two and 502 s with three (test time adds up the same either way). Set here,
    // not in the projects, so --maxWorkers on the command line still applies to them.
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...shared,
          name: 'main',
          include: ['test/**/*.test.ts', 'lib/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...LONG, ...LINEAR],
          // Per project: each starts its run's PostgreSQL cluster and bundles the worker.
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      { test: { ...shared, name: 'long', include: LONG, globalSetup: ['test/support/global-setup.ts'] } },
      { test: { ...shared, name: 'linear', include: LINEAR, execArgv: ['--no-regexp-optimization'] } },
    ],
  },
});
