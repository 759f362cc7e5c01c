import type { Deployment, Node } from './nodes.ts';
import { USER_HEADER } from './nodes.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const asUser = (userName: string) => ({ [USER_HEADER]: userName });

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** 'manual' (no redirects followed) unless given. */
  redirect?: RequestRedirect;
  signal?: AbortSignal;
}

/** How long a request of the fault tests may take: a hang fails the test instead of stalling it. */
const REQUEST_LIMIT_MS = 15_000;

/** `send` (redirects followed unless told), aborted after REQUEST_LIMIT_MS. */
export function bounded(node: Node, path: string, init: SendInit = {}): Promise<Response> {
  return send(node, path, { redirect: 'follow', ...init, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
}

/** A JSON request to a node. */
export function send(node: Node, path: string, init: SendInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(new URL(path, node.url), {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: init.redirect ?? 'manual',
    signal: init.signal,
  });
}

export async function json<T = Record<string, any>>(res: Promise<Response> | Response, status: number): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Provisions a user through SCIM on `node`; returns its SCIM id. */
export async function provision(node: Node, d: Deployment, userName: string): Promise<string> {
  const body = await json(
    send(node, '/scim/v2/Users', {
      headers: bearer(d.scimToken),
      json: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, active: true },
    }),
    201,
  );
  return body.id as string;
}

/** A PAT for `userName`, created by root through `node`. */
export async function patFor(node: Node, d: Deployment, userName: string): Promise<{ id: string; token: string }> {
  const body = await json(send(node, '/admin/api/tokens', { headers: bearer(d.rootToken), json: { name: 'multinode', user_name: userName } }), 201);
  return { id: body.id as string, token: body.token as string };
}
