import { describe, expect, it } from 'vitest';
import { PROXY_HEADER, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { Client } from '../world/ws-client.ts';
import { bearer, call, freshAddress } from '../support/http.ts';
import { useTarget } from '../support/suites.ts';

const as = (user: string) => ({ [PROXY_HEADER]: user });
const DAY_MS = 86_400_000;

interface Created {
  id: string;
  token: string;
  created_at: string;
  expires_at: string | null;
}

describe.each(TARGETS)('PAT expiry and limits on %s', (kind) => {
  let t: Target;
  const create = (user: string, json: Record<string, unknown>) => call(t, '/admin/api/tokens', { method: 'POST', headers: as(user), json });
  const created = async (user: string, days: number): Promise<Created> => {
    const res = await create(user, { name: 'laptop', expires_in_days: days });
    expect(res.status).toBe(201);
    return (await res.json()) as Created;
  };
  const expireNow = (id: string) => t.sql.run('UPDATE api_tokens SET expires_at = ? WHERE id = ?', new Date(Date.now() - 1000).toISOString(), id);

  useTarget(kind, (s) => (t = s), teamsEnv({ SERVICE_PAT_MAX_DAYS: '90', SERVICE_MAX_PATS_PER_USER: '3' }));

  it('sets expires_at from expires_in_days and shows it in the list', async () => {
    const pat = await created('ann@example.com', 30);
    const expected = Date.parse(pat.created_at) + 30 * DAY_MS;
    expect(Date.parse(pat.expires_at!)).toBe(expected);
    const list = (await (await call(t, '/admin/api/tokens', { headers: as('ann@example.com') })).json()) as { data: Created[] };
    expect(list.data.find((r) => r.id === pat.id)?.expires_at).toBe(pat.expires_at);
    expect((await call(t, '/v1/models', { headers: bearer(pat.token) })).status).toBe(200);
  });

  it('refuses a lifetime outside 1–3650 days or past SERVICE_PAT_MAX_DAYS with 400 naming expires_in_days, writing nothing', async () => {
    for (const expires_in_days of [0, -1, 1.5, '7', 3651, 91, null]) {
      const res = await create('ben@example.com', { name: 'x', expires_in_days });
      expect(res.status, String(expires_in_days)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('expires_in_days');
    }
    const missing = await create('ben@example.com', { name: 'x' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('SERVICE_PAT_MAX_DAYS');
    expect(await t.sql.all("SELECT id FROM api_tokens WHERE user_name = 'ben@example.com'")).toEqual([]);
    expect((await create('ben@example.com', { name: 'x', expires_in_days: 90 })).status).toBe(201);
  });

  it('refuses an expired PAT with 401 saying it expired, read from the row on every request', async () => {
    const pat = await created('cat@example.com', 10);
    expect((await call(t, '/v1/models', { headers: bearer(pat.token) })).status).toBe(200);
    await expireNow(pat.id);
    const res = await call(t, '/v1/models', { headers: bearer(pat.token), from: freshAddress() });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/expired/);
    const anthropic = await call(t, '/v1/messages', { method: 'POST', headers: { 'x-api-key': pat.token }, json: {}, from: freshAddress() });
    expect(anthropic.status).toBe(401);
    expect(((await anthropic.json()) as { type: string; error: { message: string } }).error.message).toMatch(/expired/);
    await t.sql.run('UPDATE api_tokens SET expires_at = NULL WHERE id = ?', pat.id);
    expect((await call(t, '/v1/models', { headers: bearer(pat.token), from: freshAddress() })).status).toBe(200);
  });

  it('closes the sockets of a PAT with 4401 when it expires', async () => {
    const pat = await created('dan@example.com', 10);
    const keep = await created('dan@example.com', 10);
    const feed = await Client.open(`${t.url}/v1/ws/beliefs`, bearer(pat.token));
    const writer = await Client.open(`${t.url}/v1/ws/extract`, bearer(pat.token));
    const kept = await Client.open(`${t.url}/v1/ws/beliefs`, bearer(keep.token));
    await expireNow(pat.id);
    await feed.until('close', () => feed.closed !== null, 5000);
    await writer.until('close', () => writer.closed !== null, 5000);
    expect(feed.closed?.code).toBe(4401);
    expect(writer.closed?.code).toBe(4401);
    expect(kept.closed).toBeNull();
    kept.close();
  });

  it('answers 409 too_many_tokens past SERVICE_MAX_PATS_PER_USER active tokens; revoked and expired ones do not count', async () => {
    const user = 'eve@example.com';
    const ids = [(await created(user, 5)).id, (await created(user, 5)).id, (await created(user, 5)).id];
    const refused = await create(user, { name: 'fourth', expires_in_days: 5 });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('too_many_tokens');
    expect(await t.sql.all('SELECT id FROM api_tokens WHERE user_name = ?', user)).toHaveLength(3);

    expect((await call(t, `/admin/api/tokens/${ids[0]}`, { method: 'DELETE', headers: as(user) })).status).toBe(204);
    await created(user, 5);
    expect((await create(user, { name: 'x', expires_in_days: 5 })).status).toBe(409);
    await expireNow(ids[1]!);
    await created(user, 5);
    expect((await create(user, { name: 'x', expires_in_days: 5 })).status).toBe(409);
    const users = (await (await call(t, '/admin/api/users?limit=200', { headers: as('boss@example.com') })).json()) as {
      data: { user_name: string; token_count: number }[];
    };
    expect(users.data.find((u) => u.user_name === user)?.token_count).toBe(3);
  });

  it('lets concurrent creations past the cap never exceed it', async () => {
    const user = 'fox@example.com';
    const results = await Promise.all(Array.from({ length: 8 }, () => create(user, { name: 'race', expires_in_days: 5 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await t.sql.all('SELECT id FROM api_tokens WHERE user_name = ?', user)).toHaveLength(3);
  });
});
