import { fileURLToPath } from 'node:url';
import type { WorkerOptions } from 'miniflare';

/** The repository's wrangler.toml: what the Miniflare target and the bundle take from it. */
const WRANGLER_TOML = fileURLToPath(new URL('../../wrangler.toml', import.meta.url));

export interface WranglerWorker {
  /** The entry (`main`), absolute. */
  main: string;
  /** Miniflare's options for the worker's bindings, compatibility date and flags, as `wrangler dev` derives them. */
  workerOptions: WorkerOptions;
}

let read: Promise<WranglerWorker> | null = null;

export function wranglerWorker(): Promise<WranglerWorker> {
  read ??= import('wrangler').then(({ unstable_getMiniflareWorkerOptions }) => {
    const { main, workerOptions } = unstable_getMiniflareWorkerOptions(WRANGLER_TOML);
    if (!main) throw new Error(`${WRANGLER_TOML} names no main entry`);
    return { main, workerOptions: workerOptions as WorkerOptions };
  });
  return read;
}
