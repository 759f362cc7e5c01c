import ipaddr from 'ipaddr.js';

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

/** Matches a peer address against a list of IPs and CIDRs (IPv4 and IPv6). */
export function addressAllowed(address: string | null, allowList: readonly string[]): boolean {
  const peer = address ? parseIp(address) : null;
  if (!peer) return false;
  return allowList.some((entry) => {
    const net = parseNetwork(entry);
    return net !== null && net[0].kind() === peer.kind() && peer.match(net);
  });
}

/** An IP or CIDR entry of an allow-list, or null when it is neither. */
export function parseNetwork(entry: string): [Ip, number] | null {
  const [ipText, bitsText, extra] = entry.split('/');
  const ip = parseIp(ipText!);
  if (!ip || extra !== undefined) return null;
  const max = ip.kind() === 'ipv4' ? 32 : 128;
  const bits = bitsText === undefined ? max : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
  return bits >= 0 && bits <= max ? [ip, bits] : null;
}

/** A dotted-quad IPv4 or an IPv6 address (an IPv4-mapped one as its IPv4); no zone, no shorthand IPv4 forms. */
function parseIp(text: string): Ip | null {
  const t = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(t)) return ipaddr.IPv4.parse(t);
  if (!t.includes(':') || t.includes('%') || !ipaddr.IPv6.isValid(t)) return null;
  const ip = ipaddr.IPv6.parse(t);
  return ip.isIPv4MappedAddress() ? ip.toIPv4Address() : ip;
}

/**
 * The client address for per-client limits: the socket peer, or — only when the request came
 * through the trusted proxy — the last X-Forwarded-For hop, which that proxy wrote.
 */
export function clientAddress(peer: string | null, forwardedFor: string | undefined, viaTrustedProxy: boolean): string {
  if (viaTrustedProxy && forwardedFor) {
    const last = forwardedFor.split(',').pop()!.trim();
    if (last) return last;
  }
  return peer ?? 'unknown';
}
