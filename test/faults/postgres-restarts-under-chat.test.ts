import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { OPENAI_KEY } from '../support/providers.ts';
import { Client } from '../world/ws-client.ts';
import { asUser, bearer, bounded, json, patFor, provision, send } from '../multinode/http.ts';
import { deployment, twoNodes, type Deployment, type Node } from '../multinode/nodes.ts';
import { cpuTime } from './cpu-time.ts';
import { restartableCluster, type RestartableCluster, type StopMode } from './pg-ctl.ts';

/**
 * API.md §13 under a harder run than postgres-restart.test.ts: two nodes, chats through a PAT
 * (plain and streamed) and WebSocket turns, with an extraction model and an embeddings model on
 * the fake provider, while PostgreSQL goes down three times with `-m fast` and once with
 * `-m immediate`. No node exits or hangs, every answer is a success or a 503
 * `database_unavailable`, both nodes serve within 10 s of each return, and every acknowledged
 * write is in the database afterwards.
 */
let cluster: RestartableCluster;
let fake: FakeProvider;
let d: Deployment;
let nodes: [Node, Node];
let pat: string;

const OUTAGES: StopMode[] = ['fast', 'fast', 'fast', 'immediate'];
const DOWN_MS = 2000;
/** Load before each outage, so requests are in every stage when the connections die. */
const LOAD_BEFORE_MS = 1500;
const RECOVERY_MS = 10_000;
/** PAT chats started a second, alternating between the nodes, whatever the answers take (an open loop, as the run). */
const CHAT_RATE = 40;
/**
 * Chats in flight at most (a second's worth): past it a due chat is not sent but counted as skipped,
 * so on a host too busy to serve the rate the answers' wait stays bounded instead of growing.
 */
const MAX_IN_FLIGHT = 40;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `node` until a chat through the PAT succeeds; false if none did within RECOVERY_MS of `since`. */
async function servesAgain(node: Node, since: number): Promise<boolean> {
  while (Date.now() - since <= RECOVERY_MS) {
    const res = await bounded(node, '/v1/chat/completions', {
      headers: bearer(pat),
      json: { model: 'oai/m1', messages: [{ role: 'user', content: 'hi' }] },
    }).catch(() => null);
    if (res?.status === 200) return true;
    await sleep(200);
  }
  return false;
}

/** A turn the fake extraction model learns one belief from. */
const turn = (n: number) => `I am studying topic ${n} this year.`;

beforeAll(async () => {
  cluster = await restartableCluster();
  fake = await startFakeProvider();
  d = await deployment({}, await cluster.createDatabase());
  nodes = await twoNodes(d);
  const config = {
    providers: [{ id: 'oai', kind: 'openai', base_url: `${fake.url}/v1`, api_key: OPENAI_KEY, models: ['m1', 'e1'] }],
    default_model: 'oai/m1',
    extraction: { enabled: true, model: 'oai/m1' },
    injection: { enabled: true, max_beliefs: 20 },
    embeddings: { model: 'oai/e1' },
  };
  await json(send(nodes[0], '/admin/api/config', { method: 'PUT', headers: bearer(d.rootToken), json: config }), 200);
  fake.extraction = (body: any) => {
    const n = /topic (\d+)/.exec(JSON.stringify(body))?.[1];
    const beliefs = n ? [{ type: 'fact', key: `user.topic${n}`, statement: `The user studies topic ${n}`, scope: 'universal', confidence: 0.9 }] : [];
    return { beliefs, retract: [] };
  };
  // The provider and the query embedding take a while, so chats are mid-way when connections die.
  fake.delayMs = 50;
  fake.embeddings.delayMs = 100;
  await provision(nodes[0], d, 'ada');
  pat = (await patFor(nodes[0], d, 'ada')).token;
  for (const topic of ['chess', 'rowing', 'Haarlem']) {
    await json(send(nodes[0], '/admin/api/beliefs', { headers: asUser('ada'), json: { statement: `The user likes ${topic}`, type: 'preference' } }), 201);
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(nodes?.map((n) => n.stop()) ?? []);
  await fake?.close();
  await cluster?.destroy();
});

describe('PostgreSQL down four times under chats and socket turns on two nodes', () => {
  it('no node exits or hangs, answers are successes or 503 database_unavailable, both serve within 10 s of each return, nothing acknowledged is lost', async () => {
    const statuses: number[] = [];
    const unavailable: unknown[] = [];
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let turnsAcked = 0;
    let loading = true;
    let seq = 0;

    const answered = async (res: Response) => {
      statuses.push(res.status);
      const text = await res.text();
      if (res.status === 503) unavailable.push(JSON.parse(text));
      return text;
    };

    const chatMs: number[] = [];
    let chatsSent = 0;
    let chatsSkipped = 0;
    const chat = async (n: number) => {
      const stream = Math.floor(n / 2) % 2 === 1;
      const started = performance.now();
      try {
        const res = await bounded(nodes[n % 2]!, '/v1/chat/completions', {
          headers: bearer(pat),
          json: { model: 'oai/m1', stream, messages: [{ role: 'user', content: turn(seq++) }] },
        });
        const text = await answered(res);
        if (res.status === 200) chatMs.push(performance.now() - started);
        if (res.status === 200 && stream && !text.includes('data: [DONE]')) failures.push(`stream ${n} ended early: ${text.slice(-200)}`);
      } catch (err) {
        failures.push(`chat ${n}: ${String(err)}`);
      }
    };
    /** Starts chat n at n / CHAT_RATE seconds (catching up after a late timer), not when chat n - 1 ended; resolves with the seconds it sent for. */
    const chatter = async () => {
      const inFlight = new Set<Promise<void>>();
      const from = performance.now();
      for (let n = 0; loading && n < 100_000; n++) {
        const wait = from + (n * 1000) / CHAT_RATE - performance.now();
        if (wait > 0) await sleep(wait);
        if (inFlight.size >= MAX_IN_FLIGHT) {
          chatsSkipped++;
          continue;
        }
        chatsSent++;
        const one = chat(n).finally(() => inFlight.delete(one));
        inFlight.add(one);
      }
      const seconds = (performance.now() - from) / 1000;
      await Promise.all(inFlight);
      return seconds;
    };

    // Another owner than the chats', so the writes do not queue behind ada's extractions.
    const writer = async () => {
      for (let i = 0; loading && i < 10_000; i++) {
        const n = seq++;
        try {
          const res = await bounded(nodes[i % 2]!, '/admin/api/beliefs', {
            headers: asUser('bob'),
            json: { statement: `Load fact number ${n}`, key: `load.k${n}`, type: 'fact' },
          });
          const text = await answered(res);
          if (res.status === 201) acknowledged.push((JSON.parse(text) as { id: string }).id);
        } catch (err) {
          failures.push(`write ${n}: ${String(err)}`);
        }
        await sleep(50);
      }
    };

    /** Turns over one extract socket per node; a socket closed under it is opened again (refused while the database is away). */
    const sockets: Client[] = [];
    const turner = async (node: Node) => {
      let socket: Client | null = null;
      for (let i = 0; loading && i < 10_000; i++) {
        if (!socket || socket.closed) {
          socket = await Client.open(new URL('/v1/ws/extract', node.url).toString(), bearer(pat)).catch(() => null);
          if (socket) sockets.push(socket);
          else {
            await sleep(200);
            continue;
          }
        }
        socket.send({ type: 'turn', content: turn(seq++) });
        await sleep(100);
      }
    };

    const cpuBefore = cpuTime(nodes.map((n) => n.pid));
    const chatting = chatter();
    const load = [chatting, writer(), ...nodes.map(turner)];
    const recoveries: number[] = [];
    const served: boolean[] = [];
    for (const mode of OUTAGES) {
      await sleep(LOAD_BEFORE_MS);
      await cluster.stop(mode);
      await sleep(DOWN_MS);
      await cluster.start();
      const back = Date.now();
      served.push(...(await Promise.all(nodes.map((n) => servesAgain(n, back)))));
      recoveries.push(Date.now() - back);
    }
    await sleep(LOAD_BEFORE_MS);
    loading = false;
    await Promise.all(load);
    for (const socket of sockets) {
      for (const frame of socket.frames) {
        if (frame.type === 'ack') turnsAcked++;
        // A belief frame to the turn's own socket acknowledges a write.
        if (frame.type === 'belief' && frame.action === 'created') acknowledged.push(frame.belief.id as string);
      }
      socket.close();
    }

    // An exited node shows why: the end of its output.
    expect(nodes.map((n) => (n.exited() ? n.output().slice(-2000) : 'serving'))).toEqual(['serving', 'serving']);
    for (const node of nodes) expect(node.output()).not.toMatch(/unhandled|uncaught/i);
    expect(served).toEqual(Array(OUTAGES.length * 2).fill(true));
    expect(failures).toEqual([]);
    expect(statuses.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    for (const body of unavailable) expect(body).toMatchObject({ error: { code: 'database_unavailable' } });
    expect(unavailable.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(50);
    expect(turnsAcked).toBeGreaterThan(0);
    expect(fake.embeddings.requests.length).toBeGreaterThan(0);

    const client = new pg.Client({ connectionString: d.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('SELECT count(DISTINCT id)::int AS n FROM beliefs WHERE id = ANY($1::text[])', [acknowledged]);
      expect(rows[0]!.n).toBe(new Set(acknowledged).size);
    } finally {
      await client.end();
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    const count = (status: number) => statuses.filter((s) => s === status).length;
    const seconds = await chatting;
    const cpuAfter = cpuTime(nodes.map((n) => n.pid));
    const sorted = chatMs.sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
    console.log(
      `chats: target ${CHAT_RATE}/s, sent ${(chatsSent / seconds).toFixed(1)}/s (${chatsSent} in ${seconds.toFixed(1)} s, ${chatsSkipped} skipped at ${MAX_IN_FLIGHT} in flight), ` +
        `answered 200 ${(chatMs.length / seconds).toFixed(1)}/s, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; ` +
        `the nodes' threads ran ${(cpuAfter.ran - cpuBefore.ran).toFixed(1)} s on a CPU and waited ${(cpuAfter.waited - cpuBefore.waited).toFixed(1)} s for one; ` +
        `recovery after each return (ms): ${recoveries.join(', ')}; answers 200: ${count(200)}, 201: ${count(201)}, 503: ${count(503)}; ` +
        `turns acknowledged: ${turnsAcked}; writes acknowledged: ${acknowledged.length}`,
    );
  }, 150_000);
});
