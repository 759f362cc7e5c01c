import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { api, patFor, ROOT } from './helpers.ts';
import { Client } from './ws-client.ts';

describe.each(TARGETS)('extraction through the configured model on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let token: string;
  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, teamsEnv());
    const saved = await api(t, ROOT, 'PUT', '/admin/api/config', {
      providers: [{ id: 'local', kind: 'openai', base_url: `${fake.url}/v1`, api_key: 'sk-test-extraction-1234', models: ['m1'] }],
      default_model: 'local/m1',
      extraction: { enabled: true, model: 'local/m1' },
      injection: { enabled: true, max_beliefs: 20 },
    });
    expect(saved.status).toBe(200);
    token = (await patFor(t, 'nia@example.com')).token;
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  const turn = async (content: string) => {
    const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    c.send({ type: 'turn', conversation_id: 'm1', role: 'user', content });
    await c.flush();
    c.close();
    return c;
  };

  it('stores what the model extracts, asked with the belief_extraction json_schema', async () => {
    fake.extraction = { beliefs: [{ type: 'fact', key: 'user.location', statement: 'The user lives in Lisbon', scope: 'universal', confidence: 0.95 }] };
    const c = await turn('Lisbon has been home for a while now, honestly.');
    expect(c.of('belief').map((f) => [f.action, f.belief.statement, f.belief.key, f.belief.confidence])).toEqual([['created', 'The user lives in Lisbon', 'user.location', 0.95]]);
    const request = fake.requests.find((r) => r.body?.response_format);
    expect(request?.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'belief_extraction' } });
    expect(JSON.stringify(request?.body.messages)).toContain('Lisbon has been home');
    expect(request?.headers.authorization).toBe('Bearer sk-test-extraction-1234');
  });

  it('logs and skips invalid model output, storing nothing', async () => {
    const before = await t.sql.all(`SELECT id FROM beliefs WHERE owner = 'nia@example.com'`);
    for (const bad of [{ beliefs: [{ statement: 42 }] }, { beliefs: [{ type: 'gossip', statement: 'x' }] }, { facts: [] }, 'not an object']) {
      fake.extraction = bad;
      const c = await turn('I live in Porto');
      expect(c.of('belief')).toEqual([]);
      expect(c.of('ack')).toHaveLength(1);
    }
    fake.failNext({ status: 500, body: { error: { message: 'boom' } } });
    const failed = await turn('I live in Faro');
    expect(failed.of('belief')).toEqual([]);
    expect(await t.sql.all(`SELECT id FROM beliefs WHERE owner = 'nia@example.com'`)).toHaveLength(before.length);
  });

  it('synthesises the persona with the model', async () => {
    fake.reply = { text: 'Nia lives in Lisbon.' };
    const persona = await api(t, { user: 'nia@example.com' }, 'GET', '/admin/api/persona');
    expect(persona.body).toMatchObject({ owner: 'nia@example.com', persona: 'Nia lives in Lisbon.', belief_count: 1 });
  });
});
