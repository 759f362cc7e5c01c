import type { DurableObjectNamespace, DurableObjectState, ExecutionContext } from '@cloudflare/workers-types/index';
import { WorldModelActor as CloudflareWorldModelActor } from './actor.ts';
import { d1Shim } from './database.ts';
import worker, { type WorkerEnv } from './index.ts';

/**
 * The entry of self-hosted workerd (`SERVICE_RUNTIME=workerd npm start`): the Cloudflare entry
 * with `DB` bound to the database Durable Object (`DATABASE`) through a D1-shaped shim, as
 * open-source workerd has no D1. Everything else is the Cloudflare code unchanged.
 */

export { BeliefDatabase } from './database.ts';

type ServeEnv = { DATABASE: DurableObjectNamespace; WORLD: DurableObjectNamespace; [name: string]: unknown };

const withDb = new WeakMap<object, WorkerEnv>();

function bind(env: ServeEnv): WorkerEnv {
  let bound = withDb.get(env);
  if (!bound) {
    bound = { ...env, DB: d1Shim(env.DATABASE) } as WorkerEnv;
    withDb.set(env, bound);
  }
  return bound;
}

export class WorldModelActor extends CloudflareWorldModelActor {
  constructor(state: DurableObjectState, env: ServeEnv) {
    super(state, bind(env));
  }
}

export default {
  fetch(request: Request, env: ServeEnv, ctx: ExecutionContext): Promise<Response> {
    return worker.fetch(request, bind(env), ctx);
  },
};
