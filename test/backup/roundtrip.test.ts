import { describe, expect, it } from 'vitest';
import { openSecret } from '../../lib/provider-keys.ts';
import { base64Decode } from '../../lib/crypto.ts';
import { indexedIds } from '../support/target-sql.ts';
import { useTargets } from '../support/suites.ts';
import { singleEnv, startTarget, TARGETS, type Target } from '../support/targets.ts';
import { contains, derivedTables, importJson, OTHER_KEY, PASSPHRASE, PROVIDER_KEY, root, SECRET_STATEMENT, seed, snapshot } from './helpers.ts';

describe.each(TARGETS)('backup round trip on %s', (kind) => {
  let source: Target;
  let fresh: Target;
  let archive: Uint8Array;
  useTargets(kind, [singleEnv(), singleEnv({ SERVICE_ENCRYPTION_KEY: OTHER_KEY })], async (ts) => {
    [source, fresh] = ts as [Target, Target];
    await seed(source);
  });

  it('exports an age file as an attachment, with no plaintext statement or key inside', async () => {
    const res = await fetch(`${source.url}/v1/backup/export`, {
      method: 'POST',
      headers: { ...root, 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="belief-store-\d{8}T\d{6}Z\.bsbk"$/);
    archive = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(archive.subarray(0, 22))).toBe('age-encryption.org/v1\n');
    // scrypt work factor: 2^17 on Node and self-hosted workerd, 2^15 on Cloudflare (miniflare here: a Workers isolate has 128 MB).
    expect(new TextDecoder().decode(archive.subarray(0, 200))).toMatch(kind === 'workerd' ? /\n-> scrypt \S{22} 15\n/ : /\n-> scrypt \S{22} 17\n/);
    expect(contains(archive, SECRET_STATEMENT)).toBe(false);
    expect(contains(archive, PROVIDER_KEY)).toBe(false);
    expect(contains(archive, 'prefers')).toBe(false);
    const audit = await source.sql.all<{ action: string; actor: string }>(`SELECT action, actor FROM audit_events WHERE action = 'backup.exported'`);
    expect(audit).toEqual([{ action: 'backup.exported', actor: 'root' }]);
  });

  it('imports into the same instance as all skipped, and nothing changes', async () => {
    const before = await snapshot(source);
    // Staging rows of an import that died a week ago are swept; those of one still running are not.
    const stage = (importId: string) =>
      source.sql.run(`INSERT INTO backup_stage_persona (import_id, owner, persona, belief_count, built_at) VALUES (?, 'x', 'p', 0, 'now')`, importId);
    await stage(`${String(Date.now() - 7 * 86_400_000).padStart(13, '0')}-dead`);
    await stage(`${String(Date.now()).padStart(13, '0')}-running`);
    const { status, body } = await importJson(source, archive);
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      // The instance has a provider configured: its live config is kept unless the import asks (docs/api.md §10).
      result: { beliefs_imported: 0, beliefs_skipped: 3, compaction_entries_imported: 0, persona_restored: true, config_restored: false },
    });
    const after = await snapshot(source);
    expect(after.beliefs).toEqual(before.beliefs);
    expect(after.belief_history).toEqual(before.belief_history);
    expect(after.compaction_history).toEqual(before.compaction_history);
    expect(await source.sql.all('SELECT import_id FROM backup_stage_persona')).toEqual([{ import_id: expect.stringMatching(/-running$/) }]);
    await source.sql.run('DELETE FROM backup_stage_persona');
  });

  it('restores everything into a fresh instance with a different master key', async () => {
    const { status, body } = await importJson(fresh, archive);
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      result: { beliefs_imported: 3, beliefs_skipped: 0, compaction_entries_imported: 1, persona_restored: true, config_restored: true },
    });
    const [a, b] = await Promise.all([snapshot(source), snapshot(fresh)]);
    expect(b.beliefs).toEqual(a.beliefs);
    expect(b.belief_history).toEqual(a.belief_history);
    expect(b.persona_cache).toEqual(a.persona_cache);
    expect(b.compaction_history).toEqual(a.compaction_history);
    expect(b.runtime_config).toEqual(a.runtime_config);
    expect(b.staging).toEqual([]);
    const chain = await fresh.sql.all<{ id: string; status: string; superseded_by: string | null }>(
      'SELECT id, status, superseded_by FROM beliefs ORDER BY id',
    );
    expect(chain).toEqual([
      { id: 'b-1', status: 'superseded', superseded_by: 'b-2' },
      { id: 'b-2', status: 'superseded', superseded_by: 'b-3' },
      { id: 'b-3', status: 'active', superseded_by: null },
    ]);
    const [cred] = await fresh.sql.all<{ ciphertext: string; hint: string }>(`SELECT ciphertext, hint FROM credentials WHERE provider_id = 'local'`);
    expect(cred!.hint).toBe(PROVIDER_KEY.slice(-4));
    expect(cred!.ciphertext).not.toContain(PROVIDER_KEY);
    expect(openSecret(base64Decode(OTHER_KEY), cred!.ciphertext, 'local')).toBe(PROVIDER_KEY);
    expect(() => openSecret(base64Decode(source.env.SERVICE_ENCRYPTION_KEY!), cred!.ciphertext, 'local')).toThrow();
    expect(await indexedIds(fresh, 'root', ['oolong'])).toEqual(['b-3']);
    // Search vocabulary and active counts cover the imported beliefs (kept in bulk by the import).
    expect(b.belief_vocab).toEqual(a.belief_vocab);
    expect(b.belief_vocab.length).toBeGreaterThan(0);
    expect(b.belief_counts).toEqual([{ owner: 'root', active: 1 }]);
    const derived = await derivedTables(fresh);
    expect(derived.stored).toEqual(derived.expected);
    const audit = await fresh.sql.all<{ action: string }>(`SELECT action FROM audit_events WHERE action = 'backup.imported'`);
    expect(audit).toHaveLength(1);
  });

  it('merges into an instance holding other and overlapping beliefs, its vocabulary and counts exact', async () => {
    const other = await startTarget(kind, singleEnv());
    try {
      await seed(other, 'x');
      await other.sql.run(`UPDATE beliefs SET status = 'active', superseded_by = NULL, superseded_at = NULL WHERE id = 'x-1'`);
      const { status, body } = await importJson(other, archive);
      expect(status).toBe(200);
      expect(body.result).toMatchObject({ beliefs_imported: 3, beliefs_skipped: 0 });
      const derived = await derivedTables(other);
      expect(derived.stored).toEqual(derived.expected);
      // One active belief per key (API.md §10): of the three under "drink", observed at the same moment, the stored one stays.
      expect(await other.sql.all(`SELECT id FROM beliefs WHERE status = 'active'`)).toEqual([{ id: 'x-3' }]);
      expect(await other.sql.all(`SELECT owner, active FROM belief_counts`)).toEqual([{ owner: 'root', active: 1 }]);
      // Again: everything skipped, nothing counted twice; and a belief written afterwards is counted by its trigger.
      const again = await importJson(other, archive);
      expect(again.body.result).toMatchObject({ beliefs_imported: 0, beliefs_skipped: 3 });
      await other.sql.run(
        `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind,
          conversation_id, created_at, updated_at, reinforced_count, injected_count, search_terms)
         SELECT 'y-1', owner, type, key, 'enjoys hiking', 'enjoys hiking', scope, pinned, confidence, 'active', source_kind,
          conversation_id, created_at, updated_at, 0, 0, search_terms || ' zzhiking' FROM beliefs WHERE id = 'b-3'`,
      );
      const after = await derivedTables(other);
      expect(after.stored).toEqual(after.expected);
      expect(await other.sql.all(`SELECT owner, active FROM belief_counts`)).toEqual([{ owner: 'root', active: 2 }]);
      expect(await other.sql.all('SELECT * FROM backup_bulk')).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});
