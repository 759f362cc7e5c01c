import type { Deps } from '../deps.ts';

/** Runtime configuration (API.md §4), as stored: provider keys live in the credential store. */
export interface ProviderConfig {
  id: string;
  kind: 'openai' | 'anthropic';
  base_url: string;
  models: string[];
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
