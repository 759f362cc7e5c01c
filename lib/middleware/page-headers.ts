import type { Context } from 'hono';
import type { AppEnv } from '../deps.ts';
import { PAGE_HEADERS } from '../html.ts';
import { routeOf } from '../routes.ts';
import type { RequestHook } from './hooks.ts';

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
 * (CSP with frame-ancestors 'none'), and no answer of a `no-store` route (/admin/api) may be stored
 * by a cache. Routes whose headers are `none` (the client API) answer no HTML, so their responses are
 * not read here (on Node, reading a response's headers builds a Headers object for them).
 */
export const pageHeaders: RequestHook = {
  after(c) {
    const headers = routeOf(c)?.headers;
    if (headers === 'none') return;
    if (headers === 'no-store') setHeader(c, 'Cache-Control', 'no-store');
    if (/^text\/html\b/i.test(c.res.headers.get('content-type') ?? '')) {
      for (const [name, value] of Object.entries(PAGE_HEADERS)) if (!c.res.headers.has(name)) setHeader(c, name, value);
    }
  },
};
