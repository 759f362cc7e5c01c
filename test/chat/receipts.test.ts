import OpenAI from 'openai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../support/fake-provider.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { isoTimeAgo } from '../support/target-sql.ts';
import { api, as } from '../support/as.ts';
import { call } from '../support/http.ts';
import { createPat, eventually, insertBelief, providersConfig, putConfig } from './setup.ts';
import { useProviderTarget } from '../support/suites.ts';
import { noExtraction } from '../support/providers.ts';
import { backgroundMetricLines } from '../../lib/background.ts';

const QUESTION = 'Is my bicycle good for a long trip?';
const ALICE = 'alice@example.com';
const CAROL = 'carol@example.com';
const alice = as.user(ALICE);
const bob = as.user('bob@example.com');
const boss = as.user('boss@example.com');

describe.each(TARGETS)('injection receipts on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let alicePat: string;
  let openai: OpenAI;
  let home: string;
  let metric: string;

  useProviderTarget(kind, (s) => ({ t, fake, pat: alicePat, openai } = s), { config: noExtraction, user: ALICE });
  beforeAll(async () => {
    home = await insertBelief(t, ALICE, 'The user rides a red Gazelle bicycle');
    metric = await insertBelief(t, ALICE, 'The user prefers metric units', { pinned: true });
  });
  beforeEach(() => fake.reset());

  async function chat(client: OpenAI, content: string, headers: Record<string, string> = {}) {
    const { response } = await client.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content }] }, { headers }).withResponse();
    return { injected: response.headers.get('x-belief-store-injected'), receipt: response.headers.get('x-belief-store-injection') };
  }

  /** The receipt once the background recording has written it. */
  const recorded = (id: string) => eventually(async () => (await t.sql.all('SELECT id FROM injections WHERE id = ?', id)).length === 1);

  it('answers x-belief-store-injection only when something was injected', async () => {
    const injected = await chat(openai, QUESTION);
    expect(injected.injected).toBe('2');
    expect(injected.receipt).toMatch(/^[0-9a-f-]{36}$/);

    const off = await chat(openai, QUESTION, { 'x-belief-store': 'off' });
    expect(off).toEqual({ injected: '0', receipt: null });

    const bobClient = new OpenAI({ apiKey: await createPat(t, 'bob@example.com'), baseURL: `${t.url}/v1`, maxRetries: 0 });
    expect(await chat(bobClient, QUESTION)).toEqual({ injected: '0', receipt: null });

    const streamed = await openai.chat.completions.create({ model: 'oai/m1', stream: true, messages: [{ role: 'user', content: QUESTION }] }).withResponse();
    for await (const _ of streamed.data);
    expect(streamed.response.headers.get('x-belief-store-injection')).toMatch(/^[0-9a-f-]{36}$/);
    await recorded(streamed.response.headers.get('x-belief-store-injection')!);
  });

  it('records what the model saw, in tiers, and shows it to its owner, admins and root only', async () => {
    const { receipt } = await chat(openai, QUESTION);
    await recorded(receipt!);
    const own = await api(t, alice, 'GET', `/admin/api/injections/${receipt}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      id: receipt,
      owner: ALICE,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      model: 'oai/m1',
      scope: expect.any(Array),
      query: QUESTION,
      persona: expect.toSatisfy((p: unknown) => p === null || typeof p === 'string'),
      pinned: [metric],
      relevant: [home],
      questions: [],
      related: [],
    });
    expect((await api(t, boss, 'GET', `/admin/api/injections/${receipt}`)).body).toEqual(own.body);
    expect((await api(t, as.root(), 'GET', `/admin/api/injections/${receipt}`)).body).toEqual(own.body);
    const other = await api(t, bob, 'GET', `/admin/api/injections/${receipt}`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(ALICE);
    expect((await api(t, bob, 'GET', '/admin/api/injections/no-such-id')).status).toBe(404);
    expect((await api(t, as.pat(alicePat), 'GET', `/admin/api/injections/${receipt}`)).status).toBe(403);
    expect((await api(t, as.pat(alicePat), 'GET', '/admin/api/injections')).status).toBe(403);
    expect((await fetch(`${t.url}/admin/api/injections/${receipt}`)).status).toBe(401);

    const carried = await t.sql.all<{ belief_id: string; statement: string }>(
      'SELECT belief_id, statement FROM injection_beliefs WHERE injection_id = ?',
      receipt,
    );
    expect(Object.fromEntries(carried.map((r) => [r.belief_id, r.statement]))).toEqual({
      [home]: 'The user rides a red Gazelle bicycle',
      [metric]: 'The user prefers metric units',
    });
    // Injections reach the history once per belief per day (the first of them); receipts hold each.
    const history = await t.sql.all<{ detail: string }>("SELECT detail FROM belief_history WHERE belief_id = ? AND event = 'injected'", home);
    expect(history).toHaveLength(1);
    expect(await t.sql.all('SELECT 1 FROM injection_beliefs WHERE injection_id = ?', JSON.parse(history[0]!.detail).injection)).toHaveLength(2);
  });

  it('finds a receipt as soon as its response names it, and counts each of several recorded together', async () => {
    const count = async () => (await t.sql.all<{ n: number }>('SELECT injected_count AS n FROM beliefs WHERE id = ?', home))[0]!.n;
    const before = await count();
    const first = (await chat(openai, QUESTION)).receipt!;
    const second = (await chat(openai, QUESTION)).receipt!;
    for (const id of [first, second]) {
      const got = await api(t, alice, 'GET', `/admin/api/injections/${id}`);
      expect(got.status).toBe(200);
      expect(got.body.relevant).toEqual([home]);
    }
    expect(await count()).toBe(before + 2);
    const links = await t.sql.all('SELECT injection_id FROM injection_beliefs WHERE belief_id = ? AND injection_id IN (?, ?)', home, first, second);
    expect(links).toHaveLength(2);
  });

  it.skipIf(kind !== 'node')(
    'keeps a receipt whose flush failed (the database locked) and writes it with the next flush',
    async () => {
      const failures = () => Number(/task="receipt_flush"} (\d+)/.exec(backgroundMetricLines())![1]);
      const before = failures();
      const receipt = (await chat(openai, QUESTION)).receipt!;
      // Another connection takes the write lock before the receipt's flush (100 ms after the response)
      // and holds it past the flush's wait for it (5 s): the flush fails. The usage counts' and the
      // PAT's last-use flushes may queue on the writer thread ahead of it, waiting 5 s each.
      await t.sql.run('BEGIN IMMEDIATE');
      try {
        await eventually(async () => failures() > before, 1000);
      } finally {
        await t.sql.run('ROLLBACK');
      }
      const got = await api(t, alice, 'GET', `/admin/api/injections/${receipt}`);
      expect(got.status).toBe(200);
      expect(got.body.relevant).toEqual([home]);
    },
    60_000,
  );

  it('keeps a bounded part of a very long query', async () => {
    const long = `${QUESTION} ${'Bicycle and more words. '.repeat(1000)}`;
    const { receipt } = await chat(openai, long);
    await recorded(receipt!);
    const got = await api(t, alice, 'GET', `/admin/api/injections/${receipt}`);
    expect(got.body.query).toBe(long.slice(0, 8000));
  });

  it('lists receipts newest first, by belief, own only unless admin', async () => {
    const first = (await chat(openai, QUESTION)).receipt!;
    await recorded(first);
    const second = (await chat(openai, QUESTION)).receipt!;
    await recorded(second);
    const list = await api(t, alice, 'GET', '/admin/api/injections?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([second, first]);
    expect(typeof list.body.next_cursor).toBe('string');
    const next = await api(t, alice, 'GET', `/admin/api/injections?limit=2&cursor=${list.body.next_cursor}`);
    expect(next.body.data.map((r: { id: string }) => r.id)).not.toContain(first);

    const other = await insertBelief(t, ALICE, 'The user has a cat named Tom');
    const byBelief = await api(t, alice, 'GET', `/admin/api/injections?belief_id=${home}`);
    expect(byBelief.body.data.map((r: { id: string }) => r.id).slice(0, 2)).toEqual([second, first]);
    expect((await api(t, alice, 'GET', `/admin/api/injections?belief_id=${other}`)).body).toEqual({ data: [], next_cursor: null });

    expect((await api(t, bob, 'GET', '/admin/api/injections')).body.data).toEqual([]);
    expect((await api(t, bob, 'GET', `/admin/api/injections?owner=${ALICE}`)).status).toBe(403);
    expect((await api(t, bob, 'GET', `/admin/api/injections?belief_id=${home}`)).body.data).toEqual([]);
    const asAdmin = await api(t, boss, 'GET', `/admin/api/injections?owner=${ALICE}&limit=1`);
    expect(asAdmin.body.data.map((r: { id: string }) => r.id)).toEqual([second]);
    const adminByBelief = await api(t, boss, 'GET', `/admin/api/injections?belief_id=${home}&limit=2`);
    expect(adminByBelief.body.data.map((r: { id: string }) => r.id)).toEqual([second, first]);
    expect((await api(t, alice, 'GET', '/admin/api/injections?limit=0')).status).toBe(400);
  });

  it('drops receipts older than 30 days and past 10,000 per owner, oldest first, with their links', async () => {
    const old = (await chat(openai, QUESTION)).receipt!;
    await recorded(old);
    await t.sql.run(`UPDATE injections SET created_at = ${isoTimeAgo(t, 31)} WHERE id = ?`, old);
    const fresh = (await chat(openai, QUESTION)).receipt!;
    await recorded(fresh);
    expect(await t.sql.all('SELECT id FROM injections WHERE id = ?', old)).toEqual([]);
    expect(await t.sql.all('SELECT belief_id FROM injection_beliefs WHERE injection_id = ?', old)).toEqual([]);

    await insertBelief(t, CAROL, 'The user prefers metric units', { pinned: true });
    await t.sql.run(
      `INSERT INTO injections (id, owner, created_at, model, scope, query, persona, pinned, relevant, questions, related)
       WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 10050)
       SELECT 'bulk-' || i, ?, ${isoTimeAgo(t, 1, 'i')}, 'oai/m1', '[]', 'q', NULL, '[]', '[]', '[]', '[]' FROM seq`,
      CAROL,
    );
    await t.sql.run(`INSERT INTO injection_beliefs (injection_id, belief_id) VALUES ('bulk-1', 'b-x'), ('bulk-52', 'b-x')`);
    const carol = new OpenAI({ apiKey: await createPat(t, CAROL), baseURL: `${t.url}/v1`, maxRetries: 0 });
    const newest = (await chat(carol, QUESTION)).receipt!;
    await recorded(newest);
    const count = async () => (await t.sql.all<{ n: number }>('SELECT count(*) AS n FROM injections WHERE owner = ?', CAROL))[0]!.n;
    expect(await count()).toBe(10_000);
    const kept = await t.sql.all<{ id: string }>(`SELECT id FROM injections WHERE id IN ('bulk-51', 'bulk-52', ?)`, newest);
    expect(kept.map((r) => r.id).sort()).toEqual(['bulk-52', newest].sort());
    expect(await t.sql.all(`SELECT injection_id FROM injection_beliefs WHERE belief_id = 'b-x'`)).toEqual([{ injection_id: 'bulk-52' }]);
    // Alice's receipts are not counted against Carol's cap.
    expect((await api(t, alice, 'GET', `/admin/api/injections?belief_id=${home}`)).body.data.map((r: { id: string }) => r.id)).toContain(fresh);
  });

  it('purging a belief leaves its id in each receipt, marked purged, and none of its text', async () => {
    const { receipt } = await chat(openai, QUESTION);
    await recorded(receipt!);
    expect((await t.sql.all('SELECT 1 FROM injection_beliefs WHERE belief_id = ?', home)).length).toBeGreaterThan(0);
    expect((await api(t, as.root(), 'DELETE', `/admin/api/beliefs/${home}?purge=1`)).status).toBe(204);
    expect(await t.sql.all('SELECT 1 FROM injection_beliefs WHERE belief_id = ? AND (statement IS NOT NULL OR purged = 0)', home)).toEqual([]);
    const got = await api(t, alice, 'GET', `/admin/api/injections/${receipt}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ relevant: [home], purged: [home], query: '', persona: null });
    expect(JSON.stringify(got.body)).not.toMatch(/Gazelle|bicycle/i);
  });

  it('shows on the receipt page each line as the model read it, event dates included', async () => {
    const owner = `dated.${kind}@example.com`;
    const client = new OpenAI({ apiKey: await createPat(t, owner), baseURL: `${t.url}/v1`, maxRetries: 0 });
    const home = await insertBelief(t, owner, 'The user lives in Lisbon');
    const trip = await insertBelief(t, owner, 'The user cycled across the Alps', { pinned: true });
    await t.sql.run("UPDATE beliefs SET key = 'user.location', event_at = '2026-10' WHERE id = ?", home);
    await t.sql.run("UPDATE beliefs SET event_at = '2025-07-14' WHERE id = ?", trip);
    const { receipt } = await chat(client, 'Plan a ride for me');
    await recorded(receipt!);
    const block = String(fake.requests.find((r) => r.path === '/v1/chat/completions')!.body.messages[0].content);
    for (const seen of ['- The user lives in Lisbon (2026-10)', '- The user cycled across the Alps (2025-07-14)']) expect(block).toContain(seen);
    const got = await api(t, as.user(owner), 'GET', `/admin/api/injections/${receipt}`);
    expect(got.body).toMatchObject({ persona: '- The user lives in Lisbon (2026-10)', pinned: [trip] });
    const html = await (await call(t, `/admin/injections/${receipt}`, { headers: as.user(owner) })).text();
    expect(html).toContain('The user lives in Lisbon (2026-10)');
    expect(html).toContain('The user cycled across the Alps (2025-07-14)');
  });

  it('records a receipt carrying more beliefs than one statement may bind parameters', async () => {
    expect(
      (await putConfig(t, providersConfig(fake, { extraction: { enabled: false, model: null }, injection: { enabled: true, max_beliefs: 150 } }))).status,
    ).toBe(200);
    const DAVE = 'dave@example.com';
    await t.sql.run(
      `INSERT INTO beliefs (id, owner, type, statement, norm_statement, pinned, source_kind, created_at, updated_at)
       WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 130)
       SELECT 'd-' || i, ?, 'fact', 'F' || i, 'f' || i, 1, 'manual', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM seq`,
      DAVE,
    );
    const dave = new OpenAI({ apiKey: await createPat(t, DAVE), baseURL: `${t.url}/v1`, maxRetries: 0 });
    const { injected, receipt } = await chat(dave, QUESTION);
    expect(Number(injected)).toBeGreaterThan(100);
    await recorded(receipt!);
    const got = await api(t, as.user(DAVE), 'GET', `/admin/api/injections/${receipt}`);
    expect(got.body.pinned).toHaveLength(Number(injected));
    expect((await t.sql.all('SELECT 1 FROM injection_beliefs WHERE injection_id = ?', receipt)).length).toBe(Number(injected));
    expect((await t.sql.all('SELECT 1 FROM beliefs WHERE owner = ? AND injected_count = 1', DAVE)).length).toBe(Number(injected));
  });
});
