import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../world/ws-client.ts';
import { asUser, bearer, json, send } from './http.ts';
import { deployment, twoNodes, type Deployment, type Node } from './nodes.ts';

/** API.md §13: one owner's world model, its feed and backups across two nodes on one database. */
let d: Deployment;
let a: Node;
let b: Node;
let sql: pg.Client;

beforeAll(async () => {
  d = await deployment();
  [a, b] = await twoNodes(d);
  sql = new pg.Client({ connectionString: d.databaseUrl });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
});

const create = (node: Node, owner: string, statement: string, key: string) =>
  json(send(node, '/admin/api/beliefs', { headers: asUser(owner), json: { statement, key, type: 'fact' } }), 201);

async function active(owner: string, key: string): Promise<number> {
  const { rows } = await sql.query("SELECT count(*)::int AS n FROM beliefs WHERE owner = $1 AND key = $2 AND status = 'active'", [owner, key]);
  return rows[0].n as number;
}

describe('world model across two nodes on one PostgreSQL database', () => {
  it('concurrent supersessions of one key through A and B leave exactly one active belief, every round', async () => {
    const key = 'user.location';
    for (let round = 0; round < 10; round++) {
      const writes = Array.from({ length: 24 }, (_, i) => create(i % 2 ? a : b, 'dora', `The user lives in city ${round}-${i}`, key));
      await Promise.all(writes);
      expect(await active('dora', key)).toBe(1);
    }
    const { rows } = await sql.query(
      "SELECT count(*)::int AS n FROM beliefs WHERE owner = 'dora' AND key = $1 AND status = 'superseded' AND superseded_by IS NOT NULL",
      [key],
    );
    expect(rows[0].n).toBe(10 * 24 - 1);
  });

  it('concurrent corrections learned from sockets on A and B leave exactly one active belief for the key', async () => {
    const sockets = await Promise.all([a, b].map((node) => Client.open(new URL('/v1/ws/extract', node.url).toString(), asUser('kai'))));
    const cities = ['Munich', 'Berlin', 'Hamburg', 'Cologne', 'Leipzig', 'Dresden', 'Bremen', 'Essen', 'Bonn', 'Kiel'];
    for (const [i, city] of cities.entries()) sockets[i % 2]!.send({ type: 'turn', role: 'user', content: `I live in ${city} now.` });
    await Promise.all(sockets.map((s) => s.flush()));
    const learned = sockets.flatMap((s) => s.of('belief')).filter((f) => f.action === 'created');
    expect(learned.length).toBeGreaterThan(1);
    expect(await active('kai', learned[0]!.belief.key)).toBe(1);
    for (const s of sockets) s.close();
  });

  it("B's /v1/ws/beliefs feed carries changes made through A within 1 s (admin API and A's extraction socket)", async () => {
    const feed = await Client.open(new URL('/v1/ws/beliefs', b.url).toString(), asUser('eve'));
    const beliefFrames = () => feed.of('belief');
    const sent = Date.now();
    const made = await create(a, 'eve', 'The user works at Acme', 'user.employer');
    await feed.until('created on A', () => beliefFrames().some((f) => f.belief.id === made.id), 1000);
    expect(Date.now() - sent).toBeLessThanOrEqual(1000);

    const extract = await Client.open(new URL('/v1/ws/extract', a.url).toString(), asUser('eve'));
    const before = beliefFrames().length;
    extract.send({ type: 'turn', role: 'user', content: 'I live in Berlin.' });
    await extract.until('extracted on A', () => extract.of('belief').length > 0);
    const learnedAt = Date.now();
    await feed.until('extraction on A', () => beliefFrames().length > before, 1000);
    expect(Date.now() - learnedAt).toBeLessThanOrEqual(1000);
    expect(beliefFrames().at(-1)!.belief.statement).toBe(extract.of('belief')[0]!.belief.statement);

    const moved = await create(a, 'eve', 'The user works at Initech', 'user.employer');
    await feed.until('supersession on A', () => beliefFrames().some((f) => f.action === 'superseded' && f.belief.id === made.id), 1000);
    expect(beliefFrames().find((f) => f.action === 'superseded' && f.belief.id === made.id)!.belief.superseded_by).toBe(moved.id);
    expect(feed.frames.every((f) => f.type !== 'belief' || f.belief.owner === 'eve')).toBe(true);
    extract.close();
    feed.close();
  });

  it("a feed on B does not carry another owner's changes made through A", async () => {
    const feed = await Client.open(new URL('/v1/ws/beliefs', b.url).toString(), asUser('fay'));
    const other = await create(a, 'gus', 'The user likes tea', 'user.drink');
    const mine = await create(a, 'fay', 'The user likes coffee', 'user.drink');
    await feed.until('own change', () => feed.of('belief').some((f) => f.belief.id === mine.id), 1000);
    expect(feed.of('belief').some((f) => f.belief.id === other.id)).toBe(false);
    feed.close();
  });

  it('a change too large for one notification still reaches the feed on B whole', async () => {
    const feed = await Client.open(new URL('/v1/ws/beliefs', b.url).toString(), asUser('ida'));
    const statement = `The user writes ${'€'.repeat(1900)}`;
    const aliases = Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(97 + i)}${'€'.repeat(99)}`);
    const made = await json(send(a, '/admin/api/beliefs', { headers: asUser('ida'), json: { statement, key: 'user.writing', aliases } }), 201);
    expect(Buffer.byteLength(JSON.stringify(made))).toBeGreaterThan(8000);
    await feed.until('large change', () => feed.of('belief').some((f) => f.belief.id === made.id), 1000);
    const seen = feed.of('belief').find((f) => f.belief.id === made.id)!;
    expect(seen.belief.statement).toBe(statement);
    expect(seen.belief.aliases).toEqual(made.aliases);
    feed.close();
  });

  it('a forget answered by A fences the turns B had queued before it: none is learned after it (F7)', async () => {
    const owner = 'fenn';
    const socket = await Client.open(new URL('/v1/ws/extract', b.url).toString(), asUser(owner));
    const cities = Array.from({ length: 40 }, (_, i) => `Town${String.fromCharCode(65 + (i % 26))}${i}`);
    for (const city of cities) socket.send({ type: 'turn', role: 'user', content: `I live in ${city}. My dog is called ${city}o.` });
    // Every turn acknowledged by B, so queued there, before A is asked to forget.
    await socket.until('acks', () => socket.of('ack').length === cities.length, 10_000);
    await json(send(a, '/admin/api/forget', { headers: asUser(owner), json: { confirm: owner } }), 200);
    await socket.flush();
    socket.close();
    const { rows } = await sql.query('SELECT statement FROM beliefs WHERE owner = $1', [owner]);
    expect(rows).toEqual([]);
  });

  it('a backup exported through A restores through B', async () => {
    const kept = await create(b, 'hal', 'The user speaks Finnish', 'user.language');
    const passphrase = 'correct horse battery staple';
    const exported = await send(a, '/v1/backup/export', { headers: bearer(d.rootToken), json: { passphrase } });
    expect(exported.status).toBe(200);
    const archive = Buffer.from(await exported.arrayBuffer()).toString('base64');

    expect((await send(a, `/admin/api/beliefs/${kept.id}?purge=1`, { method: 'DELETE', headers: bearer(d.rootToken) })).status).toBe(204);
    expect((await send(b, `/admin/api/beliefs/${kept.id}`, { headers: bearer(d.rootToken) })).status).toBe(404);

    const imported = await json(send(b, '/v1/backup/import', { headers: bearer(d.rootToken), json: { passphrase, archive } }), 200);
    expect(imported.ok).toBe(true);
    expect(imported.result.beliefs_imported).toBe(1);
    const back = await json(send(a, `/admin/api/beliefs/${kept.id}`, { headers: bearer(d.rootToken) }), 200);
    expect(back.statement).toBe('The user speaks Finnish');
  });
});
