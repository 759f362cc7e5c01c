import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps.ts';
import { PAGE_HEADERS } from '../html.ts';
import { CLIENT_API } from './access.ts';

function setHeader(c: Context<AppEnv>, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    // A response with immutable headers (one passed through from fetch) is copied first.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

/**
 * Runs outermost, so error answers get it too: every HTML answer carries the page headers
 * (CSP with frame-ancestors 'none'), and no /admin/api answer may be stored by a cache. The client
 * API answers no HTML, so its responses are not read here (on Node, reading a response's headers
 * builds a Headers object for them).
 */
export const pageHeaders: MiddlewareHandler<AppEnv> = async function pageHeaders(c, next) {
  if (CLIENT_API.test(c.req.path)) return next();
  await next();
  if (c.req.path === '/admin/api' || c.req.path.startsWith('/admin/api/')) setHeader(c, 'Cache-Control', 'no-store');
  if (/^text\/html\b/i.test(c.res.headers.get('content-type') ?? '')) {
    for (const [name, value] of Object.entries(PAGE_HEADERS)) if (!c.res.headers.has(name)) setHeader(c, name, value);
  }
};
