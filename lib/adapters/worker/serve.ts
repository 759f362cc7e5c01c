import type { DurableObjectNamespace, DurableObjectState, ExecutionContext } from '@cloudflare/workers-types/index';
import { WorldModelActor as CloudflareWorldModelActor } from './actor.ts';
import { d1Shim, type BeliefDatabase } from '../../db/d1/durable-object.ts';
import worker from './index.ts';
import type { WorkerEnv } from './start.ts';

/**
 * The entry of self-hosted workerd (`SERVICE_RUNTIME=workerd npm start`): the Cloudflare entry
 * with `DB` bound to the database Durable Object (`DATABASE`) through a D1-shaped shim, as
 * open-source workerd has no D1. Everything else is the Cloudflare code unchanged.
 */

export { BeliefDatabase } from '../../db/d1/durable-object.ts';

/** The bindings lib/adapters/worker/launcher/capnp.ts declares: the Cloudflare ones, with DATABASE for DB. */
type ServeEnv = Omit<WorkerEnv, 'DB'> & { DATABASE: DurableObjectNamespace<BeliefDatabase> };

const withDb = new WeakMap<ServeEnv, WorkerEnv>();

function bind(env: ServeEnv): WorkerEnv {
  let bound = withDb.get(env);
  if (!bound) {
    bound = { ...env, DB: d1Shim(env.DATABASE) };
    withDb.set(env, bound);
  }
  return bound;
}

export class WorldModelActor extends CloudflareWorldModelActor {
  constructor(ctx: DurableObjectState, env: ServeEnv) {
    super(ctx, bind(env));
  }
}

export default {
  fetch(request: Request, env: ServeEnv, ctx: ExecutionContext): Promise<Response> {
    return worker.fetch(request, bind(env), ctx);
  },
};
