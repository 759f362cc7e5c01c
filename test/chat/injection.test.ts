import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { createPat, eventually, insertBelief, providersConfig, putConfig } from './setup.ts';

const QUESTION = 'What do you know about where the user lives?';

describe.each(TARGETS)('belief injection and extraction through chat on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let openai: OpenAI;
  let anthropic: Anthropic;
  let aliceHome: string;
  let alicePinned: string;
  let bobHome: string;

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, teamsEnv());
    expect((await putConfig(t, providersConfig(fake))).status).toBe(200);
    const pat = await createPat(t, 'alice@example.com');
    openai = new OpenAI({ apiKey: pat, baseURL: `${t.url}/v1`, maxRetries: 0 });
    anthropic = new Anthropic({ apiKey: pat, baseURL: t.url, maxRetries: 0 });
    aliceHome = await insertBelief(t, 'alice@example.com', 'The user lives in Berlin');
    alicePinned = await insertBelief(t, 'alice@example.com', 'The user prefers metric units', { pinned: true });
    bobHome = await insertBelief(t, 'bob@example.com', 'The user lives in Paris');
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const lastBody = () => fake.requests.filter((r) => r.method === 'POST' && !r.body?.response_format).at(-1)!.body;

  it('injects only the caller’s beliefs as one system block, in every client × provider shape', async () => {
    const oa = await openai.chat.completions
      .create({ model: 'oai/m1', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: QUESTION }] })
      .withResponse();
    expect(Number(oa.response.headers.get('x-belief-store-injected'))).toBe(2);
    const sent = lastBody().messages;
    expect(sent[0].role).toBe('system');
    expect(sent[0].content).toContain('Berlin');
    expect(sent[0].content).toContain('metric units');
    expect(sent[1]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(JSON.stringify(lastBody())).not.toContain('Paris');

    await openai.chat.completions.create({ model: 'ant/c1', messages: [{ role: 'user', content: QUESTION }] });
    expect(lastBody().system).toContain('Berlin');

    const an = await anthropic.messages
      .create({ model: 'ant/c1', max_tokens: 20, system: 'Be brief.', messages: [{ role: 'user', content: QUESTION }] })
      .withResponse();
    expect(an.response.headers.get('x-belief-store-injected')).toBe('2');
    expect(lastBody().system).toMatch(/Berlin[\s\S]*Be brief\.$/);

    await anthropic.messages.create({ model: 'oai/m2', max_tokens: 20, messages: [{ role: 'user', content: QUESTION }] });
    expect(lastBody().messages[0].content).toContain('Berlin');
    for (const r of fake.requests) expect(JSON.stringify(r.body)).not.toContain('Paris');
  });

  it('records injection counts on the injected beliefs only', async () => {
    await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: QUESTION }] });
    const rows = await eventually(async () => {
      const r = await t.sql.all<{ id: string; injected_count: number }>('SELECT id, injected_count FROM beliefs');
      return r.find((b) => b.id === aliceHome)!.injected_count > 0 ? r : null;
    });
    expect(rows.find((b) => b.id === alicePinned)!.injected_count).toBeGreaterThan(0);
    expect(rows.find((b) => b.id === bobHome)!.injected_count).toBe(0);
  });

  it('x-belief-store: off disables injection and extraction for that call', async () => {
    const before = await t.sql.all('SELECT id FROM beliefs');
    const res = await openai.chat.completions
      .create({ model: 'oai/m1', messages: [{ role: 'user', content: `I live in Lisbon. ${QUESTION}` }] }, { headers: { 'x-belief-store': 'off' } })
      .withResponse();
    expect(res.response.headers.get('x-belief-store-injected')).toBe('0');
    expect(JSON.stringify(lastBody())).not.toContain('Berlin');
    expect(lastBody().messages).toHaveLength(1);
    // A later call with extraction on proves the background path ran; the opted-out one left nothing.
    await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'My favourite colour is green.' }] });
    await eventually(async () => (await t.sql.all<{ n: number }>("SELECT count(*) AS n FROM beliefs WHERE statement LIKE '%green%'"))[0]!.n > 0);
    expect(await t.sql.all("SELECT id FROM beliefs WHERE statement LIKE '%Lisbon%'")).toEqual([]);
    expect((await t.sql.all('SELECT id FROM beliefs')).length).toBeGreaterThan(before.length);
  });

  it('queues extraction after a streamed exchange into the caller’s world model', async () => {
    const stream = await anthropic.messages.stream({ model: 'ant/c1', max_tokens: 20, messages: [{ role: 'user', content: 'I work as a carpenter.' }] });
    await stream.finalMessage();
    const rows = await eventually(async () => {
      const r = await t.sql.all<{ owner: string }>("SELECT owner FROM beliefs WHERE statement LIKE '%carpenter%'");
      return r.length ? r : null;
    });
    expect(rows.every((r) => r.owner === 'alice@example.com')).toBe(true);
  });
});
