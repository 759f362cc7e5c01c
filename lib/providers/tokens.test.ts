import { describe, expect, it } from 'vitest';
import { NO_TOKENS, tokensOf } from './tokens.ts';

describe('token counts a provider reports', () => {
  it.each([
    [{ prompt_tokens: 12, completion_tokens: 3 }, 'openai', { prompt_tokens: 12, completion_tokens: 3 }],
    [
      { input_tokens: 10, cache_read_input_tokens: 5, cache_creation_input_tokens: 2, output_tokens: 4 },
      'anthropic',
      { prompt_tokens: 17, completion_tokens: 4 },
    ],
    [{ input_tokens: 10, output_tokens: 4 }, 'openai', NO_TOKENS],
    [{ prompt_tokens: -1, completion_tokens: 2.7 }, 'openai', { prompt_tokens: 0, completion_tokens: 2 }],
    [{ prompt_tokens: '5', completion_tokens: Number.POSITIVE_INFINITY }, 'openai', NO_TOKENS],
    [null, 'anthropic', NO_TOKENS],
    ['usage', 'openai', NO_TOKENS],
  ] as const)('%j as %s', (usage, kind, tokens) => {
    expect(tokensOf(usage, kind)).toEqual(tokens);
  });
});
