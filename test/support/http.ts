import { request } from 'node:http';

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON body (sent with content-type application/json), a multipart form, or raw text or bytes (no content-type added). */
  json?: unknown;
  form?: FormData;
  body?: string | Uint8Array;
  /** Send the body in pieces: without a Content-Length header it goes chunked. */
  inPieces?: boolean;
  /** The client address: the local source address (Node sees it; under workerd the SSO proxy forwards it). */
  from?: string;
}

/**
 * The tests' HTTP client: one request on its own connection (so a server that closes after
 * refusing a body cannot break the next call), redirects not followed, from a chosen client
 * address. `t` is a test target or anything else with a base URL.
 */
export async function call(t: { url: string }, path: string, opts: CallOptions = {}): Promise<Response> {
  const url = new URL(path, t.url);
  const headers: Record<string, string> = { ...opts.headers };
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] ??= 'application/json';
  }
  if (opts.form !== undefined) {
    const encoded = new Response(opts.form);
    body = new Uint8Array(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type')!;
  }
  // Node frames no body of a DELETE by itself; say its length, as fetch does.
  if (body !== undefined && !opts.inPieces) headers['content-length'] ??= String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  const from = opts.from ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers, agent: false, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const h = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : [value ?? '']) h.append(name, v);
        }
        const status = res.statusCode ?? 0;
        const nullBody = status === 204 || status === 304;
        resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: h }));
      });
      res.on('error', reject);
    });
    // The server may answer and close before reading the whole body; the answer is what counts.
    req.on('error', reject);
    if (opts.inPieces && body !== undefined) {
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
      for (let i = 0; i < bytes.length; i += 65536) req.write(bytes.subarray(i, i + 65536));
      req.end();
    } else req.end(body);
  });
}

/** The `bs_session` value a response sets, if any. */
export function sessionCookie(res: Response): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const m = /^bs_session=([^;]*)/.exec(line);
    if (m?.[1]) return m[1];
  }
  return undefined;
}

let next = 0;
/** A fresh client address per call, so failure counting of one check never spills into another. */
export function freshAddress(): string {
  next += 1;
  return `127.${20 + Math.floor(next / 62_500)}.${Math.floor(next / 250) % 250}.${(next % 250) + 1}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /admin/login as the sign-in form sends it, with `token`, from `from` (127.0.0.1 unless given). */
export const loginForm = (t: { url: string }, token: string, from?: string) =>
  call(t, '/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${encodeURIComponent(token)}`,
    from,
  });
