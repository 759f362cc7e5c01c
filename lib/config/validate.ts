import { z } from 'zod';
import { ApiError, badRequest } from '../errors.ts';
import { resolveModel } from '../providers/route.ts';
import { PERSONA_MAX_LIMIT, type RuntimeConfig } from '../runtime-config.ts';

const modelRef = z.string().trim().min(1).max(300);

const provider = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1-64 letters, digits, ".", "_" or "-" (no "/")'),
  kind: z.enum(['openai', 'anthropic']),
  base_url: z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, '')),
  api_key: z.string().min(1).max(4096).nullable().optional(),
  models: z.array(z.string().trim().min(1).max(200)).max(500).default([]),
  timeout_seconds: z.number().positive().max(3600).optional(),
});

/** PUT /admin/api/config body (docs/api.md §4); omitted sections keep their current values. */
export const configInput = z.object({
  providers: z
    .array(provider)
    .max(50)
    .refine((ps) => new Set(ps.map((p) => p.id)).size === ps.length, 'provider ids must be unique')
    .optional(),
  default_model: modelRef.nullable().optional(),
  extraction: z.object({ enabled: z.boolean(), model: modelRef.nullable().default(null) }).optional(),
  injection: z
    .object({ enabled: z.boolean(), max_beliefs: z.number().int().min(0).max(500), persona_max: z.number().int().min(0).max(PERSONA_MAX_LIMIT).optional() })
    .optional(),
  embeddings: z.object({ model: modelRef }).strict().nullable().optional(),
});

export type ConfigInput = z.infer<typeof configInput>;

/** Merges the input over the current config; keys split out (see saveConfigQueries). */
export function applyConfigInput(current: RuntimeConfig, input: ConfigInput): { config: RuntimeConfig; keys: Record<string, string | null> } {
  const keys: Record<string, string | null> = {};
  const before = new Map(current.providers.map((p) => [p.id, p.base_url]));
  const providers = input.providers
    ? input.providers.map(({ api_key, ...p }, i) => {
        if (api_key !== undefined) keys[p.id] = api_key;
        else if (before.has(p.id) && before.get(p.id) !== p.base_url) {
          // A stored key never follows a changed URL: an admin could otherwise send it to a host of their choosing.
          throw badRequest(`providers.${i}.api_key`, 'required when base_url changes (or null for no key)');
        }
        const { timeout_seconds, ...rest } = p;
        return timeout_seconds === undefined ? rest : { ...rest, timeout_seconds };
      })
    : current.providers;
  const config: RuntimeConfig = {
    providers,
    default_model: input.default_model !== undefined ? input.default_model : current.default_model,
    extraction: input.extraction ?? current.extraction,
    injection: input.injection ? { persona_max: current.injection.persona_max, ...input.injection } : current.injection,
    embeddings: input.embeddings !== undefined ? input.embeddings : current.embeddings,
  };
  const ids = new Set(providers.map((p) => p.id));
  if (config.default_model !== null) {
    const prefix = config.default_model.split('/')[0]!;
    if (!config.default_model.includes('/') || !ids.has(prefix)) {
      throw new ApiError(400, 'invalid_request', 'default_model: must be "provider-id/model" naming a configured provider');
    }
  }
  if (config.extraction.model !== null && !resolveModel(config, config.extraction.model)) {
    throw new ApiError(400, 'invalid_request', 'extraction.model: names no configured provider (use "provider-id/model")');
  }
  if (config.embeddings !== null) {
    const route = resolveModel(config, config.embeddings.model);
    if (!route) throw new ApiError(400, 'invalid_request', 'embeddings.model: names no configured provider (use "provider-id/model")');
    if (route.provider.kind !== 'openai') {
      throw new ApiError(
        400,
        'invalid_request',
        `embeddings.model: provider "${route.provider.id}" is not openai-kind (embeddings use its /embeddings endpoint)`,
      );
    }
  }
  return { config, keys };
}
