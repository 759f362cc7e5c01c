import { describe, expect, it, vi } from 'vitest';
import { OpenStreams } from './open-streams.ts';
import type { TokenCounts } from './tokens.ts';
import { proxyStream, type StreamOptions } from './stream.ts';

const sse = (...events: unknown[]) => events.map((e) => (typeof e === 'string' ? `data: ${e}\n\n` : `data: ${JSON.stringify(e)}\n\n`)).join('');
const upstreamOf = (text: string, pieceSize = 7) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += pieceSize) controller.enqueue(bytes.slice(i, i + pieceSize));
      controller.close();
    },
  });

async function relay(upstream: ReadableStream<Uint8Array>, options: Partial<StreamOptions>) {
  let ended: [boolean, TokenCounts] | undefined;
  let aborted = false;
  const stream = proxyStream(upstream, {
    from: 'openai',
    to: 'openai',
    model: 'p/m',
    includeUsage: false,
    idleTimeoutMs: 1000,
    onEnd: (completed, tokens) => (ended = [completed, tokens]),
    abort: () => (aborted = true),
    ...options,
  });
  const body = await new Response(stream).text();
  return { body, ended, aborted };
}
/** The JSON of each `data:` line except [DONE]. */
const data = (body: string) =>
  body
    .split('\n')
    .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
    .map((l) => JSON.parse(l.slice(6)));

const openAiStream = sse(
  { id: 'c1', choices: [{ index: 0, delta: { content: 'Hel' } }] },
  { id: 'c1', choices: [{ index: 0, delta: { content: 'lo' }, finish_reason: 'stop' }] },
  { id: 'c1', choices: [], usage: { prompt_tokens: 9, completion_tokens: 2 } },
  '[DONE]',
);

describe('a provider’s stream relayed to the client', () => {
  it('passes the same shape through byte for byte and reports completion and usage', async () => {
    expect(await relay(upstreamOf(openAiStream), {})).toEqual({
      body: openAiStream,
      ended: [true, { prompt_tokens: 9, completion_tokens: 2 }],
      aborted: false,
    });
  });

  it('ends a stream cut short with an error event in the client’s shape', async () => {
    const cut = openAiStream.slice(0, openAiStream.indexOf('\n\n') + 2);
    const openai = await relay(upstreamOf(cut), {});
    expect(openai.ended?.[0]).toBe(false);
    expect(data(openai.body).at(-1)).toMatchObject({ error: { code: 'upstream_error', message: 'the provider ended the stream before it was complete' } });
    const anthropic = await relay(upstreamOf(sse({ type: 'message_start', message: { id: 'm', usage: { input_tokens: 3 } } })), {
      from: 'anthropic',
      to: 'anthropic',
    });
    expect(anthropic.body).toMatch(/event: error\ndata: {"type":"error","error":{"type":"api_error","message":"the provider ended/);
    expect(anthropic.ended).toEqual([false, { prompt_tokens: 3, completion_tokens: 0 }]);
  });

  it('translates Anthropic events into OpenAI chunks, with the usage chunk when asked', async () => {
    const events = sse(
      { type: 'message_start', message: { id: 'm1', usage: { input_tokens: 5, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 7 } },
      { type: 'message_stop' },
    );
    const { body, ended } = await relay(upstreamOf(events, 5), { from: 'anthropic', includeUsage: true });
    const chunks = data(body);
    expect(chunks.map((c) => [c.id, c.model])).toEqual(Array(4).fill(['chatcmpl-m1', 'p/m']));
    expect(chunks.map((c) => c.choices[0]?.delta ?? null)).toEqual([{ role: 'assistant', content: '' }, { content: 'Hi' }, {}, null]);
    expect(chunks[2].choices[0].finish_reason).toBe('length');
    expect(chunks[3].usage).toEqual({ prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 });
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(ended).toEqual([true, { prompt_tokens: 5, completion_tokens: 7 }]);
  });

  it('translates OpenAI chunks into Anthropic events, closed once', async () => {
    const { body, ended } = await relay(upstreamOf(openAiStream), { to: 'anthropic' });
    const types = [...body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(data(body).find((e) => e.type === 'message_delta')).toMatchObject({
      delta: { stop_reason: 'end_turn' },
      usage: { input_tokens: 9, output_tokens: 2 },
    });
    expect(ended).toEqual([true, { prompt_tokens: 9, completion_tokens: 2 }]);
  });

  it('aborts a provider that goes quiet, naming the wait', async () => {
    const silent = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const { body, ended, aborted } = await relay(silent, { idleTimeoutMs: 20 });
    expect(aborted).toBe(true);
    expect(data(body)[0].error.message).toBe("the provider's stream broke off: the provider sent nothing for 0.02 s");
    expect(ended).toEqual([false, { prompt_tokens: 0, completion_tokens: 0 }]);
  });

  it('ends an open stream a shutdown asks to end, with the shutdown’s message', async () => {
    const streams = new OpenStreams();
    const silent = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    setTimeout(() => streams.endAll('shutting down'), 10);
    const { body, ended, aborted } = await relay(silent, { streams });
    expect(aborted).toBe(true);
    expect(data(body)[0].error.message).toBe('shutting down');
    expect(ended?.[0]).toBe(false);
    expect(streams.count).toBe(0);
  });

  it('arms one timer per stream, not one per chunk', async () => {
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    const intervals = vi.spyOn(globalThis, 'setInterval');
    try {
      const streams = new OpenStreams();
      const { body } = await relay(upstreamOf(openAiStream, 1), { streams });
      expect(body).toBe(openAiStream);
      expect(timeouts.mock.calls.length + intervals.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      timeouts.mockRestore();
      intervals.mockRestore();
    }
  });
});
