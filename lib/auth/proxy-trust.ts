import type { Context } from 'hono';
import { safeEqual, sha256Hex } from '../crypto.ts';
import type { Deps } from '../deps.ts';
import { addressAllowed, clientAddress } from '../net.ts';

/** The header the SSO proxy adds with SERVICE_PROXY_SECRET. */
const PROXY_SECRET_HEADER = 'x-belief-store-proxy-secret';

/**
 * Whether a request came through the trusted SSO proxy, judged by what a client cannot forge:
 * the socket peer (in SERVICE_TRUSTED_PROXIES, loopback by default) where the runtime sees it,
 * and the proxy secret when one is set. A runtime that cannot see the peer trusts only the secret.
 * Only such a request may assert an identity or speak for the client (X-Forwarded-*).
 */
export function fromTrustedProxy(c: Context, deps: Pick<Deps, 'settings' | 'platform'>): boolean {
  const { proxySecret, trustedProxies } = deps.settings;
  if (proxySecret !== null && proxySecretSent(c, proxySecret) !== true) return false;
  const peer = deps.platform.peerAddress(c);
  if (peer === null) return proxySecret !== null;
  return addressAllowed(peer, trustedProxies);
}

/**
 * Whether the request's proxy-secret header equals `secret` (compared as SHA-256 digests in
 * constant time, so neither content nor length leaks), or null when it sends none.
 */
function proxySecretSent(c: Context, secret: string): boolean | null {
  const sent = c.req.header(PROXY_SECRET_HEADER);
  if (sent === undefined) return null;
  return safeEqual(sha256Hex(sent), sha256Hex(secret));
}

/** A request that sends a proxy secret which is not SERVICE_PROXY_SECRET: a failed authentication. */
export function wrongProxySecret(c: Context, deps: Pick<Deps, 'settings'>): boolean {
  return deps.settings.proxySecret !== null && proxySecretSent(c, deps.settings.proxySecret) === false;
}

/** The address failures and limits are counted against (see clientAddress). */
export function clientAddressOf(c: Context, deps: Pick<Deps, 'settings' | 'platform'>): string {
  const forwarded = c.req.header('x-forwarded-for');
  return clientAddress(deps.platform.peerAddress(c), forwarded, forwarded !== undefined && fromTrustedProxy(c, deps));
}
