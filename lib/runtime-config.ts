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
  /** `persona_max`: persona beliefs a request carries (API.md §7), beside `max_beliefs` for the other tiers. */
  injection: { enabled: boolean; max_beliefs: number; persona_max: number };
  /** The model (`provider-id/model`, an openai-kind provider) that embeds beliefs and queries; null: recall by words only. */
  embeddings: { model: string } | null;
}

/** Persona beliefs a request carries by default (`injection.persona_max`), and the most an admin may set. */
export const PERSONA_MAX = 5;
export const PERSONA_MAX_LIMIT = 20;

/**
 * The runtime config as stored: the JSON text (null when none was saved) and every provider's
 * sealed key as a JSON object by provider id. A request's config is a function of these texts.
 */
export interface StoredConfig {
  json: string | null;
  sealedKeys: string;
}
