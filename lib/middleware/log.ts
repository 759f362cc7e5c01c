import { routePath } from 'hono/route';
import type { Deps } from '../deps.ts';
import type { RequestHook } from './hooks.ts';

/** One JSON line per request, timed from `startedAt` (observeRequests). Never the URL query, headers or body: they may carry secrets. */
export function requestLog(deps: Pick<Deps, 'platform'>): RequestHook {
  return {
    before(c) {
      c.set('requestId', crypto.randomUUID());
    },
    after(c) {
      deps.platform.log({
        request_id: c.get('requestId'),
        method: c.req.method,
        route: routePath(c, -1) || c.req.path.split('/').slice(0, 3).join('/'),
        status: c.res.status,
        ms: Math.round((performance.now() - c.get('startedAt')) * 10) / 10,
        principal: c.get('principal')?.kind ?? 'anonymous',
      });
    },
  };
}
