import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Agent, Dispatcher } from 'undici';
import type { AbortWatch, ChunkReader, UpstreamAnswer, UpstreamRequest, UpstreamTransport } from '../../ports/upstream.ts';

/**
 * Provider calls over undici's HTTP/1.1 client (a keep-alive pool per origin): what `fetch`
 * (undici too) does for this one POST, without its Request/Headers/web-stream machinery, and at
 * about half the CPU of node:http's client. Same contract as fetchTransport: a redirect is answered
 * as it came (request() never follows one), failure to connect or an abort before the head rejects,
 * an abort after it ends the body with an error. Like fetch it asks for and undoes gzip, deflate
 * and br. undici's own connect, head and body timeouts are off: the provider's timeout
 * (callProvider) is the only one, as with node:http. undici is loaded by the first call: a process
 * that never calls a provider (a backup run, a test) does not hold it in memory (~10 MB).
 */
export function nodeTransport(): UpstreamTransport & { close(): void } {
  let agent: Agent | null = null;
  let closed = false;
  const loadAgent = async (): Promise<Agent> => {
    const { Agent } = await import('undici');
    agent ??= new Agent({ connectTimeout: 0, headersTimeout: 0, bodyTimeout: 0 });
    if (closed) void agent.destroy().catch(() => undefined);
    return agent;
  };
  // A provider's endpoint is parsed once, not on every call (at most MAX_TARGETS kept).
  const targets = new Map<string, Target>();
  const targetOf = (href: string): Target => {
    let target = targets.get(href);
    if (!target) {
      const url = new URL(href);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`unsupported protocol ${url.protocol}`);
      // User info in the URL is sent as node:http sends it: Basic credentials, unless the call names its own Authorization.
      const basic =
        url.username || url.password
          ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
          : undefined;
      target = { origin: url.origin, path: url.pathname + url.search, basic };
      if (targets.size >= MAX_TARGETS) targets.clear();
      targets.set(href, target);
    }
    return target;
  };
  const send = async (r: UpstreamRequest): Promise<UpstreamAnswer> => {
    const { origin, path, basic } = targetOf(r.url);
    const headers: Record<string, string> = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'node' };
    for (const name in r.headers) headers[name.toLowerCase()] = r.headers[name]!;
    if (basic !== undefined && headers.authorization === undefined) headers.authorization = basic;
    // undici sets the content-length of a string body, and writes it with the head.
    const answer = await (agent ?? (await loadAgent())).request({ origin, path, method: 'POST', headers, body: r.body, signal: new CallSignal(r.signal) });
    return new NodeAnswer(answer);
  };
  return Object.assign(send, {
    sent: () => new Promise<void>((done) => setImmediate(done)),
    close() {
      closed = true;
      agent?.destroy().catch(() => undefined);
    },
  });
}

const MAX_TARGETS = 64;

interface Target {
  origin: string;
  path: string;
  basic: string | undefined;
}

/**
 * The AbortWatch a call was given, as undici reads a signal (it also removes its listener once
 * the answer has ended); it aborts with fetch's AbortError.
 */
class CallSignal {
  aborted = false;
  reason: DOMException | undefined;
  #listeners: (() => void)[] = [];

  constructor(watch: AbortWatch) {
    if (watch.aborted) this.#abort();
    else watch.addEventListener('abort', () => this.#abort(), { once: true });
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.#listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.#listeners = this.#listeners.filter((l) => l !== listener);
  }

  #abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = new DOMException('This operation was aborted', 'AbortError');
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }
}

/** The answer's content-encoding, several joined by ", " as a fetch Headers object reads them. */
function contentEncoding(headers: Dispatcher.ResponseData['headers']): string | undefined {
  const value = headers['content-encoding'];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The decoder for the content-encoding fetch would have undone, or null when there is none. */
function decoderFor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

/**
 * A provider's answer. A class, not an object literal: V8 gives every object literal with a getter
 * a shape of its own, and under load that cost a provider call ~20 µs of CPU.
 */
class NodeAnswer implements UpstreamAnswer {
  readonly status: number;
  readonly #answer: Dispatcher.ResponseData;
  #source: Readable | null = null;
  #stream: ReadableStream<Uint8Array> | null = null;

  constructor(answer: Dispatcher.ResponseData) {
    // Its readers see an error through their own listeners; one nobody reads must not crash the process.
    answer.body.on('error', () => undefined);
    this.#answer = answer;
    this.status = answer.statusCode;
  }

  /** The decoded body, or null when it needs no decoding. */
  #decoded(): Readable | null {
    if (this.#source === null) {
      const decoder = decoderFor(contentEncoding(this.#answer.headers));
      if (decoder === null) return null;
      const body = this.#answer.body;
      body.on('error', (err) => decoder.destroy(err));
      this.#source = body.pipe(decoder);
    }
    return this.#source;
  }

  get body(): ReadableStream<Uint8Array> {
    this.#stream ??= Readable.toWeb(this.#decoded() ?? this.#answer.body) as ReadableStream<Uint8Array>;
    return this.#stream;
  }

  /**
   * The body's chunks through the Node stream's own async iterator: no web stream between the provider and a
   * streamed chat (Readable.toWeb cost it ~0.1–0.2 ms). Cancelling destroys the stream, which ends a read
   * waiting for the next chunk with an error (the caller knows why it cancelled).
   */
  chunks(): ChunkReader {
    const source = this.#decoded() ?? this.#answer.body;
    const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Uint8Array, undefined>;
    return {
      read: () => chunks.next() as Promise<ReadableStreamReadResult<Uint8Array>>,
      cancel: async () => void source.destroy(),
    };
  }

  text(): Promise<string> {
    const from = this.#decoded();
    // undici's own reader drops a leading byte-order mark, as fetch's text() does.
    if (from === null) return this.#answer.body.text();
    return new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let done = false;
      from.on('data', (chunk: Buffer) => chunks.push(chunk));
      from.once('end', () => {
        done = true;
        const text = Buffer.concat(chunks).toString('utf8');
        resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      });
      from.once('error', reject);
      from.once('close', () => done || reject(new Error('the provider closed the connection before the end of its answer')));
    });
  }
}
