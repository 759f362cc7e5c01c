import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANTHROPIC_KEY, OPENAI_KEY, providersConfig, putConfig } from '../chat/setup.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { singleEnv, startTarget, TARGETS, type Target } from '../support/targets.ts';
import { contains, exportArchive, importJson, OTHER_KEY, root } from './helpers.ts';

describe.each(TARGETS)('a restored instance chats with the restored provider key on %s', (kind) => {
  let fake: FakeProvider;
  let source: Target;
  let fresh: Target;
  beforeAll(async () => {
    fake = await startFakeProvider();
    [source, fresh] = await Promise.all([startTarget(kind, singleEnv()), startTarget(kind, singleEnv({ SERVICE_ENCRYPTION_KEY: OTHER_KEY }))]);
  });
  afterAll(async () => {
    await Promise.all([source?.stop(), fresh?.stop(), fake?.close()]);
  });

  it('exports the config set through the API and a chat on the fresh instance reaches the provider with its key', async () => {
    expect((await putConfig(source, providersConfig(fake))).status).toBe(200);
    const archive = await exportArchive(source);
    expect(contains(archive, OPENAI_KEY)).toBe(false);
    const { body } = await importJson(fresh, archive);
    expect(body.result.config_restored).toBe(true);

    const config = (await (await fetch(`${fresh.url}/admin/api/config`, { headers: root })).json()) as {
      providers: Array<{ id: string; api_key_set: boolean; api_key_hint: string }>;
    };
    expect(config.providers.map((p) => [p.id, p.api_key_set, p.api_key_hint])).toEqual([
      ['oai', true, OPENAI_KEY.slice(-4)],
      ['ant', true, ANTHROPIC_KEY.slice(-4)],
    ]);

    fake.reset();
    const res = await fetch(`${fresh.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...root, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'oai/m1', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(res.status).toBe(200);
    const sent = fake.requests.find((r) => r.path.endsWith('/chat/completions'));
    expect(sent?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });
});
