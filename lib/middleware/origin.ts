import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { fromTrustedProxy } from './proxy-trust.ts';

/** `host[:port]` as URL.host writes it (lower case, default port dropped), or null when malformed. */
function normalHost(host: string, protocol: string): string | null {
  try {
    const url = new URL(`${protocol}//${host}`);
    return url.pathname === '/' && !url.username ? url.host : null;
  } catch {
    return null;
  }
}

/** The host the client addressed: X-Forwarded-Host when the trusted proxy wrote it, else Host. */
function requestedHost(c: Context, deps: Deps): string {
  const forwarded = fromTrustedProxy(c, deps) ? c.req.header('x-forwarded-host') : undefined;
  return forwarded ?? c.req.header('host') ?? new URL(c.req.url).host;
}

/**
 * With SERVICE_PUBLIC_URL set, a request addressed to any other host is refused (421): a page on
 * a rebound DNS name cannot reach the service with its users' ambient credentials.
 * /healthz stays open for load balancers, which probe by address.
 */
export function hostGate(deps: Deps): MiddlewareHandler<AppEnv> {
  const publicUrl = deps.settings.publicUrl ? new URL(deps.settings.publicUrl) : null;
  return async function hostGate(c, next) {
    if (!publicUrl || c.req.path === '/healthz') return next();
    const host = normalHost(requestedHost(c, deps), publicUrl.protocol);
    if (host !== publicUrl.host) {
      throw new ApiError(421, 'misdirected_request', `this service answers only at ${publicUrl.origin}`);
    }
    return next();
  };
}

/** Whether an `Origin` header names the service itself: SERVICE_PUBLIC_URL (scheme included) when set. */
function ownOrigin(c: Context, deps: Deps, origin: string): boolean {
  if (deps.settings.publicUrl) return origin === deps.settings.publicUrl;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const hosts = [c.req.header('host'), fromTrustedProxy(c, deps) ? c.req.header('x-forwarded-host') : undefined, new URL(c.req.url).host];
  return hosts.some((h) => h !== undefined && normalHost(h, url.protocol) === url.host);
}

/** A browser request from the service's own pages (or a non-browser client, which sends neither header). */
export function sameOrigin(c: Context<AppEnv>, deps: Deps): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return false;
  const origin = c.req.header('origin');
  return origin === undefined || ownOrigin(c, deps, origin);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Ambient credentials (cookie, proxy header) may only change state from our own origin. */
export function refuseCrossSite(c: Context<AppEnv>, deps: Deps): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  if (!sameOrigin(c, deps)) throw new ApiError(403, 'cross_site', 'cross-site request refused');
}
