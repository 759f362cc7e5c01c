import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TARGETS, type Target } from '../support/targets.ts';
import { api, as } from '../support/as.ts';
import { useTarget } from '../support/suites.ts';

const alice = as.user('alice@example.com');
const boss = as.user('boss@example.com');

describe.each(TARGETS)('purge audit on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('records the belief id and a sha256 of the statement, never the statement', async () => {
    const statement = 'The user was treated for a private medical condition';
    const made = await api(t, alice, 'POST', '/admin/api/beliefs', { statement, key: 'user.health' });
    expect(made.status).toBe(201);
    expect((await api(t, boss, 'DELETE', `/admin/api/beliefs/${made.body.id}?purge=1&owner=alice@example.com`)).status).toBe(204);

    const rows = await t.sql.all<{ actor: string; target: string; detail: string }>(
      `SELECT actor, target, detail FROM audit_events WHERE action = 'belief.purged'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor).toBe('boss@example.com');
    expect(rows[0]!.target).toBe(made.body.id);
    expect(JSON.parse(rows[0]!.detail)).toEqual({
      owner: 'alice@example.com',
      belief_id: made.body.id,
      statement_sha256: createHash('sha256').update(statement).digest('hex'),
    });
    expect(rows[0]!.detail).not.toContain('medical');
  });
});
