import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../deps.ts';
import type { Metrics } from '../metrics.ts';
import type { RequestHook } from './hooks.ts';

/** The route pattern that answered (never the raw path: its values would make endless label sets). */
function routeLabel(c: Context<AppEnv>): string {
  const handler = matchedRoutes(c).findLast((r) => r.method !== 'ALL');
  return handler ? handler.path : 'unmatched';
}

/**
 * Counts and times every request for GET /metrics; a 401 also counts as an authentication failure.
 * Runs first: the time it notes (`startedAt`) is the request's start for the request log too.
 */
export function observeRequests(metrics: Metrics): RequestHook {
  return {
    before(c) {
      c.set('startedAt', performance.now());
    },
    after(c) {
      const status = c.res.status;
      metrics.request(routeLabel(c), status, (performance.now() - c.get('startedAt')) / 1000);
      if (status === 401) metrics.authFailure();
    },
  };
}
