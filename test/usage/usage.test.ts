import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { as, type Caller } from '../support/as.ts';
import { useProviderTarget } from '../support/suites.ts';
import { usageRows } from './rows.ts';
import { createPat, insertBelief, providersConfig, putConfig } from '../chat/setup.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { anthropicFor, openaiFor } from '../support/providers.ts';

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const BOSS = 'boss@example.com';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(TARGETS)('usage accounting on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let aliceFirst: string;
  let aliceSecond: string;
  let injected = 0;

  const usage = (caller: Caller, query: string) => usageRows(t, caller, query);

  useProviderTarget(kind, (s) => ({ t, fake } = s));
  beforeAll(async () => {
    await t.sql.run(
      "INSERT INTO usage_daily (day, user_name, token_id, model, requests) VALUES (?, 'old@example.com', '', 'oai/m1', 5), (?, 'old@example.com', '', 'oai/m1', 3)",
      daysAgo(500),
      daysAgo(300),
    );
    aliceFirst = await createPat(t, ALICE);
    aliceSecond = await createPat(t, ALICE);
    await insertBelief(t, ALICE, 'Alice prefers tea over coffee', { pinned: true });

    const first = openaiFor(t, aliceFirst);
    const second = openaiFor(t, aliceSecond);
    const anthropic = anthropicFor(t, aliceSecond);
    const messages = [{ role: 'user' as const, content: 'What do I like to drink?' }];

    for (let i = 0; i < 2; i++) {
      const { response } = await first.chat.completions.create({ model: 'oai/m1', messages }).withResponse();
      injected += Number(response.headers.get('x-belief-store-injected'));
    }
    const stream = await second.chat.completions.create({ model: 'oai/m1', messages, stream: true, stream_options: { include_usage: true } }).withResponse();
    injected += Number(stream.response.headers.get('x-belief-store-injected'));
    for await (const _ of stream.data);
    // Translated stream without include_usage: the Anthropic provider reports usage anyway.
    for await (const _ of await second.chat.completions.create({ model: 'ant/c1', messages, stream: true }));
    const anthropicStream = await anthropic.messages.create({ model: 'ant/c1', max_tokens: 50, messages, stream: true }).withResponse();
    for await (const _ of anthropicStream.data);
    await anthropic.messages.create({ model: 'oai/m2', max_tokens: 50, messages });

    const bob = await createPat(t, BOB);
    const bobClient = openaiFor(t, bob);
    await bobClient.chat.completions.create({ model: 'oai/m1', messages }, { headers: { 'x-belief-store': 'off' } });
    fake.failNext({ status: 500, body: { error: { message: 'boom' } } });
    await expect(bobClient.chat.completions.create({ model: 'oai/m1', messages }, { headers: { 'x-belief-store': 'off' } })).rejects.toThrow();
  });

  it('counts requests, provider-reported tokens and injected beliefs per model, streamed and not', async () => {
    const rows = await usage(as.user(ALICE), '?group_by=model');
    expect(injected).toBeGreaterThan(0);
    expect(rows).toEqual([
      { key: 'oai/m1', requests: 3, errors: 0, prompt_tokens: 33, completion_tokens: 21, injected: expect.any(Number) },
      { key: 'ant/c1', requests: 2, errors: 0, prompt_tokens: 22, completion_tokens: 14, injected: expect.any(Number) },
      { key: 'oai/m2', requests: 1, errors: 0, prompt_tokens: 11, completion_tokens: 7, injected: expect.any(Number) },
    ]);
    expect(rows[0]!.injected).toBe(injected);
  });

  it('keeps the service’s own extraction calls out of the callers’ rows', async () => {
    const chats = fake.requests.filter((r) => r.method === 'POST').length;
    const all = await usage(as.root(), '?group_by=user');
    const counted = all.filter((r) => r.key !== 'old@example.com').reduce((n, r) => n + r.requests, 0);
    expect(counted).toBe(8);
    expect(chats).toBeGreaterThanOrEqual(8);
  });

  it('records one row per PAT and counts failed upstream calls as errors', async () => {
    const rows = await t.sql.all<{ token_id: string; requests: number }>(
      'SELECT token_id, SUM(requests) AS requests FROM usage_daily WHERE user_name = ? GROUP BY token_id ORDER BY requests DESC',
      ALICE,
    );
    expect(rows.map((r) => Number(r.requests))).toEqual([4, 2]);
    const bob = await usage(as.user(BOB), '?group_by=day');
    expect(bob).toEqual([{ key: today(), requests: 2, errors: 1, prompt_tokens: 11, completion_tokens: 7, injected: 0 }]);
  });

  it('shows users their own usage and admins everyone’s', async () => {
    expect((await usage(as.user(ALICE), '?group_by=user')).map((r) => r.key)).toEqual([ALICE]);
    expect((await usage(as.user(BOSS), '?group_by=user')).map((r) => r.key).sort()).toEqual([ALICE, BOB]);
    const wide = await usage(as.user(BOSS), `?group_by=user&from=${daysAgo(420)}&to=${today()}`);
    expect(wide.find((r) => r.key === 'old@example.com')?.requests).toBe(3);
    expect(await usage(as.user(BOSS), '?group_by=user&from=2000-01-01&to=2000-01-02')).toEqual([]);
  });

  it('prunes days past the retention', async () => {
    const left = await t.sql.all<{ day: string }>("SELECT day FROM usage_daily WHERE user_name = 'old@example.com'");
    expect(left.map((r) => r.day)).toEqual([daysAgo(300)]);
  });

  it('refuses malformed parameters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?from=2026-13-01', 'from'],
      ['?to=2026-02-30', 'to'],
      ['?from=yesterday', 'from'],
      ['?from=2026-05-02&to=2026-05-01', 'from'],
      ['?group_by=token', 'group_by'],
    ];
    for (const [query, field] of cases) {
      const res = await call(t, `/admin/api/usage${query}`, { headers: as.user(ALICE) });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message.startsWith(`${field}:`)).toBe(true);
    }
  });

  it('is refused to PATs', async () => {
    expect((await call(t, '/admin/api/usage', { headers: { authorization: `Bearer ${aliceFirst}` } })).status).toBe(403);
  });
});

describe('usage at shutdown (node)', () => {
  it('writes the buffered counts when the server closes', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const BetterSqlite3 = (await import('better-sqlite3')).default;
    const fake = await startFakeProvider();
    const dir = mkdtempSync(join(tmpdir(), 'bs-usage-'));
    try {
      const t = await startTarget('node', teamsEnv(), dir);
      expect((await putConfig(t, providersConfig(fake))).status).toBe(200);
      const pat = await createPat(t, ALICE);
      const res = await call(t, '/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${pat}`, 'x-belief-store': 'off' },
        json: { model: 'oai/m1', messages: [{ role: 'user', content: 'hi' }] },
      });
      expect(res.status).toBe(200);
      await t.stop();
      const db = new BetterSqlite3(join(dir, 'belief-store.db'));
      const rows = db.prepare('SELECT user_name, model, requests, prompt_tokens FROM usage_daily').all();
      db.close();
      expect(rows).toEqual([{ user_name: ALICE, model: 'oai/m1', requests: 1, prompt_tokens: 11 }]);
    } finally {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
