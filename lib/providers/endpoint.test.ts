import { describe, expect, it } from 'vitest';
import { rows } from '../../test/support/table.ts';
import { addProviderAuth, providerUrl } from './endpoint.ts';

describe('provider endpoints', () => {
  it.each(rows`
    openai    → https://api.openai.com/v1       → https://api.openai.com/v1/chat/completions
    openai    → http://local:8080/v1//          → http://local:8080/v1/chat/completions
    openai    → https://openrouter.ai/api       → https://openrouter.ai/api/chat/completions
    anthropic → https://api.anthropic.com       → https://api.anthropic.com/v1/chat/completions
    anthropic → https://api.anthropic.com/v1/   → https://api.anthropic.com/v1/chat/completions
  `)('%s at %s', (kind, base_url, url) => {
    expect(providerUrl({ kind: kind as 'openai' | 'anthropic', base_url }, 'chat/completions')).toBe(url);
  });

  it('authenticates in each kind’s own header, and keeps a given Anthropic version', () => {
    const headers = (kind: 'openai' | 'anthropic', key: string | null, given: Record<string, string> = {}) => {
      addProviderAuth(given, kind, key);
      return given;
    };
    expect(headers('openai', 'sk-1')).toEqual({ authorization: 'Bearer sk-1' });
    expect(headers('openai', null)).toEqual({});
    expect(headers('anthropic', 'sk-2')).toEqual({ 'x-api-key': 'sk-2', 'anthropic-version': '2023-06-01' });
    expect(headers('anthropic', null, { 'anthropic-version': '2024-01-01' })).toEqual({ 'anthropic-version': '2024-01-01' });
  });
});
