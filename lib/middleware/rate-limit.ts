import { ApiError } from '../errors.ts';
import { routeOf } from '../routes.ts';
import { rateLimitedMessage } from '../request-limit.ts';
import type { AppDeps } from '../services.ts';
import type { RequestHook } from './hooks.ts';

/** SERVICE_RATE_LIMIT_RPM per user on the rate-limited routes (the client API: chat, models, WebSocket upgrades), all their PATs and sessions together; root is not limited. */
export function rateLimit(deps: AppDeps): RequestHook {
  const limit = deps.services.requests;
  return {
    // Asynchronous only when a limit applies.
    before(c) {
      const principal = c.get('principal');
      if (!limit || (principal.kind !== 'pat' && principal.kind !== 'user') || !routeOf(c)?.rateLimited) return;
      return limit.take(principal.userName).then((retryAfter): undefined => {
        if (retryAfter > 0) {
          throw new ApiError(429, 'rate_limited', rateLimitedMessage(limit.rpm, retryAfter), {
            headers: { 'Retry-After': String(retryAfter) },
          });
        }
      });
    },
  };
}
