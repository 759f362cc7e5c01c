import { describe, expect, it } from 'vitest';
import type { FakeProvider } from '../support/fake-provider.ts';
import { localConfig, putConfig } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { CONVERSATION, type Expected, type Step } from './conversation.cases.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client } from './ws-client.ts';

interface Row {
  id: string;
  key: string | null;
  statement: string;
  status: 'active' | 'superseded';
  superseded_by: string | null;
  updated_at: string;
}

const pair = (e: { key: string | null; statement: string }) => `${e.key ?? ''} | ${e.statement}`;
const userSteps = CONVERSATION.filter((s) => (s.role ?? 'user') === 'user');

/**
 * A fake extraction model that answers per the protocol from the script: what the step expects,
 * reusing the key of what it corrects and retracting what it retires with no successor. It notes
 * every correction whose belief it was not shown, and everything it was sent.
 */
function scriptedModel(seen: { inputs: { known_beliefs: { key: string | null; statement: string }[]; user_turns: string[] }[]; unseen: string[] }) {
  const byTurn = new Map(userSteps.map((s) => [s.say, s]));
  return (body: any) => {
    const input = JSON.parse(body.messages.at(-1).content);
    seen.inputs.push(input);
    const step = byTurn.get(input.user_turns[0]);
    if (!step) return { beliefs: [], retract: [] };
    const restated = new Set(step.then.filter((e) => e.status === 'active').map((e) => e.key));
    for (const e of step.then.filter((x) => x.status === 'superseded')) {
      if (!input.known_beliefs.some((k: Expected) => k.key === e.key && k.statement === e.statement)) seen.unseen.push(`${step.say} → ${pair(e)}`);
    }
    return {
      beliefs: step.then
        .filter((e) => e.status === 'active')
        .map((e) => ({ type: 'fact', key: e.key, statement: e.statement, scope: 'universal', confidence: 0.9 })),
      retract: step.then.filter((e) => e.status === 'superseded' && !restated.has(e.key)).map((e) => e.key),
    };
  };
}

describe.each(TARGETS)('the scripted conversation on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  useProviderTarget(kind, (s) => ({ t, fake } = s), { config: null });

  const configure = async (model: string | null) => {
    const saved = await putConfig(
      t,
      localConfig(fake, 'sk-test-conversation-1234', { extraction: { enabled: true, model }, injection: { enabled: true, max_beliefs: 20 } }),
    );
    expect(saved.status).toBe(200);
  };

  /** Plays the script over one extraction socket, checking the owner's beliefs after every turn. */
  const play = async (owner: string) => {
    const { token } = await patFor(t, owner);
    const socket = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    const expected = new Map<string, Expected>();
    try {
      for (const [i, step] of CONVERSATION.entries()) {
        socket.send({ type: 'turn', conversation_id: 'script', role: step.role ?? 'user', content: step.say });
        await socket.flush();
        for (const e of step.then) expected.set(pair(e), e);
        await check(owner, i, step, expected);
      }
    } finally {
      socket.close();
    }
  };

  const check = async (owner: string, i: number, step: Step, expected: Map<string, Expected>) => {
    const where = `after turn ${i + 1} (${step.role ?? 'user'}: "${step.say}")`;
    const res = await api<{ data: Row[] }>(t, as.user(owner), 'GET', '/admin/api/beliefs?status=all&limit=100');
    expect(res.status, where).toBe(200);
    const rows = res.body.data;
    const activeNow = rows.filter((r) => r.status === 'active');
    const wanted = [...expected.values()].filter((e) => e.status === 'active');
    expect(activeNow.map(pair).sort(), where).toEqual(wanted.map(pair).sort());
    for (const e of step.then.filter((x) => x.status === 'superseded')) {
      const retired = rows.filter((r) => r.status === 'superseded' && pair(r) === pair(e)).sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
      expect(retired, `${where}: ${pair(e)} superseded`).toBeDefined();
      const successor = step.then.find((x) => x.status === 'active' && x.key === e.key);
      const successorId = successor ? activeNow.find((r) => pair(r) === pair(successor))?.id : null;
      expect(retired!.superseded_by, `${where}: ${pair(e)} ${successor ? 'superseded by its correction' : 'retracted with no successor'}`).toBe(successorId);
    }
  };

  it('has at least 50 scripted user turns', () => {
    expect(userSteps.length).toBeGreaterThanOrEqual(50);
  });

  it('the built-in extractor holds the expected beliefs after every turn', { timeout: 120_000 }, async () => {
    await configure(null);
    await play('priya.builtin@example.com');
    expect(fake.requests.filter((r) => r.body?.response_format)).toEqual([]);
  });

  it('the extraction model, shown what the user believes and only their words, holds them too', { timeout: 120_000 }, async () => {
    await configure('local/m1');
    const seen = { inputs: [] as { known_beliefs: { key: string | null; statement: string }[]; user_turns: string[] }[], unseen: [] as string[] };
    fake.extraction = scriptedModel(seen);
    await play('priya.model@example.com');
    expect(seen.unseen).toEqual([]);
    expect(seen.inputs.map((input) => input.user_turns)).toEqual(userSteps.map((s) => [s.say]));
    const sent = JSON.stringify(fake.requests.filter((r) => r.body?.response_format).map((r) => r.body));
    for (const other of CONVERSATION.filter((s) => s.role && s.role !== 'user')) expect(sent).not.toContain(JSON.stringify(other.say).slice(1, -1));
  });
});
