import type { ProviderConfig, RuntimeConfig } from '../runtime-config.ts';

export interface ModelRoute {
  provider: ProviderConfig;
  /** The bare model name the provider receives. */
  model: string;
  /** The public id, `provider-id/model`. */
  id: string;
}

/**
 * `provider-id/model` addresses a configured provider (which receives `model`, listed or not). Any
 * other name must be listed in some provider's `models` (OpenRouter-style `vendor/model` names, or a
 * bare name): default_model's provider is preferred among those listing it. Anything else is null
 * (404 model_not_found), so a typo never reaches a provider the caller did not name.
 */
export function resolveModel(config: RuntimeConfig, ref: string): ModelRoute | null {
  const slash = ref.indexOf('/');
  if (slash > 0) {
    const provider = config.providers.find((p) => p.id === ref.slice(0, slash));
    const model = ref.slice(slash + 1);
    if (provider && model) return { provider, model, id: ref };
  }
  const preferred = config.default_model?.split('/')[0];
  const listing = config.providers.filter((p) => p.models.includes(ref));
  const provider = listing.find((p) => p.id === preferred) ?? listing[0];
  return provider ? { provider, model: ref, id: `${provider.id}/${ref}` } : null;
}

/** Every configured chat model as a route, in config order: the embeddings model, listed or not, is no chat model. */
export function listModels(config: RuntimeConfig): ModelRoute[] {
  const embeddings = config.embeddings && resolveModel(config, config.embeddings.model)?.id;
  return config.providers
    .flatMap((provider) => provider.models.map((model) => ({ provider, model, id: `${provider.id}/${model}` })))
    .filter((route) => route.id !== embeddings);
}
