import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../lib/adapters/node/server.ts';
import { as, patFor } from '../support/as.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { call } from '../support/http.ts';
import { openaiFor, providersConfig, putConfig } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { fixture, scim } from '../scim/support.ts';
import { Client } from './ws-client.ts';

/** Short enough for a test; the server's own is a minute (ACTOR_IDLE_MS). */
const IDLE_MS = 1000;
/** Liveness bounds, not timings. */
const GONE_WITHIN_MS = 15_000;

/** Owners whose actor the server holds, from GET /metrics. */
async function actors(t: { url: string }): Promise<number> {
  const text = await (await call(t, '/metrics', { headers: as.root() })).text();
  const line = /^belief_store_world_actors (\d+)$/m.exec(text);
  if (!line) throw new Error('no belief_store_world_actors in /metrics');
  return Number(line[1]);
}

async function until(what: string, predicate: () => Promise<boolean>, withinMs = GONE_WITHIN_MS): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A turn on a fresh socket of the owner: acked, and what it taught sent back. */
async function teach(t: { url: string }, token: string, content: string): Promise<Client> {
  const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
  c.send({ type: 'turn', role: 'user', content });
  await c.flush();
  expect(c.of('ack')).toHaveLength(1);
  expect(c.of('belief').length).toBeGreaterThan(0);
  return c;
}

/** Issue 38.7: the per-owner actors of the Node world are let go of, and a let-go owner is served as before. */
describe.skipIf(!TARGETS.includes('node'))('per-owner actors on node', () => {
  describe('idle owners', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-actors-'));
    let t: RunningServer;
    let fake: FakeProvider;
    beforeAll(async () => {
      fake = await startFakeProvider();
      t = await startServer({ env: { ...teamsEnv(), SERVICE_DATA_DIR: dir }, port: 0, log: () => {}, say: () => {}, actorIdleMs: IDLE_MS });
      expect((await putConfig(t, providersConfig(fake))).status).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("drops an idle owner's actor, never one with a socket open, and serves its next chat and socket", { timeout: 90_000 }, async () => {
      const { token } = await patFor(t, 'idle@example.com');
      const socket = await teach(t, token, 'I live in Haarlem.');
      // A socket keeps its owner's actor, however long it is quiet.
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 2));
      expect(await actors(t)).toBe(1);
      socket.close();
      await until('the idle actor is dropped', async () => (await actors(t)) === 0);

      const chat = await openaiFor(t, token).chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: 'I work at Philips.' }] });
      expect(chat.choices[0]!.message.content).toBeTruthy();
      // The chat's extraction, in a fresh actor, learned and remembered what was said before.
      await until('the chat is learned', async () => {
        const rows = t.sqlite!.raw.prepare("SELECT statement FROM beliefs WHERE owner = 'idle@example.com' AND status = 'active'").all() as {
          statement: string;
        }[];
        return rows.some((r) => r.statement.includes('Philips'));
      });
      await until('the idle actor is dropped again', async () => (await actors(t)) === 0);

      const again = await teach(t, token, 'I moved to Leiden.');
      expect(again.of('belief').map((f) => [f.action, f.belief.statement])).toContainEqual(['superseded', 'The user lives in Haarlem']);
      again.close();
    });
  });

  describe('deprovisioned owners', () => {
    let t: Target;
    useProviderTarget('node', (s) => ({ t } = s));

    const provision = async (userName: string) => {
      const res = await scim(t, 'POST', '/Users', fixture('okta-create.json', { userName }));
      expect(res.status).toBe(201);
      return res.body.id as string;
    };

    it.each([
      ['deactivated', (id: string) => scim(t, 'PATCH', `/Users/${id}`, fixture('okta-patch-deactivate.json'))],
      ['deleted', (id: string) => scim(t, 'DELETE', `/Users/${id}`)],
    ] as const)('drops the actor of an owner %s by SCIM at once, not after the idle minute', async (how, deprovision) => {
      const name = `gone.${how}.${Date.now().toString(36)}@example.com`;
      const id = await provision(name);
      const { token } = await patFor(t, name);
      const before = await actors(t);
      (await teach(t, token, 'I live in Delft.')).close();
      expect(await actors(t)).toBe(before + 1);
      expect((await deprovision(id)).status).toBeLessThan(300);
      await until('the deprovisioned owner is dropped', async () => (await actors(t)) === before, 10_000);
    });
  });
});
