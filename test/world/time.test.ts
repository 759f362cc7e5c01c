import { describe, expect, it } from 'vitest';
import type { FakeProvider } from '../support/fake-provider.ts';
import { localConfig, putConfig } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { bearer, call } from '../support/http.ts';
import { ROOT_TOKEN, TARGETS, type Target } from '../support/targets.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client } from './ws-client.ts';

/** Belief time (API.md §7): observed_at, event_at, valid_until, through sockets, chat, the admin API, the dashboard and the injected block. */
describe.each(TARGETS)('belief time on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  useProviderTarget(kind, (s) => ({ t, fake } = s), { config: null });

  const configure = async (extractionModel: string | null) => {
    const saved = await putConfig(t, localConfig(fake, 'sk-test-time-1234', { extraction: { enabled: true, model: extractionModel } }));
    expect(saved.status).toBe(200);
  };
  const socket = async (token: string) => Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
  /** One user message to local/m1 through /v1/chat/completions with the PAT `token`. */
  const say = (token: string, content: string) =>
    call(t, '/v1/chat/completions', { method: 'POST', headers: bearer(token), json: { model: 'local/m1', messages: [{ role: 'user', content }] } });

  it('a turn frame’s `at` is when its beliefs were said, and the superseded one holds until its successor was said', async () => {
    await configure(null);
    const { token } = await patFor(t, 'tess@example.com');
    const c = await socket(token);
    c.send({ type: 'turn', content: 'I live in Berlin.', at: '2025-03-01T10:00:00+02:00' });
    c.send({ type: 'turn', content: 'I moved to Paris.', at: '2025-09-15' });
    await c.flush();
    c.close();
    const [berlin, paris, old] = c.of('belief');
    expect(berlin!.belief).toMatchObject({ statement: 'The user lives in Berlin', observed_at: '2025-03-01T08:00:00.000Z', valid_until: null });
    expect(paris!.belief).toMatchObject({ statement: 'The user lives in Paris', observed_at: '2025-09-15T00:00:00.000Z', valid_until: null });
    expect(old).toMatchObject({ action: 'superseded', belief: { id: berlin!.belief.id, valid_until: '2025-09-15T00:00:00.000Z' } });
    const stored = await api(t, as.root(), 'GET', `/admin/api/beliefs/${berlin!.belief.id}`);
    expect(stored.body).toMatchObject({ observed_at: '2025-03-01T08:00:00.000Z', valid_until: '2025-09-15T00:00:00.000Z', status: 'superseded' });
  });

  it('a malformed or out-of-range `at` gets an error frame naming it, nothing is learned from it, and the socket stays open', async () => {
    await configure(null);
    const { token } = await patFor(t, 'ugo@example.com');
    const c = await socket(token);
    // Malformed, and out of range: before 1970 or more than a day ahead.
    const ahead = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const bad = ['yesterday', '2025-02-30', '2025-13-01T00:00:00Z', '2025-01-01T25:00:00Z', 12, '1969-12-31T23:59:59Z', '1000-01-01', ahead, '9999-12-31'];
    for (const at of bad) c.send({ type: 'turn', content: 'I live in Rome.', at });
    const before = Date.now();
    c.send({ type: 'turn', content: 'I live in Rome.' });
    await c.flush();
    c.close();
    const errors = c.of('error');
    expect(errors).toHaveLength(bad.length);
    for (const e of errors) expect(e).toMatchObject({ code: 'invalid_frame', message: expect.stringMatching(/^at: /) });
    expect(c.closed).toBeNull();
    expect(c.of('ack').map((a) => a.seq)).toEqual([1]);
    const [rome] = c.of('belief');
    expect(rome!.belief.statement).toBe('The user lives in Rome');
    expect(Date.parse(rome!.belief.observed_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(rome!.belief.event_at).toBeNull();
  });

  it('the extraction model is told when the turn was said and may date what it describes; an invalid date is dropped', async () => {
    await configure('local/m1');
    const { token } = await patFor(t, 'vera@example.com');
    const asked: any[] = [];
    fake.extraction = (body: any) => {
      const input = JSON.parse(body.messages.at(-1).content);
      asked.push(input);
      return input.user_turns[0].includes('Lisbon')
        ? {
            beliefs: [{ type: 'fact', key: 'user.location', statement: 'The user moved to Lisbon', scope: 'universal', confidence: 0.9, event_at: '2026-10' }],
            retract: [],
          }
        : {
            beliefs: [{ type: 'fact', key: 'user.pet', statement: 'The user has a cat', scope: 'universal', confidence: 0.9, event_at: 'last week' }],
            retract: [],
          };
    };
    const c = await socket(token);
    c.send({ type: 'turn', content: 'Big news: I moved to Lisbon last month!', at: '2026-11-20T09:00:00Z' });
    c.send({ type: 'turn', content: 'I have a cat.', at: '2026-11-21T09:00:00Z' });
    await c.flush();
    c.close();
    fake.extraction = { beliefs: [] };
    expect(asked.map((a) => a.observed_at)).toEqual(['2026-11-20T09:00:00.000Z', '2026-11-21T09:00:00.000Z']);
    const request = fake.requests.findLast((r) => r.body?.response_format)!.body;
    expect(JSON.stringify(request.response_format)).toContain('event_at');
    const [lisbon, cat] = c.of('belief').map((f) => f.belief);
    expect(lisbon).toMatchObject({ statement: 'The user moved to Lisbon', event_at: '2026-10', observed_at: '2026-11-20T09:00:00.000Z' });
    expect(cat).toMatchObject({ statement: 'The user has a cat', event_at: null });
  });

  it('chat learns with the request’s time, and the injected block dates only what carries a date', async () => {
    await configure(null);
    const { token } = await patFor(t, 'walt@example.com');
    const before = new Date().toISOString();
    const learn = await say(token, 'I live in Porto.');
    expect(learn.status).toBe(200);
    await learn.arrayBuffer();
    const owner = 'walt@example.com';
    let porto: any;
    for (let i = 0; i < 50 && !porto; i++) {
      porto = (await api(t, as.root(), 'GET', `/admin/api/beliefs?owner=${owner}`)).body.data.find((b: any) => b.statement === 'The user lives in Porto');
      if (!porto) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(porto.observed_at >= before && porto.observed_at <= new Date().toISOString()).toBe(true);

    const move = await api(t, as.root(), 'POST', '/admin/api/beliefs', { owner, statement: 'The user moved to Lisbon', event_at: '2026-10', pinned: true });
    expect(move.status).toBe(201);
    expect(move.body).toMatchObject({ event_at: '2026-10', valid_until: null });
    const allergy = await api(t, as.root(), 'POST', '/admin/api/beliefs', { owner, statement: 'The user is allergic to peanuts', pinned: true });
    expect(allergy.body.event_at).toBeNull();
    const chat = await say(token, 'Any snack ideas for my trip?');
    expect(chat.status).toBe(200);
    await chat.arrayBuffer();
    const block = JSON.stringify(fake.lastBody().messages);
    expect(block).toContain('- The user moved to Lisbon (2026-10)');
    expect(block).toContain('- The user is allergic to peanuts\\n');
  });

  it('the admin API validates, sets and clears event_at, and the dashboard shows the dates', async () => {
    await configure(null);
    const owner = 'xena@example.com';
    for (const event_at of ['last month', '2026-13', '2026-02-30', '26-10', 2026]) {
      const bad = await api(t, as.root(), 'POST', '/admin/api/beliefs', { owner, statement: 'The user ran a marathon', event_at });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain('event_at');
    }
    expect((await api(t, as.root(), 'GET', `/admin/api/beliefs?owner=${owner}&status=all`)).body.data).toEqual([]);
    const before = new Date().toISOString();
    const created = await api(t, as.root(), 'POST', '/admin/api/beliefs', { owner, statement: 'The user ran a marathon', event_at: '2019' });
    expect(created.status).toBe(201);
    expect(created.body.observed_at >= before).toBe(true);
    const id = created.body.id;
    const patched = await api(t, as.root(), 'PATCH', `/admin/api/beliefs/${id}`, { event_at: '2019-04-07' });
    expect(patched.body.event_at).toBe('2019-04-07');
    expect((await api(t, as.root(), 'PATCH', `/admin/api/beliefs/${id}`, { event_at: 'April' })).status).toBe(400);

    const page = await call(t, `/admin/beliefs/${id}`, { headers: { authorization: `Bearer ${ROOT_TOKEN}` } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toMatch(/data-testid="event-at">2019-04-07</);
    expect(html).toContain(`data-testid="observed-at"><time datetime="${created.body.observed_at}"`);
    expect(html).toMatch(/data-testid="valid-until">still holds</);

    const cleared = await api(t, as.root(), 'PATCH', `/admin/api/beliefs/${id}`, { event_at: null });
    expect(cleared.body.event_at).toBeNull();
    expect((await api(t, as.root(), 'DELETE', `/admin/api/beliefs/${id}`)).status).toBe(204);
    const removed = await api(t, as.root(), 'GET', `/admin/api/beliefs/${id}`);
    expect(removed.body.valid_until).toBe(removed.body.superseded_at);
  });
});
