import type { ExecutionContext } from '@cloudflare/workers-types/index';
import type { Hono } from 'hono';
import { createApp } from '../../../functions/index.ts';
import { inlinedDashboardScript } from '../../../functions/admin/pages/assets.ts';
import type { AppEnv } from '../../deps.ts';
import { withServices } from '../../services.ts';
import { SettingsError } from '../../settings.ts';
import { checkStart } from '../../start.ts';
import { holdBody } from './linger.ts';
import { DRAIN_TOKEN_VAR, drainResponse, isDrainCall } from './drain.ts';
import type { OpenStreams } from '../../providers/open-streams.ts';
import { workerDeps, type WorkerEnv } from './start.ts';
import { workerWorld } from './world.ts';

export { WorldModelActor } from './actor.ts';

/** A bare `wrangler deploy` bundles no dashboard script: the API still serves, and the pages say why they do not react. */
const MISSING_DASHBOARD_SCRIPT = `addEventListener('DOMContentLoaded', () => document.body.prepend('This worker was deployed without the dashboard script: deploy it with npm run deploy:worker.'));`;

/** One app per isolate, built on the first request (bindings are only known then), with its open streams (drain.ts). */
let built: Promise<{ app: Hono<AppEnv>; streams: OpenStreams }> | null = null;

async function build(env: WorkerEnv): Promise<{ app: Hono<AppEnv>; streams: OpenStreams }> {
  const deps = withServices(workerDeps(env, (c, work) => c.executionCtx.waitUntil(work), workerWorld(env.WORLD)));
  // The root token is SERVICE_API_TOKEN alone: self-hosted workerd's launcher hands a generated one over as it.
  const warnings = await checkStart(deps, { rootToken: deps.settings.rootTokenFromEnv, seesPeer: false });
  for (const warning of warnings) console.warn(warning);
  return { app: createApp(deps, inlinedDashboardScript() ?? MISSING_DASHBOARD_SCRIPT), streams: deps.services.streams };
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
    built ??= build(env);
    let app: Hono<AppEnv>;
    try {
      const instance = await built;
      if (isDrainCall(request, (env as unknown as Record<string, string | undefined>)[DRAIN_TOKEN_VAR])) return drainResponse(instance.streams);
      app = instance.app;
    } catch (err) {
      built = null;
      const message = err instanceof SettingsError ? `refusing to serve: ${err.message}` : 'start-up failed';
      console.error(`belief-store: ${message}`, err instanceof SettingsError ? '' : err);
      return Response.json({ error: { type: 'api_error', code: 'misconfigured', message } }, { status: 500 });
    }
    const held = holdBody(request);
    const response = await app.fetch(held.request, env, ctx as never);
    // Drained before the answer leaves: workerd stops reading a request's body once it has answered.
    await held.drain();
    return response;
  },
};
