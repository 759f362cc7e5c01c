import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sealSecret } from '../../lib/provider-keys.ts';
import type { FakeProvider } from '../support/fake-provider.ts';
import { call } from '../support/http.ts';
import { startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { as, on } from '../support/as.ts';
import { ANTHROPIC_KEY, createPat, OPENAI_KEY, providersConfig, putConfig, rootHeaders, useChatTarget } from './setup.ts';
import { openaiFor } from '../support/providers.ts';

const OTHER_MASTER_KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';

describe.each(TARGETS)('runtime config and provider keys on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let pat: string;

  useChatTarget(kind, 'carol@example.com', (chat) => ({ t, fake, pat } = chat));

  const getConfig = async () => {
    const res = await call(t, '/admin/api/config', { headers: rootHeaders() });
    expect(res.status).toBe(200);
    return { text: await res.clone().text(), json: await res.json() };
  };

  it('shows keys only as api_key_set and their last four characters', async () => {
    const { text, json } = await getConfig();
    expect(text).not.toContain(OPENAI_KEY);
    expect(text).not.toContain(ANTHROPIC_KEY);
    expect(json.providers).toEqual([
      { id: 'oai', kind: 'openai', base_url: `${fake.url}/v1`, models: ['m1', 'm2'], api_key_set: true, api_key_hint: '1234' },
      { id: 'ant', kind: 'anthropic', base_url: fake.url, models: ['c1'], api_key_set: true, api_key_hint: '5678' },
    ]);
    expect(json).toMatchObject({
      default_model: 'oai/m1',
      extraction: { enabled: true, model: null },
      injection: { enabled: true, max_beliefs: 20, persona_max: 5 },
    });
    const stored = await t.sql.all<{ config: string }>('SELECT config FROM runtime_config');
    expect(stored[0]!.config).not.toContain(OPENAI_KEY);
    const creds = await t.sql.all<{ ciphertext: string }>('SELECT ciphertext FROM credentials');
    expect(creds).toHaveLength(2);
    for (const c of creds) expect(c.ciphertext).toMatch(/^v1:/);
  });

  it('keeps a stored key when api_key is omitted, replaces or removes it when given', async () => {
    const config = providersConfig(fake);
    const withoutKeys = { ...config, providers: config.providers.map(({ api_key: _omit, ...p }) => p) };
    expect((await putConfig(t, withoutKeys)).status).toBe(200);
    const openai = openaiFor(t, pat);
    await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'hi' }] });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);

    const rotated = {
      ...withoutKeys,
      providers: [
        { ...withoutKeys.providers[0], api_key: 'sk-new-key-9999' },
        { ...withoutKeys.providers[1], api_key: null },
      ],
    };
    const res = await putConfig(t, rotated);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.providers.map((p: { api_key_hint: string | null }) => p.api_key_hint)).toEqual(['9999', null]);
    await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'hi' }] });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-new-key-9999');
    await openai.chat.completions.create({ model: 'ant/c1', messages: [{ role: 'user', content: 'hi' }] });
    expect(fake.requests.at(-1)!.headers['x-api-key']).toBeUndefined();
  });

  it('rejects invalid config naming the field and writes nothing', async () => {
    const before = (await getConfig()).text;
    const bad: [unknown, string][] = [
      [{ providers: [{ id: 'a/b', kind: 'openai', base_url: 'http://x', models: [] }] }, 'providers.0.id'],
      [{ providers: [{ id: 'a', kind: 'gemini', base_url: 'http://x', models: [] }] }, 'providers.0.kind'],
      [{ providers: [{ id: 'a', kind: 'openai', base_url: 'ftp://x', models: [] }] }, 'providers.0.base_url'],
      [{ injection: { enabled: true, max_beliefs: -1 } }, 'injection.max_beliefs'],
      [{ injection: { enabled: true, max_beliefs: 20, persona_max: 21 } }, 'injection.persona_max'],
      [{ injection: { enabled: true, max_beliefs: 20, persona_max: -1 } }, 'injection.persona_max'],
      [{ default_model: 'nowhere/m1' }, 'default_model'],
      [{ extraction: { enabled: true, model: 'nowhere/m1' }, default_model: null }, 'extraction.model'],
    ];
    for (const [body, field] of bad) {
      const res = await putConfig(t, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toContain(field);
    }
    expect((await getConfig()).text).toBe(before);
  });

  it('is for admins only and audits each change without the key', async () => {
    const callers: Record<string, string>[] = [{ authorization: `Bearer ${pat}` }, { 'x-forwarded-user': 'dave@example.com' }];
    for (const headers of callers) {
      expect((await call(t, '/admin/api/config', { headers })).status).toBe(403);
    }
    const boss = await call(t, '/admin/api/config', { headers: { 'x-forwarded-user': 'boss@example.com' } });
    expect(boss.status).toBe(200);
    const events = await t.sql.all<{ actor: string; action: string; detail: string }>(
      "SELECT actor, action, detail FROM audit_events WHERE action = 'config.changed' ORDER BY at",
    );
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ actor: 'root' });
    for (const e of events) expect(e.detail).not.toContain(OPENAI_KEY);
  });

  it('never lists the embeddings model among the chat models, even when a provider lists it', async () => {
    const withEmbeddings = providersConfig(fake, { embeddings: { model: 'oai/embed-1' } });
    withEmbeddings.providers[0]!.models = ['m1', 'm2', 'embed-1'];
    expect((await putConfig(t, withEmbeddings)).status).toBe(200);
    try {
      const shapes: Record<string, string>[] = [{}, { 'anthropic-version': '2023-06-01' }];
      for (const shape of shapes) {
        const headers = { authorization: `Bearer ${pat}`, ...shape };
        const res = await call(t, '/v1/models', { headers });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(['oai/m1', 'oai/m2', 'ant/c1']);
      }
      const one = await call(t, '/v1/models/oai/embed-1', { headers: { authorization: `Bearer ${pat}` } });
      expect(one.status).toBe(404);
      expect((await one.json()).error.code).toBe('model_not_found');
    } finally {
      expect((await putConfig(t, providersConfig(fake, { embeddings: null }))).status).toBe(200);
    }
  });

  it('serves a direct SQL change to the config or a sealed key on the very next request', async () => {
    const headers = { authorization: `Bearer ${pat}`, 'content-type': 'application/json' };
    // A PAT and the root token each read the config along with their credential.
    const modelIds = async () => {
      const lists = await Promise.all(
        [headers, rootHeaders()].map(async (h) => {
          const res = await call(t, '/v1/models', { headers: h });
          expect(res.status).toBe(200);
          return ((await res.json()) as { data: { id: string }[] }).data.map((m) => m.id);
        }),
      );
      expect(lists[1]).toEqual(lists[0]);
      return lists[0];
    };
    expect(await modelIds()).toEqual(['oai/m1', 'oai/m2', 'ant/c1']);
    const [row] = await t.sql.all<{ config: string }>('SELECT config FROM runtime_config');
    const changed = JSON.parse(row!.config);
    changed.providers[0].models = ['m3'];
    await t.sql.run('UPDATE runtime_config SET config = ?', JSON.stringify(changed));
    expect(await modelIds()).toEqual(['oai/m3', 'ant/c1']);

    const masterKey = Uint8Array.from(atob(teamsEnv().SERVICE_ENCRYPTION_KEY!), (ch) => ch.charCodeAt(0));
    const chat = () => call(t, '/v1/chat/completions', { method: 'POST', headers, json: { model: 'oai/m3', messages: [{ role: 'user', content: 'hi' }] } });
    expect((await chat()).status).toBe(200);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    await t.sql.run("UPDATE credentials SET ciphertext = ? WHERE provider_id = 'oai'", sealSecret(masterKey, 'sk-rotated-by-sql', 'oai'));
    expect((await chat()).status).toBe(200);
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-rotated-by-sql');
  });

  it('answers a clear error, not garbage, when a key was sealed under another master key', async () => {
    const foreign = sealSecret(
      Uint8Array.from(atob(OTHER_MASTER_KEY), (ch) => ch.charCodeAt(0)),
      'sk-foreign',
      'oai',
    );
    await t.sql.run("UPDATE credentials SET ciphertext = ? WHERE provider_id = 'oai'", foreign);
    const res = await on(t, as.pat(pat)).post('/v1/chat/completions', { model: 'oai/m1', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error.code).toBe('credential_error');
    expect(body.error.message).toContain('master key');
    expect(fake.requests).toHaveLength(0);
  });

  it.skipIf(kind === 'workerd')('keeps keys encrypted on disk and usable after a restart with the same master key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-chat-'));
    let node = await startTarget('node', teamsEnv(), dir);
    try {
      expect((await putConfig(node, providersConfig(fake))).status).toBe(200);
      const nodePat = await createPat(node, 'carol@example.com');
      await node.stop();
      const files = readdirSync(dir).filter((f) => f.startsWith('belief-store.db'));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const bytes = readFileSync(join(dir, f)).toString('latin1');
        expect(bytes).not.toContain(OPENAI_KEY);
        expect(bytes).not.toContain(ANTHROPIC_KEY);
      }
      node = await startTarget('node', teamsEnv(), dir);
      const openai = openaiFor(node, nodePat);
      await openai.chat.completions.create({ model: 'ant/c1', messages: [{ role: 'user', content: 'hi' }] });
      expect(fake.requests.at(-1)!.headers['x-api-key']).toBe(ANTHROPIC_KEY);
      await node.stop();

      // A master key that cannot open the stored keys refuses start-up (it used to serve 500s).
      await expect(startTarget('node', teamsEnv({ SERVICE_ENCRYPTION_KEY: OTHER_MASTER_KEY }), dir)).rejects.toThrow(/^SERVICE_ENCRYPTION_KEY: /);
      expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await node.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
