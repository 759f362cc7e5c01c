import type { Deps } from '../deps.ts';
import { recordServiceCall, type ServiceCall } from './accounting.ts';
import { loadStoredConfig, parseConfig, storedProviderKey } from '../stores/config.ts';
import { resolveModel } from './route.ts';
import { anthropicText, openAiText, openAiToAnthropicRequest, type Json } from './translate.ts';
import { callProvider } from './upstream.ts';

export interface SimpleMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * One non-streaming completion from a configured model (`provider-id/model`), translated to the
 * provider's shape; returns the assistant's text. Used by extraction and persona synthesis.
 * `jsonSchema`, when given, is sent as an OpenAI `response_format` json_schema named `name`.
 * `served`, when given, names the owner and purpose the call is counted under (GET
 * /admin/api/usage?group_by=purpose), failed or not.
 * Throws ApiError (404 unknown model, 502/504 provider failures) or CredentialError.
 */
export async function completeText(
  deps: Deps,
  modelRef: string,
  messages: SimpleMessage[],
  jsonSchema?: { name: string; schema: Record<string, unknown> },
  served?: Pick<ServiceCall, 'owner' | 'purpose'>,
): Promise<string> {
  const stored = await loadStoredConfig(deps.database);
  const route = resolveModel(parseConfig(stored.json), modelRef);
  if (!route) throw new Error(`completeText: model "${modelRef}" names no configured provider`);
  const key = storedProviderKey(deps.masterKey, stored, route.provider.id);
  const request: Json = { model: route.model, messages };
  if (jsonSchema) request.response_format = { type: 'json_schema', json_schema: { name: jsonSchema.name, schema: jsonSchema.schema, strict: true } };
  const body = route.provider.kind === 'openai' ? request : openAiToAnthropicRequest(request, route.model);
  const kind = route.provider.kind;
  let json: Json;
  try {
    const { response } = await callProvider({ route, key, body: JSON.stringify(body), transport: deps.platform.upstream });
    json = JSON.parse(await response.text()) as Json;
  } catch (err) {
    if (served) await recordServiceCall(deps, { ...served, model: route.id, failed: true });
    throw err;
  }
  if (served) await recordServiceCall(deps, { ...served, model: route.id, usage: json.usage, kind });
  return kind === 'openai' ? openAiText(json.choices?.[0]?.message?.content) : anthropicText(json.content);
}
