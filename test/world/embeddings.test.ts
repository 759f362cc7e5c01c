import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { call } from '../support/http.ts';
import { startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { createPat, eventually, OPENAI_KEY, providersConfig, putConfig, rootHeaders } from '../chat/setup.ts';
import { exportArchive, importJson } from '../backup/helpers.ts';
import { api, as } from '../support/as.ts';
import { ALLERGY, HEALTH, MODEL, PARAPHRASE, STATEMENTS } from './embedding-corpus.ts';

const DANA = 'dana@example.com';
const dana = as.user(DANA);

interface Progress {
  model: string | null;
  embedded: number;
  pending: number;
  failed: number;
}

describe.each(TARGETS)('embeddings on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let openai: OpenAI;
  const ids = new Map<string, string>();

  const progress = async () => (await api<Progress>(t, as.root(), 'GET', '/admin/api/embeddings')).body;
  const settled = (model: string) =>
    eventually(async () => {
      const p = await progress();
      return p.model === model && p.pending === 0 ? p : null;
    }, 400);
  const withEmbeddings = (embeddings: { model: string } | null) => providersConfig(fake, { extraction: { enabled: false, model: null }, embeddings });
  /** The statements injected for one chat turn in the health scope. */
  async function injected(question: string): Promise<string> {
    const before = fake.requests.length;
    await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: question }] }, { headers: { 'x-belief-store-scope': HEALTH } });
    const sent = fake.requests.slice(before).find((r) => r.path === '/v1/chat/completions');
    return sent?.body?.messages?.[0]?.role === 'system' ? String(sent.body.messages[0].content) : '';
  }
  const fallbacks = async () => {
    const text = await (await call(t, '/metrics', { headers: rootHeaders() })).text();
    return Number(/^belief_store_embedding_fallbacks_total (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
  };
  /**
   * As injected, for a turn that should be ranked by meaning: a turn whose query embedding missed
   * the 300 ms allowance (a loaded machine) is left to words by contract and counted, so it is asked
   * again, at most three times in all.
   */
  async function injectedInTime(question: string): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const counted = await fallbacks();
      const block = await injected(question);
      if (attempt === 3 || (await fallbacks()) === counted) return block;
    }
  }
  const vectorRows = (model: string) =>
    t.sql.all<{ belief_id: string; text_hash: string }>('SELECT belief_id, text_hash FROM belief_vectors WHERE model = ? AND vector IS NOT NULL', model);

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, teamsEnv());
    expect((await putConfig(t, withEmbeddings(null))).status).toBe(200);
    for (const statement of STATEMENTS) {
      const res = await api(t, dana, 'POST', '/admin/api/beliefs', { statement, scope: HEALTH });
      expect(res.status).toBe(201);
      ids.set(statement, res.body.id);
    }
    openai = new OpenAI({ apiKey: await createPat(t, DANA), baseURL: `${t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  it('refuses an embeddings model of an anthropic-kind or unknown provider, naming the field, and saves nothing', async () => {
    for (const model of ['ant/c1', 'nope/embed']) {
      const res = await putConfig(t, withEmbeddings({ model }));
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('embeddings.model');
    }
    expect((await api(t, as.root(), 'GET', '/admin/api/config')).body.embeddings).toBeNull();
    expect(await progress()).toEqual({ model: null, embedded: 0, pending: 0, failed: 0 });
  });

  it('recalls by words alone without a model: the paraphrase finds nothing', async () => {
    expect(await injected(PARAPHRASE)).not.toContain(ALLERGY);
    expect(fake.embeddings.requests).toHaveLength(0);
  });

  it('backfills every active belief in the background once a model is set, in batches, with the provider key', async () => {
    const usageRows = async () =>
      (await (await call(t, '/admin/api/usage?group_by=purpose', { headers: rootHeaders() })).json()).data as { key: string; requests: number }[];
    const chatBefore = (await usageRows()).find((r) => r.key === 'chat')?.requests ?? 0;
    expect((await putConfig(t, withEmbeddings({ model: MODEL }))).status).toBe(200);
    const done = await settled(MODEL);
    expect(done).toEqual({ model: MODEL, embedded: STATEMENTS.length, pending: 0, failed: 0 });
    expect((await vectorRows(MODEL)).map((r) => r.belief_id).sort()).toEqual([...ids.values()].sort());
    const batch = fake.embeddings.requests.find((r) => Array.isArray(r.body.input) && r.body.input.length > 1);
    expect(batch?.body.model).toBe('glove-100d');
    expect(batch?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    const page = await (await call(t, '/admin/config', { headers: rootHeaders() })).text();
    expect(page).toContain(`${MODEL}: ${STATEMENTS.length} beliefs embedded, 0 pending, 0 failed`);
    const metrics = await (await call(t, '/metrics', { headers: rootHeaders() })).text();
    expect(metrics).toMatch(new RegExp(`^belief_store_embeddings\\{state="embedded"\\} ${STATEMENTS.length}$`, 'm'));
    // The background calls are the service's own, counted for the owner they served under purpose `embeddings`, never as chat.
    const usage = await eventually(async () => {
      const rows = await usageRows();
      const row = rows.find((r) => r.key === 'embeddings');
      return row && row.requests > 0 ? rows : null;
    });
    expect(usage.find((r) => r.key === 'chat')?.requests ?? 0).toBe(chatBefore);
  });

  it('finds a belief by meaning when the question shares no word with it, and not an unrelated one', async () => {
    const block = await injectedInTime(PARAPHRASE);
    expect(block).toContain(ALLERGY);
    expect(block).not.toContain('guitar');
    expect(await injected("What's the capital of Peru?")).not.toContain('The user');
  });

  it('embeds new beliefs and re-embeds an edited one', async () => {
    const created = await api(t, dana, 'POST', '/admin/api/beliefs', { statement: 'The user repairs old clocks', scope: HEALTH });
    expect(created.status).toBe(201);
    await eventually(async () => (await vectorRows(MODEL)).some((r) => r.belief_id === created.body.id), 400);
    const before = (await vectorRows(MODEL)).find((r) => r.belief_id === created.body.id)!.text_hash;
    expect((await api(t, dana, 'PATCH', `/admin/api/beliefs/${created.body.id}`, { statement: 'The user repairs old pocket watches' })).status).toBe(200);
    await eventually(async () => (await vectorRows(MODEL)).find((r) => r.belief_id === created.body.id && r.text_hash !== before), 400);
    expect(await settled(MODEL)).toMatchObject({ embedded: STATEMENTS.length + 1, failed: 0 });
  });

  it('falls back to words when the embedding call fails: a belief without a vector is still found, and the failure is counted', async () => {
    const counted = await fallbacks();
    fake.embeddings.refuse = true;
    try {
      const created = await api(t, dana, 'POST', '/admin/api/beliefs', { statement: 'The user collects vintage postcards', scope: HEALTH });
      await eventually(async () => ((await progress()).failed === 1 ? true : null), 400);
      expect((await vectorRows(MODEL)).some((r) => r.belief_id === created.body.id)).toBe(false);
      const block = await injected('Where can I buy vintage postcards?');
      expect(block).toContain('The user collects vintage postcards');
      expect(await fallbacks()).toBe(counted + 1);
    } finally {
      fake.embeddings.refuse = false;
    }
  });

  it('falls back to words when the query embedding takes longer than 300 ms, counted', async () => {
    const counted = await fallbacks();
    fake.embeddings.delayMs = 1500;
    try {
      expect(await injected(PARAPHRASE)).not.toContain(ALLERGY);
      expect(await fallbacks()).toBe(counted + 1);
    } finally {
      fake.embeddings.delayMs = 0;
    }
    expect(await injectedInTime(PARAPHRASE)).toContain(ALLERGY);
  });

  it('re-embeds everything after a model change and never ranks with another model’s vectors', async () => {
    await t.sql.run("UPDATE belief_vectors SET model = 'oai/another-model'");
    // The query embeds with the configured model; no belief has a vector of it: words alone.
    expect(await injected(PARAPHRASE)).not.toContain(ALLERGY);
    const next = 'oai/glove-100d-v2';
    expect((await putConfig(t, withEmbeddings({ model: next }))).status).toBe(200);
    expect(await settled(next)).toEqual({ model: next, embedded: STATEMENTS.length + 2, pending: 0, failed: 0 });
    expect(
      await t.sql.all(
        "SELECT belief_id FROM belief_vectors WHERE model <> ? AND vector IS NOT NULL AND belief_id IN (SELECT id FROM beliefs WHERE status = 'active')",
        next,
      ),
    ).toEqual([]);
    expect(await injectedInTime(PARAPHRASE)).toContain(ALLERGY);
  });

  it('purging a belief deletes its vector', async () => {
    const id = ids.get('The user plays the guitar in a folk band')!;
    expect((await api(t, as.root(), 'DELETE', `/admin/api/beliefs/${id}?purge=1`)).status).toBe(204);
    expect(await t.sql.all('SELECT belief_id FROM belief_vectors WHERE belief_id = ?', id)).toEqual([]);
  });

  it('keeps vectors out of the backup: a restore into a fresh instance embeds the beliefs again', async () => {
    const archive = await exportArchive(t);
    const fresh = await startTarget(kind, teamsEnv());
    try {
      expect((await importJson(fresh, archive)).status).toBe(200);
      const active = await fresh.sql.all("SELECT id FROM beliefs WHERE status = 'active'");
      const done = await eventually(async () => {
        const p = (await api<Progress>(fresh, as.root(), 'GET', '/admin/api/embeddings')).body;
        return p.model !== null && p.pending === 0 ? p : null;
      }, 400);
      expect(done).toEqual({ model: 'oai/glove-100d-v2', embedded: active.length, pending: 0, failed: 0 });
    } finally {
      await fresh.stop();
    }
  });
});
