import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { createPat, eventually, insertBelief, providersConfig, putConfig } from './setup.ts';
import { openaiFor } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';

const QUESTION = 'What do you know about where the user lives?';

describe.each(TARGETS)('belief injection and extraction through chat on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let openai: OpenAI;
  let anthropic: Anthropic;
  let pat: string;
  let aliceHome: string;
  let alicePinned: string;
  let bobHome: string;

  useProviderTarget(kind, (s) => ({ t, fake, pat, openai, anthropic } = s), { user: 'alice@example.com' });
  beforeAll(async () => {
    aliceHome = await insertBelief(t, 'alice@example.com', 'The user lives in Berlin');
    alicePinned = await insertBelief(t, 'alice@example.com', 'The user prefers metric units', { pinned: true });
    bobHome = await insertBelief(t, 'bob@example.com', 'The user lives in Paris');
  });
  beforeEach(() => fake.reset());

  const lastBody = () => fake.requests.filter((r) => r.method === 'POST' && !r.body?.response_format).at(-1)!.body;

  it('injects only the caller’s beliefs as one system block, in every client × provider shape', async () => {
    const oa = await openai.chat.completions
      .create({
        model: 'oai/m1',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: QUESTION },
        ],
      })
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

  it('refuses a malformed x-belief-store-scope with a 400 naming it, in the caller’s shape, forwarding nothing', async () => {
    for (const bad of ['domain:', 'domain:work,', 'domain:wörk', 'domain:work;universal', 'everywhere', 'domain:a b']) {
      const oa = await openai.chat.completions
        .create({ model: 'oai/m1', messages: [{ role: 'user', content: QUESTION }] }, { headers: { 'x-belief-store-scope': bad } })
        .then(
          () => null,
          (e: unknown) => e as { status: number; error: { code: string; message: string } },
        );
      expect(oa?.status).toBe(400);
      expect(oa?.error.message).toContain('x-belief-store-scope');
      const an = await fetch(`${t.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': pat, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', 'x-belief-store-scope': bad },
        body: JSON.stringify({ model: 'ant/c1', max_tokens: 20, messages: [{ role: 'user', content: QUESTION }] }),
      });
      expect(an.status).toBe(400);
      const body = await an.json();
      expect(body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
      expect(body.error.message).toContain('x-belief-store-scope');
    }
    expect(fake.requests).toEqual([]);
  });

  it('injects domain beliefs for the header’s scopes, else the PAT’s default scope', async () => {
    const at = new Date().toISOString();
    await t.sql.run(
      `INSERT INTO beliefs (id, owner, type, statement, norm_statement, scope, pinned, status, source_kind, created_at, updated_at) VALUES (?, 'alice@example.com', 'fact', 'The team deploys on Fridays', 'the team deploys on fridays', 'domain:work', 1, 'active', 'manual', ?, ?)`,
      crypto.randomUUID(),
      at,
      at,
    );
    const ask = async (client: OpenAI, scope?: string) => {
      await client.chat.completions.create(
        { model: 'oai/m1', messages: [{ role: 'user', content: 'Hi' }] },
        scope === undefined ? {} : { headers: { 'x-belief-store-scope': scope } },
      );
      return JSON.stringify(lastBody().messages[0]);
    };
    expect(await ask(openai)).not.toContain('Fridays');
    expect(await ask(openai, 'domain:work')).toContain('Fridays');
    expect(await ask(openai, 'universal, domain:work')).toContain('Fridays');
    expect(await ask(openai, 'domain:home')).not.toContain('Fridays');
    const scoped = await createPat(t, 'alice@example.com');
    await t.sql.run(`UPDATE api_tokens SET scope = 'domain:work' WHERE token_hash = ?`, sha256Hex(scoped));
    const scopedClient = openaiFor(t, scoped);
    expect(await ask(scopedClient)).toContain('Fridays');
    expect(await ask(scopedClient, 'domain:home')).not.toContain('Fridays');
    await t.sql.run(`DELETE FROM beliefs WHERE statement = 'The team deploys on Fridays'`);
  });

  it('learns from a chat in the request’s single domain scope, else the PAT’s, else universal', async () => {
    const scopeOf = (statement: string) =>
      eventually(async () => (await t.sql.all<{ scope: string }>('SELECT scope FROM beliefs WHERE statement = ?', statement))[0]?.scope ?? null);
    const say = (client: OpenAI, content: string, scope?: string) =>
      client.chat.completions.create(
        { model: 'oai/m1', messages: [{ role: 'user', content }] },
        scope === undefined ? {} : { headers: { 'x-belief-store-scope': scope } },
      );

    await say(openai, 'I play the cello.', 'domain:music');
    expect(await scopeOf('The user plays the cello')).toBe('domain:music');
    await say(openai, 'I speak Danish.', 'domain:travel, domain:work');
    expect(await scopeOf('The user speaks Danish')).toBe('universal');
    const scoped = await createPat(t, 'alice@example.com');
    await t.sql.run(`UPDATE api_tokens SET scope = 'domain:home' WHERE token_hash = ?`, sha256Hex(scoped));
    await say(openaiFor(t, scoped), 'I own a cat.');
    expect(await scopeOf('The user has a cat')).toBe('domain:home');
    await say(openai, 'I speak Finnish.');
    expect(await scopeOf('The user speaks Finnish')).toBe('universal');
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
  it('learns nothing from the very next chat once the stored config turns extraction off, and learns again once it is back on', async () => {
    const [row] = await t.sql.all<{ config: string }>('SELECT config FROM runtime_config');
    const off = JSON.parse(row!.config);
    off.extraction.enabled = false;
    // Changed in the database, not through the API: nothing the service holds may outlive it.
    await t.sql.run('UPDATE runtime_config SET config = ?', JSON.stringify(off));
    try {
      await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'My favourite colour is teal.' }] });
    } finally {
      await t.sql.run('UPDATE runtime_config SET config = ?', row!.config);
    }
    // Extractions run in order: once this later one is learned, the one before would have been.
    await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'I work as a baker.' }] });
    await eventually(async () => (await t.sql.all("SELECT id FROM beliefs WHERE statement LIKE '%baker%'")).length > 0);
    expect(await t.sql.all("SELECT id FROM beliefs WHERE statement LIKE '%teal%'")).toEqual([]);
  });

  it('never waits behind the owner’s world-model actor: a busy actor still leaves the persona injected', async () => {
    const slow = await startFakeProvider();
    try {
      slow.delayMs = 2000;
      slow.extraction = { beliefs: [{ type: 'fact', key: 'user.employer', statement: 'The user works at Globex', confidence: 0.9 }] };
      const config = providersConfig(fake);
      config.providers.push({ id: 'ext', kind: 'openai', base_url: `${slow.url}/v1`, api_key: 'sk-ext-key-CCCC9012', models: ['x1'] });
      expect((await putConfig(t, { ...config, extraction: { enabled: true, model: 'ext/x1' } })).status).toBe(200);
      // This exchange's extraction holds alice's actor until the slow extraction model answers.
      await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'I work at Globex.' }] });
      await eventually(async () => slow.requests.length > 0);
      await t.sql.run('DELETE FROM persona_cache');
      const res = await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'Good morning' }] }).withResponse();
      expect(Number(res.response.headers.get('x-belief-store-injected'))).toBeGreaterThan(0);
      expect(lastBody().messages[0].content).toContain('[about the user]\n- The user lives in Berlin');
      // Answered while the actor was still busy: the queued extraction had not been applied yet.
      expect(await t.sql.all("SELECT id FROM beliefs WHERE statement = 'The user works at Globex'")).toEqual([]);
      slow.release();
      await eventually(async () => (await t.sql.all("SELECT id FROM beliefs WHERE statement = 'The user works at Globex'")).length > 0);
    } finally {
      expect((await putConfig(t, providersConfig(fake))).status).toBe(200);
      await slow.close();
    }
  });
});
