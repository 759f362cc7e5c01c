import type { ProviderConfig, RuntimeConfig } from '../config/store.ts';

export interface ModelRoute {
  provider: ProviderConfig;
  /** The bare model name the provider receives. */
  model: string;
  /** The public id, `provider-id/model`. */
  id: string;
}

/**
 * `provider-id/model` addresses a configured provider; anything else (a bare name, or one whose
 * prefix is no provider id, like OpenRouter's `vendor/model`) goes to default_model's provider.
 */
export function resolveModel(config: RuntimeConfig, ref: string): ModelRoute | null {
  const slash = ref.indexOf('/');
  if (slash > 0) {
    const provider = config.providers.find((p) => p.id === ref.slice(0, slash));
    const model = ref.slice(slash + 1);
    if (provider && model) return { provider, model, id: ref };
  }
  const fallback = config.default_model?.split('/')[0];
  const provider = config.providers.find((p) => p.id === fallback);
  return provider ? { provider, model: ref, id: `${provider.id}/${ref}` } : null;
}

/** Every configured model as a route, in config order. */
export function listModels(config: RuntimeConfig): ModelRoute[] {
  return config.providers.flatMap((provider) => provider.models.map((model) => ({ provider, model, id: `${provider.id}/${model}` })));
}
