import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../lib/world/recall/terms.ts';
import { useTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { derivedTables, exportArchive, importJson, snapshot } from './helpers.ts';

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';

async function insert(t: Target, id: string, owner: string, key: string, statement: string, createdAt: string): Promise<void> {
  await t.sql.run(
    `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind,
      conversation_id, created_at, updated_at, superseded_at, superseded_by, reinforced_count, injected_count, last_injected_at, search_terms)
     VALUES (?, ?, 'fact', ?, ?, lower(?), 'universal', 0, 0.9, 'active', 'chat', NULL, ?, ?, NULL, NULL, 0, 0, NULL, ?)`,
    id,
    owner,
    key,
    statement,
    statement,
    createdAt,
    createdAt,
    searchTerms(owner, statement, key),
  );
}

const active = (t: Target, owner: string) =>
  t.sql.all<{ id: string; statement: string }>(`SELECT id, statement FROM beliefs WHERE owner = ? AND status = 'active' ORDER BY statement`, owner);

describe.each(TARGETS)('an import into an instance with beliefs keeps one active belief per key on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('supersedes, per owner and key or exclusive slot, the one observed earlier, in the same change', async () => {
    // The archive: Munich (February) and Acme (January) for Alice, Oslo for Bob, Rome under a key nobody else has.
    await insert(t, 'a-munich', ALICE, 'user.location', 'The user lives in Munich', '2026-02-01T00:00:00.000Z');
    await insert(t, 'a-acme', ALICE, 'user.employer', 'The user works at Acme', '2026-01-01T00:00:00.000Z');
    await insert(t, 'a-tea', ALICE, 'user.drink', 'The user drinks tea', '2026-01-01T00:00:00.000Z');
    await insert(t, 'b-oslo', BOB, 'user.location', 'The user lives in Oslo', '2026-01-01T00:00:00.000Z');
    const archive = await exportArchive(t);
    await t.sql.run(`DELETE FROM belief_history`);
    await t.sql.run(`DELETE FROM beliefs`);

    // The instance meanwhile: Lisbon (January, under a synonym of the same slot), Initech (March),
    // the same tea statement under the same key with another id, and Bob's city under another owner's key.
    await insert(t, 'x-lisbon', ALICE, 'user.home_city', 'The user lives in Lisbon', '2026-01-15T00:00:00.000Z');
    await insert(t, 'x-initech', ALICE, 'user.company', 'The user works at Initech', '2026-03-01T00:00:00.000Z');
    await insert(t, 'x-tea', ALICE, 'user.drink', 'The user drinks tea', '2025-12-01T00:00:00.000Z');
    await insert(t, 'x-carol', 'carol@example.com', 'user.location', 'The user lives in Paris', '2026-06-01T00:00:00.000Z');

    const res = await importJson(t, archive);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ beliefs_imported: 4, beliefs_skipped: 0 });

    expect((await active(t, ALICE)).map((b) => b.id)).toEqual(['a-tea', 'a-munich', 'x-initech']);
    expect((await active(t, BOB)).map((b) => b.id)).toEqual(['b-oslo']);
    expect((await active(t, 'carol@example.com')).map((b) => b.id)).toEqual(['x-carol']);
    const superseded = await t.sql.all<{ id: string; superseded_by: string }>(`SELECT id, superseded_by FROM beliefs WHERE status = 'superseded' ORDER BY id`);
    expect(superseded).toEqual([
      { id: 'a-acme', superseded_by: 'x-initech' },
      { id: 'x-lisbon', superseded_by: 'a-munich' },
      { id: 'x-tea', superseded_by: 'a-tea' },
    ]);
    const history = await t.sql.all<{ belief_id: string; detail: string }>(
      `SELECT belief_id, detail FROM belief_history WHERE event = 'superseded' ORDER BY belief_id`,
    );
    expect(history.map((h) => [h.belief_id, JSON.parse(h.detail).superseded_by])).toEqual([
      ['a-acme', 'x-initech'],
      ['x-lisbon', 'a-munich'],
      ['x-tea', 'a-tea'],
    ]);
    const { stored, expected } = await derivedTables(t);
    expect(stored).toEqual(expected);

    const before = await snapshot(t);
    const again = await importJson(t, archive);
    expect(again.body.result).toMatchObject({ beliefs_imported: 0, beliefs_skipped: 4 });
    const after = await snapshot(t);
    expect(after.beliefs).toEqual(before.beliefs);
    expect(after.belief_history).toEqual(before.belief_history);
  });
});
