import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../world/ws-client.ts';
import { bearer, json, patFor, provision, send } from './http.ts';
import { deployment, twoNodes, type Deployment, type Node } from './nodes.ts';

/** API.md §13: a revocation, deactivation or session end through one node holds on every node. */
let d: Deployment;
let a: Node;
let b: Node;

beforeAll(async () => {
  d = await deployment();
  [a, b] = await twoNodes(d);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

/** Opens a socket on `node`; resolves with the client and a promise of the close's code and time. */
async function socket(node: Node, path: string, headers: Record<string, string>) {
  const client = await Client.open(new URL(path, node.url).toString(), headers);
  const closed = new Promise<{ code: number; at: number }>((resolve) => client.ws.once('close', (code) => resolve({ code, at: Date.now() })));
  return { client, closed };
}

describe('credentials across two nodes on one PostgreSQL database', () => {
  it('a PAT revoked through A is refused by B on the next request, and its sockets on B close with 4401 within 1 s', async () => {
    await provision(a, d, 'ada');
    const pat = await patFor(a, d, 'ada');
    await json(send(b, '/v1/models', { headers: bearer(pat.token) }), 200);
    const feed = await socket(b, '/v1/ws/beliefs', bearer(pat.token));
    const extract = await socket(b, '/v1/ws/extract', bearer(pat.token));

    const res = await send(a, `/admin/api/tokens/${pat.id}`, { method: 'DELETE', headers: bearer(d.rootToken) });
    const revokedAt = Date.now();
    expect(res.status).toBe(204);
    expect((await send(b, '/v1/models', { headers: bearer(pat.token) })).status).toBe(401);

    for (const s of [feed, extract]) {
      const { code, at } = await s.closed;
      expect(code).toBe(4401);
      expect(at - revokedAt).toBeLessThanOrEqual(1000);
    }
  });

  it('a user deactivated through SCIM on A: B refuses their PAT and their identity (403) and closes their sockets within 1 s', async () => {
    const id = await provision(a, d, 'bob');
    const pat = await patFor(b, d, 'bob');
    const sockets = await Promise.all([socket(b, '/v1/ws/beliefs', bearer(pat.token)), socket(a, '/v1/ws/beliefs', bearer(pat.token))]);

    const patch = {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    };
    await json(send(a, `/scim/v2/Users/${id}`, { method: 'PATCH', headers: bearer(d.scimToken), json: patch }), 200);
    const deactivatedAt = Date.now();
    // Deactivation revokes the user's PATs in the same change: refused as revoked.
    expect((await send(b, '/v1/models', { headers: bearer(pat.token) })).status).toBe(401);
    expect((await send(b, '/admin/api/me', { headers: { 'x-auth-user': 'bob' } })).status).toBe(403);

    for (const s of sockets) {
      const { code, at } = await s.closed;
      expect(code).toBe(4401);
      expect(at - deactivatedAt).toBeLessThanOrEqual(1000);
    }
  });

  it('a session ended through A is refused by B, and its socket on B closes within 1 s', async () => {
    const login = await send(a, '/admin/login', { json: { token: d.rootToken } });
    expect(login.status).toBe(302);
    const cookie = /bs_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toBeTruthy();
    const session = { cookie: `bs_session=${cookie}` };
    await json(send(b, '/admin/api/me', { headers: session }), 200);
    const feed = await socket(b, '/v1/ws/beliefs', session);

    expect((await send(a, '/admin/logout', { method: 'POST', headers: session })).status).toBe(302);
    const endedAt = Date.now();
    expect((await send(b, '/admin/api/me', { headers: session })).status).toBe(401);
    const { code, at } = await feed.closed;
    expect(code).toBe(4401);
    expect(at - endedAt).toBeLessThanOrEqual(1000);
  });

  it('a PAT revoked by a direct UPDATE in the database is refused by both nodes', async () => {
    await provision(b, d, 'cy');
    const pat = await patFor(b, d, 'cy');
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: d.databaseUrl });
    await client.connect();
    try {
      await client.query('UPDATE api_tokens SET revoked_at = $1 WHERE id = $2', [new Date().toISOString(), pat.id]);
    } finally {
      await client.end();
    }
    expect((await send(a, '/v1/models', { headers: bearer(pat.token) })).status).toBe(401);
    expect((await send(b, '/v1/models', { headers: bearer(pat.token) })).status).toBe(401);
  });
});
