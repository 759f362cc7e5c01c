import type { Context } from 'hono';
import { safeEqual } from '../crypto.ts';
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
  if (proxySecret !== null) {
    const sent = c.req.header(PROXY_SECRET_HEADER);
    if (sent === undefined || !safeEqual(sent, proxySecret)) return false;
  }
  const peer = deps.platform.peerAddress(c);
  if (peer === null) return proxySecret !== null;
  return addressAllowed(peer, trustedProxies);
}

/** The address failures and limits are counted against (see clientAddress). */
export function clientAddressOf(c: Context, deps: Pick<Deps, 'settings' | 'platform'>): string {
  const forwarded = c.req.header('x-forwarded-for');
  return clientAddress(deps.platform.peerAddress(c), forwarded, forwarded !== undefined && fromTrustedProxy(c, deps));
}
