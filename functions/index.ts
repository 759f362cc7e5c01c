import { Hono } from 'hono';
import type { AppEnv } from '../lib/deps.ts';
import type { AppDeps } from '../lib/services.ts';
import { access, featureGate } from '../lib/middleware/access.ts';
import { limitBodies } from '../lib/middleware/body-limit.ts';
import { hooked } from '../lib/middleware/hooks.ts';
import { onError, onNotFound } from '../lib/middleware/errors.ts';
import { identify } from '../lib/auth/identify.ts';
import { hostGate } from '../lib/auth/origin.ts';
import { pageHeaders } from '../lib/middleware/page-headers.ts';
import { requestLog } from '../lib/middleware/log.ts';
import { observeRequests } from '../lib/middleware/metrics.ts';
import { rateLimit } from '../lib/middleware/rate-limit.ts';
import { embeddingsKick } from '../lib/embeddings/queue.ts';
import { healthz } from './healthz.ts';
import { readyz } from './readyz.ts';
import { metricsRoutes, metricsTokenScrape } from './metrics.ts';
import { rootRoutes } from './root.ts';
import { chatRoutes } from './v1/chat.ts';
import { modelsRoutes } from './v1/models.ts';
import { backupRoutes } from './v1/backup.ts';
import { wsRoutes } from './v1/ws.ts';
import { scimRoutes } from './scim/index.ts';
import { adminApiRoutes } from './admin/api/index.ts';
import { adminPages } from './admin/pages/index.ts';
import { ADMIN_API, ASSETS, DASHBOARD } from './admin/contract.ts';
import { assetRoutes } from './admin/pages/assets.ts';
import { pageRefusals } from './admin/pages/refused.tsx';

/**
 * Every route of the service behind one middleware stack; the runtime adapters only supply deps
 * with the app's services (lib/services.ts withServices) and the dashboard's script as their
 * build bundled it (lib/adapters/dashboard-bundle.mjs).
 */
export function createApp(deps: AppDeps, dashboardScript: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Every request is timed, counted and logged, its answer given the page headers, whatever answers it.
  app.use('*', hooked(observeRequests(deps.services.metrics), embeddingsKick(deps), pageHeaders, requestLog(deps)));
  // The rules that may refuse a request, as one layer (each layer costs every request promises of
  // its own). The stylesheet and script need no caller: identification leaves their rows
  // (`credentialFree`) alone, so the page that refuses a deactivated user (whose browser still
  // sends the identity header) is styled too.
  app.use('*', hooked(hostGate(deps), featureGate(deps), metricsTokenScrape(deps), identify(deps), access(deps), rateLimit(deps), limitBodies));
  app.route(`${DASHBOARD}${ASSETS}`, assetRoutes(dashboardScript));

  app.route('/healthz', healthz());
  app.route('/readyz', readyz(deps));
  app.route('/metrics', metricsRoutes(deps));
  app.route('/', rootRoutes());
  app.route('/v1', chatRoutes(deps));
  app.route('/v1/models', modelsRoutes(deps));
  app.route('/v1/backup', backupRoutes(deps));
  app.route('/v1/ws', wsRoutes(deps));
  app.route('/scim/v2', scimRoutes(deps));
  app.route(ADMIN_API, adminApiRoutes(deps));
  app.route(DASHBOARD, adminPages(deps));

  app.notFound(onNotFound);
  app.onError(pageRefusals(deps, onError(deps)));
  return app;
}
