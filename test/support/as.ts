import { bearer, call, type CallOptions } from './http.ts';
import { PROXY_HEADER, ROOT_TOKEN, SCIM_TOKEN } from './targets.ts';

/** Who a test request comes from, as the headers that say so. */
export type Caller = Record<string, string>;

export const as = {
  /** The root token (ROOT_TOKEN). */
  root: (): Caller => bearer(ROOT_TOKEN),
  /** A personal access token. */
  pat: (token: string): Caller => bearer(token),
  /** A user asserted by the trusted proxy's identity header. */
  user: (name: string): Caller => ({ [PROXY_HEADER]: name }),
  /** The SCIM bearer token an IdP uses. */
  scim: (): Caller => bearer(SCIM_TOKEN),
};

/** A client bound to a target and a caller: `on(t, as.root()).get('/admin/api/users')`. */
export function on(t: { url: string }, caller: Caller) {
  const send = (method: string, path: string, opts: CallOptions = {}) => call(t, path, { ...opts, method, headers: { ...caller, ...opts.headers } });
  return {
    get: (path: string, opts?: CallOptions) => send('GET', path, opts),
    post: (path: string, json?: unknown, opts?: CallOptions) => send('POST', path, { ...opts, json }),
    put: (path: string, json?: unknown, opts?: CallOptions) => send('PUT', path, { ...opts, json }),
    patch: (path: string, json?: unknown, opts?: CallOptions) => send('PATCH', path, { ...opts, json }),
    delete: (path: string, opts?: CallOptions) => send('DELETE', path, opts),
  };
}

/** A call's answer as its status and JSON body (null when empty): `api(t, as.user(name), 'GET', '/admin/api/beliefs')`. */
export async function api<T = any>(t: { url: string }, caller: Caller, method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
  const res = await call(t, path, { method, headers: caller, json });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A PAT for the user (created by root). */
export async function patFor(t: { url: string }, userName: string): Promise<{ id: string; token: string }> {
  const res = await api(t, as.root(), 'POST', '/admin/api/tokens', { name: 'ws test', user_name: userName });
  if (res.status !== 201) throw new Error(`token creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, token: res.body.token };
}
