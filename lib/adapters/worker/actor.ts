import type { DurableObjectState } from '@cloudflare/workers-types/index';
import type { WorkerEnv } from './index.ts';

/** The world-model actor of one owner under workerd (a Durable Object). */
export class WorldModelActor {
  constructor(
    readonly state: DurableObjectState,
    readonly env: WorkerEnv,
  ) {}

  async fetch(): Promise<Response> {
    return new Response('not implemented', { status: 501 });
  }
}
