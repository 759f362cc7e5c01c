/** True under workerd (Cloudflare Workers, miniflare), whose memory and D1 query limits shape backups. */
export function onWorkers(): boolean {
  return globalThis.navigator?.userAgent === 'Cloudflare-Workers';
}
