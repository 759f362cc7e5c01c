import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { FakeProvider } from '../support/fake-provider.ts';
import { noExtraction } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { api, as, type Caller } from '../support/as.ts';
import { Client } from './ws-client.ts';

const OWNER = 'hana@example.com';
const hana = as.user(OWNER);
const bob = as.user('bob@example.com');
const boss = as.user('boss@example.com');

/**
 * Corrections made by hand (API.md §4): a belief written or edited under a kind's key supersedes
 * the old value as extraction would, and "no longer true" retracts; neither old value is injected again.
 */
describe.each(TARGETS)('hand corrections on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let pat: string;
  let openai: OpenAI;
  useProviderTarget(kind, (s) => ({ t, fake, pat, openai } = s), { config: noExtraction, user: OWNER });

  const create = (who: Caller, body: Record<string, unknown>) => api(t, who, 'POST', '/admin/api/beliefs', body);
  const read = async (id: string) => (await api(t, hana, 'GET', `/admin/api/beliefs/${id}`)).body;
  /** A history entry by its event (injections reach the history later, from a buffer, so order is not asserted). */
  const eventOf = (belief: { history: { event: string }[] }, event: string) => belief.history.find((h) => h.event === event);

  /** What the model was shown (the injected system message) for one chat question of the owner. */
  const injectedFor = async (question: string): Promise<string> => {
    await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: question }] });
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions')).at(-1)!.body;
    return sent.messages[0].role === 'system' ? sent.messages[0].content : '';
  };

  it('GET /kinds lists the catalogue: kind, key, one value or several, persona', async () => {
    const res = await api(t, hana, 'GET', '/admin/api/kinds');
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(['key', 'kind', 'one_value', 'persona']);
    expect(res.body.data).toContainEqual({ kind: 'home', key: 'user.location', one_value: true, persona: true });
    expect(res.body.data).toContainEqual({ kind: 'pet', key: 'user.pet', one_value: false, persona: false });
    expect(new Set(res.body.data.map((k: { kind: string }) => k.kind)).size).toBe(res.body.data.length);
  });

  it("POST under a one-value kind's key supersedes the old value, which is never injected again", async () => {
    const old = await create(hana, { statement: 'The user lives in Amsterdam', key: 'user.location' });
    expect(await injectedFor('Where should I go for a walk near home?')).toContain('Amsterdam');
    // Another key of the same kind (a synonym) names the same slot.
    const now = await create(hana, { statement: 'The user lives in Utrecht', key: 'user.city' });
    expect(now.status).toBe(201);
    expect(await read(old.body.id)).toMatchObject({ status: 'superseded', superseded_by: now.body.id, valid_until: now.body.observed_at });
    const injected = await injectedFor('Where should I go for a walk near home?');
    expect(injected).toContain('Utrecht');
    expect(injected).not.toContain('Amsterdam');
  });

  it("PATCH with a kind's key supersedes the belief that held it, with history, valid_until and a feed event", async () => {
    const vegan = await create(hana, { statement: 'The user is vegan', key: 'user.diet' });
    const garbled = await create(hana, { statement: 'The user went fully vegetarian about' });
    expect(await injectedFor('What should I eat tonight, given my diet?')).toContain('vegan');
    const feed = await Client.open(`${t.url}/v1/ws/beliefs`, { authorization: `Bearer ${pat}` });
    try {
      const edited = await api(t, hana, 'PATCH', `/admin/api/beliefs/${garbled.body.id}`, { statement: 'The user is vegetarian', key: 'user.diet' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: garbled.body.id, key: 'user.diet', statement: 'The user is vegetarian', status: 'active' });
      const before = await read(vegan.body.id);
      expect(before).toMatchObject({ status: 'superseded', superseded_by: garbled.body.id });
      expect(before.valid_until).not.toBeNull();
      expect(eventOf(before, 'superseded')).toMatchObject({
        actor: OWNER,
        detail: { superseded_by: garbled.body.id },
      });
      expect(eventOf(await read(garbled.body.id), 'edited')).toMatchObject({ detail: { key: { from: null, to: 'user.diet' } } });
      await feed.until('the superseded event', () => feed.of('belief').some((f) => f.belief.id === vegan.body.id));
      expect(feed.of('belief').find((f) => f.belief.id === vegan.body.id)).toMatchObject({ action: 'superseded', belief: { superseded_by: garbled.body.id } });
    } finally {
      feed.close();
    }
    const injected = await injectedFor('What should I eat tonight, given my diet?');
    expect(injected).toContain('vegetarian');
    expect(injected).not.toMatch(/\bvegan\b/);
  });

  it('PATCH refuses a bad key with a 400 naming it, changing nothing', async () => {
    const b = await create(hana, { statement: 'The user works at Initech', key: 'user.employer' });
    const res = await api(t, hana, 'PATCH', `/admin/api/beliefs/${b.body.id}`, { statement: 'The user works at Globex', key: 'User Employer' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('key');
    expect(await read(b.body.id)).toMatchObject({ statement: 'The user works at Initech', key: 'user.employer', status: 'active' });
  });

  it('"No longer true" retracts: superseded with no successor, history retracted, audited, never injected', async () => {
    const cello = await create(hana, { statement: 'The user plays the cello', key: 'user.instrument.cello' });
    const question = 'What piece should I practise on the cello tonight?';
    expect(await injectedFor(question)).toContain('plays the cello');
    expect((await api(t, bob, 'POST', `/admin/api/beliefs/${cello.body.id}/retract`)).status).toBe(404);
    const res = await api(t, hana, 'POST', `/admin/api/beliefs/${cello.body.id}/retract`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: cello.body.id, status: 'superseded', superseded_by: null });
    expect(res.body.valid_until).not.toBeNull();
    expect(eventOf(await read(cello.body.id), 'retracted')).toMatchObject({ actor: OWNER, detail: { source: 'manual' } });
    const audit = await t.sql.all<{ actor: string; detail: string }>(
      `SELECT actor, detail FROM audit_events WHERE action = 'belief.retracted' AND target = ?`,
      cello.body.id,
    );
    expect(audit).toEqual([expect.objectContaining({ actor: OWNER })]);
    expect(audit[0]!.detail).not.toContain('cello');
    expect(await injectedFor(question)).not.toContain('cello');

    const again = await api(t, hana, 'POST', `/admin/api/beliefs/${cello.body.id}/retract`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_superseded');
  });

  it("an admin may retract another owner's belief", async () => {
    const b = await create(hana, { statement: 'The user has a dog named Pip', key: 'user.pet.pip' });
    const res = await api(t, boss, 'POST', `/admin/api/beliefs/${b.body.id}/retract`);
    expect(res.status).toBe(200);
    expect(eventOf(await read(b.body.id), 'retracted')).toMatchObject({ actor: 'boss@example.com' });
  });

  it('a PAT may not list kinds, write, edit or retract beliefs (403)', async () => {
    const b = await create(hana, { statement: 'The user speaks Dutch', key: 'user.language.dutch' });
    const byPat = as.pat(pat);
    expect((await api(t, byPat, 'GET', '/admin/api/kinds')).status).toBe(403);
    expect((await create(byPat, { statement: 'The user lives in Delft', key: 'user.location' })).status).toBe(403);
    expect((await api(t, byPat, 'PATCH', `/admin/api/beliefs/${b.body.id}`, { key: 'user.language.english' })).status).toBe(403);
    expect((await api(t, byPat, 'POST', `/admin/api/beliefs/${b.body.id}/retract`)).status).toBe(403);
    expect(await read(b.body.id)).toMatchObject({ key: 'user.language.dutch', status: 'active' });
  });
});
