import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, ROOT_TOKEN, SCIM_TOKEN, TARGETS, type Target } from '../support/targets.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client, type Frame } from './ws-client.ts';

describe.each(TARGETS)('WebSocket belief routes on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const open = (route: 'extract' | 'beliefs', headers: Record<string, string>) => Client.open(`${t.url}/v1/ws/${route}`, headers);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('acks turns, sends created/superseded/reinforced frames, and flushes after them', async () => {
    const { token } = await patFor(t, 'ann@example.com');
    const c = await open('extract', bearer(token));
    c.send({ type: 'turn', conversation_id: 'c1', role: 'user', content: 'Hi! I live in Berlin.' });
    c.send({ type: 'turn', conversation_id: 'c1', role: 'assistant', content: 'Nice, I live in the cloud.' });
    c.send({ type: 'turn', conversation_id: 'c1', role: 'user', content: 'Oh, and I moved to Paris last month. Where should I eat?' });
    c.send({ type: 'turn', conversation_id: 'c2', role: 'user', content: 'I moved to Paris.' });
    await c.flush();
    const frames = c.frames;
    expect(c.of('ack').map((f) => f.seq)).toEqual([1, 2, 3, 4]);
    const beliefs = frames.filter((f) => f.type === 'belief');
    expect(beliefs.map((f) => [f.action, f.belief.statement])).toEqual([
      ['created', 'The user lives in Berlin'],
      ['created', 'The user lives in Paris'],
      ['superseded', 'The user lives in Berlin'],
      ['reinforced', 'The user lives in Paris'],
    ]);
    const [berlin, paris, old, again] = beliefs as [Frame, Frame, Frame, Frame];
    expect(berlin.belief).toMatchObject({ owner: 'ann@example.com', key: 'user.location', status: 'active', source: { kind: 'ws', conversation_id: 'c1' } });
    expect(old.belief).toMatchObject({ id: berlin.belief.id, status: 'superseded', superseded_by: paris.belief.id });
    expect(again.belief).toMatchObject({ id: paris.belief.id, reinforced_count: 1 });
    expect(frames.indexOf(c.of('flushed')[0]!)).toBe(frames.length - 1);
    c.close();
  });

  it('answers malformed frames with error frames and keeps the socket open', async () => {
    const { token } = await patFor(t, 'ben@example.com');
    const c = await open('extract', { 'x-api-key': token });
    c.send('this is not json');
    c.send({ type: 'gossip' });
    c.send({ type: 'turn', role: 'user' });
    c.send({ type: 'turn', role: 'robot', content: 'I live in Oslo' });
    c.send([1, 2, 3]);
    c.ws.send(Buffer.from([1, 2, 3]));
    c.send({ type: 'turn', content: 'x'.repeat(70 * 1024) });
    c.send({ type: 'turn', content: 'I live in Oslo' });
    await c.flush();
    const errors = c.of('error');
    expect(errors.map((e) => e.code)).toEqual([
      'invalid_json',
      'invalid_frame',
      'invalid_frame',
      'invalid_frame',
      'invalid_frame',
      'unsupported_frame',
      'frame_too_large',
    ]);
    expect(errors[2]!.message).toContain('content');
    expect(errors[3]!.message).toContain('role');
    expect(c.of('ack')).toEqual([{ type: 'ack', seq: 1 }]);
    expect(c.of('belief').map((f) => f.belief.statement)).toEqual(['The user lives in Oslo']);
    expect(c.closed).toBeNull();
    c.close();
  });

  it("feeds each owner's changes to that owner's sockets only", async () => {
    const cat = await patFor(t, 'cat@example.com');
    const dan = await patFor(t, 'dan@example.com');
    const catFeed = await open('beliefs', bearer(cat.token));
    const danFeed = await open('beliefs', { [PROXY_HEADER]: 'dan@example.com' });
    const catWriter = await open('extract', bearer(cat.token));
    const danWriter = await open('extract', bearer(dan.token));

    catWriter.send({ type: 'turn', content: 'My name is Cat.' });
    await catWriter.flush();
    const manual = await api(t, as.user('cat@example.com'), 'POST', '/admin/api/beliefs', { statement: 'Cat keeps bees', type: 'fact' });
    expect(manual.status).toBe(201);
    danWriter.send({ type: 'turn', content: 'My name is Dan.' });
    await danWriter.flush();

    await catFeed.until('two cat beliefs', () => catFeed.of('belief').length >= 2);
    await danFeed.until('one dan belief', () => danFeed.of('belief').length >= 1);
    await catFeed.flush();
    await danFeed.flush();
    expect(catFeed.of('belief').map((f) => [f.action, f.belief.owner, f.belief.statement])).toEqual([
      ['created', 'cat@example.com', "The user's name is Cat"],
      ['created', 'cat@example.com', 'Cat keeps bees'],
    ]);
    expect(danFeed.of('belief').map((f) => [f.action, f.belief.owner, f.belief.statement])).toEqual([['created', 'dan@example.com', "The user's name is Dan"]]);
    expect(danWriter.of('belief')).toHaveLength(1);

    catFeed.send({ type: 'turn', content: 'I live in Rome' });
    await catFeed.until('read-only error', () => catFeed.of('error').length === 1);
    expect(catFeed.of('error')[0]).toMatchObject({ code: 'read_only' });
    for (const c of [catFeed, danFeed, catWriter, danWriter]) c.close();
  });

  it('authenticates at the upgrade like HTTP', async () => {
    const url = `${t.url}/v1/ws/extract`;
    expect(await Client.refusal(url, {})).toBe(401);
    expect(await Client.refusal(url, bearer('not-a-token-at-all-000'))).toBe(401);
    expect(await Client.refusal(url, bearer('bst_' + 'A'.repeat(43) + '_AAAAAA'))).toBe(401);
    expect(await Client.refusal(url, bearer(SCIM_TOKEN))).toBe(403);
    const root = await open('beliefs', bearer(ROOT_TOKEN));
    root.close();
    const res = await fetch(url, { headers: bearer(ROOT_TOKEN) });
    expect(res.status).toBe(426);
  });

  it('refuses cookie- or identity-header upgrades from another origin', async () => {
    const url = `${t.url}/v1/ws/beliefs`;
    const user = { [PROXY_HEADER]: 'kai@example.com' };
    expect(await Client.refusal(url, { ...user, origin: 'https://evil.example' })).toBe(403);
    expect(await Client.refusal(url, { ...user, 'sec-fetch-site': 'cross-site' })).toBe(403);
    const own = await open('beliefs', { ...user, origin: t.url });
    own.close();
    const pat = await patFor(t, 'kai@example.com');
    const tool = await open('beliefs', { ...bearer(pat.token), origin: 'https://elsewhere.example' });
    tool.close();
  });

  let attempts = 0;
  it('writes from many sockets of one owner at once lose and duplicate nothing', async () => {
    // An owner of its own each attempt: a retry starts from no beliefs, as the first attempt did.
    const owner = `eve${++attempts}@example.com`;
    const { token } = await patFor(t, owner);
    const sockets = await Promise.all(Array.from({ length: 6 }, () => open('extract', bearer(token))));
    // Closed whatever happens: a retry of this test opens as many again, and a user may hold only 8.
    try {
      const cities = ['Lima', 'Quito', 'Bogota', 'Caracas', 'Santiago', 'Asuncion'];
      sockets.forEach((c, i) => {
        for (let j = 0; j < 8; j++) c.send({ type: 'turn', content: `I like topic ${i}-${j}` });
        c.send({ type: 'turn', content: 'I speak Esperanto' });
        c.send({ type: 'turn', content: `I live in ${cities[i]}` });
      });
      await Promise.all(sockets.map((c) => c.flush()));
      for (const c of sockets) expect(c.of('ack').map((f) => f.seq)).toEqual(Array.from({ length: 10 }, (_, k) => k + 1));

      const rows = await t.sql.all<{
        statement: string;
        status: string;
        key: string | null;
        reinforced_count: number;
        superseded_by: string | null;
        id: string;
      }>('SELECT id, statement, status, key, reinforced_count, superseded_by FROM beliefs WHERE owner = ?', owner);
      const likes = rows.filter((r) => r.statement.startsWith('The user likes topic'));
      expect(likes).toHaveLength(48);
      expect(new Set(likes.map((r) => r.statement)).size).toBe(48);
      const esperanto = rows.filter((r) => r.statement === 'The user speaks Esperanto');
      expect(esperanto).toHaveLength(1);
      expect(esperanto[0]!.reinforced_count).toBe(5);
      const places = rows.filter((r) => r.key === 'user.location');
      expect(places).toHaveLength(6);
      expect(places.filter((r) => r.status === 'active')).toHaveLength(1);
      const pointedAt = places.map((r) => r.superseded_by).filter(Boolean);
      expect(new Set(pointedAt).size).toBe(5);

      const frames = sockets.flatMap((c) => c.of('belief'));
      expect(frames.filter((f) => f.action === 'created')).toHaveLength(48 + 1 + 6);
      expect(frames.filter((f) => f.action === 'reinforced')).toHaveLength(5);
      expect(frames.filter((f) => f.action === 'superseded')).toHaveLength(5);
    } finally {
      for (const c of sockets) c.close();
    }
  });

  it('closes sockets with 4401 when the PAT is revoked through the API', async () => {
    const pat = await patFor(t, 'fay@example.com');
    const feed = await open('beliefs', bearer(pat.token));
    const writer = await open('extract', bearer(pat.token));
    expect((await api(t, as.root(), 'DELETE', `/admin/api/tokens/${pat.id}`)).status).toBe(204);
    await feed.until('close', () => feed.closed !== null, 5000);
    await writer.until('close', () => writer.closed !== null, 5000);
    expect(feed.closed?.code).toBe(4401);
    expect(writer.closed?.code).toBe(4401);
  });

  it('closes sockets with 4401 after a direct database change to api_tokens', async () => {
    const revoked = await patFor(t, 'gus@example.com');
    const deleted = await patFor(t, 'gus@example.com');
    const a = await open('beliefs', bearer(revoked.token));
    const b = await open('extract', bearer(deleted.token));
    await t.sql.run(`UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE id = ?`, revoked.id);
    await t.sql.run('DELETE FROM api_tokens WHERE id = ?', deleted.id);
    await a.until('close', () => a.closed !== null, 5000);
    await b.until('close', () => b.closed !== null, 5000);
    expect(a.closed?.code).toBe(4401);
    expect(b.closed?.code).toBe(4401);
  });

  it('closes a user socket with 4401 when the user is deactivated or the session ends', async () => {
    const deactivated = await open('beliefs', { [PROXY_HEADER]: 'hal@example.com' });
    const other = await open('beliefs', { [PROXY_HEADER]: 'ida@example.com' });
    await t.sql.run(`UPDATE users SET active = 0 WHERE user_name_lc = ?`, 'hal@example.com');
    await deactivated.until('close', () => deactivated.closed !== null, 5000);
    expect(deactivated.closed?.code).toBe(4401);

    const sessions = await api(t, as.root(), 'GET', '/admin/api/sessions?all=1&limit=200');
    const ida = sessions.body.data.filter((s: { user_name: string; terminated_at: string | null }) => s.user_name === 'ida@example.com' && !s.terminated_at);
    for (const s of ida) expect((await api(t, as.root(), 'DELETE', `/admin/api/sessions/${s.id}`)).status).toBe(204);
    await other.until('close', () => other.closed !== null, 5000);
    expect(other.closed?.code).toBe(4401);
  });

  it('keeps sockets of valid credentials open while others are revoked', async () => {
    const keep = await patFor(t, 'jo@example.com');
    const drop = await patFor(t, 'jo@example.com');
    const kept = await open('extract', bearer(keep.token));
    const dropped = await open('extract', bearer(drop.token));
    await api(t, as.root(), 'DELETE', `/admin/api/tokens/${drop.id}`);
    await dropped.until('close', () => dropped.closed !== null, 5000);
    kept.send({ type: 'turn', content: 'I work at Initech' });
    await kept.flush();
    expect(kept.closed).toBeNull();
    expect(kept.of('belief')).toHaveLength(1);
    kept.close();
  });
});
