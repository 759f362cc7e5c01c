import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { routeOf } from '../routes.ts';
import { rateLimitedMessage } from '../request-limit.ts';
import type { AppDeps } from '../services.ts';

/** SERVICE_RATE_LIMIT_RPM per user on the rate-limited routes (the client API: chat, models, WebSocket upgrades), all their PATs and sessions together; root is not limited. */
export function rateLimit(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const limit = deps.services.requests;
  return async function rateLimit(c, next) {
    const principal = c.get('principal');
    if (limit && (principal.kind === 'pat' || principal.kind === 'user') && routeOf(c)?.rateLimited) {
      const retryAfter = await limit.take(principal.userName);
      if (retryAfter > 0) {
        throw new ApiError(429, 'rate_limited', rateLimitedMessage(limit.rpm, retryAfter), {
          headers: { 'Retry-After': String(retryAfter) },
        });
      }
    }
    return next();
  };
}
