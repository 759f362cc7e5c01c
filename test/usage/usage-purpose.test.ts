import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { as } from '../support/as.ts';
import { usageRows, zero } from './rows.ts';
import { createPat, eventually, providersConfig, putConfig } from '../chat/setup.ts';
import type { FakeProvider } from '../support/fake-provider.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { scim } from '../scim/support.ts';
import { recordServiceCall } from '../../lib/providers/accounting.ts';
import { openaiFor } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { noExtraction } from '../support/providers.ts';

const ALICE = 'alice@example.com';
const BOSS = 'boss@example.com';
async function chat(t: Target, pat: string, content: string): Promise<void> {
  const client = openaiFor(t, pat);
  await client.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content }] });
}

describe.each(TARGETS)('usage by purpose on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let pat: string;
  const extractionCalls = () => fake.requests.filter((r) => r.body?.response_format?.json_schema?.name === 'belief_extraction').length;

  useProviderTarget(kind, (s) => ({ t, fake } = s), { config: (fake) => providersConfig(fake, { extraction: { enabled: true, model: 'oai/m2' } }) });
  beforeAll(async () => {
    pat = await createPat(t, ALICE);
    await chat(t, pat, 'I live in Lisbon.');
    await eventually(async () => extractionCalls() === 1);
  });

  it('counts the extraction call for the owner it served under its purpose, not in the chat rows', async () => {
    const purposes = await eventually(async () => {
      const rows = await usageRows(t, as.user(ALICE), '?group_by=purpose');
      return rows.find((r) => r.key === 'extraction')!.requests === 1 && rows;
    });
    expect(purposes).toEqual([
      { key: 'chat', requests: 1, errors: 0, prompt_tokens: 11, completion_tokens: 7, injected: 0 },
      { key: 'extraction', requests: 1, errors: 0, prompt_tokens: 11, completion_tokens: 7, injected: 0 },
      zero('persona'),
      zero('embeddings'),
    ]);
    expect(await usageRows(t, as.user(ALICE), '?group_by=user')).toEqual([
      { key: ALICE, requests: 1, errors: 0, prompt_tokens: 11, completion_tokens: 7, injected: 0 },
    ]);
    expect((await usageRows(t, as.user(ALICE), '?group_by=model')).map((r) => [r.key, r.requests])).toEqual([['oai/m1', 1]]);
    expect((await usageRows(t, as.user(ALICE), '?group_by=model&purpose=extraction')).map((r) => [r.key, r.requests])).toEqual([['oai/m2', 1]]);
    const rows = await t.sql.all<{ token_id: string; purpose: string }>(
      'SELECT token_id, purpose FROM usage_daily WHERE user_name = ? ORDER BY purpose',
      ALICE,
    );
    expect(rows.map((r) => [r.purpose, r.token_id === ''])).toEqual([
      ['chat', false],
      ['extraction', true],
    ]);
  });

  it('draws the purposes beside chat on the overview, and the Config page recommends an extraction model', async () => {
    const res = await call(t, '/admin', { headers: as.user(ALICE) });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="chart-requests"');
    const cell = (purpose: string) => html.match(new RegExp(`data-purpose="${purpose}">.*?data-testid="purpose-requests">(\\d+)<`))?.[1];
    expect([cell('chat'), cell('extraction'), cell('persona'), cell('embeddings')]).toEqual(['1', '1', '0', '0']);
    expect(html).toMatch(/data-testid="chart-service-calls"[^>]*>\s*<title[^>]*>[^<]*: 1 in 30 days/);
    const config = await (await call(t, '/admin/config', { headers: as.user(BOSS) })).text();
    const hint = config.match(/data-testid="extraction-model-hint">([\s\S]*?)<\/p>/)?.[1] ?? '';
    expect(hint).toMatch(/Recommended/);
    // The persona never calls a model (README, docs/api.md): the page must not say it costs one.
    expect(hint).toMatch(/persona is built from the beliefs themselves, without a model call/);
    expect(hint).not.toMatch(/persona summary/);
    for (const covered of ['identity', 'work', 'home', 'family', 'pets', 'health', 'diet', 'languages', 'plans', 'corrections'])
      expect(hint).toContain(covered);
  });

  it('builds the persona without a model call: nothing is counted under persona', async () => {
    const created = await call(t, '/admin/api/beliefs', {
      method: 'POST',
      headers: as.user(ALICE),
      json: { statement: 'Alice keeps bees', key: 'user.hobby.bees' },
    });
    expect(created.status).toBe(201);
    const res = await call(t, `/admin/api/persona?owner=${encodeURIComponent(ALICE)}`, { headers: as.root() });
    expect(res.status).toBe(200);
    const extractedBefore = (await usageRows(t, as.user(ALICE), '?group_by=purpose')).find((r) => r.key === 'extraction')!.requests;
    await chat(t, pat, 'What should I do this weekend?');
    // Wait for this chat's own extraction: the next test changes the extraction model, and a call still
    // in flight would be counted under it.
    const extraction = await eventually(async () => {
      const row = (await usageRows(t, as.user(ALICE), '?group_by=purpose')).find((r) => r.key === 'extraction')!;
      return row.requests > extractedBefore && row;
    });
    expect(extraction.requests).toBe(extractedBefore + 1);
    expect((await usageRows(t, as.user(ALICE), '?group_by=purpose')).find((r) => r.key === 'persona')).toEqual(zero('persona'));
  });

  it('counts a failed extraction call as an error of its purpose and model', async () => {
    const dead = { id: 'dead', kind: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-dead-key-0000', models: ['x'] };
    const config = providersConfig(fake, { extraction: { enabled: true, model: 'dead/x' } });
    expect((await putConfig(t, { ...config, providers: [...config.providers, dead] })).status).toBe(200);
    await chat(t, pat, 'I work at Acme.');
    const failed = await eventually(async () => (await usageRows(t, as.user(ALICE), '?group_by=model&purpose=extraction')).find((r) => r.key === 'dead/x'));
    expect(failed).toEqual({ key: 'dead/x', requests: 1, errors: 1, prompt_tokens: 0, completion_tokens: 0, injected: 0 });
  });

  it('answers every purpose, for admins everyone’s, and refuses an unknown purpose naming it', async () => {
    expect((await usageRows(t, as.user(BOSS), '?group_by=purpose')).map((r) => r.key)).toEqual(['chat', 'extraction', 'persona', 'embeddings']);
    expect(await usageRows(t, as.user(BOSS), '?group_by=purpose&from=2000-01-01&to=2000-01-02')).toEqual(
      ['chat', 'extraction', 'persona', 'embeddings'].map(zero),
    );
    const res = await call(t, '/admin/api/usage?group_by=day&purpose=training', { headers: as.user(BOSS) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^purpose: /);
    const other = await call(t, `/admin/api/usage?owner=${encodeURIComponent(BOSS)}`, { headers: as.user(ALICE) });
    expect(other.status).toBe(403);
  });

  // In process: a flush started by the buffer's timer holds the rows while a reader's flush runs.
  it.skipIf(kind !== 'node' && kind !== 'node-pg')('lets a reader see counts a timer flush is still writing', async () => {
    const chats = async () => {
      const [row] = await t.sql.all<{ n: number }>("SELECT SUM(requests) AS n FROM usage_daily WHERE user_name = ? AND purpose = 'chat'", ALICE);
      return Number(row!.n);
    };
    const buffer = t.node!.deps.services.usage;
    await buffer.flush();
    const before = await chats();
    const client = openaiFor(t, pat);
    await client.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'x-belief-store': 'off' } });
    const timer = buffer.flush();
    await buffer.flush();
    expect(await chats()).toBe(before + 1);
    await timer;
  });
});

describe.each(TARGETS)('usage of a userName deleted and provisioned again on %s', (kind) => {
  let t: Target;
  useProviderTarget(kind, (s) => ({ t } = s), { config: noExtraction });
  const REHIRED = 'rehired@example.com';

  it('starts the new person at zero while admins see the old counts under the archive owner', async () => {
    const first = await scim(t, 'POST', '/Users', { userName: 'Rehired@Example.com' });
    expect(first.status).toBe(201);
    const oldPat = await createPat(t, REHIRED);
    await chat(t, oldPat, 'hello');
    expect((await usageRows(t, as.user(REHIRED), '?group_by=user')).map((r) => [r.key, r.requests])).toEqual([[REHIRED, 1]]);
    // Still buffered when the userName changes hands: counted for the person who sent it.
    await chat(t, oldPat, 'hello again');
    expect((await scim(t, 'DELETE', `/Users/${first.body.id}`)).status).toBe(204);
    expect((await scim(t, 'POST', '/Users', { userName: 'rehired@example.com' })).status).toBe(201);

    expect(await usageRows(t, as.user(REHIRED), '?group_by=user')).toEqual([]);
    expect(await usageRows(t, as.user(REHIRED), '?group_by=day')).toEqual([]);
    expect((await usageRows(t, as.user(REHIRED), '?group_by=purpose')).every((r) => r.requests === 0)).toBe(true);
    const archive = `~deleted/${first.body.id}/${REHIRED}`;
    expect((await usageRows(t, as.root(), '?group_by=user')).map((r) => [r.key, r.requests])).toEqual([[archive, 2]]);
    expect((await usageRows(t, as.root(), `?group_by=day&owner=${encodeURIComponent(archive)}`)).map((r) => r.requests)).toEqual([2]);

    await chat(t, await createPat(t, REHIRED), 'first day');
    expect((await usageRows(t, as.user(REHIRED), '?group_by=user')).map((r) => [r.key, r.requests])).toEqual([[REHIRED, 1]]);
    const everyone = await usageRows(t, as.root(), '?group_by=user');
    expect(everyone.map((r) => [r.key, r.requests])).toEqual([
      [archive, 2],
      [REHIRED, 1],
    ]);
    expect((await usageRows(t, as.root(), `?group_by=user&owner=${encodeURIComponent(REHIRED)}`)).map((r) => [r.key, r.requests])).toEqual([[REHIRED, 1]]);
  });

  // In process: a model call under way when its user is deleted ends after the deletion.
  it.skipIf(kind !== 'node')('counts a service call that ends after the deletion for the deleted person', async () => {
    const created = await scim(t, 'POST', '/Users', { userName: 'leaver@example.com' });
    expect((await scim(t, 'DELETE', `/Users/${created.body.id}`)).status).toBe(204);
    await recordServiceCall(t.node!.deps, {
      owner: 'leaver@example.com',
      purpose: 'extraction',
      model: 'oai/m1',
      usage: { prompt_tokens: 5, completion_tokens: 2 },
    });
    const archive = `~deleted/${created.body.id}/leaver@example.com`;
    expect((await usageRows(t, as.root(), `?group_by=purpose&owner=${encodeURIComponent(archive)}`)).find((r) => r.key === 'extraction')).toEqual({
      key: 'extraction',
      requests: 1,
      errors: 0,
      prompt_tokens: 5,
      completion_tokens: 2,
      injected: 0,
    });
    expect((await scim(t, 'POST', '/Users', { userName: 'leaver@example.com' })).status).toBe(201);
    expect((await usageRows(t, as.user('leaver@example.com'), '?group_by=purpose')).every((r) => r.requests === 0)).toBe(true);
  });

  it('follows a person renamed by the IdP', async () => {
    const created = await scim(t, 'POST', '/Users', { userName: 'mover@example.com' });
    await chat(t, await createPat(t, 'mover@example.com'), 'hello');
    const renamed = await scim(t, 'PATCH', `/Users/${created.body.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'userName', value: 'moved@example.com' }],
    });
    expect(renamed.status).toBe(200);
    expect((await usageRows(t, as.user('moved@example.com'), '?group_by=user')).map((r) => [r.key, r.requests])).toEqual([['moved@example.com', 1]]);
    expect((await usageRows(t, as.root(), '?group_by=user')).some((r) => r.key.includes('mover@'))).toBe(false);
  });
});

describe('schema 0021 on a data dir with usage counted before it (node)', () => {
  it('keeps every row as chat of whoever held the userName, and counts on into the same rows', async () => {
    const BetterSqlite3 = (await import('better-sqlite3')).default;
    const { migrate, readMigrations } = await import('../../lib/db/sqlite/migrations.ts');
    const raw = new BetterSqlite3(':memory:');
    try {
      migrate(
        raw,
        readMigrations().filter((m) => m.name < '0021'),
      );
      raw
        .prepare("INSERT INTO usage_daily (day, user_name, token_id, model, requests, prompt_tokens) VALUES ('2026-11-01', ?, 'tok', 'oai/m1', 3, 30)")
        .run(ALICE);
      migrate(raw);
      expect(raw.prepare('SELECT user_name, generation, token_id, purpose, requests, prompt_tokens FROM usage_daily').all()).toEqual([
        { user_name: ALICE, generation: '', token_id: 'tok', purpose: 'chat', requests: 3, prompt_tokens: 30 },
      ]);
      raw
        .prepare(
          "INSERT INTO usage_daily (day, user_name, generation, token_id, model, purpose, requests) VALUES ('2026-11-01', ?, '', 'tok', 'oai/m1', 'extraction', 1)",
        )
        .run(ALICE);
      expect(raw.prepare('SELECT count(*) AS n FROM usage_daily').get()).toEqual({ n: 2 });
    } finally {
      raw.close();
    }
  });
});
