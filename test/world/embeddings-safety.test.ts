import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { bearer, call } from '../support/http.ts';
import { SCIM_TOKEN, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { createPat, eventually, providersConfig, putConfig, rootHeaders } from '../chat/setup.ts';
import { api, as } from '../support/as.ts';
import { ALLERGY, HEALTH, MODEL, PARAPHRASE, STATEMENTS } from './embedding-corpus.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TARGETS)('belief vectors follow their beliefs on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let scimId: string;

  const scim = (method: string, path: string, json?: unknown) => call(t, `/scim/v2${path}`, { method, headers: bearer(SCIM_TOKEN), json });
  const vectorOwners = async () =>
    (await t.sql.all<{ owner: string }>('SELECT DISTINCT owner FROM belief_vectors WHERE vector IS NOT NULL ORDER BY owner')).map((r) => r.owner);
  const vectorOf = (id: string) => t.sql.all<{ vector: unknown }>('SELECT vector FROM belief_vectors WHERE belief_id = ?', id);
  const progress = async () => (await api(t, as.root(), 'GET', '/admin/api/embeddings')).body as { embedded: number; pending: number; failed: number };
  const embeddedTexts = (from: number) =>
    fake.embeddings.requests.slice(from).flatMap((r) => (Array.isArray(r.body.input) ? r.body.input : [r.body.input]) as string[]);
  const fallbacks = async () => {
    const text = await (await call(t, '/metrics', { headers: rootHeaders() })).text();
    return Number(/^belief_store_embedding_fallbacks_total (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
  };
  /**
   * Whether a paraphrase of the allergy reaches the model. A turn whose query embedding missed the
   * 300 ms allowance (a loaded machine) is left to words by contract and counted; it is asked again,
   * at most three times in all.
   */
  async function recalls(user: string): Promise<boolean> {
    const openai = new OpenAI({ apiKey: await createPat(t, user), baseURL: `${t.url}/v1`, maxRetries: 0 });
    for (let attempt = 1; ; attempt++) {
      const [before, counted] = [fake.requests.length, await fallbacks()];
      await openai.chat.completions.create(
        { model: 'oai/m1', messages: [{ role: 'user', content: PARAPHRASE }] },
        { headers: { 'x-belief-store-scope': HEALTH } },
      );
      const sent = fake.requests.slice(before).find((r) => r.path === '/v1/chat/completions');
      const found = JSON.stringify(sent?.body?.messages ?? []).includes(ALLERGY);
      if (found || attempt === 3 || (await fallbacks()) === counted) return found;
    }
  }
  async function create(user: string, statement: string): Promise<string> {
    const res = await api(t, as.user(user), 'POST', '/admin/api/beliefs', { statement, scope: HEALTH });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, teamsEnv());
    const created = await scim('POST', '/Users', { userName: 'carol@example.com' });
    expect(created.status).toBe(201);
    scimId = ((await created.json()) as { id: string }).id;
    for (const statement of STATEMENTS) await create('carol@example.com', statement);
    expect((await putConfig(t, providersConfig(fake, { extraction: { enabled: false, model: null }, embeddings: { model: MODEL } }))).status).toBe(200);
    await eventually(async () => ((await progress()).embedded === STATEMENTS.length ? true : null), 400);
  });
  afterAll(async () => {
    fake?.release();
    await t?.stop();
    await fake?.close();
  });

  it('moves vectors with a SCIM rename, a SCIM delete to the archive and an archive restore: recall by meaning follows the person', async () => {
    expect(await vectorOwners()).toEqual(['carol@example.com']);
    expect(await recalls('carol@example.com')).toBe(true);
    expect((await scim('PUT', `/Users/${scimId}`, { userName: 'carol.new@example.com', active: true })).status).toBe(200);
    expect(await vectorOwners()).toEqual(['carol.new@example.com']);
    expect(await recalls('carol.new@example.com')).toBe(true);
    expect((await scim('DELETE', `/Users/${scimId}`)).status).toBe(204);
    const archive = `~deleted/${scimId}/carol.new@example.com`;
    expect(await vectorOwners()).toEqual([archive]);
    expect((await api(t, as.user('dave@example.com'), 'GET', '/admin/api/me')).status).toBe(200);
    expect((await api(t, as.root(), 'POST', '/admin/api/users/restore', { archive, user_name: 'dave@example.com' })).status).toBe(200);
    expect(await vectorOwners()).toEqual(['dave@example.com']);
    expect(await recalls('dave@example.com')).toBe(true);
  });

  it('writes no vector for a belief purged while its embedding call is under way', async () => {
    fake.embeddings.hold = true;
    const statement = 'The user keeps bees on the roof';
    let id: string;
    try {
      const from = fake.embeddings.requests.length;
      id = await create('dave@example.com', statement);
      await eventually(async () => embeddedTexts(from).some((x) => x.startsWith(statement)), 400);
      expect((await api(t, as.user('dave@example.com'), 'DELETE', `/admin/api/beliefs/${id}?purge=1`)).status).toBe(204);
    } finally {
      fake.embeddings.hold = false;
      fake.release();
    }
    // The queue writes one batch at a time: once a later belief has its vector, the purged one's write is past.
    const later = await create('dave@example.com', 'The user paints watercolours');
    await eventually(async () => ((await vectorOf(later)).length > 0 ? true : null), 400);
    expect(await vectorOf(id)).toEqual([]);
  });

  it('marks a belief failed, not embedded, when its answer is unusable: past float32, too many dimensions, or too many bytes', async () => {
    const unit = (n: number, first = 0.5) => [first, ...Array.from({ length: n - 1 }, () => 0.01)];
    fake.embeddings.answer = (inputs) => {
      if (inputs.some((x) => x.includes('enormous'))) return JSON.stringify({ data: inputs.map((_, index) => ({ index, embedding: unit(100_000) })) });
      return JSON.stringify({
        data: inputs.map((x, index) => ({ index, embedding: x.includes('float32') ? unit(100, 1e39) : x.includes('dimensions') ? unit(9000) : unit(100) })),
      });
    };
    try {
      const failedBefore = (await progress()).failed;
      const ids: string[] = [];
      for (const [i, statement] of ['The user measures beyond float32', 'The user counts dimensions', 'The user owns an enormous atlas'].entries()) {
        ids.push(await create('dave@example.com', statement));
        await eventually(async () => ((await progress()).failed === failedBefore + i + 1 ? true : null), 400);
      }
      for (const id of ids) expect(await vectorOf(id)).toEqual([{ vector: null }]);
    } finally {
      fake.embeddings.answer = null;
    }
  });

  it('does not rescan every owner after a belief is created and purged (failed beliefs wait for their retry)', async () => {
    const failed = (await progress()).failed;
    expect(failed).toBeGreaterThan(0);
    const created = await create('dave@example.com', 'The user bakes sourdough bread');
    await eventually(async () => ((await vectorOf(created)).length > 0 ? true : null), 400);
    const from = fake.embeddings.requests.length;
    expect((await api(t, as.user('dave@example.com'), 'DELETE', `/admin/api/beliefs/${created}?purge=1`)).status).toBe(204);
    for (let i = 0; i < 5; i++) {
      await sleep(600);
      await progress();
    }
    expect(embeddedTexts(from)).toEqual([]);
    expect((await progress()).failed).toBe(failed);
  });

  it('starts no embedding pass for anonymous or refused requests', async () => {
    await sleep(2500);
    const id = 'zz-written-by-hand';
    const at = new Date().toISOString();
    await t.sql.run(
      `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, scope, pinned, confidence, status, source_kind, created_at, updated_at, reinforced_count, injected_count)
       VALUES (?, 'dave@example.com', 'fact', NULL, 'The user sails a small boat', 'the user sails a small boat', 'universal', 0, 0.8, 'active', 'manual', ?, ?, 0, 0)`,
      id,
      at,
      at,
    );
    await t.sql.run(`INSERT INTO belief_history (id, belief_id, event, at, actor, detail) VALUES ('zz-h', ?, 'created', ?, NULL, NULL)`, id, at);
    const from = fake.embeddings.requests.length;
    for (let i = 0; i < 10; i++) {
      await call(t, '/healthz');
      await call(t, '/admin/api/me', { headers: bearer('not-a-token') });
      await sleep(250);
    }
    expect(embeddedTexts(from)).toEqual([]);
    await progress();
    await eventually(async () => ((await vectorOf(id)).length > 0 ? true : null), 400);
  });
});
