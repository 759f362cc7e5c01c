import { Hono } from 'hono';
import { bearerValue } from '../lib/auth/bearer.ts';
import { backgroundMetricLines } from '../lib/background.ts';
import { safeEqual } from '../lib/crypto.ts';
import type { AppEnv } from '../lib/deps.ts';
import { counterMetricLines, embeddingMetricLines, METRICS_CONTENT_TYPE } from '../lib/metrics.ts';
import { readCounters } from '../lib/stores/counters.ts';
import type { AppDeps } from '../lib/services.ts';
import type { RequestHook } from '../lib/middleware/hooks.ts';

async function scrape(deps: AppDeps): Promise<Response> {
  const { metrics, beliefCounts, embeddingFallbacks } = deps.services;
  const [[beliefs, progress], counters] = await Promise.all([beliefCounts.recent(), readCounters(deps.db)]);
  const text =
    (await metrics.render({ beliefs, websockets: deps.world.openSockets?.() ?? null, actors: deps.world.actors?.() ?? null })) +
    embeddingMetricLines(embeddingFallbacks.count, progress.model ? progress : null) +
    counterMetricLines(counters) +
    backgroundMetricLines();
  return new Response(text, { status: 200, headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' } });
}

/**
 * GET /metrics with `Authorization: Bearer $SERVICE_METRICS_TOKEN` is answered before
 * identification: the scrape token is no user credential, so it must not count as a failed login.
 */
export function metricsTokenScrape(deps: AppDeps): RequestHook {
  const expected = deps.settings.metricsToken;
  return {
    before(c) {
      if (expected && c.req.path === '/metrics' && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
        const token = bearerValue(c.req.header('authorization'));
        if (token && safeEqual(token, expected)) return scrape(deps);
      }
    },
  };
}

/** GET /metrics for root and super admins (the access rules refuse everyone else). */
export function metricsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', () => scrape(deps));
}
