import { beforeEach, describe, expect, it } from 'vitest';
import { completeText } from '../../lib/providers/complete.ts';
import type { FakeProvider } from '../support/fake-provider.ts';
import type { Target } from '../support/targets.ts';
import { ANTHROPIC_KEY, OPENAI_KEY, putConfig } from './setup.ts';
import { useProviderTarget } from '../support/suites.ts';

const SCHEMA = { name: 'belief_extraction', schema: { type: 'object', properties: { beliefs: { type: 'array' } } } };

// completeText is an in-process call (extraction, persona); the Node target exposes its deps.
describe('completeText against both provider kinds', () => {
  let t: Target;
  let fake: FakeProvider;
  useProviderTarget('node', (s) => ({ t, fake } = s));
  beforeEach(() => fake.reset());

  it('sends a json_schema request to an OpenAI-kind provider and returns the text', async () => {
    fake.extraction = { beliefs: [{ statement: 'The user lives in Berlin' }] };
    const text = await completeText(t.node!.deps, 'oai/m1', [{ role: 'user', content: 'I live in Berlin' }], SCHEMA);
    expect(JSON.parse(text)).toEqual(fake.extraction);
    const req = fake.requests[0]!;
    expect(req.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(req.body).toMatchObject({ model: 'm1', response_format: { type: 'json_schema', json_schema: { name: 'belief_extraction' } } });
  });

  it('translates for an Anthropic-kind provider, the schema going into the system prompt', async () => {
    fake.extraction = { beliefs: [] };
    const text = await completeText(
      t.node!.deps,
      'ant/c1',
      [
        { role: 'system', content: 'Extract beliefs.' },
        { role: 'user', content: 'hello' },
      ],
      SCHEMA,
    );
    expect(JSON.parse(text)).toEqual({ beliefs: [] });
    const req = fake.requests[0]!;
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(req.body.system).toContain('Extract beliefs.');
    expect(req.body.system).toContain('JSON schema');
    expect(req.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
  });

  it('fails clearly on an upstream error or an unknown model', async () => {
    fake.failNext({ status: 429, body: { error: { message: 'slow down' } } });
    await expect(completeText(t.node!.deps, 'oai/m1', [{ role: 'user', content: 'x' }])).rejects.toMatchObject({ status: 429, message: 'slow down' });
    await putConfig(t, { default_model: null });
    try {
      await expect(completeText(t.node!.deps, 'm9', [{ role: 'user', content: 'x' }])).rejects.toThrow(/no configured provider/);
    } finally {
      await putConfig(t, { default_model: 'oai/m1' });
    }
  });
});
