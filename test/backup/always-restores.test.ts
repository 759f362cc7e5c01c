import { describe, expect, it } from 'vitest';
import { api, as } from '../support/as.ts';
import { bearer, call } from '../support/http.ts';
import { useTargets } from '../support/suites.ts';
import { PROXY_HEADER, SCIM_TOKEN, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { exportArchive, importJson, PASSPHRASE, root } from './helpers.ts';

/** A header value as the proxy puts it on the wire: UTF-8 bytes (Node writes strings as latin1). */
const wire = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const asUser = (name: string) => as.user(wire(name));
/** 240 characters, the longest userName short of the limit an archive owner's prefix used to push past. */
const LONG_NAME = `${'l'.repeat(228)}@example.com`;
/** Folds to 112 characters ("İ" lower-cased is "i̇", two). */
const DOTTED_NAME = `${'İ'.repeat(50)}@example.com`;
/** Folds to 412 characters: longer than any userName may be. */
const TOO_DOTTED = `${'İ'.repeat(200)}@example.com`;

const scimCreate = (t: Target, userName: string) => call(t, '/scim/v2/Users', { method: 'POST', headers: bearer(SCIM_TOKEN), json: { userName } });

async function beliefRows(t: Target) {
  return t.sql.all<{ id: string; owner: string; statement: string; status: string }>('SELECT id, owner, statement, status FROM beliefs ORDER BY id');
}
async function historyRows(t: Target) {
  return t.sql.all<{ id: string; belief_id: string; event: string; detail: string | null }>(
    'SELECT id, belief_id, event, detail FROM belief_history ORDER BY belief_id, id',
  );
}

describe.each(TARGETS)('every export imports on %s', (kind) => {
  let source: Target;
  let fresh: Target;
  useTargets(kind, [teamsEnv(), teamsEnv()], (ts) => {
    [source, fresh] = ts as [Target, Target];
  });

  it('refuses a userName whose folded form is too long, at SCIM and at the identity header, and stores nothing', async () => {
    const created = await scimCreate(source, TOO_DOTTED);
    expect(created.status).toBe(400);
    expect(((await created.json()) as { detail: string }).detail).toMatch(/userName.*lower-cased/);
    const header = await call(source, '/admin/api/me', { headers: asUser(TOO_DOTTED) });
    expect(header.status).toBe(400);
    expect(((await header.json()) as { error: { message: string } }).error.message).toContain(PROXY_HEADER);
    expect(await source.sql.all("SELECT id FROM users WHERE user_name_lc LIKE 'i%'")).toEqual([]);
  });

  // 300 edits through the API: generous for a loaded machine.
  it('exports and imports a belief edited 300 times, an archived 240-character owner and an "İ" userName, losing nothing', { timeout: 180_000 }, async () => {
    // 300 edits of one belief, each history row carrying both 2000-character statements: 1.2 MB of history.
    const edited = await api(source, asUser('editor@example.com'), 'POST', '/admin/api/beliefs', { statement: `v0 ${'x'.repeat(1990)}` });
    expect(edited.status).toBe(201);
    for (let i = 1; i <= 300; i++) {
      const res = await api(source, asUser('editor@example.com'), 'PATCH', `/admin/api/beliefs/${edited.body.id}`, {
        statement: `v${i} ${String(i % 10).repeat(1990)}`,
      });
      expect(res.status).toBe(200);
    }
    // A 240-character userName, and one with "İ", both deleted through SCIM: their memory moves to `~deleted/<id>/<name>`.
    for (const name of [LONG_NAME, DOTTED_NAME]) {
      const created = await scimCreate(source, name);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      expect((await api(source, asUser(name), 'POST', '/admin/api/beliefs', { statement: `The user named ${name.length} characters likes tea` })).status).toBe(
        201,
      );
      expect((await call(source, `/scim/v2/Users/${id}`, { method: 'DELETE', headers: bearer(SCIM_TOKEN) })).status).toBe(204);
    }
    const live = await scimCreate(source, DOTTED_NAME.toUpperCase());
    expect(live.status).toBe(201);
    expect((await api(source, asUser(DOTTED_NAME), 'POST', '/admin/api/beliefs', { statement: 'The user rides a bicycle' })).status).toBe(201);

    const owners = (await beliefRows(source)).map((b) => b.owner);
    expect(owners.some((o) => o.startsWith('~deleted/') && o.length > 256)).toBe(true);
    const archive = await exportArchive(source);
    const { status, body } = await importJson(fresh, archive);
    expect({ status, body }).toMatchObject({ status: 200, body: { ok: true, result: { beliefs_imported: 4, beliefs_skipped: 0 } } });
    expect(await beliefRows(fresh)).toEqual(await beliefRows(source));
    expect(await historyRows(fresh)).toEqual(await historyRows(source));
    expect((await historyRows(fresh)).filter((h) => h.belief_id === edited.body.id)).toHaveLength(301);
    // An admin reaches the longest archive owner like any other.
    const longest = owners.find((o) => o.endsWith(LONG_NAME))!;
    expect(longest.length).toBeGreaterThan(256);
    expect((await api(fresh, as.root(), 'POST', '/admin/api/forget', { owner: longest, confirm: longest })).body).toEqual({ purged: 1 });
  });

  it('keeps a history of 64 rows (written with its belief) and one of 65 (spread over records) whole', { timeout: 120_000 }, async () => {
    const user = asUser('edge@example.com');
    const ids: string[] = [];
    for (const rows of [64, 65]) {
      const made = await api(source, user, 'POST', '/admin/api/beliefs', { statement: `The user counts to ${rows}` });
      expect(made.status).toBe(201);
      for (let i = 1; i < rows; i++) {
        expect((await api(source, user, 'PATCH', `/admin/api/beliefs/${made.body.id}`, { statement: `The user counts to ${rows}, step ${i}` })).status).toBe(
          200,
        );
      }
      ids.push(made.body.id);
    }
    const { status } = await importJson(fresh, await exportArchive(source));
    expect(status).toBe(200);
    const history = (rows: Awaited<ReturnType<typeof historyRows>>) => rows.filter((h) => ids.includes(h.belief_id));
    expect(history(await historyRows(fresh))).toEqual(history(await historyRows(source)));
    expect(history(await historyRows(fresh))).toHaveLength(64 + 65);
  });

  it('answers 500 export_failed, audited, instead of an archive its import would refuse', async () => {
    // What the service never stores itself, written by hand: a belief of an unknown type.
    await source.sql.run(
      `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind, created_at, updated_at, reinforced_count, injected_count)
       VALUES ('zz-bad', 'editor@example.com', 'rumour', NULL, 'hand written', 'hand written', 'universal', 0, 0.5, 'active', 'manual', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 0, 0)`,
    );
    try {
      const res = await fetch(`${source.url}/v1/backup/export`, {
        method: 'POST',
        headers: { ...root, 'content-type': 'application/json' },
        body: JSON.stringify({ passphrase: PASSPHRASE }),
      });
      expect(res.status).toBe(500);
      const failure = (await res.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(failure).toMatchObject({ ok: false, error: { code: 'export_failed' } });
      expect(failure.error.message).toMatch(/belief record \d+: type/);
      expect(failure.error.message).not.toContain('hand written');
      const audit = await source.sql.all<{ actor: string; detail: string }>("SELECT actor, detail FROM audit_events WHERE action = 'backup.export_failed'");
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor).toBe('root');
      expect(audit[0]!.detail).toContain('belief record');
    } finally {
      await source.sql.run("DELETE FROM beliefs WHERE id = 'zz-bad'");
    }
    expect((await exportArchive(source)).length).toBeGreaterThan(0);
  });

  it('ends the download in an error, audited, when a bad record comes past the records checked before answering', async () => {
    // 7,000 beliefs of about 1.5 KB each: 10 MB of records before the bad one (ids sort after them).
    const filler = `The user keeps a filler note ${'f'.repeat(600)}`;
    const at = '2026-01-01T00:00:00.000Z';
    await source.sql.run(
      `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind, created_at, updated_at, reinforced_count, injected_count)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 7000)
       SELECT 'fill-' || i, 'filler@example.com', 'fact', NULL, ?, ?, 'universal', 0, 0.5, 'active', 'manual', ?, ?, 0, 0 FROM n`,
      filler,
      filler.toLowerCase(),
      at,
      at,
    );
    await source.sql.run(
      `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind, created_at, updated_at, reinforced_count, injected_count)
       VALUES ('zz-late', 'filler@example.com', 'fact', NULL, 'written by hand', 'written by hand', 'universal', 0, 7, 'active', 'manual', ?, ?, 0, 0)`,
      at,
      at,
    );
    const res = await fetch(`${source.url}/v1/backup/export`, {
      method: 'POST',
      headers: { ...root, 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    expect(res.status).toBe(200);
    const archive = await res.arrayBuffer().then(
      (b) => new Uint8Array(b),
      () => null,
    );
    // The transfer is cut short; should a client take what came as whole, its import refuses it.
    if (archive) expect((await importJson(fresh, archive)).status).toBe(400);
    const audit = await source.sql.all<{ detail: string }>("SELECT detail FROM audit_events WHERE action = 'backup.export_failed' ORDER BY at");
    expect(audit.at(-1)!.detail).toMatch(/belief record \d+: confidence/);
  });
});
