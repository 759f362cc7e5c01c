import { beforeAll, describe, expect, it } from 'vitest';
import { scim } from '../scim/support.ts';
import type { FakeProvider } from '../support/fake-provider.ts';
import { localConfig } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client } from './ws-client.ts';

const TURNS = 30;
/** Each run of a test (vitest runs a failed one once more) provisions users of its own: the first run's may still exist. */
let run = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 28 N4: a SCIM DELETE or rename while the user's turns wait for extraction. */
describe.each(TARGETS)('SCIM changes racing queued extraction on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  /** Extraction calls the fake model received, and the user whose turn each was. */
  const calls: string[] = [];
  useProviderTarget(kind, (s) => ({ t, fake } = s), {
    config: (f) => localConfig(f, 'sk-test-race-1234', { extraction: { enabled: true, model: 'local/m1' } }),
  });
  beforeAll(() => {
    fake.extraction = (body: any) => {
      const turn: string = JSON.parse(body.messages.at(-1).content).user_turns[0];
      calls.push(turn);
      const n = /topic (\d+)/.exec(turn)?.[1];
      return {
        beliefs: [{ type: 'preference', key: `user.likes.topic${n}`, statement: `The user likes topic ${n}`, scope: 'universal', confidence: 0.9 }],
        retract: [],
      };
    };
    // Each extraction call takes a while, so most turns are still queued when the user goes.
    fake.delayMs = 150;
  });

  const ownedBy = async (owner: string) => Number((await t.sql.all<{ n: number }>('SELECT count(*) AS n FROM beliefs WHERE owner = ?', owner))[0]!.n);

  /** Provisions `userName`, opens a socket with a PAT of theirs and queues TURNS turns; resolves once three were extracted. */
  async function busyUser(userName: string): Promise<{ id: string; socket: Client }> {
    const created = await scim(t, 'POST', '/Users', { userName });
    expect(created.status).toBe(201);
    const { token } = await patFor(t, userName);
    const socket = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    for (let i = 0; i < TURNS; i++) socket.send({ type: 'turn', content: `${userName} likes topic ${i}.` });
    await socket.until('three turns extracted', () => socket.of('belief').length >= 3, 30_000);
    return { id: created.body.id, socket };
  }

  /** Waits (bounded) until the socket closed and the calls stop; what follows the change is then settled. */
  async function settle(socket: Client): Promise<void> {
    await socket.until('the socket closed', () => socket.closed !== null);
    for (let i = 0, seen = -1; i < 20 && seen !== calls.length; i++) {
      seen = calls.length;
      await sleep(400);
    }
  }

  it('after a DELETE nothing is written under the userName, no paid call runs, a new holder starts empty and the archive restores', async () => {
    const userName = `racer${++run}@example.com`;
    const { id, socket } = await busyUser(userName);
    const deleted = await scim(t, 'DELETE', `/Users/${id}`);
    expect(deleted.status).toBe(204);
    const callsAtDelete = calls.filter((c) => c.startsWith(userName)).length;
    await settle(socket);

    expect(socket.closed?.code).toBe(4401);
    // At most the call already under way when the DELETE answered.
    expect(calls.filter((c) => c.startsWith(userName)).length).toBeLessThanOrEqual(callsAtDelete + 1);
    expect(callsAtDelete).toBeLessThan(TURNS);
    expect(await ownedBy(userName)).toBe(0);
    const archive = `~deleted/${id}/${userName}`;
    const archived = await ownedBy(archive);
    expect(archived).toBeGreaterThanOrEqual(3);

    expect((await scim(t, 'POST', '/Users', { userName })).status).toBe(201);
    expect(await ownedBy(userName)).toBe(0);
    const restored = await api(t, as.root(), 'POST', '/admin/api/users/restore', { archive, user_name: userName });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ user_name: userName, beliefs: archived });
  }, 90_000);

  it('after a rename nothing is written under the old userName, and the new one keeps what was learned', async () => {
    const userName = `maiden.race${++run}@example.com`;
    const married = `married.race${run}@example.com`;
    const { id, socket } = await busyUser(userName);
    const renamed = await scim(t, 'PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'userName', value: married }] });
    expect(renamed.status).toBe(200);
    const callsAtRename = calls.filter((c) => c.startsWith(userName)).length;
    await settle(socket);

    expect(calls.filter((c) => c.startsWith(userName)).length).toBeLessThanOrEqual(callsAtRename + 1);
    expect(await ownedBy(userName)).toBe(0);
    expect(await ownedBy(married)).toBeGreaterThanOrEqual(3);
  }, 90_000);
});
