import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANTHROPIC_KEY, OPENAI_KEY, providersConfig } from '../chat/setup.ts';
import type { FakeProvider } from '../support/fake-provider.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';

/** An OpenRouter-style name listed by a provider is routed to it although `vendor` is no provider id. */
function withListedVendor(fake: FakeProvider) {
  const config = providersConfig(fake);
  config.providers[0]!.models.push('vendor/listed');
  return config;
}

describe.each(TARGETS)('model names and provider refusals on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let openai: OpenAI;
  let anthropic: Anthropic;

  useProviderTarget(kind, (s) => ({ t, fake, openai, anthropic } = s), { config: withListedVendor, user: 'ops@example.com' });
  beforeEach(() => fake.reset());

  const chats = () => fake.requests.filter((r) => r.method === 'POST');
  const ask = (model: string) => openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

  it.each(['other/x', 'gpt-4o', 'OAI/m1', 'm1x'])('%s: 404 model_not_found, and nothing reaches any provider', async (model) => {
    await expect(ask(model)).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    const res = await fetch(`${t.url}/v1/messages`, {
      method: 'POST',
      headers: { authorization: openai.apiKey ? `Bearer ${openai.apiKey}` : '', 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    expect(chats()).toHaveLength(0);
  });

  it('a configured provider prefix passes with any model name; listed names resolve to the provider listing them', async () => {
    await ask('oai/nonexistent');
    expect(chats().at(-1)!.body.model).toBe('nonexistent');
    await ask('vendor/listed');
    expect(chats().at(-1)!.body.model).toBe('vendor/listed');
    expect(chats().at(-1)!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    await ask('c1');
    expect(chats().at(-1)!.headers['x-api-key']).toBe(ANTHROPIC_KEY);
  });

  it.each([401, 403])('a provider refusing its stored key (%i) is 502 provider_auth_error in both shapes, never the caller’s 401', async (status) => {
    fake.failNext({ status, body: { error: { type: 'authentication_error', code: 'invalid_api_key', message: 'Incorrect API key provided' } } });
    const openaiError = await ask('oai/m1').catch((e: unknown) => e);
    expect(openaiError).toBeInstanceOf(OpenAI.APIError);
    expect(openaiError).not.toBeInstanceOf(OpenAI.AuthenticationError);
    expect(openaiError).not.toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(openaiError).toMatchObject({ status: 502, code: 'provider_auth_error' });

    fake.failNext({ status, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } });
    const anthropicError = await anthropic.messages
      .create({ model: 'ant/c1', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(anthropicError).toBeInstanceOf(Anthropic.APIError);
    expect(anthropicError).not.toBeInstanceOf(Anthropic.AuthenticationError);
    expect(anthropicError).toMatchObject({ status: 502 });
    expect(JSON.stringify((anthropicError as InstanceType<typeof Anthropic.APIError>).error)).not.toContain(ANTHROPIC_KEY);
  });
});
