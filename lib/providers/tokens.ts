/** Tokens of one exchange as the provider reported them. */
export interface TokenCounts {
  prompt_tokens: number;
  completion_tokens: number;
}

export const NO_TOKENS: TokenCounts = { prompt_tokens: 0, completion_tokens: 0 };

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/**
 * A provider's `usage` object in its own shape (OpenAI `prompt_tokens`/`completion_tokens`;
 * Anthropic `input_tokens` plus cache reads and writes, `output_tokens`), or zeros.
 */
export function tokensOf(usage: unknown, kind: 'openai' | 'anthropic'): TokenCounts {
  if (!usage || typeof usage !== 'object') return NO_TOKENS;
  const u = usage as Record<string, unknown>;
  if (kind === 'openai') return { prompt_tokens: count(u.prompt_tokens), completion_tokens: count(u.completion_tokens) };
  return {
    prompt_tokens: count(u.input_tokens) + count(u.cache_read_input_tokens) + count(u.cache_creation_input_tokens),
    completion_tokens: count(u.output_tokens),
  };
}
