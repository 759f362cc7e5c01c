/** Matches a peer address against a list of IPs and CIDRs (IPv4 and IPv6). */
export function addressAllowed(address: string | null, allowList: readonly string[]): boolean {
  if (!address) return false;
  const peer = parseIp(address);
  if (!peer) return false;
  return allowList.some((entry) => {
    const net = parseNetwork(entry);
    if (!net || net.ip.length !== peer.length) return false;
    for (let i = 0; i < net.ip.length; i++) {
      const take = Math.max(0, Math.min(8, net.bits - i * 8));
      const mask = take === 0 ? 0 : (0xff << (8 - take)) & 0xff;
      if ((net.ip[i]! & mask) !== (peer[i]! & mask)) return false;
    }
    return true;
  });
}

/** An IP or CIDR entry of an allow-list, or null when it is neither. */
export function parseNetwork(entry: string): { ip: number[]; bits: number } | null {
  const [ipText, bitsText, extra] = entry.split('/');
  const ip = parseIp(ipText!);
  if (!ip || extra !== undefined) return null;
  const bits = bitsText === undefined ? ip.length * 8 : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
  return Number.isInteger(bits) && bits >= 0 && bits <= ip.length * 8 ? { ip, bits } : null;
}

function parseIp(text: string): number[] | null {
  const t = text.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(t)) {
    const parts = t.split('.').map(Number);
    return parts.every((p) => p >= 0 && p <= 255) ? parts : null;
  }
  if (!t.includes(':')) return null;
  const [head, tail] = t.split('::') as [string, string | undefined];
  if (t.split('::').length > 2) return null;
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const h = groups(head);
  const tl = groups(tail);
  const missing = 8 - h.length - tl.length;
  if (tail === undefined ? h.length !== 8 : missing < 0) return null;
  const all = [...h, ...Array(tail === undefined ? 0 : missing).fill('0'), ...tl];
  const out: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const v = parseInt(g, 16);
    out.push(v >> 8, v & 0xff);
  }
  return out;
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
