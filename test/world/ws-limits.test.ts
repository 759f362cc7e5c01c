import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { providersConfig, putConfig, eventually } from '../chat/setup.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client } from '../world/ws-client.ts';

/** A refused upgrade's status and JSON body. */
function refusal(url: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers });
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
      });
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('upgrade was accepted'));
    });
    ws.once('error', () => undefined);
  });
}

describe.each(TARGETS)('WebSocket and extraction limits on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  /** The extraction model's provider, slowed down to build a backlog. */
  let slow: FakeProvider;

  beforeAll(async () => {
    [fake, slow] = await Promise.all([startFakeProvider(), startFakeProvider()]);
    t = await startTarget(kind, teamsEnv());
  });
  afterAll(async () => {
    await t?.stop();
    await Promise.all([fake?.close(), slow?.close()]);
  });
  beforeEach(async () => {
    fake.reset();
    slow.reset();
    const base = providersConfig(fake);
    const config = {
      ...base,
      providers: [...base.providers, { id: 'slow', kind: 'openai', base_url: `${slow.url}/v1`, api_key: 'sk-slow-0000', models: ['x1'] }],
      extraction: { enabled: true, model: 'slow/x1' },
      injection: { enabled: false, max_beliefs: 20 },
    };
    expect((await putConfig(t, config)).status).toBe(200);
  });

  const open = (route: 'extract' | 'beliefs', token: string) => Client.open(`${t.url}/v1/ws/${route}`, { authorization: `Bearer ${token}` });

  it('opens at most 8 sockets per user across both routes and all their PATs; the 9th upgrade is 429', async () => {
    const [a, b] = [await patFor(t, 'sam@example.com'), await patFor(t, 'sam@example.com')];
    const other = await patFor(t, 'tia@example.com');
    const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => open(i % 2 ? 'beliefs' : 'extract', (i < 4 ? a : b).token)));
    const refused = await refusal(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${a.token}` });
    expect(refused).toEqual({ status: 429, body: { error: { type: 'rate_limit_error', code: 'too_many_sockets', message: expect.stringContaining('8') } } });
    expect((await refusal(`${t.url}/v1/ws/beliefs`, { authorization: `Bearer ${b.token}` })).status).toBe(429);
    const tia = await open('beliefs', other.token);

    clients[0]!.close();
    await clients[0]!.until('close', () => clients[0]!.closed !== null);
    const again = await eventually(() => open('extract', a.token).catch(() => null));
    for (const c of [...clients.slice(1), tia, again]) c.close();
  });

  it('queues at most 64 turns and flushes per socket; more get backpressure and no ack', async () => {
    const { token } = await patFor(t, 'uma@example.com');
    const c = await open('extract', token);
    slow.delayMs = 3000;
    for (let i = 0; i < 63; i++) c.send({ type: 'turn', content: `I like thing number ${i}` });
    c.send({ type: 'flush' });
    c.send({ type: 'turn', content: 'one too many' });
    c.send({ type: 'flush' });
    await c.until('64 acks and 2 errors', () => c.of('ack').length === 63 && c.of('error').length === 2);
    slow.delayMs = 0;
    slow.release();
    await c.until('the flush', () => c.of('flushed').length === 1, 20_000);
    expect(c.of('ack').map((f) => f.seq)).toEqual(Array.from({ length: 63 }, (_, i) => i + 1));
    expect(c.of('error').map((f) => f.code)).toEqual(['backpressure', 'backpressure']);
    expect(slow.requests.filter((r) => r.method === 'POST')).toHaveLength(63);
    await c.flush();
    expect(c.of('flushed')).toHaveLength(2);
    c.close();
  });

  it('drops the oldest waiting chat extraction past the per-owner bound, counts it, and never makes a chat wait for it', async () => {
    const pat = (await patFor(t, 'val@example.com')).token;
    const before = await dropped(t);
    const chat = (i: number) =>
      fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pat}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'oai/m1', messages: [{ role: 'user', content: `I like topic-${i}-end` }] }),
      });
    slow.delayMs = 6000;
    expect((await chat(0)).status).toBe(200);
    await eventually(async () => slow.requests.length === 1);
    for (let i = 1; i <= 20; i++) expect((await chat(i)).status).toBe(200);
    // Every chat was answered while the first extraction was still held by the provider.
    expect(slow.requests).toHaveLength(1);
    await eventually(async () => (await dropped(t)) - before === 4);
    slow.delayMs = 0;
    slow.release();
    await eventually(async () => slow.requests.length === 17, 300);
    const seen = slow.requests.map((r) => JSON.stringify(r.body));
    expect(seen.some((b) => b.includes('topic-1-end'))).toBe(false);
    expect(seen.some((b) => b.includes('topic-20-end'))).toBe(true);
    expect((await dropped(t)) - before).toBe(4);
  });

  it('holds at most 100,000 active beliefs per owner: quota_exceeded on sockets, 409 on the admin API', async () => {
    const owner = 'wes@example.com';
    const { token } = await patFor(t, owner);
    expect((await putConfig(t, { ...providersConfig(fake), injection: { enabled: false, max_beliefs: 20 } })).status).toBe(200);
    const first = await api(t, as.root(), 'POST', '/admin/api/beliefs', { statement: 'The first fact', owner });
    expect(first.status).toBe(201);
    // The rest as an operator's SQL: the quota counts every active belief, however it was written.
    await t.sql.run(
      `INSERT INTO beliefs (id, owner, type, key, statement, norm_statement, status, source_kind, created_at, updated_at)
       WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 99999)
       SELECT 'q-' || i, ?, 'fact', CASE WHEN i = 1 THEN 'user.location' END, 'fact ' || i, 'fact ' || i, 'active', 'manual',
         '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM seq`,
      owner,
    );
    const refused = await api(t, as.root(), 'POST', '/admin/api/beliefs', { statement: 'One more fact', owner });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('quota_exceeded');

    const c = await open('extract', token);
    c.send({ type: 'turn', content: 'I work at Acme.' });
    c.send({ type: 'turn', content: 'I live in Oslo now.' });
    await c.flush();
    expect(c.of('error').map((f) => f.code)).toEqual(['quota_exceeded']);
    // A supersession replaces an active belief, so it still has room.
    expect(c.of('belief').map((f) => [f.action, f.belief.key])).toEqual([
      ['created', 'user.location'],
      ['superseded', 'user.location'],
    ]);
    const counts = await t.sql.all<{ n: number }>(`SELECT count(*) AS n FROM beliefs WHERE owner = ? AND status = 'active'`, owner);
    expect(Number(counts[0]!.n)).toBe(100_000);
    c.close();

    // Removing one (it is kept, superseded) makes room for one.
    expect((await api(t, as.root(), 'DELETE', `/admin/api/beliefs/${first.body.id}?owner=${owner}`)).status).toBe(204);
    expect((await api(t, as.root(), 'POST', '/admin/api/beliefs', { statement: 'One more fact', owner })).status).toBe(201);
    expect((await api(t, as.root(), 'POST', '/admin/api/beliefs', { statement: 'And another', owner })).body.error.code).toBe('quota_exceeded');
  });
});

async function dropped(t: Target): Promise<number> {
  const rows = await t.sql.all<{ value: number }>(`SELECT value FROM counters WHERE name = 'extractions_dropped'`);
  return Number(rows[0]?.value ?? 0);
}
