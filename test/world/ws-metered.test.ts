import { describe, expect, it } from 'vitest';
import type { FakeProvider } from '../support/fake-provider.ts';
import { localConfig } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { ROOT_TOKEN, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { patFor } from '../support/as.ts';
import { Client } from './ws-client.ts';

const RPM = 5;
const TURNS = 60;

/** Waits, at most 25 s, until at least 35 s of the current clock minute are left: the limit counts per clock minute. */
async function earlyInAMinute(): Promise<void> {
  const into = Date.now() % 60_000;
  if (into > 25_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 100));
}

/** Polls (bounded) until `check` holds. */
async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

/** A turn that keeps the built-in extractor busy: ~29 KB of short first-person clauses, 14 to a line. */
function heavyTurn(n: number): string {
  const line = Array.from({ length: 14 }, (_, j) => `my cat is Tom${j}, I ski, I like tea${n}, my dog is Rex, I work at Acme${j}.`).join(' ');
  return Array.from({ length: 30 }, () => line).join('\n');
}

async function skipped(t: Target): Promise<number> {
  const rows = await t.sql.all<{ value: number }>(`SELECT value FROM counters WHERE name = 'extractions_skipped'`);
  return Number(rows[0]?.value ?? 0);
}

/** belief_store_extractions_skipped_total as GET /metrics reports it. */
async function skippedMetric(t: Target): Promise<number> {
  const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${ROOT_TOKEN}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith('belief_store_extractions_skipped_total '));
  return Number(line?.split(' ')[1]);
}

/** Issue 37 F3 and N1: each turn frame on /v1/ws/extract counts against SERVICE_RATE_LIMIT_RPM like a request, and every turn spends the owner's extraction budget. */
describe.each(TARGETS)('WebSocket turns are metered on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  useProviderTarget(kind, (s) => ({ t, fake } = s), {
    env: teamsEnv({ SERVICE_RATE_LIMIT_RPM: String(RPM) }),
    config: (f) => localConfig(f, 'sk-test-metered-1234', { extraction: { enabled: true, model: 'local/m1' } }),
  });

  it(`${TURNS} turns of ~29 KB on one socket make at most ${RPM} model calls; the rest get rate_limited and the socket stays open`, {
    timeout: 90_000,
  }, async () => {
    const { token } = await patFor(t, 'meter@example.com');
    fake.extraction = { beliefs: [], retract: [] };
    const modelCalls = () => fake.requests.filter((r) => r.method === 'POST').length;
    await earlyInAMinute();
    const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    const filler = 'The weather was mild and the train was on time. '.repeat(600);
    for (let i = 0; i < TURNS; i++) c.send({ type: 'turn', content: `I like topic ${i}. ${filler}` });
    await c.until('an answer to every turn', () => c.of('ack').length + c.of('error').length === TURNS, 30_000);
    const acked = c.of('ack').length;
    await until('a model call for every acknowledged turn', () => modelCalls() >= acked);

    expect(acked).toBeGreaterThan(0);
    expect(modelCalls()).toBeLessThanOrEqual(RPM);
    expect(c.of('error').map((f) => f.code)).toEqual(Array(TURNS - acked).fill('rate_limited'));
    expect(c.of('error')[0]!.message).toContain('SERVICE_RATE_LIMIT_RPM');
    // A flush is metered too; the socket is still open and answers.
    c.send({ type: 'flush' });
    c.send('not json');
    await c.until('two more errors', () => c.of('error').length === TURNS - acked + 2);
    expect(
      c
        .of('error')
        .slice(-2)
        .map((f) => f.code),
    ).toEqual(['rate_limited', 'invalid_json']);
    expect(c.closed).toBeNull();
    expect(modelCalls()).toBe(acked);
    c.close();
  });

  it("spends the owner's extractor time on every turn, and past it refuses turns with backpressure and counts them", { timeout: 120_000 }, async () => {
    fake.extraction = { beliefs: [], retract: [] };
    // Root's frames are not rate-limited, so only the time budget refuses them.
    const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${ROOT_TOKEN}` });
    const budgetSpent = () => c.of('error').filter((f) => f.code === 'backpressure' && /ms this minute/.test(f.message)).length;
    const before = await skipped(t);
    for (let batch = 0; batch < 20 && budgetSpent() === 0; batch++) {
      for (let i = 0; i < 30; i++) c.send({ type: 'turn', content: heavyTurn(batch * 30 + i) });
      const flushes = c.of('flushed').length;
      c.send({ type: 'flush' });
      await c.until('the batch flushed', () => c.of('flushed').length > flushes, 60_000);
    }
    expect(budgetSpent()).toBeGreaterThan(0);
    expect(c.of('error').every((f) => f.code === 'backpressure')).toBe(true);
    // Each refusal's count is written without holding up its error frame: bounded wait for the writes to land.
    const counted = async () => (await skipped(t)) - before;
    for (const deadline = Date.now() + 10_000; (await counted()) < budgetSpent() && Date.now() < deadline; )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await counted()).toBeGreaterThanOrEqual(budgetSpent());
    expect(await skippedMetric(t)).toBe(await skipped(t));
    expect(c.closed).toBeNull();
    c.close();
  });
});
