import { sealSecret } from '../../lib/provider-keys.ts';
import { base64Decode, base64Encode } from '../../lib/crypto.ts';
import { searchTerms } from '../../lib/world/recall/terms.ts';
import { ROOT_TOKEN, type Target } from '../support/targets.ts';
import { termsOfBelief } from '../support/target-sql.ts';

export const PASSPHRASE = 'correct horse battery staple';
export const PROVIDER_KEY = 'sk-provider-secret-9f8e7d6c5b4a';
export const OTHER_KEY = 'ZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmY=';
export const SECRET_STATEMENT = 'plaintext-marker: prefers oolong tea';

export const root = { authorization: `Bearer ${ROOT_TOKEN}` };

/**
 * A small world: an active belief superseded by another (a chain), history rows, a persona, a
 * compaction entry, runtime config and a provider key sealed under the target's master key.
 */
export async function seed(t: Target, prefix = 'b'): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  const belief = (id: string, statement: string, status: string, supersededBy: string | null) =>
    t.sql.run(
      `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind,
        conversation_id, created_at, updated_at, superseded_at, superseded_by, reinforced_count, injected_count, last_injected_at, search_terms)
       VALUES (?, 'root', 'preference', 'drink', ?, lower(?), 'universal', 1, 0.9, ?, 'chat', 'conv-1', ?, ?, ?, ?, 2, 3, NULL, ?)`,
      id,
      statement,
      statement,
      status,
      at,
      at,
      supersededBy ? at : null,
      supersededBy,
      searchTerms('root', statement, 'drink'),
    );
  await belief(`${prefix}-1`, 'prefers coffee', 'superseded', `${prefix}-2`);
  await belief(`${prefix}-2`, 'prefers green tea', 'superseded', `${prefix}-3`);
  await belief(`${prefix}-3`, SECRET_STATEMENT, 'active', null);
  for (const [i, b] of [`${prefix}-1`, `${prefix}-2`, `${prefix}-2`, `${prefix}-3`].entries()) {
    await t.sql.run(
      `INSERT INTO belief_history (id, belief_id, event, at, actor, detail) VALUES (?, ?, ?, ?, 'root', '{"n":1}')`,
      `${prefix}-h${i}`,
      b,
      i === 2 ? 'superseded' : 'created',
      at,
    );
  }
  await t.sql.run(
    `INSERT INTO persona_cache (owner, persona, belief_count, built_at) VALUES ('root', 'Drinks tea.', 1, ?)
    ON CONFLICT(owner) DO NOTHING`,
    at,
  );
  await t.sql.run(`INSERT INTO compaction_history (id, owner, at, before_count, after_count, merged) VALUES (?, 'root', ?, 3, 2, '[]')`, `${prefix}-c1`, at);
  const config = {
    providers: [{ id: 'local', kind: 'openai', base_url: 'http://127.0.0.1:9/v1', models: ['m1'] }],
    default_model: 'local/m1',
    extraction: { enabled: false, model: null },
    injection: { enabled: true, max_beliefs: 20 },
  };
  await t.sql.run(`INSERT INTO runtime_config (id, config, updated_at) VALUES (1, ?, ?) ON CONFLICT(id) DO NOTHING`, JSON.stringify(config), at);
  const sealed = sealSecret(base64Decode(t.env.SERVICE_ENCRYPTION_KEY!), PROVIDER_KEY, 'local');
  await t.sql.run(
    `INSERT INTO credentials (provider_id, ciphertext, hint, updated_at) VALUES ('local', ?, ?, ?) ON CONFLICT DO NOTHING`,
    sealed,
    PROVIDER_KEY.slice(-4),
    at,
  );
}

export async function exportArchive(t: Target, passphrase = PASSPHRASE): Promise<Uint8Array> {
  const res = await fetch(`${t.url}/v1/backup/export`, {
    method: 'POST',
    headers: { ...root, 'content-type': 'application/json' },
    body: JSON.stringify({ passphrase }),
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

export async function importJson(t: Target, archive: Uint8Array, passphrase = PASSPHRASE): Promise<{ status: number; body: any }> {
  const res = await fetch(`${t.url}/v1/backup/import`, {
    method: 'POST',
    headers: { ...root, 'content-type': 'application/json' },
    body: JSON.stringify({ passphrase, archive: base64Encode(archive) }),
  });
  return { status: res.status, body: await res.json() };
}

const TABLES = ['beliefs', 'belief_history', 'persona_cache', 'compaction_history', 'runtime_config', 'credentials', 'belief_vocab', 'belief_counts'];

/** Every row of the tables an import may write, for "nothing changed" checks. */
export async function snapshot(t: Target): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await t.sql.all(`SELECT * FROM ${table} ORDER BY 1`);
  out.staging = await t.sql.all(
    `SELECT 'b' FROM backup_stage_beliefs UNION ALL SELECT 'h' FROM backup_stage_history
     UNION ALL SELECT 'c' FROM backup_stage_compaction UNION ALL SELECT 'p' FROM backup_stage_persona
     UNION ALL SELECT 'x' FROM backup_bulk`,
  );
  return out;
}

export function contains(hay: Uint8Array, needle: string): boolean {
  return Buffer.from(hay).includes(Buffer.from(needle));
}

/**
 * belief_vocab and belief_counts as the beliefs table says they should be (recomputed from
 * scratch), next to what they hold: an import must leave them equal.
 */
export async function derivedTables(t: Target): Promise<{ stored: unknown; expected: unknown }> {
  const terms = termsOfBelief(t);
  return {
    stored: {
      vocab: await t.sql.all('SELECT term, n FROM belief_vocab WHERE n > 0 ORDER BY term'),
      counts: await t.sql.all('SELECT owner, active FROM belief_counts WHERE active > 0 ORDER BY owner'),
    },
    expected: {
      vocab: await t.sql.all(
        `SELECT j.value AS term, count(*) AS n FROM beliefs b, ${terms} WHERE b.search_terms IS NOT NULL AND j.value <> '' GROUP BY j.value ORDER BY term`,
      ),
      counts: await t.sql.all(`SELECT owner, count(*) AS active FROM beliefs WHERE status = 'active' GROUP BY owner ORDER BY owner`),
    },
  };
}
