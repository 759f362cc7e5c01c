import type { Context } from 'hono';
import { sql, type Compilable } from 'kysely';
import { precompiled, precompiledWithDialect } from '../db/precompiled.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { CredentialError, openSecret, sealSecret } from '../provider-keys.ts';
import { lastOf } from '../last-of.ts';
import type { Db } from '../db/schema.ts';
import type { Database } from '../db/database.ts';
import { untilCommit } from '../db/until-commit.ts';
import type { SqlDialect } from '../db/dialect.ts';
import { PERSONA_MAX, type ProviderConfig, type RuntimeConfig, type StoredConfig } from '../runtime-config.ts';

export const DEFAULT_CONFIG: RuntimeConfig = {
  providers: [],
  default_model: null,
  extraction: { enabled: true, model: null },
  injection: { enabled: true, max_beliefs: 20, persona_max: PERSONA_MAX },
  embeddings: null,
};

/** The columns that read a StoredConfig: added to a request's credential lookup, so one statement serves both. */
export function storedConfigColumns(dialect: SqlDialect) {
  return [configColumn, dialect.jsonObjectOf('credentials', 'provider_id', 'ciphertext').as('sealed_keys')] as const;
}

const configColumn = sql<string | null>`(select config from runtime_config where id = 1)`.as('config');

/** A StoredConfig from a row that selected storedConfigColumns(). */
export function storedConfigOf(row: { config: string | null; sealed_keys: string }): StoredConfig {
  return { json: row.config, sealedKeys: row.sealed_keys };
}

const storedConfigQuery = precompiledWithDialect<{ config: string | null; sealed_keys: string }>((db, dialect) =>
  db.selectNoFrom(storedConfigColumns(dialect)),
);
const configQuery = precompiled<{ config: string | null }>((db) => db.selectNoFrom([configColumn]));

/** The config and sealed keys as stored now, in one statement, kept only until the next commit to the database (untilCommit). */
const storedConfigNow = untilCommit(async (database: Database, _key: null) => storedConfigOf((await storedConfigQuery(database, []))[0]!));

/** The config and sealed keys as stored now (recall reads them for the embeddings model on every chat). Callers must not change the value. */
export async function loadStoredConfig(database: Database): Promise<StoredConfig> {
  return (await storedConfigNow(database, null))!;
}

export function parseConfig(json: string | null): RuntimeConfig {
  if (json === null) return DEFAULT_CONFIG;
  const stored = JSON.parse(json) as Partial<RuntimeConfig>;
  // A config saved before a field existed takes its default.
  return { ...DEFAULT_CONFIG, ...stored, injection: { ...DEFAULT_CONFIG.injection, ...stored.injection } };
}

/** The current runtime config (defaults when none was saved). */
export async function loadConfig(db: Db): Promise<RuntimeConfig> {
  return parseConfig((await configQuery(db, []))[0]!.config);
}

/** This request's stored config: read along with its credential when it was (same statement), else now. */
export function requestStoredConfig(c: Context<AppEnv>, database: Database): Promise<StoredConfig> | StoredConfig {
  return c.get('storedConfig') ?? loadStoredConfig(database);
}

/** The sealed keys by provider id, parsed again only when their stored text changes (read with every chat). */
const sealedKeysOf = lastOf((text: string) => JSON.parse(text) as Record<string, string>);

/** A provider's API key in plaintext from a StoredConfig, or null when none is stored. Throws CredentialError on a wrong master key. */
export function storedProviderKey(masterKey: Uint8Array | null, stored: StoredConfig, providerId: string): string | null {
  const sealed = sealedKeysOf(stored.sealedKeys);
  return Object.hasOwn(sealed, providerId) ? openSecret(masterKey, sealed[providerId]!, providerId) : null;
}

/** Ids of providers whose stored key this master key cannot open (checked at start-up). */
export async function unreadableProviderKeys(db: Db, masterKey: Uint8Array | null): Promise<string[]> {
  const rows = await db.selectFrom('credentials').select(['provider_id', 'ciphertext']).orderBy('provider_id').execute();
  return rows.filter((r) => !opens(masterKey, r.ciphertext, r.provider_id)).map((r) => r.provider_id);
}

/** Whether a sealed key opens under this master key; a damaged sealed text does not. */
function opens(masterKey: Uint8Array | null, sealed: string, providerId: string): boolean {
  try {
    openSecret(masterKey, sealed, providerId);
    return true;
  } catch {
    return false;
  }
}

/** Whether saving `config` with `keys` (as saveConfigQueries takes them) would change nothing stored. */
export function configUnchanged(masterKey: Uint8Array | null, stored: StoredConfig, config: RuntimeConfig, keys: Record<string, string | null>): boolean {
  if (canonicalJson(parseConfig(stored.json)) !== canonicalJson(config)) return false;
  return Object.entries(keys).every(([id, key]) => {
    try {
      return storedProviderKey(masterKey, stored, id) === key;
    } catch (err) {
      if (err instanceof CredentialError) return false;
      throw err;
    }
  });
}

/** JSON with object keys sorted, so two configs compare by content, not by the order fields were sent in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** The config as admins see it: keys reduced to `api_key_set` and their last four characters. */
export interface MaskedConfig extends Omit<RuntimeConfig, 'providers'> {
  providers: (ProviderConfig & { api_key_set: boolean; api_key_hint: string | null })[];
}

export async function maskedConfig(deps: Pick<Deps, 'db' | 'masterKey'>, config?: RuntimeConfig): Promise<MaskedConfig> {
  const [cfg, rows] = await Promise.all([
    config ?? loadConfig(deps.db),
    deps.db.selectFrom('credentials').select(['provider_id', 'hint', 'ciphertext']).execute(),
  ]);
  // A key this instance cannot open is not "set": calls with it would fail.
  const hints = new Map(rows.filter((r) => opens(deps.masterKey, r.ciphertext, r.provider_id)).map((r) => [r.provider_id, r.hint]));
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
  deps: Pick<Deps, 'db' | 'masterKey' | 'now'>,
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
