/** Runtime configuration (docs/api.md §4), as stored: provider keys are sealed apart from it (lib/provider-keys.ts). */
export interface ProviderConfig {
  id: string;
  kind: 'openai' | 'anthropic';
  base_url: string;
  models: string[];
  /** Seconds to wait for the provider's response headers (504 after). */
  timeout_seconds?: number;
}

export interface RuntimeConfig {
  providers: ProviderConfig[];
  default_model: string | null;
  extraction: { enabled: boolean; model: string | null };
  injection: { enabled: boolean; max_beliefs: number };
  /** The model (`provider-id/model`, an openai-kind provider) that embeds beliefs and queries; null: recall by words only. */
  embeddings: { model: string } | null;
}

/**
 * The runtime config as stored: the JSON text (null when none was saved) and every provider's
 * sealed key as a JSON object by provider id. A request's config is a function of these texts.
 */
export interface StoredConfig {
  json: string | null;
  sealedKeys: string;
}
