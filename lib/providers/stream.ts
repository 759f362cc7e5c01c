import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { CUT_POLL_MS, type OpenStreams } from './open-streams.ts';
import { tokensOf, type TokenCounts } from './tokens.ts';
import { anthropicStop, openAiFinish, type Json } from './translate.ts';
import type { ChunkReader } from '../ports/upstream.ts';

/**
 * Streams a provider's SSE body to the client in the client's shape: the bytes unchanged when
 * both speak the same shape, otherwise event by event. Reports through `onEnd` whether the
 * stream completed and the usage the provider reported.
 */
export interface StreamOptions {
  from: 'openai' | 'anthropic';
  to: 'openai' | 'anthropic';
  /** The model id shown to the client. */
  model: string;
  /** OpenAI clients: send the usage chunk (stream_options.include_usage). */
  includeUsage: boolean;
  /** `tokens`: the usage the provider reported in the stream (zero where it reported none). */
  onEnd(completed: boolean, tokens: TokenCounts): void;
  /** Aborts the upstream request (the client went away, or the provider went quiet). */
  abort(): void;
  /** The stream is ended with an error when the provider sends nothing for this long. */
  idleTimeoutMs: number;
  /** Where the stream registers while open, so a shutdown can end it with an error event. */
  streams?: OpenStreams;
}

class IdleTimeout extends Error {}
/** The service is ending the stream (a shutdown: OpenStreams.cut); the message is the error the client is sent. */
class CutShort extends Error {}

/**
 * Reads the provider's chunks, ending the read early (reader cancelled, error thrown) when the
 * provider stays silent for `idleMs` during a read or `streams` asks every stream to end. One
 * timer per stream, started by the first read and stopped by `close`: no promise or timer per chunk.
 */
function watchedReader(reader: ChunkReader, idleMs: number, streams?: OpenStreams) {
  let readingSince: number | null = null;
  let stopped: Error | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = (err: Error) => {
    if (stopped) return;
    stopped = err;
    void reader.cancel().catch(() => {});
  };
  const look = () => {
    const message = streams?.cut;
    if (message) stop(new CutShort(message));
    else if (readingSince !== null && Date.now() - readingSince >= idleMs) stop(new IdleTimeout(`the provider sent nothing for ${idleMs / 1000} s`));
  };
  return {
    async read(): Promise<ReadableStreamReadResult<Uint8Array>> {
      timer ??= setInterval(look, Math.min(CUT_POLL_MS, idleMs));
      look();
      readingSince = Date.now();
      try {
        // A cancelled read resolves done on Node; workerd rejects it ("Stream was cancelled"): either way, the reason is `stopped`.
        const result = stopped ? null : await reader.read().catch((err: unknown) => Promise.reject(stopped ?? err));
        if (stopped || !result) throw stopped;
        return result;
      } finally {
        readingSince = null;
      }
    },
    close: () => clearInterval(timer),
  };
}

const encoder = new TextEncoder();

/** Streams the provider's body (a web stream, or a reader of its chunks: UpstreamAnswer.chunks) to the client. */
export function proxyStream(upstream: ReadableStream<Uint8Array> | ChunkReader, opts: StreamOptions): ReadableStream<Uint8Array> {
  const reader: ChunkReader = 'getReader' in upstream ? upstream.getReader() : upstream;
  const chunks = watchedReader(reader, opts.idleTimeoutMs, opts.streams);
  const decoder = new TextDecoder();
  const translator = opts.from === opts.to ? null : opts.to === 'anthropic' ? openAiToAnthropic(opts) : anthropicToOpenAi(opts);
  let completed = false;
  let ended = false;
  let tokens: TokenCounts = { prompt_tokens: 0, completion_tokens: 0 };
  /** Why the service ended the stream before the provider did (a shutdown), once it has. */
  let cutShort: string | null = null;
  const unregister = opts.streams?.add();
  const end = () => {
    if (ended) return;
    ended = true;
    chunks.close();
    unregister?.();
    opts.onEnd(completed, tokens);
  };
  /** The error event a stream that did not complete ends with; after a blank line, so no partial event passed through can swallow it. */
  const broken = (message: string) => `\n\n${streamError(opts.to, cutShort ?? message)}`;

  function take(event: EventSourceMessage): string {
    if (event.data === '[DONE]') completed = true;
    else if (event.data) {
      let json: Json;
      try {
        json = JSON.parse(event.data);
      } catch {
        return '';
      }
      if (opts.from === 'openai') {
        if (opts.from === opts.to && json.choices?.[0]?.finish_reason) completed = true;
        if (json.usage) tokens = tokensOf(json.usage, 'openai');
      } else {
        if (json.type === 'message_stop') completed = true;
        // message_start carries the prompt's usage; message_delta the final output count (and the input again, sometimes).
        if (json.type === 'message_start') tokens = tokensOf(json.message?.usage, 'anthropic');
        if (json.type === 'message_delta' && json.usage) {
          const delta = tokensOf(json.usage, 'anthropic');
          tokens = { prompt_tokens: delta.prompt_tokens || tokens.prompt_tokens, completion_tokens: delta.completion_tokens || tokens.completion_tokens };
        }
      }
      if (translator) return translator.event(json);
    }
    return translator && event.data === '[DONE]' ? translator.finish() : '';
  }

  let out = '';
  const sse = createParser({
    onEvent: (event) => {
      out += take(event);
    },
  });
  /** What the client is sent for the events `chunk` completes. */
  function parse(chunk: string): string {
    out = '';
    sse.feed(chunk);
    return out;
  }

  return new ReadableStream<Uint8Array>({
    // Reads until something can be sent: workerd does not call pull again after an empty one.
    async pull(controller) {
      try {
        for (;;) {
          const { done, value } = await chunks.read();
          if (done) {
            let tail = parse(decoder.decode() + '\n\n');
            if (!completed) tail += broken('the provider ended the stream before it was complete');
            else if (translator) tail += translator.finish();
            if (tail) controller.enqueue(encoder.encode(tail));
            controller.close();
            end();
            return;
          }
          const out = parse(decoder.decode(value, { stream: true }));
          if (!translator) return controller.enqueue(value);
          if (out) return controller.enqueue(encoder.encode(out));
        }
      } catch (err) {
        if (err instanceof IdleTimeout || err instanceof CutShort) {
          opts.abort();
          void reader.cancel().catch(() => {});
        }
        if (err instanceof CutShort) cutShort = err.message;
        controller.enqueue(encoder.encode(broken(`the provider's stream broke off: ${(err as Error)?.message ?? err}`)));
        controller.close();
        end();
      }
    },
    cancel(reason) {
      opts.abort();
      void reader.cancel(reason).catch(() => {});
      end();
    },
  });
}

function streamError(shape: 'openai' | 'anthropic', message: string): string {
  return shape === 'openai'
    ? `data: ${JSON.stringify({ error: { type: 'api_error', code: 'upstream_error', message } })}\n\n`
    : `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'api_error', message } })}\n\n`;
}

interface Translator {
  event(json: Json): string;
  /** Closes the stream in the client's shape (idempotent). */
  finish(): string;
}

function openAiToAnthropic(opts: StreamOptions): Translator {
  let started = false;
  let finished = false;
  let open: number | null = null;
  let openKind: 'text' | 'tool' | null = null;
  let nextIndex = 0;
  const toolBlocks = new Map<number, number>();
  let stop = 'end_turn';
  let inputTokens = 0;
  let outputTokens = 0;
  let id = `msg_${crypto.randomUUID()}`;
  const ev = (type: string, data: Json) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const start = () => {
    if (started) return '';
    started = true;
    return ev('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: opts.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
    });
  };
  const close = () => {
    if (open === null) return '';
    const out = ev('content_block_stop', { index: open });
    open = null;
    openKind = null;
    return out;
  };
  return {
    event(json) {
      if (json.error) {
        finished = true;
        return start() + ev('error', { error: { type: 'api_error', message: String(json.error.message ?? 'provider error') } });
      }
      if (!started && json.id) id = `msg_${json.id}`;
      let out = start();
      if (json.usage) {
        inputTokens = json.usage.prompt_tokens ?? inputTokens;
        outputTokens = json.usage.completion_tokens ?? outputTokens;
      }
      const choice = json.choices?.[0];
      if (!choice) return out;
      const delta = choice.delta ?? {};
      if (typeof delta.content === 'string' && delta.content) {
        if (openKind !== 'text') {
          out += close();
          open = nextIndex++;
          openKind = 'text';
          out += ev('content_block_start', { index: open, content_block: { type: 'text', text: '' } });
        }
        out += ev('content_block_delta', { index: open, delta: { type: 'text_delta', text: delta.content } });
      }
      for (const call of (delta.tool_calls ?? []) as Json[]) {
        const key = call.index ?? 0;
        if (!toolBlocks.has(key)) {
          out += close();
          open = nextIndex++;
          openKind = 'tool';
          toolBlocks.set(key, open);
          out += ev('content_block_start', {
            index: open,
            content_block: { type: 'tool_use', id: call.id ?? `toolu_${crypto.randomUUID()}`, name: call.function?.name ?? '', input: {} },
          });
        }
        const args = call.function?.arguments;
        if (typeof args === 'string' && args) {
          out += ev('content_block_delta', { index: toolBlocks.get(key), delta: { type: 'input_json_delta', partial_json: args } });
        }
      }
      if (choice.finish_reason) stop = anthropicStop(choice.finish_reason);
      return out;
    },
    finish() {
      if (finished) return '';
      finished = true;
      return (
        start() +
        close() +
        ev('message_delta', {
          delta: { stop_reason: stop, stop_sequence: null },
          usage: { input_tokens: inputTokens, output_tokens: outputTokens },
        }) +
        ev('message_stop', {})
      );
    },
  };
}

function anthropicToOpenAi(opts: StreamOptions): Translator {
  let id = `chatcmpl-${crypto.randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  let finished = false;
  let tools = 0;
  const blockTool = new Map<number, number>();
  let finish = 'stop';
  let inputTokens = 0;
  let outputTokens = 0;
  const chunk = (delta: Json, finishReason: string | null = null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: opts.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`;
  const self: Translator = {
    event(json) {
      switch (json.type) {
        case 'message_start':
          id = `chatcmpl-${json.message?.id ?? crypto.randomUUID()}`;
          inputTokens = json.message?.usage?.input_tokens ?? 0;
          outputTokens = json.message?.usage?.output_tokens ?? 0;
          return chunk({ role: 'assistant', content: '' });
        case 'content_block_start': {
          const block = json.content_block ?? {};
          if (block.type !== 'tool_use') return '';
          const index = tools++;
          blockTool.set(json.index, index);
          return chunk({ tool_calls: [{ index, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] });
        }
        case 'content_block_delta': {
          const d = json.delta ?? {};
          if (d.type === 'text_delta') return chunk({ content: d.text });
          if (d.type === 'input_json_delta' && blockTool.has(json.index)) {
            return chunk({ tool_calls: [{ index: blockTool.get(json.index), function: { arguments: d.partial_json } }] });
          }
          return '';
        }
        case 'message_delta':
          if (json.delta?.stop_reason) finish = openAiFinish(json.delta.stop_reason);
          outputTokens = json.usage?.output_tokens ?? outputTokens;
          if (json.usage?.input_tokens != null) inputTokens = json.usage.input_tokens;
          return '';
        case 'message_stop':
          return self.finish();
        case 'error':
          finished = true;
          return streamError('openai', String(json.error?.message ?? 'provider error'));
        default:
          return '';
      }
    },
    finish() {
      if (finished) return '';
      finished = true;
      let out = chunk({}, finish);
      if (opts.includeUsage) {
        const usage = { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens };
        out += `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: opts.model, choices: [], usage })}\n\n`;
      }
      return out + 'data: [DONE]\n\n';
    },
  };
  return self;
}
