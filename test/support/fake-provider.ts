/**
 * A fake model provider on 127.0.0.1 (ephemeral port) speaking both wire shapes:
 *   OpenAI:    GET /v1/models, POST /v1/chat/completions (JSON or SSE ending in `data: [DONE]`)
 *   Anthropic: GET /v1/models, POST /v1/messages (JSON or SSE events)
 * Configure a provider with base_url `${fake.url}/v1` (openai kind) or `fake.url` (anthropic kind).
 *
 *   const fake = await startFakeProvider();
 *   fake.requests            every request received: {method, path, headers (lowercased), body (parsed JSON or null), raw (the body's text)}
 *   fake.lastBody()          body of the last chat request
 *   fake.reply = {...}       what the next chat answers: {text} or {toolCall: {id?, name, arguments}}
 *                            (default text 'Hello from the fake provider')
 *   fake.extraction = {...}  JSON answered to requests carrying an OpenAI `response_format` json_schema
 *                            (or an Anthropic request whose system asks for JSON matching a schema);
 *                            default {beliefs: []}; or a function of the request body answering JSON (a string: raw text)
 *   fake.failNext({status, body, headers?})  the next request answers this status/body (JSON or text) once, with these headers
 *   fake.delayMs = n         wait n ms before answering (timeouts); aborted clients are counted in fake.aborted
 *   fake.release()           ends the delays and stream pauses under way: they answer (go on) at once, for a test done holding them
 *   fake.streamPauseMs = n   in streamed answers, wait n ms after the first event (client disconnects mid-stream)
 *   fake.reset()             clears requests, reply, extraction, failures, delay
 * OpenAI embeddings: POST /v1/embeddings ({model, input: string | string[]}) answers each input's
 * SIF-weighted mean of GloVe word vectors (test/support/glove.ts); these requests are kept apart,
 * in fake.embeddings.requests, and neither failNext nor delayMs applies to them:
 *   fake.embeddings.refuse = true   every embedding call answers 500
 *   fake.embeddings.delayMs = n     every embedding call waits n ms first (past the 300 ms query deadline)
 *   fake.embeddings.hold = true     every embedding call waits until fake.release() (an embedding under way)
 *   fake.embeddings.answer = f      every embedding call answers 200 with f(inputs) as its body (malformed answers)
 *   (reset() leaves fake.embeddings as it is)
 *   await fake.close()
 * Usage reported: prompt/input 11 tokens, completion/output 7 tokens.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gloveEmbed } from './glove.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
  /** The body as it was sent. */
  raw: string;
}

export interface Failure {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type FakeReply = { text: string } | { toolCall: { id?: string; name: string; arguments: Record<string, unknown> } };

export interface FakeEmbeddings {
  requests: { headers: Record<string, string>; body: any }[];
  refuse: boolean;
  delayMs: number;
  hold: boolean;
  answer: ((inputs: string[]) => string | Uint8Array) | null;
}

export interface FakeProvider {
  url: string;
  embeddings: FakeEmbeddings;
  requests: RecordedRequest[];
  reply: FakeReply;
  extraction: unknown;
  delayMs: number;
  streamPauseMs: number;
  aborted: number;
  lastBody(): any;
  failNext(failure: Failure): void;
  release(): void;
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_REPLY: FakeReply = { text: 'Hello from the fake provider' };
const FAKE_MODELS = ['m1', 'm2'];
const USAGE_IN = 11;
const USAGE_OUT = 7;

export async function startFakeProvider(): Promise<FakeProvider> {
  const failures: Failure[] = [];
  /** The requests being delayed now: each ends its wait early. */
  const waiting = new Set<() => void>();
  const fake: FakeProvider = {
    url: '',
    embeddings: { requests: [], refuse: false, delayMs: 0, hold: false, answer: null },
    requests: [],
    reply: DEFAULT_REPLY,
    extraction: { beliefs: [] },
    delayMs: 0,
    streamPauseMs: 0,
    aborted: 0,
    lastBody() {
      const chats = fake.requests.filter((r) => r.method === 'POST');
      return chats[chats.length - 1]?.body;
    },
    failNext(failure) {
      failures.push(failure);
    },
    release() {
      for (const done of [...waiting]) done();
    },
    reset() {
      fake.requests.length = 0;
      fake.reply = DEFAULT_REPLY;
      fake.extraction = { beliefs: [] };
      fake.delayMs = 0;
      fake.streamPauseMs = 0;
      fake.aborted = 0;
      failures.length = 0;
    },
    close: () => new Promise((done) => server.close(() => done())),
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'POST' && path === '/v1/embeddings') return await embeddings(res, headers, body);
    fake.requests.push({ method: req.method ?? 'GET', path, headers, body, raw: text });

    if (fake.delayMs > 0 && (await clientLeft(res, fake.delayMs, waiting))) return;
    const failure = failures.shift();
    if (failure) {
      const isText = typeof failure.body === 'string';
      res.writeHead(failure.status, { 'content-type': isText ? 'text/plain' : 'application/json', ...failure.headers });
      res.end(isText ? failure.body : JSON.stringify(failure.body));
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') return json(res, modelsList(headers));
    if (req.method === 'POST' && path === '/v1/chat/completions') return await openAiChat(res, body);
    if (req.method === 'POST' && path === '/v1/messages') return await anthropicChat(res, body);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `fake provider: no route ${req.method} ${path}` } }));
  }

  async function embeddings(res: ServerResponse, headers: Record<string, string>, body: any) {
    fake.embeddings.requests.push({ headers, body });
    if (fake.embeddings.delayMs > 0 && (await clientLeft(res, fake.embeddings.delayMs))) return;
    if (fake.embeddings.hold && (await clientLeft(res, 120_000, waiting))) return;
    if (fake.embeddings.refuse) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake provider: embeddings refused' } }));
      return;
    }
    const inputs: unknown[] = Array.isArray(body?.input) ? body.input : [body?.input];
    if (!inputs.every((x) => typeof x === 'string')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake provider: input must be a string or an array of strings' } }));
      return;
    }
    if (fake.embeddings.answer) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(fake.embeddings.answer(inputs as string[]));
      return;
    }
    const tokens = inputs.reduce<number>((n, x) => n + (x as string).split(/\s+/).length, 0);
    json(res, {
      object: 'list',
      model: body.model,
      data: inputs.map((x, index) => ({ object: 'embedding', index, embedding: gloveEmbed(x as string) })),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  /** Waits ms (or until released, when given `releasable`); true (and counted) when the client went away meanwhile. */
  async function clientLeft(res: ServerResponse, ms: number, releasable?: Set<() => void>): Promise<boolean> {
    const closed = await new Promise<boolean>((done) => {
      const release = () => {
        clearTimeout(timer);
        releasable?.delete(release);
        done(false);
      };
      const timer = setTimeout(release, ms);
      releasable?.add(release);
      res.once('close', () => {
        clearTimeout(timer);
        releasable?.delete(release);
        done(!res.writableFinished);
      });
    });
    if (closed) fake.aborted++;
    return closed;
  }

  function wantsExtraction(body: any): boolean {
    if (body?.response_format?.type === 'json_schema') return true;
    const system = typeof body?.system === 'string' ? body.system : JSON.stringify(body?.system ?? '');
    return /json schema/i.test(system);
  }

  function replyFor(body: any): FakeReply {
    if (!wantsExtraction(body)) return fake.reply;
    if (typeof fake.extraction !== 'function') return { text: JSON.stringify(fake.extraction) };
    const answer: unknown = fake.extraction(body);
    return { text: typeof answer === 'string' ? answer : JSON.stringify(answer) };
  }

  async function openAiChat(res: ServerResponse, body: any) {
    const reply = replyFor(body);
    const id = `chatcmpl-fake${fake.requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body?.model ?? 'unknown';
    const finish = 'toolCall' in reply ? 'tool_calls' : 'stop';
    const usage = { prompt_tokens: USAGE_IN, completion_tokens: USAGE_OUT, total_tokens: USAGE_IN + USAGE_OUT };
    if (!body?.stream) {
      const message =
        'toolCall' in reply
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: reply.toolCall.id ?? 'call_fake1',
                  type: 'function',
                  function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) },
                },
              ],
            }
          : { role: 'assistant', content: reply.text };
      return json(res, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
    }
    sseHead(res);
    const chunk = (delta: unknown, finish_reason: string | null, extra: Record<string, unknown> = {}) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason }], ...extra })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' }, null);
    if (fake.streamPauseMs > 0 && (await clientLeft(res, fake.streamPauseMs, waiting))) return;
    if ('toolCall' in reply) {
      const args = JSON.stringify(reply.toolCall.arguments);
      const half = Math.floor(args.length / 2);
      chunk(
        { tool_calls: [{ index: 0, id: reply.toolCall.id ?? 'call_fake1', type: 'function', function: { name: reply.toolCall.name, arguments: '' } }] },
        null,
      );
      chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }, null);
      chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }, null);
    } else {
      for (const piece of pieces(reply.text)) chunk({ content: piece }, null);
    }
    chunk({}, finish);
    if (body?.stream_options?.include_usage) {
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }

  async function anthropicChat(res: ServerResponse, body: any) {
    const reply = replyFor(body);
    const id = `msg_fake${fake.requests.length}`;
    const model = body?.model ?? 'unknown';
    const stop = 'toolCall' in reply ? 'tool_use' : 'end_turn';
    if (!body?.stream) {
      const content =
        'toolCall' in reply
          ? [{ type: 'tool_use', id: reply.toolCall.id ?? 'toolu_fake1', name: reply.toolCall.name, input: reply.toolCall.arguments }]
          : [{ type: 'text', text: reply.text }];
      return json(res, {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content,
        stop_reason: stop,
        stop_sequence: null,
        usage: { input_tokens: USAGE_IN, output_tokens: USAGE_OUT },
      });
    }
    sseHead(res);
    const ev = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    ev('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: USAGE_IN, output_tokens: 1 },
      },
    });
    ev('ping', {});
    if (fake.streamPauseMs > 0 && (await clientLeft(res, fake.streamPauseMs, waiting))) return;
    if ('toolCall' in reply) {
      const args = JSON.stringify(reply.toolCall.arguments);
      const half = Math.floor(args.length / 2);
      ev('content_block_start', {
        index: 0,
        content_block: { type: 'tool_use', id: reply.toolCall.id ?? 'toolu_fake1', name: reply.toolCall.name, input: {} },
      });
      ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: args.slice(0, half) } });
      ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: args.slice(half) } });
    } else {
      ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      for (const piece of pieces(reply.text)) ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } });
    }
    ev('content_block_stop', { index: 0 });
    ev('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: USAGE_OUT } });
    ev('message_stop', {});
    res.end();
  }

  function modelsList(headers: Record<string, string>) {
    if (headers['anthropic-version']) {
      const data = FAKE_MODELS.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' }));
      return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
    }
    return { object: 'list', data: FAKE_MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) };
  }

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function json(res: ServerResponse, value: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function sseHead(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

/** Splits text into up to three pieces so streams have several deltas. */
function pieces(text: string): string[] {
  const step = Math.max(1, Math.ceil(text.length / 3));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += step) out.push(text.slice(i, i + step));
  return out;
}
