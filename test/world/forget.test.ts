import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createPat, eventually, insertBelief } from '../chat/setup.ts';
import { noExtraction } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const alice = as.user(ALICE);
const bob = as.user(BOB);
const boss = as.user('boss@example.com');
const SECRET = 'The user was treated for a rare private condition';

describe.each(TARGETS)('purge and forget on %s', (kind) => {
  let t: Target;

  useProviderTarget(kind, (s) => ({ t } = s), { config: noExtraction });

  /** A chat by `owner` that injects its pinned beliefs; resolves once the receipt is recorded. */
  async function injectFor(owner: string, content: string): Promise<string> {
    const client = new OpenAI({ apiKey: await createPat(t, owner), baseURL: `${t.url}/v1`, maxRetries: 0 });
    const { response } = await client.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content }] }).withResponse();
    const receipt = response.headers.get('x-belief-store-injection')!;
    expect(receipt).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(async () => (await t.sql.all('SELECT id FROM injections WHERE id = ?', receipt)).length === 1);
    return receipt;
  }

  const count = async (query: string, ...params: unknown[]) => Number((await t.sql.all<{ n: number }>(query, ...params))[0]!.n);

  it('lets an owner purge their own belief, and removes its text from every receipt', async () => {
    const secret = await insertBelief(t, ALICE, SECRET, { pinned: true });
    const other = await insertBelief(t, ALICE, 'The user prefers tea', { pinned: true });
    const receipt = await injectFor(ALICE, 'Tell me about my rare private condition');
    const before = await api(t, alice, 'GET', `/admin/api/injections/${receipt}`);
    expect(before.body.pinned).toEqual(expect.arrayContaining([secret, other]));
    expect(before.body.purged).toBeUndefined();

    expect((await api(t, bob, 'DELETE', `/admin/api/beliefs/${secret}?purge=1`)).status).toBe(404);
    expect((await api(t, alice, 'DELETE', `/admin/api/beliefs/${secret}?purge=1`)).status).toBe(204);
    expect((await api(t, alice, 'GET', `/admin/api/beliefs/${secret}`)).status).toBe(404);

    const after = await api(t, alice, 'GET', `/admin/api/injections/${receipt}`);
    expect(after.status).toBe(200);
    expect(after.body.pinned).toEqual(before.body.pinned);
    expect(after.body.purged).toEqual([secret]);
    expect(after.body.persona).toBeNull();
    expect(JSON.stringify(after.body)).not.toMatch(/private condition/i);
    const listed = await api(t, alice, 'GET', '/admin/api/injections');
    expect(listed.body.data.find((r: { id: string }) => r.id === receipt).purged).toEqual([secret]);
    const rows = await t.sql.all<{ query: string; persona: string | null }>('SELECT query, persona FROM injections WHERE id = ?', receipt);
    expect(JSON.stringify(rows)).not.toMatch(/private condition/i);
    const links = await t.sql.all<{ belief_id: string; statement: string | null }>(
      'SELECT belief_id, statement FROM injection_beliefs WHERE injection_id = ? ORDER BY belief_id',
      receipt,
    );
    expect(Object.fromEntries(links.map((l) => [l.belief_id, l.statement]))).toEqual({ [secret]: null, [other]: 'The user prefers tea' });
  });

  it('records an injection in the history once per belief per day, and counts every one', async () => {
    const pinned = await insertBelief(t, ALICE, 'The user writes in British English', { pinned: true });
    const receipts = [await injectFor(ALICE, 'Spell colour for me'), await injectFor(ALICE, 'Spell favour for me'), await injectFor(ALICE, 'Spell honour')];
    const history = await t.sql.all<{ detail: string }>(`SELECT detail FROM belief_history WHERE belief_id = ? AND event = 'injected'`, pinned);
    expect(history.map((h) => JSON.parse(h.detail))).toEqual([{ injection: receipts[0] }]);
    expect(await count('SELECT injected_count AS n FROM beliefs WHERE id = ?', pinned)).toBe(3);
    expect(await count('SELECT count(*) AS n FROM injection_beliefs WHERE belief_id = ?', pinned)).toBe(3);
    // The next day's first injection is recorded again.
    await t.sql.run('UPDATE beliefs SET last_injected_at = ? WHERE id = ?', '2020-01-01T00:00:00.000Z', pinned);
    const nextDay = await injectFor(ALICE, 'Spell labour');
    const again = await t.sql.all<{ detail: string }>(`SELECT detail FROM belief_history WHERE belief_id = ? AND event = 'injected'`, pinned);
    expect(again.map((h) => JSON.parse(h.detail).injection).sort()).toEqual([receipts[0], nextDay].sort());
  });

  it('refuses a forget without the typed userName, naming confirm, and forgets nothing', async () => {
    const beliefs = await count('SELECT count(*) AS n FROM beliefs WHERE owner = ?', ALICE);
    expect(beliefs).toBeGreaterThan(0);
    for (const body of [undefined, {}, { confirm: '' }, { confirm: BOB }, { confirm: 'alice' }, { confirm: 5 }]) {
      const res = await api(t, alice, 'POST', '/admin/api/forget', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^confirm: /);
    }
    expect((await api(t, bob, 'POST', '/admin/api/forget', { confirm: BOB, owner: ALICE })).status).toBe(403);
    expect((await api(t, as.pat(await createPat(t, ALICE)), 'POST', '/admin/api/forget', { confirm: ALICE })).status).toBe(403);
    expect(await count('SELECT count(*) AS n FROM beliefs WHERE owner = ?', ALICE)).toBe(beliefs);
  });

  it('forgets everything of the caller in one change, keeps usage and others, and audits the count only', async () => {
    const made = await api(t, alice, 'POST', '/admin/api/beliefs', { statement: 'The user lives in Lisbon', key: 'user.location' });
    expect(made.status).toBe(201);
    expect((await api(t, alice, 'POST', '/admin/api/beliefs', { statement: 'The user lives in Porto', key: 'user.location' })).status).toBe(201);
    const bobs = await insertBelief(t, BOB, 'The user plays chess', { pinned: true });
    const bobReceipt = await injectFor(BOB, 'Chess openings?');
    expect((await api(t, as.root(), 'POST', '/admin/api/compaction', { owner: ALICE })).status).toBe(200);
    await t.sql.run(`INSERT INTO persona_cache (owner, persona, belief_count, built_at) VALUES (?, ?, 1, '2026-01-01T00:00:00.000Z')`, ALICE, SECRET);
    const beliefs = await count('SELECT count(*) AS n FROM beliefs WHERE owner = ?', ALICE);
    // Usage counts the forget must keep, written as the usage buffer writes them (the chats' own rows may still be buffered).
    await t.sql.run(
      `INSERT INTO usage_daily (day, user_name, token_id, model, purpose, requests, errors, prompt_tokens, completion_tokens, injected) VALUES ('2026-01-02', ?, '', 'oai/m1', 'chat', 3, 0, 30, 12, 2) ON CONFLICT DO NOTHING`,
      ALICE,
    );
    const usage = await t.sql.all('SELECT * FROM usage_daily WHERE user_name = ? ORDER BY day, model', ALICE);
    expect(usage.length).toBeGreaterThan(0);
    expect(await eventually(async () => (await count('SELECT count(*) AS n FROM injections WHERE owner = ?', ALICE)) > 0)).toBe(true);

    const res = await api(t, alice, 'POST', '/admin/api/forget', { confirm: 'Alice@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ purged: beliefs });

    expect(await count('SELECT count(*) AS n FROM beliefs WHERE owner = ?', ALICE)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM belief_history WHERE belief_id NOT IN (SELECT id FROM beliefs)`)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM injections WHERE owner = ?', ALICE)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM injection_beliefs WHERE injection_id NOT IN (SELECT id FROM injections)')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM compaction_history WHERE owner = ?', ALICE)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM persona_cache WHERE owner = ?', ALICE)).toBe(0);
    // Every usage row there before is kept (the chats' buffered rows may land meanwhile).
    expect(await t.sql.all('SELECT * FROM usage_daily WHERE user_name = ? ORDER BY day, model', ALICE)).toEqual(expect.arrayContaining(usage));
    expect((await api(t, alice, 'GET', '/admin/api/beliefs?status=all')).body.data).toEqual([]);

    expect((await api(t, bob, 'GET', `/admin/api/beliefs/${bobs}`)).status).toBe(200);
    expect((await api(t, bob, 'GET', `/admin/api/injections/${bobReceipt}`)).status).toBe(200);

    const audit = await t.sql.all<{ actor: string; target: string; detail: string }>(
      `SELECT actor, target, detail FROM audit_events WHERE action = 'beliefs.forgotten'`,
    );
    expect(audit).toEqual([{ actor: ALICE, target: ALICE, detail: JSON.stringify({ owner: ALICE, purged: beliefs }) }]);
    expect(await count(`SELECT count(*) AS n FROM audit_events WHERE detail LIKE '%Lisbon%' OR detail LIKE '%condition%'`)).toBe(0);
  });

  it('lets an admin forget another owner by naming it', async () => {
    await insertBelief(t, BOB, 'The user collects stamps');
    const bobs = await count('SELECT count(*) AS n FROM beliefs WHERE owner = ?', BOB);
    expect((await api(t, boss, 'POST', `/admin/api/forget?owner=${BOB}`, { confirm: 'alice@example.com' })).status).toBe(400);
    const res = await api(t, boss, 'POST', '/admin/api/forget', { owner: BOB, confirm: BOB });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ purged: bobs });
    expect(await count('SELECT count(*) AS n FROM beliefs WHERE owner = ?', BOB)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM injections WHERE owner = ?', BOB)).toBe(0);
  });
});
