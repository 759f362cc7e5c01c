import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { UpstreamAnswer, UpstreamRequest, UpstreamTransport } from '../../ports/upstream.ts';

/**
 * Provider calls over node:http(s) with keep-alive agents: what `fetch` (undici) does for this
 * one POST, without its per-request Request/Headers/web-stream machinery. Same contract as
 * fetchTransport: a redirect is answered as it came (node:http never follows one), failure to
 * connect or an abort before the head rejects, an abort after it ends the body with an error.
 * Like fetch it asks for and undoes gzip, deflate and br.
 */
export function nodeTransport(): UpstreamTransport & { close(): void } {
  const http = new HttpAgent({ keepAlive: true });
  const https = new HttpsAgent({ keepAlive: true });
  // A provider's endpoint is parsed once, not on every call (at most MAX_TARGETS kept).
  const targets = new Map<string, Target>();
  const targetOf = (href: string): Target => {
    let target = targets.get(href);
    if (!target) {
      const url = new URL(href);
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:') throw new TypeError(`unsupported protocol ${url.protocol}`);
      const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      // As node:http reads a URL (urlToHttpOptions), user info included.
      const auth = url.username || url.password ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined;
      target = { secure, host, port: url.port || (secure ? '443' : '80'), path: url.pathname + url.search, auth };
      if (targets.size >= MAX_TARGETS) targets.clear();
      targets.set(href, target);
    }
    return target;
  };
  const send = (r: UpstreamRequest) =>
    new Promise<UpstreamAnswer>((resolve, reject) => {
      const { secure, host, port, path, auth } = targetOf(r.url);
      const headers: Record<string, string> = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'node' };
      for (const name in r.headers) headers[name.toLowerCase()] = r.headers[name]!;
      headers['content-length'] = String(Buffer.byteLength(r.body, 'utf8'));
      const options = { method: 'POST', host, port, path, auth, headers, agent: secure ? https : http };
      const req = (secure ? httpsRequest : httpRequest)(options, (res) => resolve(new NodeAnswer(res)));
      req.on('error', reject);
      // Not node:http's `signal` option, which also watches the request's end to unregister: once
      // the answer is complete its socket is back in the pool and destroy() is a no-op.
      const abort = () => req.destroy(new DOMException('This operation was aborted', 'AbortError'));
      if (r.signal.aborted) abort();
      else r.signal.addEventListener('abort', abort, { once: true });
      // A string body goes out in one write with the head (node:http joins them).
      req.end(r.body, 'utf8');
    });
  return Object.assign(send, {
    sent: () => new Promise<void>((done) => setImmediate(done)),
    close() {
      http.destroy();
      https.destroy();
    },
  });
}

const MAX_TARGETS = 64;

interface Target {
  secure: boolean;
  host: string;
  port: string;
  path: string;
  auth: string | undefined;
}

/**
 * The answer's content-encoding as `res.headers['content-encoding']` reads it (several joined by
 * ", "), found in the raw header list: reading `res.headers` would build an object of every
 * header, which nothing else here needs.
 */
function contentEncoding(res: IncomingMessage): string | undefined {
  const raw = res.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === 16 && raw[i]!.toLowerCase() === 'content-encoding') value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

/** The decoded body: undoes the content-encoding fetch would have undone. */
function decoded(res: IncomingMessage): Readable {
  const encoding = contentEncoding(res)?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder) return res;
  res.on('error', (err) => decoder.destroy(err));
  res.on('aborted', () => decoder.destroy(new Error('aborted')));
  return res.pipe(decoder);
}

/**
 * A provider's answer. A class, not an object literal: V8 gives every object literal with a getter
 * a shape of its own, and under load that cost a provider call ~20 µs of CPU.
 */
class NodeAnswer implements UpstreamAnswer {
  readonly status: number;
  readonly #res: IncomingMessage;
  #source: Readable | null = null;
  #stream: ReadableStream<Uint8Array> | null = null;

  constructor(res: IncomingMessage) {
    // Its readers see an error through their own listeners; one nobody reads must not crash the process.
    res.on('error', () => undefined);
    this.#res = res;
    this.status = res.statusCode ?? 0;
  }

  #from(): Readable {
    this.#source ??= decoded(this.#res);
    return this.#source;
  }

  get body(): ReadableStream<Uint8Array> {
    this.#stream ??= Readable.toWeb(this.#from()) as ReadableStream<Uint8Array>;
    return this.#stream;
  }

  text(): Promise<string> {
    const from = this.#from();
    return new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let done = false;
      from.on('data', (chunk: Buffer) => chunks.push(chunk));
      from.once('end', () => {
        done = true;
        const text = Buffer.concat(chunks).toString('utf8');
        // As fetch's text(): a leading byte-order mark is not part of the text.
        resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      });
      from.once('error', reject);
      from.once('close', () => done || reject(new Error('the provider closed the connection before the end of its answer')));
    });
  }
}
