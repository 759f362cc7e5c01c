/**
 * Request and response translation between the OpenAI chat-completions shape and the Anthropic
 * messages shape (non-streaming; streams are in ./stream.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: wire bodies are open-ended JSON; only the fields named here are translated.
export type Json = Record<string, any>;

const DEFAULT_MAX_TOKENS = 4096;

/** The two wire shapes: a client's request and a provider kind are each one of them. */
export type WireShape = 'openai' | 'anthropic';

/** A request body in the `from` shape, for a provider of the `to` shape, naming its `model`. */
export function translateRequest(from: WireShape, to: WireShape, body: Json, model: string): Json {
  if (from === to) return { ...body, model };
  return to === 'anthropic' ? openAiToAnthropicRequest(body, model) : anthropicToOpenAiRequest(body, model);
}

/** A provider's non-streamed answer in the `from` shape, as the client's `to` shape (a stream: ./stream.ts). */
export function translateResponse(from: WireShape, to: WireShape, resp: Json, model: string): Json {
  if (from === to) return resp;
  return to === 'openai' ? anthropicToOpenAiResponse(resp, model) : openAiToAnthropicResponse(resp, model);
}

/** Text of an OpenAI message content (string or parts). */
export function openAiText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p: Json) => p?.type === 'text' && typeof p.text === 'string')
    .map((p: Json) => p.text as string)
    .join('\n');
}

/** Text of an Anthropic content (string or blocks). */
export function anthropicText(content: unknown): string {
  return openAiText(content);
}

/** The text of every user message, oldest first (messages with no text left out). */
export function userTexts(messages: Json[]): string[] {
  return messages
    .filter((m) => m?.role === 'user')
    .map((m) => openAiText(m.content))
    .filter((t) => t !== '');
}

export function lastUserText(messages: Json[]): string {
  return lastUser(messages).text;
}

/** The text of the assistant message just before the last user message ('' when none is): what the user's words answer. */
export function askedBeforeLastUser(messages: Json[]): string {
  const before = messages[lastUser(messages).at - 1];
  return before?.role === 'assistant' ? openAiText(before.content) : '';
}

/** The latest user message that has text: where it is (-1: none) and its text. */
function lastUser(messages: Json[]): { at: number; text: string } {
  for (let i = messages.length - 1; i >= 0; i--) {
    const text = messages[i]?.role === 'user' ? openAiText(messages[i]!.content) : '';
    if (text) return { at: i, text };
  }
  return { at: -1, text: '' };
}

function parseArgs(text: unknown): Json {
  if (typeof text !== 'string' || !text) return {};
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : { value: v };
  } catch {
    return {};
  }
}

function openAiImageToAnthropic(part: Json): Json | null {
  const url: unknown = part.image_url?.url ?? part.image_url;
  if (typeof url !== 'string') return null;
  const m = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return m ? { type: 'image', source: { type: 'base64', media_type: m[1], data: m[2] } } : { type: 'image', source: { type: 'url', url } };
}

function openAiContentToBlocks(content: unknown): Json[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  const out: Json[] = [];
  for (const p of content as Json[]) {
    if (p?.type === 'text' && typeof p.text === 'string') out.push({ type: 'text', text: p.text });
    else if (p?.type === 'image_url') {
      const img = openAiImageToAnthropic(p);
      if (img) out.push(img);
    }
  }
  return out;
}

function pushMessage(out: Json[], role: 'user' | 'assistant', blocks: Json[]) {
  if (!blocks.length) return;
  const last = out[out.length - 1];
  if (last?.role === role) last.content.push(...blocks);
  else out.push({ role, content: blocks });
}

export function openAiToAnthropicRequest(body: Json, model: string): Json {
  const system: string[] = [];
  const messages: Json[] = [];
  for (const m of (body.messages ?? []) as Json[]) {
    switch (m?.role) {
      case 'system':
      case 'developer':
        system.push(openAiText(m.content));
        break;
      case 'user':
        pushMessage(messages, 'user', openAiContentToBlocks(m.content));
        break;
      case 'assistant': {
        const blocks = openAiContentToBlocks(m.content);
        for (const call of (m.tool_calls ?? []) as Json[]) {
          blocks.push({ type: 'tool_use', id: call.id, name: call.function?.name, input: parseArgs(call.function?.arguments) });
        }
        pushMessage(messages, 'assistant', blocks);
        break;
      }
      case 'tool':
        pushMessage(messages, 'user', [{ type: 'tool_result', tool_use_id: m.tool_call_id, content: openAiText(m.content) }]);
        break;
    }
  }
  const schema = body.response_format?.type === 'json_schema' ? body.response_format.json_schema : null;
  if (schema) {
    system.push(`Answer with one JSON object only, valid against this JSON schema:\n${JSON.stringify(schema.schema ?? {})}`);
  } else if (body.response_format?.type === 'json_object') {
    system.push('Answer with one JSON object only.');
  }
  const out: Json = {
    model,
    messages,
    max_tokens: body.max_completion_tokens ?? body.max_tokens ?? DEFAULT_MAX_TOKENS,
  };
  const systemText = system.filter(Boolean).join('\n\n');
  if (systemText) out.system = systemText;
  if (body.temperature != null) out.temperature = Math.min(1, body.temperature);
  if (body.top_p != null) out.top_p = body.top_p;
  if (body.stop != null) out.stop_sequences = Array.isArray(body.stop) ? body.stop : [body.stop];
  if (body.stream) out.stream = true;
  if (Array.isArray(body.tools) && body.tools.length) {
    out.tools = (body.tools as Json[])
      .filter((t) => t?.type === 'function' && t.function?.name)
      .map((t) => ({
        name: t.function.name,
        ...(t.function.description ? { description: t.function.description } : {}),
        input_schema: t.function.parameters ?? { type: 'object', properties: {} },
      }));
    const choice = body.tool_choice;
    if (choice === 'required') out.tool_choice = { type: 'any' };
    else if (choice === 'none') out.tool_choice = { type: 'none' };
    else if (choice?.type === 'function') out.tool_choice = { type: 'tool', name: choice.function?.name };
    else if (choice === 'auto') out.tool_choice = { type: 'auto' };
    if (body.parallel_tool_calls === false && out.tool_choice) out.tool_choice.disable_parallel_tool_use = true;
  }
  return out;
}

function anthropicBlocksToOpenAiContent(blocks: Json[]): string | Json[] {
  const parts: Json[] = [];
  for (const b of blocks) {
    if (b?.type === 'text') parts.push({ type: 'text', text: b.text });
    else if (b?.type === 'image' && b.source?.type === 'base64') {
      parts.push({ type: 'image_url', image_url: { url: `data:${b.source.media_type};base64,${b.source.data}` } });
    } else if (b?.type === 'image' && b.source?.type === 'url') parts.push({ type: 'image_url', image_url: { url: b.source.url } });
  }
  return parts.every((p) => p.type === 'text') ? parts.map((p) => p.text).join('\n') : parts;
}

/** The text and the tool calls, in the OpenAI shape, of an Anthropic assistant's content blocks. */
function textAndCalls(blocks: Json[]): { text: string; calls: Json[] } {
  const text = blocks
    .filter((b) => b?.type === 'text')
    .map((b) => b.text)
    .join('');
  const calls = blocks
    .filter((b) => b?.type === 'tool_use')
    .map((b) => ({ id: b.id, type: 'function', function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) } }));
  return { text, calls };
}

function toolResultText(content: unknown): string {
  return typeof content === 'string' ? content : anthropicText(content);
}

export function anthropicToOpenAiRequest(body: Json, model: string): Json {
  const messages: Json[] = [];
  const system = typeof body.system === 'string' ? body.system : anthropicText(body.system);
  if (system) messages.push({ role: 'system', content: system });
  for (const m of (body.messages ?? []) as Json[]) {
    const blocks: Json[] = typeof m?.content === 'string' ? [{ type: 'text', text: m.content }] : (m?.content ?? []);
    if (m?.role === 'assistant') {
      const { text, calls } = textAndCalls(blocks);
      const msg: Json = { role: 'assistant', content: text || null };
      if (calls.length) msg.tool_calls = calls;
      messages.push(msg);
    } else if (m?.role === 'user') {
      for (const b of blocks) {
        if (b?.type === 'tool_result') {
          messages.push({ role: 'tool', tool_call_id: b.tool_use_id, content: toolResultText(b.content) });
        }
      }
      const rest = blocks.filter((b) => b?.type !== 'tool_result');
      if (rest.length) messages.push({ role: 'user', content: anthropicBlocksToOpenAiContent(rest) });
    }
  }
  const out: Json = { model, messages, max_tokens: body.max_tokens };
  if (body.temperature != null) out.temperature = body.temperature;
  if (body.top_p != null) out.top_p = body.top_p;
  if (Array.isArray(body.stop_sequences) && body.stop_sequences.length) out.stop = body.stop_sequences;
  if (body.stream) {
    out.stream = true;
    out.stream_options = { include_usage: true };
  }
  const tools = ((body.tools ?? []) as Json[]).filter((t) => t?.name && t.input_schema);
  if (tools.length) {
    out.tools = tools.map((t) => ({
      type: 'function',
      function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.input_schema },
    }));
    const choice = body.tool_choice;
    if (choice?.type === 'any') out.tool_choice = 'required';
    else if (choice?.type === 'none') out.tool_choice = 'none';
    else if (choice?.type === 'tool') out.tool_choice = { type: 'function', function: { name: choice.name } };
    else if (choice?.type === 'auto') out.tool_choice = 'auto';
    if (choice?.disable_parallel_tool_use) out.parallel_tool_calls = false;
  }
  return out;
}

const TO_OPENAI_FINISH: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

export function openAiFinish(stopReason: string | null | undefined): string {
  return TO_OPENAI_FINISH[stopReason ?? ''] ?? 'stop';
}

const TO_ANTHROPIC_STOP: Record<string, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'refusal',
};

export function anthropicStop(finish: string | null | undefined): string {
  return TO_ANTHROPIC_STOP[finish ?? ''] ?? 'end_turn';
}

export function anthropicToOpenAiResponse(resp: Json, model: string): Json {
  const { text, calls } = textAndCalls((resp.content ?? []) as Json[]);
  const message: Json = { role: 'assistant', content: text || (calls.length ? null : ''), refusal: null };
  if (calls.length) message.tool_calls = calls;
  const input = (resp.usage?.input_tokens ?? 0) + (resp.usage?.cache_read_input_tokens ?? 0) + (resp.usage?.cache_creation_input_tokens ?? 0);
  const output = resp.usage?.output_tokens ?? 0;
  return {
    id: `chatcmpl-${resp.id ?? crypto.randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: openAiFinish(resp.stop_reason) }],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  };
}

export function openAiToAnthropicResponse(resp: Json, model: string): Json {
  const choice = (resp.choices ?? [])[0] ?? {};
  const msg = choice.message ?? {};
  const content: Json[] = [];
  const text = openAiText(msg.content);
  if (text) content.push({ type: 'text', text });
  for (const call of (msg.tool_calls ?? []) as Json[]) {
    content.push({ type: 'tool_use', id: call.id, name: call.function?.name, input: parseArgs(call.function?.arguments) });
  }
  return {
    id: `msg_${resp.id ?? crypto.randomUUID()}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: anthropicStop(choice.finish_reason),
    stop_sequence: null,
    usage: { input_tokens: resp.usage?.prompt_tokens ?? 0, output_tokens: resp.usage?.completion_tokens ?? 0 },
  };
}
