import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../world/ws-client.ts';
import { asUser, bearer, bounded, json, patFor, provision, send } from '../multinode/http.ts';
import { deployment, twoNodes, type Deployment, type Node } from '../multinode/nodes.ts';
import { restartableCluster, type RestartableCluster } from './pg-ctl.ts';

/** API.md §13: when PostgreSQL restarts, requests fail fast (503) and every node serves again within 10 s, change feeds included. */
let cluster: RestartableCluster;
let d: Deployment;
let nodes: [Node, Node];
let pat: string;

const RECOVERY_MS = 10_000;

/** Polls `node` until an authenticated request succeeds; false if it did not within RECOVERY_MS. */
async function servesAgain(node: Node, since: number): Promise<boolean> {
  while (Date.now() - since <= RECOVERY_MS) {
    const res = await bounded(node, '/v1/models', { headers: bearer(pat) }).catch(() => null);
    if (res?.status === 200) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

beforeAll(async () => {
  cluster = await restartableCluster();
  d = await deployment({}, await cluster.createDatabase());
  nodes = await twoNodes(d);
  await provision(nodes[0], d, 'ada');
  pat = (await patFor(nodes[0], d, 'ada')).token;
}, 180_000);

afterAll(async () => {
  await Promise.all(nodes?.map((n) => n.stop()) ?? []);
  await cluster?.destroy();
});

describe('PostgreSQL restarted under two nodes', () => {
  it('a restart under load kills neither node: every answer is a success or a 503, acknowledged writes are kept, both serve within 10 s', async () => {
    const statuses: number[] = [];
    const unavailable: unknown[] = [];
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let loading = true;
    let seq = 0;
    const worker = async (w: number) => {
      for (let i = 0; loading && i < 10_000; i++) {
        const node = nodes[(w + i) % 2]!;
        const n = seq++;
        try {
          const res =
            n % 2 === 0
              ? await bounded(node, '/admin/api/beliefs', {
                  headers: asUser('ada'),
                  json: { statement: `Load fact number ${n}`, key: `load.k${n}`, type: 'fact' },
                })
              : await bounded(node, '/v1/models', { headers: bearer(pat) });
          statuses.push(res.status);
          const body = (await res.json()) as { id?: string; error?: { code?: string } };
          if (res.status === 201) acknowledged.push(body.id!);
          if (res.status === 503) unavailable.push(body);
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const load = [0, 1, 2, 3].map(worker);
    await new Promise((r) => setTimeout(r, 1000));
    await cluster.restart();
    const back = Date.now();
    const served = await Promise.all(nodes.map((n) => servesAgain(n, back)));
    await new Promise((r) => setTimeout(r, 500));
    loading = false;
    await Promise.all(load);

    expect(served).toEqual([true, true]);
    expect(failures).toEqual([]);
    expect(statuses.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    for (const body of unavailable) expect(body).toMatchObject({ error: { code: 'database_unavailable' } });
    expect(acknowledged.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: d.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM beliefs WHERE id = ANY($1::text[])', [acknowledged]);
      expect(rows[0]!.n).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
    for (const node of nodes) expect(node.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  }, 120_000);

  it('while PostgreSQL is down, requests fail fast with 503 in each caller shape, /healthz answers 200 and /readyz 503; both nodes serve within 10 s of its return', async () => {
    await cluster.stop();
    try {
      for (const node of nodes) {
        // A probe carrying a credential (here one that no longer exists) is answered from the process alone.
        const health = await bounded(node, '/healthz', { headers: bearer(`bs_pat_${'A'.repeat(66)}`) });
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'ok' });
        const ready = await bounded(node, '/readyz', { headers: bearer(pat) });
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 'unavailable' });

        const models = await bounded(node, '/v1/models', { headers: bearer(pat) });
        expect(models.status).toBe(503);
        expect(await models.json()).toMatchObject({ error: { type: 'api_error', code: 'database_unavailable' } });

        const messages = await bounded(node, '/v1/messages', {
          headers: { 'x-api-key': pat },
          json: { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] },
        });
        expect(messages.status).toBe(503);
        expect(await messages.json()).toMatchObject({ type: 'error', error: { type: 'api_error' } });

        const scim = await bounded(node, '/scim/v2/Users', { headers: bearer(d.scimToken) });
        expect(scim.status).toBe(503);
        expect(await scim.json()).toMatchObject({ status: '503' });

        const write = await bounded(node, '/admin/api/beliefs', { headers: asUser('ada'), json: { statement: 'Written during the outage', type: 'fact' } });
        expect(write.status).toBe(503);
      }
    } finally {
      await cluster.start();
    }
    const back = Date.now();
    expect(await Promise.all(nodes.map((n) => servesAgain(n, back)))).toEqual([true, true]);
    for (const node of nodes) expect((await bounded(node, '/readyz')).status).toBe(200);
  }, 120_000);

  it("after the return, B's belief feed carries changes made through A, and a revocation through A closes B's socket (LISTEN reconnected)", async () => {
    const [a, b] = nodes;
    await cluster.restart();
    const back = Date.now();
    expect(await servesAgain(b, back)).toBe(true);

    const feed = await Client.open(new URL('/v1/ws/beliefs', b.url).toString(), asUser('ada'));
    // Within 10 s of the return the feed is live again: a change through A then reaches B within 1 s.
    let carried = false;
    for (let n = 0; !carried && Date.now() - back <= RECOVERY_MS; n++) {
      const made = await json(send(a, '/admin/api/beliefs', { headers: asUser('ada'), json: { statement: `After the restart ${n}`, type: 'fact' } }), 201);
      carried = await feed
        .until('the change through A', () => feed.of('belief').some((f) => f.belief.id === made.id), 1000)
        .then(
          () => true,
          () => false,
        );
    }
    expect(carried).toBe(true);
    feed.close();

    const fresh = await patFor(a, d, 'ada');
    const socket = await Client.open(new URL('/v1/ws/beliefs', b.url).toString(), bearer(fresh.token));
    expect((await send(a, `/admin/api/tokens/${fresh.id}`, { method: 'DELETE', headers: bearer(d.rootToken) })).status).toBe(204);
    await socket.until('closed with 4401', () => socket.closed?.code === 4401, 1000);
    expect((await send(b, '/v1/models', { headers: bearer(fresh.token) })).status).toBe(401);
  }, 120_000);
});
