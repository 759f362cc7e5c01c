import type { Deps } from '../deps.ts';

export interface SimpleMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * One non-streaming completion from a configured model (`provider-id/model`), translated to the
 * provider's shape; returns the assistant's text. Used by extraction and persona synthesis.
 * `jsonSchema`, when given, is sent as an OpenAI `response_format` json_schema named `name`.
 */
export async function completeText(
  _deps: Deps,
  _modelRef: string,
  _messages: SimpleMessage[],
  _jsonSchema?: { name: string; schema: Record<string, unknown> },
): Promise<string> {
  throw new Error('completeText: not implemented yet (Chat issue)');
}
