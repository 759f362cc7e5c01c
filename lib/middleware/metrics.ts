import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../deps.ts';
import type { Metrics } from '../metrics.ts';

/** The route pattern that answered (never the raw path: its values would make endless label sets). */
function routeLabel(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const handler = matchedRoutes(c).findLast((r) => r.method !== 'ALL');
  return handler ? handler.path : 'unmatched';
}

/** Counts and times every request for GET /metrics; a 401 also counts as an authentication failure. */
export function observeRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async function observeRequests(c, next) {
    const started = performance.now();
    await next();
    const status = c.res.status;
    metrics.request(routeLabel(c), status, (performance.now() - started) / 1000);
    if (status === 401) metrics.authFailure();
  };
}
