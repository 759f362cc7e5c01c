import type { ProviderConfig } from '../runtime-config.ts';

const ANTHROPIC_VERSION = '2023-06-01';

/**
 * A URL of a provider's API: `path` below its base_url. An OpenAI-kind base names the API
 * version itself (…/v1); an Anthropic base may stop at the host, so /v1 is added when missing.
 */
export function providerUrl(provider: Pick<ProviderConfig, 'kind' | 'base_url'>, path: string): string {
  const base = provider.base_url.replace(/\/+$/, '');
  if (provider.kind === 'openai') return `${base}/${path}`;
  return /\/v1$/.test(base) ? `${base}/${path}` : `${base}/v1/${path}`;
}

/** Adds the provider's authentication (and Anthropic's version, unless given) to `headers`. */
export function addProviderAuth(headers: Record<string, string>, kind: ProviderConfig['kind'], key: string | null): void {
  if (kind === 'openai') {
    if (key) headers.authorization = `Bearer ${key}`;
  } else {
    if (key) headers['x-api-key'] = key;
    headers['anthropic-version'] ??= ANTHROPIC_VERSION;
  }
}
