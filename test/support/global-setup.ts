import { buildWorker } from './build-worker.ts';

/** Bundles the workerd entry once for every test file that starts a workerd target. */
export default async function setup(): Promise<void> {
  await buildWorker();
}
