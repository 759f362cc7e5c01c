import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../runtime-config.ts';
import { applyConfigInput, configInput } from './validate.ts';

const current: RuntimeConfig = {
  providers: [{ id: 'openai', kind: 'openai', base_url: 'https://a/v1', models: ['gpt-4o'] }],
  default_model: 'openai/gpt-4o',
  extraction: { enabled: false, model: null },
  injection: { enabled: true, max_beliefs: 10, persona_max: 3 },
  embeddings: null,
};
const apply = (input: unknown) => applyConfigInput(current, configInput.parse(input));
const refusal = (input: unknown) => {
  try {
    apply(input);
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};
const anthropic = { id: 'claude', kind: 'anthropic', base_url: 'https://c', api_key: 'k' };

describe('PUT /admin/api/config', () => {
  it('keeps omitted sections, trims a base URL’s slashes and splits keys out of the config', () => {
    const { config, keys } = apply({
      providers: [{ id: 'openai', kind: 'openai', base_url: 'https://a/v1/', api_key: 'sk' }],
      injection: { enabled: false, max_beliefs: 0 },
    });
    expect(config).toEqual({
      ...current,
      providers: [{ id: 'openai', kind: 'openai', base_url: 'https://a/v1', models: [] }],
      injection: { enabled: false, max_beliefs: 0, persona_max: 3 },
    });
    expect(keys).toEqual({ openai: 'sk' });
  });

  it('sets the persona tier’s size, keeping it when a change leaves it out', () => {
    expect(apply({ injection: { enabled: true, max_beliefs: 5, persona_max: 0 } }).config.injection).toEqual({ enabled: true, max_beliefs: 5, persona_max: 0 });
    expect(apply({ injection: { enabled: true, max_beliefs: 5 } }).config.injection.persona_max).toBe(3);
  });

  it('keeps a stored key only while its base URL stays', () => {
    expect(apply({ providers: [{ id: 'openai', kind: 'openai', base_url: 'https://a/v1' }] }).keys).toEqual({});
    expect(refusal({ providers: [{ id: 'openai', kind: 'openai', base_url: 'https://evil/v1' }] })).toBe(
      'providers.0.api_key: required when base_url changes (or null for no key)',
    );
    expect(apply({ providers: [{ id: 'openai', kind: 'openai', base_url: 'https://evil/v1', api_key: null }] }).keys).toEqual({ openai: null });
  });

  it.each([
    [{ default_model: 'gpt-4o' }, 'default_model: must be "provider-id/model" naming a configured provider'],
    [{ default_model: 'other/gpt-4o' }, 'default_model: must be "provider-id/model" naming a configured provider'],
    [{ extraction: { enabled: true, model: 'nope' } }, 'extraction.model: names no configured provider (use "provider-id/model")'],
    [{ embeddings: { model: 'nope/x' } }, 'embeddings.model: names no configured provider (use "provider-id/model")'],
    [{ providers: [current.providers[0], anthropic], embeddings: { model: 'claude/e' } }, 'embeddings.model: provider "claude" is not openai-kind'],
  ])('refuses %j', (input, message) => {
    expect(refusal(input)).toContain(message);
  });

  it.each([
    { providers: [{ id: 'a/b', kind: 'openai', base_url: 'https://a' }] },
    { providers: [{ id: 'a', kind: 'openai', base_url: 'ftp://a' }] },
    { providers: [anthropic, anthropic] },
    { injection: { enabled: true, max_beliefs: 501 } },
    { injection: { enabled: true, max_beliefs: 20, persona_max: 21 } },
    { injection: { enabled: true, max_beliefs: 20, persona_max: -1 } },
    { injection: { enabled: true, max_beliefs: 20, persona_max: 2.5 } },
    { embeddings: { model: 'openai/e', extra: 1 } },
  ])('does not parse %j', (input) => {
    expect(configInput.safeParse(input).success).toBe(false);
  });
});
