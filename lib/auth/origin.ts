import type { Context } from 'hono';
import type { AppEnv, Deps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { fromTrustedProxy } from './proxy-trust.ts';
import type { RequestHook } from '../middleware/hooks.ts';
import { addressAllowed, parseNetwork } from '../net.ts';
import { presentedSecret } from './bearer.ts';
import { routeOf } from '../routes.ts';

/** `host[:port]` as URL.host writes it (lower case, default port dropped), or null when malformed. */
function normalHost(host: string, protocol: string): string | null {
  try {
    const url = new URL(`${protocol}//${host}`);
    return url.pathname === '/' && !url.username ? url.host : null;
  } catch {
    return null;
  }
}

const LOOPBACK = ['127.0.0.0/8', '::1'];

/** A URL hostname without the brackets of an IPv6 literal. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** The operator's direct path: the service addressed as `localhost` or a loopback address. */
function loopbackLiteral(hostname: string): boolean {
  return hostname === 'localhost' || addressAllowed(bare(hostname), LOOPBACK);
}

/** A host no DNS-rebinding page can have: an IP address or `localhost` (a page's Host is always its own DNS name). */
function namesAnAddress(hostname: string): boolean {
  return hostname === 'localhost' || parseNetwork(bare(hostname)) !== null;
}

/**
 * Every host the request names, parsed (null for a malformed one): Host, and X-Forwarded-Host
 * when the trusted proxy wrote it. A browser cannot forge Host; a page on a rebound name can add
 * X-Forwarded-Host, so both must pass.
 */
function namedHosts(c: Context, deps: Deps, protocol: string): (URL | null)[] {
  const hosts = [c.req.header('host') ?? new URL(c.req.url).host];
  const forwarded = c.req.header('x-forwarded-host');
  if (forwarded !== undefined && fromTrustedProxy(c, deps)) hosts.push(forwarded);
  return hosts.map((h) => {
    const normal = normalHost(h, protocol);
    return normal === null ? null : new URL(`${protocol}//${normal}`);
  });
}

/**
 * Refuses (421) what a page on a rebound DNS name could send with a user's ambient credentials.
 * With SERVICE_PUBLIC_URL set: any request addressed to a host other than that origin's or the
 * operator's direct path (a loopback literal). Without it, in teams mode and without a proxy
 * secret (which a page cannot send): an identity-header request without a bearer (which decides
 * alone) addressed by a DNS name rather than by an IP address or `localhost`. The probes
 * (/healthz, /readyz) stay open for load balancers, which probe by address.
 */
export function hostGate(deps: Deps): RequestHook {
  const { publicUrl, mode, proxyHeader, proxySecret } = deps.settings;
  const external = publicUrl ? new URL(publicUrl) : null;
  const identityHeader = !external && mode === 'teams' && proxySecret === null ? proxyHeader : null;
  return {
    before(c) {
      if (routeOf(c)?.probe) return;
      if (external) {
        const hosts = namedHosts(c, deps, external.protocol);
        if (!hosts.every((h) => h !== null && (h.host === external.host || loopbackLiteral(h.hostname)))) {
          throw new ApiError(421, 'misdirected_request', `this service answers only at ${external.origin}`);
        }
      } else if (identityHeader && c.req.header(identityHeader) !== undefined && presentedSecret(c) === null) {
        const hosts = namedHosts(c, deps, 'http:');
        if (!hosts.every((h) => h !== null && namesAnAddress(h.hostname))) {
          throw new ApiError(
            421,
            'misdirected_request',
            'the identity header is honoured only on requests addressed by IP address or localhost while SERVICE_PUBLIC_URL is unset; set SERVICE_PUBLIC_URL to the origin users reach',
          );
        }
      }
    },
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
