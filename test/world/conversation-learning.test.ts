import { describe, expect, it } from 'vitest';
import { localConfig } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { CONVERSATIONS, type Fact } from './conversation-learning.cases.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client } from './ws-client.ts';

interface Row {
  id: string;
  key: string | null;
  statement: string;
  status: 'active' | 'superseded';
  reinforced_count: number;
}

const keyed = (fact: Fact) => (r: Row) => (fact.key.endsWith('.') || fact.key === '' ? (r.key ?? '').startsWith(fact.key) : r.key === fact.key);
const says = (fact: Fact) => (r: Row) => r.statement.toLowerCase().includes(fact.says.toLowerCase());
const snapshot = (rows: Row[]) => rows.map((r) => `${r.id}|${r.status}|${r.statement}|${r.reinforced_count}`).sort();

/**
 * Ordinary conversations, one topic each, told to the built-in extractor over /v1/ws/extract:
 * after every turn the owner's beliefs (GET /admin/api/beliefs) hold what the turn taught,
 * no longer hold what it corrected, and turns that teach nothing change nothing.
 */
describe.each(TARGETS)('learning from ordinary conversation on %s', (kind) => {
  let t: Target;
  useProviderTarget(kind, (s) => ({ t } = s), {
    config: (f) => localConfig(f, 'sk-test-learning-1234', { extraction: { enabled: true, model: null }, injection: { enabled: true, max_beliefs: 20 } }),
  });

  it.each(CONVERSATIONS.map((c, i) => [c.topic, i] as const))('%s', { timeout: 120_000 }, async (_topic, i) => {
    const owner = `learner${i}@example.com`;
    const { token } = await patFor(t, owner);
    const socket = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    const beliefs = async () => {
      const res = await api<{ data: Row[] }>(t, as.user(owner), 'GET', '/admin/api/beliefs?status=all&limit=100');
      expect(res.status).toBe(200);
      return res.body.data;
    };
    try {
      let before = await beliefs();
      for (const step of CONVERSATIONS[i]!.steps) {
        socket.send({ type: 'turn', conversation_id: `topic-${i}`, role: 'user', content: step.say });
        await socket.flush();
        const rows = await beliefs();
        const active = rows.filter((r) => r.status === 'active');
        const where = `after "${step.say}" (active: ${JSON.stringify(active.map((r) => [r.key, r.statement]))})`;
        if (step.nothing) expect(snapshot(rows), `${where}: nothing learned`).toEqual(snapshot(before));
        for (const fact of step.learns ?? []) {
          expect(
            active.some((r) => keyed(fact)(r) && says(fact)(r)),
            `${where}: learns ${fact.key} "${fact.says}"`,
          ).toBe(true);
        }
        for (const fact of step.drops ?? []) {
          expect(
            active.some((r) => keyed(fact)(r) && says(fact)(r)),
            `${where}: drops ${fact.key} "${fact.says}"`,
          ).toBe(false);
          expect(
            rows.some((r) => r.status === 'superseded' && keyed(fact)(r) && says(fact)(r)),
            `${where}: ${fact.key} "${fact.says}" kept as superseded`,
          ).toBe(true);
        }
        before = rows;
      }
    } finally {
      socket.close();
    }
  });

  it('covers every category with several turns, corrections and turns that teach nothing', () => {
    const steps = CONVERSATIONS.flatMap((c) => c.steps);
    expect(steps.flatMap((s) => s.learns ?? []).length).toBeGreaterThanOrEqual(60);
    expect(steps.flatMap((s) => s.drops ?? []).length).toBeGreaterThanOrEqual(15);
    expect(steps.filter((s) => s.nothing).length).toBeGreaterThanOrEqual(20);
  });
});
