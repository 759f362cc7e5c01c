import { Hono, type MiddlewareHandler } from 'hono';
import { bearerValue } from '../lib/auth/bearer.ts';
import { safeEqual } from '../lib/crypto.ts';
import type { AppEnv, Deps } from '../lib/deps.ts';
import { embeddingMetricLines, metricsOf, METRICS_CONTENT_TYPE } from '../lib/metrics.ts';
import { embeddingFallbacks } from '../lib/world/fuse.ts';
import { embeddingProgress, type EmbeddingProgress } from '../lib/embeddings/progress.ts';

/** The belief gauge is counted at most this often per app instance: a scrape never scans every belief each time. */
const BELIEF_COUNT_MS = 15_000;
type Counts = [Record<string, number>, EmbeddingProgress];
const beliefCounts = new WeakMap<Deps, { at: number; counts: Promise<Counts> }>();

async function countBeliefs(deps: Deps): Promise<Record<string, number>> {
  const rows = await deps.db
    .selectFrom('beliefs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const beliefs: Record<string, number> = { active: 0, superseded: 0 };
  for (const r of rows) beliefs[r.status] = Number(r.n);
  return beliefs;
}

/** The belief counts (and the embedding progress) of the last BELIEF_COUNT_MS; concurrent scrapes share one count, a failed one is not kept. */
function recentBeliefCounts(deps: Deps): Promise<Counts> {
  const now = Date.now();
  const cached = beliefCounts.get(deps);
  if (cached && now - cached.at < BELIEF_COUNT_MS) return cached.counts;
  const counts = Promise.all([countBeliefs(deps), embeddingProgress(deps.db)]);
  beliefCounts.set(deps, { at: now, counts });
  counts.catch(() => beliefCounts.delete(deps));
  return counts;
}

async function scrape(deps: Deps): Promise<Response> {
  const [beliefs, progress] = await recentBeliefCounts(deps);
  const text =
    (await metricsOf(deps).render({ beliefs, websockets: deps.world.openSockets?.() ?? null })) +
    embeddingMetricLines(embeddingFallbacks(deps), progress.model ? progress : null);
  return new Response(text, { status: 200, headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' } });
}

/**
 * GET /metrics with `Authorization: Bearer $SERVICE_METRICS_TOKEN` is answered before
 * identification: the scrape token is no user credential, so it must not count as a failed login.
 */
export function metricsTokenScrape(deps: Deps): MiddlewareHandler<AppEnv> {
  const expected = deps.settings.metricsToken;
  return async function metricsTokenScrape(c, next) {
    if (expected && c.req.path === '/metrics' && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const token = bearerValue(c.req.header('authorization'));
      if (token && safeEqual(token, expected)) return scrape(deps);
    }
    return next();
  };
}

/** GET /metrics for root and super admins (the access rules refuse everyone else). */
export function metricsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', () => scrape(deps));
}
