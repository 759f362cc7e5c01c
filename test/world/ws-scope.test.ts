import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { patFor } from '../support/as.ts';
import { Client } from './ws-client.ts';

describe.each(TARGETS)('scopes and roles of extraction turns on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const open = async (owner: string, headers: Record<string, string> = {}) => {
    const { token } = await patFor(t, owner);
    return Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}`, ...headers });
  };
  const learned = (c: Client) =>
    c
      .of('belief')
      .filter((f) => f.action === 'created')
      .map((f) => [f.belief.statement, f.belief.scope]);

  it('a turn’s single domain scope is the scope of what it teaches; the upgrade header is the default', async () => {
    const c = await open('sam@example.com', { 'x-belief-store-scope': 'domain:work' });
    c.send({ type: 'turn', role: 'user', content: 'I work at Acme Corp' });
    c.send({ type: 'turn', role: 'user', content: "I'm allergic to peanuts", scope: 'domain:health' });
    c.send({ type: 'turn', role: 'user', content: 'I live in Oslo', scope: ['universal'] });
    c.send({ type: 'turn', role: 'user', content: 'I speak Danish', scope: 'universal, domain:travel' });
    c.send({ type: 'turn', role: 'user', content: 'I play chess', scope: ['domain:a', 'domain:b'] });
    c.send({ type: 'turn', role: 'user', content: 'I play the cello', scope: 'Domain:Music' });
    await c.flush();
    expect(learned(c)).toEqual([
      ['The user works at Acme Corp', 'domain:work'],
      ['The user is allergic to peanuts', 'domain:health'],
      ['The user lives in Oslo', 'universal'],
      ['The user speaks Danish', 'universal'],
      ['The user plays chess', 'universal'],
      ['The user plays the cello', 'domain:music'],
    ]);
    c.close();

    const plain = await open('sam@example.com');
    plain.send({ type: 'turn', role: 'user', content: "I'm learning Japanese" });
    await plain.flush();
    expect(learned(plain)).toEqual([['The user is learning Japanese', 'universal']]);
    plain.close();
  });

  it('a malformed scope in a frame is an invalid_frame error naming scope; a malformed header refuses the upgrade', async () => {
    const c = await open('tia@example.com');
    c.send({ type: 'turn', role: 'user', content: 'I live in Rome', scope: 'galaxy' });
    c.send({ type: 'turn', role: 'user', content: 'I live in Rome', scope: ['domain:ok', 'domain:'] });
    c.send({ type: 'turn', role: 'user', content: 'I live in Rome', scope: 42 });
    c.send({ type: 'turn', role: 'user', content: 'I live in Milan' });
    await c.flush();
    expect(c.of('error').map((e) => e.code)).toEqual(['invalid_frame', 'invalid_frame', 'invalid_frame']);
    for (const e of c.of('error')) expect(e.message).toMatch(/^scope/);
    expect(c.of('ack')).toEqual([{ type: 'ack', seq: 1 }]);
    expect(learned(c)).toEqual([['The user lives in Milan', 'universal']]);
    expect(c.closed).toBeNull();
    c.close();

    const { token } = await patFor(t, 'tia@example.com');
    expect(await Client.refusal(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}`, 'x-belief-store-scope': 'domain:ok, nonsense' })).toBe(400);
  });

  it('assistant and system turns are acknowledged and never mined', async () => {
    const c = await open('uli@example.com');
    c.send({ type: 'turn', role: 'assistant', content: 'I live in Atlantis. My name is Claude.' });
    c.send({ type: 'turn', role: 'system', content: "I'm vegetarian. My manager is Root." });
    c.send({ type: 'turn', role: 'user', content: 'My name is Uli.' });
    await c.flush();
    expect(c.of('ack').map((f) => f.seq)).toEqual([1, 2, 3]);
    expect(learned(c)).toEqual([["The user's name is Uli", 'universal']]);
    const rows = await t.sql.all<{ statement: string }>('SELECT statement FROM beliefs WHERE owner = ?', 'uli@example.com');
    expect(rows.map((r) => r.statement)).toEqual(["The user's name is Uli"]);
    c.close();
  });
});
