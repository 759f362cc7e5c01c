import { describe, expect, it } from 'vitest';
import {
  anthropicToOpenAiRequest,
  anthropicToOpenAiResponse,
  askedBeforeLastUser,
  lastUserText,
  openAiToAnthropicRequest,
  openAiToAnthropicResponse,
  userTexts,
} from './translate.ts';

describe('OpenAI request → Anthropic request', () => {
  it('moves system and developer messages into `system` and merges consecutive turns of one role', () => {
    const out = openAiToAnthropicRequest(
      {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: [{ type: 'text', text: 'No lists.' }] },
          { role: 'user', content: 'Hi' },
          { role: 'user', content: [{ type: 'text', text: 'there' }] },
        ],
      },
      'claude-x',
    );
    expect(out).toEqual({
      model: 'claude-x',
      system: 'Be brief.\n\nNo lists.',
      max_tokens: 4096,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Hi' },
            { type: 'text', text: 'there' },
          ],
        },
      ],
    });
  });

  it('turns tool calls into tool_use blocks and tool answers into user tool_result blocks', () => {
    const out = openAiToAnthropicRequest(
      {
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] },
          { role: 'tool', tool_call_id: 'c1', content: 'rain' },
        ],
        tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
        tool_choice: 'required',
        parallel_tool_calls: false,
      },
      'm',
    );
    expect(out.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'weather', input: { city: 'Oslo' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'rain' }] },
    ]);
    expect(out.tools).toEqual([{ name: 'weather', input_schema: { type: 'object' } }]);
    expect(out.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
  });

  it('keeps a data-URL image inline and a remote one as a URL', () => {
    const out = openAiToAnthropicRequest(
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
              { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
            ],
          },
        ],
      },
      'm',
    );
    expect(out.messages[0].content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
    ]);
  });

  it('caps temperature at 1, prefers max_completion_tokens and asks for JSON in the system prompt', () => {
    const out = openAiToAnthropicRequest(
      {
        messages: [{ role: 'user', content: 'x' }],
        temperature: 1.7,
        max_tokens: 10,
        max_completion_tokens: 20,
        stop: 'END',
        response_format: { type: 'json_object' },
      },
      'm',
    );
    expect(out).toMatchObject({ temperature: 1, max_tokens: 20, stop_sequences: ['END'], system: 'Answer with one JSON object only.' });
  });
});

describe('Anthropic request → OpenAI request', () => {
  it('puts the system prompt first, splits tool results out of user turns and asks for stream usage', () => {
    const out = anthropicToOpenAiRequest(
      {
        system: [{ type: 'text', text: 'Be brief.' }],
        max_tokens: 100,
        stream: true,
        messages: [
          { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'weather', input: { city: 'Oslo' } }] },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'rain' }] },
              { type: 'text', text: 'Thanks' },
            ],
          },
        ],
        tools: [{ name: 'weather', input_schema: { type: 'object' } }],
        tool_choice: { type: 'tool', name: 'weather' },
      },
      'gpt-x',
    );
    expect(out).toEqual({
      model: 'gpt-x',
      max_tokens: 100,
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] },
        { role: 'tool', tool_call_id: 't1', content: 'rain' },
        { role: 'user', content: 'Thanks' },
      ],
      tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
      tool_choice: { type: 'function', function: { name: 'weather' } },
    });
  });
});

describe('responses', () => {
  it('Anthropic → OpenAI: text, tool calls, finish reason and usage with cached input counted', () => {
    const out = anthropicToOpenAiResponse(
      {
        id: 'abc',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 't1', name: 'weather', input: { city: 'Oslo' } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 5, cache_read_input_tokens: 2, cache_creation_input_tokens: 1, output_tokens: 4 },
      },
      'claude-x',
    );
    expect(out).toMatchObject({
      id: 'chatcmpl-abc',
      object: 'chat.completion',
      model: 'claude-x',
      choices: [
        {
          message: {
            role: 'assistant',
            content: 'Checking.',
            tool_calls: [{ id: 't1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 8, completion_tokens: 4, total_tokens: 12 },
    });
  });

  it('OpenAI → Anthropic: content blocks, stop reason and usage', () => {
    const out = openAiToAnthropicResponse(
      {
        id: 'xyz',
        choices: [{ message: { content: 'Done', tool_calls: [{ id: 'c1', function: { name: 'f', arguments: 'not json' } }] }, finish_reason: 'length' }],
        usage: { prompt_tokens: 3, completion_tokens: 7 },
      },
      'gpt-x',
    );
    expect(out).toEqual({
      id: 'msg_xyz',
      type: 'message',
      role: 'assistant',
      model: 'gpt-x',
      content: [
        { type: 'text', text: 'Done' },
        { type: 'tool_use', id: 'c1', name: 'f', input: {} },
      ],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      usage: { input_tokens: 3, output_tokens: 7 },
    });
  });
});

describe('user text', () => {
  const messages = [
    { role: 'user', content: 'first' },
    { role: 'assistant', content: 'reply' },
    { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] },
  ];

  it('lists every user text, oldest first, leaving out turns without text', () => {
    expect(userTexts(messages)).toEqual(['first']);
  });

  it('takes the latest user turn that has text', () => {
    expect(lastUserText(messages)).toBe('first');
  });

  it('takes the assistant message just before the latest user text as what it answers, and none when a user or nothing precedes it', () => {
    expect(askedBeforeLastUser(messages)).toBe('');
    expect(askedBeforeLastUser(messages.slice(0, 2).concat({ role: 'user', content: 'second' }))).toBe('reply');
    expect(
      askedBeforeLastUser([
        { role: 'assistant', content: [{ type: 'text', text: 'which one?' }] },
        { role: 'user', content: 'the blue one' },
      ]),
    ).toBe('which one?');
    expect(askedBeforeLastUser([{ role: 'user', content: 'only' }])).toBe('');
  });
});
