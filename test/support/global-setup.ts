import type { TestProject } from 'vitest/node';
import { buildWorker } from './build-worker.ts';
import { startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Bundles the workerd entry once, and starts one throwaway PostgreSQL cluster for the run
 * (test files create their own databases in it; see sharedPostgres()). A missing PostgreSQL fails the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [pg] = await Promise.all([startPostgres(), buildWorker()]);
  project.provide('postgresUrl', pg.url);
  return () => pg.stop();
}
