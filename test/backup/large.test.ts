import { describe, expect, it } from 'vitest';
import { importArchive } from '../../lib/backup/import.ts';
import { useTargets } from '../support/suites.ts';
import { singleEnv, startTarget, type Target } from '../support/targets.ts';
import { exportArchive, PASSPHRASE, root } from './helpers.ts';

const N = 50_000;

async function multipartImport(t: Target, archive: Uint8Array): Promise<any> {
  const form = new FormData();
  form.append('passphrase', PASSPHRASE);
  form.append('archive', new Blob([Uint8Array.from(archive)]), 'large.bsbk');
  const res = await fetch(`${t.url}/admin/api/backup/import`, { method: 'POST', headers: root, body: form });
  expect(res.status).toBe(200);
  return res.json();
}

const count = async (t: Target, table: string) => (await t.sql.all<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n;

describe('a 50k-belief archive on node', () => {
  let source: Target;
  let fresh: Target;
  let archive: Uint8Array;
  useTargets('node', [singleEnv(), singleEnv()], async (ts) => {
    [source, fresh] = ts as [Target, Target];
    await source.sql.run(
      `INSERT INTO beliefs (id, owner, type, statement, norm_statement, status, superseded_by, source_kind, created_at, updated_at)
       WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${N})
       SELECT printf('L%06d', i), 'user' || (i % 20), 'fact', 'statement ' || i || ' ' || hex(randomblob(8)), 'statement ' || i,
         CASE WHEN i % 4 = 0 THEN 'superseded' ELSE 'active' END, CASE WHEN i % 4 = 0 THEN printf('L%06d', i + 20) END,
         'chat', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM seq`,
    );
    await source.sql.run(`INSERT INTO belief_history (id, belief_id, event, at) SELECT 'H' || id, id, 'created', created_at FROM beliefs`);
    archive = await exportArchive(source);
  });

  it('restores every belief and history row through the streamed dashboard import, then skips them all', { timeout: 120_000 }, async () => {
    const schema = `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name`;
    const before = await fresh.sql.all(schema);
    expect(await multipartImport(fresh, archive)).toEqual({
      ok: true,
      result: { beliefs_imported: N, beliefs_skipped: 0, compaction_entries_imported: 0, persona_restored: false, config_restored: false },
    });
    expect(await count(fresh, 'beliefs')).toBe(N);
    expect(await count(fresh, 'belief_history')).toBe(N);
    const digest = `SELECT count(*) AS n, sum(length(statement)) AS len, sum(status = 'superseded') AS sup, max(superseded_by) AS last FROM beliefs`;
    expect(await fresh.sql.all(digest)).toEqual(await source.sql.all(digest));
    expect((await multipartImport(fresh, archive)).result).toMatchObject({ beliefs_imported: 0, beliefs_skipped: N });
    expect(await fresh.sql.all(schema)).toEqual(before);
    expect(await fresh.sql.all(`SELECT count(*) AS n FROM beliefs INDEXED BY beliefs_owner_status WHERE owner = 'user3' AND status = 'active'`)).toEqual(
      await source.sql.all(`SELECT count(*) AS n FROM beliefs WHERE owner = 'user3' AND status = 'active'`),
    );
  });

  it('stages records while chunks arrive and writes real tables only after the last one', { timeout: 120_000 }, async () => {
    const target = await startTarget('node', singleEnv());
    try {
      const cut = archive.length - 10;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const source = new ReadableStream<Uint8Array>({
        async start(c) {
          for (let at = 0; at < cut; at += 65536) c.enqueue(archive.slice(at, Math.min(at + 65536, cut)));
          await held;
          c.enqueue(archive.slice(cut));
          c.close();
        },
      });
      const running = importArchive(target.node!.deps, source, PASSPHRASE, 'root');
      let staged = 0;
      for (let i = 0; i < 600 && staged < N / 2; i++) {
        await new Promise((r) => setTimeout(r, 50));
        staged = await count(target, 'backup_stage_beliefs');
      }
      expect(staged).toBeGreaterThanOrEqual(N / 2);
      expect(await count(target, 'beliefs')).toBe(0);
      release();
      expect((await running).beliefs_imported).toBe(N);
      expect(await count(target, 'beliefs')).toBe(N);
      expect(await count(target, 'backup_stage_beliefs')).toBe(0);
      expect(await count(target, 'backup_stage_history')).toBe(0);
    } finally {
      await target.stop();
    }
  });
});
