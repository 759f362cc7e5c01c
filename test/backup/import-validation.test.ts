import { Encrypter } from 'age-encryption';
import { beforeAll, describe, expect, it } from 'vitest';
import { singleEnv, TARGETS, type Target } from '../support/targets.ts';
import { importJson, PASSPHRASE, root, snapshot } from '../backup/helpers.ts';
import { useTarget } from '../support/suites.ts';

/** A validly encrypted archive (age, cheap work factor) of these JSON lines, manifest first. */
async function archiveOf(records: unknown[]): Promise<Uint8Array> {
  const manifest = { format: 'belief-store-backup', format_version: 1, service_version: 'test', created_at: '2026-01-01T00:00:00.000Z', counts: {} };
  const text = [manifest, ...records].map((l) => JSON.stringify(l)).join('\n') + '\n';
  const gzip = new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
  const e = new Encrypter();
  e.setScryptWorkFactor(10);
  e.setPassphrase(PASSPHRASE);
  return e.encrypt(gzip);
}

const AT = '2026-01-01T00:00:00.000Z';
function belief(id: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'belief',
    belief: {
      id,
      owner: 'root',
      type: 'fact',
      key: null,
      statement: `statement ${id}`,
      norm_statement: `statement ${id}`,
      scope: 'universal',
      pinned: 0,
      confidence: 0.8,
      status: 'active',
      source_kind: 'manual',
      conversation_id: null,
      created_at: AT,
      updated_at: AT,
      superseded_at: null,
      superseded_by: null,
      reinforced_count: 0,
      injected_count: 0,
      last_injected_at: null,
      ...extra,
    },
    history: [{ id: `${id}-h`, event: 'created', at: AT, actor: 'root', detail: null }],
  };
}
const config = (cfg: Record<string, unknown>) => ({ type: 'config', config: cfg, updated_at: AT, credentials: [] });
const GOOD_CONFIG = {
  providers: [{ id: 'local', kind: 'openai', base_url: 'http://127.0.0.1:9/v1', models: ['m1'] }],
  default_model: 'local/m1',
  extraction: { enabled: false, model: null },
  injection: { enabled: true, max_beliefs: 20 },
};

describe.each(TARGETS)('backup import validates every record on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s), singleEnv());
  beforeAll(async () => {
    await t.sql.run(
      `INSERT INTO beliefs (id, owner, type, statement, norm_statement, source_kind, created_at, updated_at)
      VALUES ('other-1', 'eve', 'fact', 'eve lives in Oslo', 'eve lives in oslo', 'chat', ?, ?)`,
      AT,
      AT,
    );
  });

  it.each([
    ['a bad status', [belief('a'), belief('b'), belief('c', { status: 'zombie' })], /^belief record 3: status: /],
    ['a bad type', [belief('a', { type: 'opinion' })], /^belief record 1: type: /],
    ['a bad scope', [belief('a', { scope: 'everywhere' })], /^belief record 1: scope: /],
    ['a boolean where 0/1 is stored', [belief('a', { pinned: true })], /^belief record 1: pinned: /],
    ['a number where text is stored', [belief('a', { statement: 42 })], /^belief record 1: statement: /],
    ['a confidence out of range', [belief('a', { confidence: 7 })], /^belief record 1: confidence: /],
    ['an active belief with a successor', [belief('a', { superseded_by: 'b' }), belief('b')], /^belief record 1: superseded_by: /],
    [
      'a bad history time',
      [{ ...belief('a'), history: [{ id: 'h', event: 'created', at: 'yesterday', actor: null, detail: null }] }],
      /^belief record 1: history\.0\.at: /,
    ],
    ['aliases that are not strings', [belief('a', { aliases: [1, 2] })], /^belief record 1: aliases\.0: /],
    [
      'a config with a bad provider id',
      [config({ ...GOOD_CONFIG, providers: [{ id: 'a/b', kind: 'openai', base_url: 'http://x', models: [] }] })],
      /^config record 1: config\.providers\.0\.id: /,
    ],
    ['a config naming no provider', [config({ ...GOOD_CONFIG, default_model: 'nowhere/m1' })], /^config record 1: config\.default_model: /],
    [
      'a config of the wrong shape',
      [config({ ...GOOD_CONFIG, injection: { enabled: 'yes', max_beliefs: 20 } })],
      /^config record 1: config\.injection\.enabled: /,
    ],
    [
      'a supersession into another owner',
      [belief('a', { status: 'superseded', superseded_by: 'other-1' })],
      /^belief a: superseded_by names a belief of another owner/,
    ],
    [
      'a staged supersession into another owner',
      [belief('a', { status: 'superseded', superseded_by: 'b' }), belief('b', { owner: 'eve' })],
      /^belief a: superseded_by /,
    ],
  ])('refuses %s as corrupt_archive naming the record, writing nothing', async (_what, records, message) => {
    const before = await snapshot(t);
    const res = await importJson(t, await archiveOf([...records, belief('last')]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: { code: 'corrupt_archive', message: expect.stringMatching(message) } });
    expect(await snapshot(t)).toEqual(before);
  });

  it('accepts optional aliases and participants as string arrays (and archives without them)', async () => {
    const res = await importJson(t, await archiveOf([belief('al-1', { aliases: ['pg', 'postgres'], participants: [] }), belief('al-2'), config(GOOD_CONFIG)]));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ beliefs_imported: 2, config_restored: true });
  });

  it('never walks a supersession chain into another owner', async () => {
    await t.sql.run(
      `INSERT INTO beliefs (id, owner, type, statement, norm_statement, source_kind, status, superseded_by, superseded_at, created_at, updated_at)
      VALUES ('mine-1', 'root', 'fact', 'root lives in Rome', 'root lives in rome', 'chat', 'superseded', 'other-1', ?, ?, ?)`,
      AT,
      AT,
      AT,
    );
    const res = await fetch(`${t.url}/admin/api/beliefs/mine-1`, { headers: root });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { chain: { id: string }[] };
    expect(body.chain.map((b) => b.id)).toEqual(['mine-1']);
    expect(JSON.stringify(body)).not.toContain('Oslo');
  });
});
