import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { PROXY_HEADER, SCIM_TOKEN, type Target } from '../support/targets.ts';

export interface ScimReply {
  status: number;
  type: string | null;
  location: string | null;
  body: any;
}

/** Calls /scim/v2 as an IdP would. `body` strings are sent as-is; objects as JSON. */
export async function scim(
  t: Target,
  method: string,
  path: string,
  body?: unknown,
  opts: { token?: string | null; contentType?: string | null; headers?: Record<string, string>; ownConnection?: boolean } = {},
): Promise<ScimReply> {
  const headers: Record<string, string> = { accept: 'application/scim+json', ...opts.headers };
  const token = opts.token === undefined ? SCIM_TOKEN : opts.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    // Bytes, so fetch adds no Content-Type of its own: Okta sometimes sends none.
    payload = new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));
    const contentType = opts.contentType === undefined ? 'application/scim+json' : opts.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
  }
  const url = `${new URL(t.url).origin}/scim/v2${path}`;
  // A server may close a keep-alive connection after refusing an unread body: give such calls their own.
  const res = opts.ownConnection
    ? await onOwnConnection(url, method, headers, payload as Uint8Array | undefined)
    : await fetch(url, { method, headers, body: payload });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    location: res.headers.get('location'),
    body: text ? JSON.parse(text) : null,
  };
}

/** A fixture body from test/scim/fixtures with its `{{placeholders}}` filled in. */
export function fixture(name: string, vars: Record<string, string> = {}): any {
  const text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
  return JSON.parse(text.replace(/\{\{(\w[\w-]*)\}\}/g, (_, k: string) => vars[k] ?? `{{${k}}}`));
}

export const filterQuery = (filter: string, extra = '') => `/Users?filter=${encodeURIComponent(filter)}${extra}`;

export { insertPat } from '../support/pats.ts';

export const patStatus = async (t: Target, token: string) => (await fetch(`${t.url}/v1/models`, { headers: { authorization: `Bearer ${token}` } })).status;

/** A request as the SSO proxy would send it; returns the status and the session cookie, if any. */
export async function asHeaderUser(t: Target, userName: string, cookie?: string, userAgent?: string): Promise<{ status: number; cookie: string | null }> {
  const headers: Record<string, string> = { [PROXY_HEADER]: userName, accept: 'application/json' };
  if (userAgent) headers['user-agent'] = userAgent;
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${t.url}/admin/api/me`, { headers });
  await res.arrayBuffer();
  const set = res.headers.get('set-cookie');
  return { status: res.status, cookie: set ? set.split(';')[0]! : null };
}

export async function withCookie(t: Target, cookie: string): Promise<number> {
  const res = await fetch(`${t.url}/admin/api/me`, { headers: { cookie, accept: 'application/json' } });
  await res.arrayBuffer();
  return res.status;
}

/** Every row of the tables SCIM may touch, to prove a refused request changed nothing. */
export async function snapshot(t: Target): Promise<unknown> {
  return {
    users: await t.sql.all('SELECT * FROM users ORDER BY id'),
    api_tokens: await t.sql.all('SELECT * FROM api_tokens ORDER BY id'),
    sessions: await t.sql.all('SELECT id, user_name, terminated_at FROM sessions ORDER BY id'),
    audit: await t.sql.all('SELECT * FROM audit_events ORDER BY id'),
  };
}

function onOwnConnection(url: string, method: string, headers: Record<string, string>, body: Uint8Array | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode!, headers: h }));
      });
    });
    // The server may answer and close before reading the whole body; the answer is what counts.
    req.on('error', reject);
    // Written in pieces: without a Content-Length header the body goes chunked.
    for (let i = 0; body && i < body.length; i += 65536) req.write(body.subarray(i, i + 65536));
    req.end();
  });
}
