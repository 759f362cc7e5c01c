import { Hono } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import { sha256Hex } from '../../../lib/crypto.ts';
import { APP_CSS } from './app-css.ts';

declare const __BELIEF_STORE_DASHBOARD_JS__: string | undefined;

/**
 * The dashboard's script (client/) as a build inlined it (lib/adapters/dashboard-bundle.mjs), or null
 * in the sources, where the Node server bundles it when it starts.
 */
export function inlinedDashboardScript(): string | null {
  return typeof __BELIEF_STORE_DASHBOARD_JS__ === 'string' ? __BELIEF_STORE_DASHBOARD_JS__ : null;
}

/** The dashboard's only stylesheet and script, served without credentials (public in the access guard). */
export function assetRoutes(dashboardScript: string) {
  const assets = new Hono<AppEnv>();
  const all: Record<string, { body: string; type: string }> = {
    'app.css': { body: APP_CSS, type: 'text/css; charset=utf-8' },
    'app.js': { body: dashboardScript, type: 'text/javascript; charset=utf-8' },
  };
  const etags = new Map(Object.entries(all).map(([name, a]) => [name, `"${sha256Hex(a.body).slice(0, 16)}"`]));
  assets.get('/:name', (c) => {
    const name = c.req.param('name');
    const asset = all[name];
    if (!asset) return c.notFound();
    const etag = etags.get(name)!;
    const headers = { 'Content-Type': asset.type, ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(asset.body, 200, headers);
  });
  return assets;
}
