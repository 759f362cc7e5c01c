import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createPat, eventually, insertBelief } from '../chat/setup.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client } from './ws-client.ts';

const ALICE = 'alice@example.com';

describe.each(TARGETS)('forgetting and purging what was learned on %s', (kind) => {
  let t: Target;
  useProviderTarget(kind, (s) => ({ t } = s));

  it('removes its words from the receipt of the exchange it was learned from', async () => {
    await insertBelief(t, ALICE, 'The user prefers tea', { pinned: true });
    const client = new OpenAI({ apiKey: await createPat(t, ALICE), baseURL: `${t.url}/v1`, maxRetries: 0 });
    const { response } = await client.chat.completions
      .create({ model: 'oai/m1', messages: [{ role: 'user', content: 'I am allergic to peanuts.' }] })
      .withResponse();
    const receipt = response.headers.get('x-belief-store-injection')!;
    expect(receipt).toMatch(/^[0-9a-f-]{36}$/);
    const learned = await eventually(async () => {
      const rows = await t.sql.all<{ id: string }>("SELECT id FROM beliefs WHERE owner = ? AND statement LIKE '%peanuts%'", ALICE);
      return rows[0]?.id;
    });
    const before = await api(t, as.user(ALICE), 'GET', `/admin/api/injections/${receipt}`);
    expect(before.body.query).toContain('peanuts');

    expect((await api(t, as.user(ALICE), 'DELETE', `/admin/api/beliefs/${learned}?purge=1`)).status).toBe(204);
    const after = await api(t, as.user(ALICE), 'GET', `/admin/api/injections/${receipt}`);
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.body)).not.toMatch(/peanuts/i);
    expect(JSON.stringify(await t.sql.all('SELECT query, persona FROM injections WHERE id = ?', receipt))).not.toMatch(/peanuts/i);
  });

  it('forget fences the turns queued before it: none of them is learned after it answered', async () => {
    const owner = 'fenna@example.com';
    const { token } = await patFor(t, owner);
    const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    const cities = ['Oslo', 'Bergen', 'Lima', 'Quito', 'Accra', 'Hanoi', 'Dakar', 'Tunis', 'Sofia', 'Riga', 'Porto', 'Turin'];
    for (const city of cities) c.send({ type: 'turn', role: 'user', content: `I live in ${city}. My dog is called ${city}o.` });
    // Every turn acknowledged, so queued, before the forget is sent (two connections keep no order between them).
    await c.until('ack', () => c.of('ack').length === cities.length, 10_000);
    const forgot = await api(t, as.user(owner), 'POST', '/admin/api/forget', { confirm: owner });
    expect(forgot.status).toBe(200);
    await c.flush();
    c.close();
    expect(c.of('ack')).toHaveLength(cities.length);
    expect(await t.sql.all('SELECT id FROM beliefs WHERE owner = ?', owner)).toEqual([]);
  });

  it("a revoked PAT's queued chat extractions are dropped: at most the one under way when it landed is learned after it", async () => {
    const owner = 'chatrevo@example.com';
    const { id, token } = await patFor(t, owner);
    const client = new OpenAI({ apiKey: token, baseURL: `${t.url}/v1`, maxRetries: 0 });
    const towns = Array.from({ length: 12 }, (_, i) => `Town${String.fromCharCode(65 + i)}${i}`);
    await Promise.all(
      towns.map((town) =>
        client.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: `I live in ${town}. My dog is called ${town}o.` }] }),
      ),
    );
    expect((await api(t, as.root(), 'DELETE', `/admin/api/tokens/${id}`)).status).toBe(204);
    const [{ revoked_at }] = await t.sql.all<{ revoked_at: string }>('SELECT revoked_at FROM api_tokens WHERE id = ?', id);
    // No frame says when chat extractions are done: wait (bounded) until the count stays the same for a second.
    let learned: { statement: string; created_at: string }[] = [];
    for (let round = 0, seen = -1; round < 30 && seen !== learned.length; round++) {
      seen = learned.length;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      learned = await t.sql.all('SELECT statement, created_at FROM beliefs WHERE owner = ?', owner);
    }
    const after = new Set(learned.filter((b) => b.created_at > revoked_at).map((b) => /Town[A-Z]\d+/.exec(b.statement)?.[0]));
    expect(after.size).toBeLessThanOrEqual(1);
  });

  it("a revoked PAT's queued turns are dropped: at most the turn under way when it landed is learned after it", async () => {
    const owner = 'revo@example.com';
    const { id, token } = await patFor(t, owner);
    const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    const cities = Array.from({ length: 40 }, (_, i) => `Town${String.fromCharCode(65 + (i % 26))}${i}`);
    for (const city of cities) c.send({ type: 'turn', role: 'user', content: `I live in ${city}. My dog is called ${city}o.` });
    await c.until('ack', () => c.of('ack').length === cities.length, 10_000);
    expect((await api(t, as.root(), 'DELETE', `/admin/api/tokens/${id}`)).status).toBe(204);
    const [{ revoked_at }] = await t.sql.all<{ revoked_at: string }>('SELECT revoked_at FROM api_tokens WHERE id = ?', id);
    await c.until('closed', () => c.closed !== null, 5000);
    // The owner's turns pass through one queue: a flush on a second socket is answered after the revoked ones.
    const later = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${(await patFor(t, owner)).token}` });
    await later.flush();
    later.close();
    const learned = await t.sql.all<{ statement: string; created_at: string }>('SELECT statement, created_at FROM beliefs WHERE owner = ?', owner);
    // Only the turn being extracted when the revocation landed may still finish; every queued one is dropped.
    const after = new Set(learned.filter((b) => b.created_at > revoked_at).map((b) => /Town[A-Z]\d+/.exec(b.statement)?.[0]));
    expect(after.size).toBeLessThanOrEqual(1);
  });
});
