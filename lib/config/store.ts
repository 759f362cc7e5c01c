import type { Compilable } from 'kysely';
import type { Deps } from '../deps.ts';
import { openSecret, sealSecret } from '../credentials.ts';

/** Runtime configuration (API.md §4), as stored: provider keys live in the credential store. */
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
}

export const DEFAULT_CONFIG: RuntimeConfig = {
  providers: [],
  default_model: null,
  extraction: { enabled: true, model: null },
  injection: { enabled: true, max_beliefs: 20 },
};

/** The current runtime config (defaults when none was saved). */
export async function loadConfig(deps: Deps): Promise<RuntimeConfig> {
  const row = await deps.db.selectFrom('runtime_config').select('config').where('id', '=', 1).executeTakeFirst();
  return row ? { ...DEFAULT_CONFIG, ...(JSON.parse(row.config) as Partial<RuntimeConfig>) } : DEFAULT_CONFIG;
}

/** The provider's API key in plaintext, or null when none is stored. Throws CredentialError on a wrong master key. */
export async function providerKey(deps: Deps, providerId: string): Promise<string | null> {
  const row = await deps.db.selectFrom('credentials').select('ciphertext').where('provider_id', '=', providerId).executeTakeFirst();
  return row ? openSecret(deps.masterKey, row.ciphertext, providerId) : null;
}

/** Every stored provider key in plaintext, by provider id (backup export). */
export async function allProviderKeys(deps: Deps): Promise<Record<string, string>> {
  const rows = await deps.db.selectFrom('credentials').select(['provider_id', 'ciphertext']).execute();
  return Object.fromEntries(rows.map((r) => [r.provider_id, openSecret(deps.masterKey, r.ciphertext, r.provider_id)]));
}

/** The config as admins see it: keys reduced to `api_key_set` and their last four characters. */
export interface MaskedConfig extends Omit<RuntimeConfig, 'providers'> {
  providers: (ProviderConfig & { api_key_set: boolean; api_key_hint: string | null })[];
}

export async function maskedConfig(deps: Deps, config?: RuntimeConfig): Promise<MaskedConfig> {
  const [cfg, rows] = await Promise.all([
    config ?? loadConfig(deps),
    deps.db.selectFrom('credentials').select(['provider_id', 'hint']).execute(),
  ]);
  const hints = new Map(rows.map((r) => [r.provider_id, r.hint]));
  return {
    ...cfg,
    providers: cfg.providers.map((p) => ({ ...p, api_key_set: hints.has(p.id), api_key_hint: hints.get(p.id) ?? null })),
  };
}

/**
 * The queries that store a config: the JSON (without keys) in runtime_config, each key sealed
 * under the master key. `keys`: a string stores that key, null removes it, absent keeps it.
 * Keys of providers no longer configured are removed. Run them with deps.atomic.
 */
export function saveConfigQueries(
  deps: Deps,
  config: RuntimeConfig,
  keys: Record<string, string | null>,
  previousProviderIds: string[],
): Compilable[] {
  const at = deps.now().toISOString();
  const json = JSON.stringify(config);
  const queries: Compilable[] = [
    deps.db
      .insertInto('runtime_config')
      .values({ id: 1, config: json, updated_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ config: json, updated_at: at })),
  ];
  const kept = new Set(config.providers.map((p) => p.id));
  const gone = previousProviderIds.filter((id) => !kept.has(id));
  if (gone.length) queries.push(deps.db.deleteFrom('credentials').where('provider_id', 'in', gone));
  for (const [id, key] of Object.entries(keys)) {
    if (key === null) {
      queries.push(deps.db.deleteFrom('credentials').where('provider_id', '=', id));
      continue;
    }
    const row = { ciphertext: sealSecret(deps.masterKey, key, id), hint: key.slice(-4), updated_at: at };
    queries.push(
      deps.db
        .insertInto('credentials')
        .values({ provider_id: id, ...row })
        .onConflict((oc) => oc.column('provider_id').doUpdateSet(row)),
    );
  }
  return queries;
}
