import { call } from '../support/http.ts';
import { PROXY_HEADER, ROOT_TOKEN, type Target } from '../support/targets.ts';

/** Who a test request comes from: the root token, a PAT, or a user asserted by the proxy header. */
export type As = { root: true } | { pat: string } | { user: string };

export const ROOT: As = { root: true };

function authHeaders(as: As): Record<string, string> {
  if ('root' in as) return { authorization: `Bearer ${ROOT_TOKEN}` };
  if ('pat' in as) return { authorization: `Bearer ${as.pat}` };
  return { [PROXY_HEADER]: as.user };
}

export async function api<T = any>(t: Target, as: As, method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
  const res = await call(t, path, { method, headers: authHeaders(as), json });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A PAT for the user (created by root). */
export async function patFor(t: Target, userName: string): Promise<{ id: string; token: string }> {
  const res = await api(t, ROOT, 'POST', '/admin/api/tokens', { name: 'ws test', user_name: userName });
  if (res.status !== 201) throw new Error(`token creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, token: res.body.token };
}
