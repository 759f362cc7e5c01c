import type { Settings } from './settings.ts';
import { displayDatabaseUrl } from './db/database-url.ts';

/**
 * What the start-up line adds in teams mode: whom the identity header is trusted from. workerd
 * cannot see the socket peer, so there it is the proxy secret alone.
 */
function identityTrustNote(settings: Settings): string {
  if (settings.mode !== 'teams') return '';
  if (settings.runtime === 'workerd') return `, identity header ${settings.proxyHeader} trusted only on requests carrying SERVICE_PROXY_SECRET`;
  const secret = settings.proxySecret ? ' carrying SERVICE_PROXY_SECRET' : '';
  return `, identity header ${settings.proxyHeader} trusted from ${settings.trustedProxies.join(' ')}${secret}`;
}

/** Start-up warnings about settings that are allowed but leave a door open. */
export function startupWarnings(settings: Settings): string[] {
  const warnings: string[] = [];
  if (settings.mode === 'teams' && !settings.publicUrl) {
    const refused = settings.proxySecret
      ? 'so that requests addressed to any other host are refused (DNS rebinding)'
      : 'until then, identity-header requests addressed by a host name rather than an IP address or localhost are refused (421, DNS rebinding)';
    warnings.push(`belief-store: warning: SERVICE_PUBLIC_URL is not set; set it to the external origin (e.g. https://memory.example.com): ${refused}`);
  }
  return warnings;
}

/** The one start-up line every runtime prints once it listens; the dashboard at SERVICE_PUBLIC_URL when set. */
export function startupLine(url: string, settings: Settings, dataDir: string): string {
  const database = settings.database ? `, database=${displayDatabaseUrl(settings.database.url)}` : '';
  const dashboard = settings.publicUrl ?? url;
  return `belief-store listening on ${url} (mode=${settings.mode}, data dir=${dataDir}${database}${identityTrustNote(settings)}), dashboard ${dashboard}/admin`;
}
