import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv, Deps } from '../deps.ts';

/** One JSON line per request. Never the URL query, headers or body: they may carry secrets. */
export function requestLog(deps: Pick<Deps, 'platform'>): MiddlewareHandler<AppEnv> {
  return async function requestLog(c, next) {
    const started = performance.now();
    c.set('requestId', crypto.randomUUID());
    await next();
    deps.platform.log({
      request_id: c.get('requestId'),
      method: c.req.method,
      route: routePath(c, -1) || c.req.path.split('/').slice(0, 3).join('/'),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      principal: c.get('principal')?.kind ?? 'anonymous',
    });
  };
}
