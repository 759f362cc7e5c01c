import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'lib/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // The suites start real servers, clusters and browsers on a 2-core machine, and Miniflare's
    // synchronous D1 proxy can lose step under that load: a failed test runs once more, so only a
    // failure that repeats fails the run.
    retry: 1,
  },
});
