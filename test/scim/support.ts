import { readFileSync } from 'node:fs';
import { bearer, call } from '../support/http.ts';
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
  opts: { token?: string | null; contentType?: string | null; headers?: Record<string, string>; inPieces?: boolean } = {},
): Promise<ScimReply> {
  const headers: Record<string, string> = { accept: 'application/scim+json', ...opts.headers };
  const token = opts.token === undefined ? SCIM_TOKEN : opts.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: Uint8Array | undefined;
  if (body !== undefined) {
    // Bytes, so the client adds no Content-Type of its own: Okta sometimes sends none.
    payload = new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));
    const contentType = opts.contentType === undefined ? 'application/scim+json' : opts.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
  }
  const res = await call(t, `/scim/v2${path}`, { method, headers, body: payload, inPieces: opts.inPieces });
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

export const patStatus = async (t: Target, token: string) => (await call(t, '/v1/models', { headers: bearer(token) })).status;

/** A request as the SSO proxy would send it; returns the status and the session cookie, if any. */
export async function asHeaderUser(t: Target, userName: string, cookie?: string, userAgent?: string): Promise<{ status: number; cookie: string | null }> {
  const headers: Record<string, string> = { [PROXY_HEADER]: userName, accept: 'application/json' };
  if (userAgent) headers['user-agent'] = userAgent;
  if (cookie) headers.cookie = cookie;
  const res = await call(t, '/admin/api/me', { headers });
  const set = res.headers.get('set-cookie');
  return { status: res.status, cookie: set ? set.split(';')[0]! : null };
}

export async function withCookie(t: Target, cookie: string): Promise<number> {
  return (await call(t, '/admin/api/me', { headers: { cookie, accept: 'application/json' } })).status;
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
