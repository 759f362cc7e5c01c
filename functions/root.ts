import { Hono } from 'hono';
import type { AppEnv } from '../lib/deps.ts';
import { notFound } from '../lib/errors.ts';

/**
 * The bare origin: a browser typing the address lands on the dashboard; API clients get the JSON
 * 404. The favicon is answered without credentials so a browser's automatic request never logs a 401.
 */
export function rootRoutes() {
  return new Hono<AppEnv>()
    .get('/', (c) => {
      if (/\btext\/html\b/.test(c.req.header('accept') ?? '')) return c.redirect('/admin', 302);
      throw notFound();
    })
    .get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': 'public, max-age=86400' }));
}
