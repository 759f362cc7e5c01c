import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, TARGETS, type Target } from '../support/targets.ts';
import { call, sessionCookie } from '../support/http.ts';
import { insertPat } from '../support/pats.ts';
import { Client } from '../world/ws-client.ts';

/** API.md §2: a WebSocket opened with a session cookie closes (4401) once the session ends; a PAT's once its owner is gone. */
const long = new Date(Date.now() - 400 * 24 * 3_600_000).toISOString();

describe.each(TARGETS)('socket lifetime follows its credential on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  /** A session for `user` (as the proxy opens one) and a feed socket opened with its cookie alone. */
  async function cookieSocket(user: string) {
    const secret = sessionCookie(await call(t, '/admin/api/me', { headers: { [PROXY_HEADER]: user } }))!;
    expect(secret).toBeTruthy();
    const [row] = await t.sql.all<{ id: string }>('SELECT id FROM sessions WHERE user_name = ?', user);
    const headers = { cookie: `bs_session=${secret}` };
    const client = await Client.open(`${t.url}/v1/ws/beliefs`, headers);
    return { client, headers, id: row!.id };
  }

  async function closedWith4401(client: Client): Promise<void> {
    await client.until('the socket to close', () => client.closed !== null, 5_000);
    expect(client.closed!.code).toBe(4401);
  }

  it('closes a cookie socket when the session is logged out', async () => {
    const { client, headers } = await cookieSocket('logout@example.com');
    expect((await call(t, '/admin/logout', { method: 'POST', headers })).status).toBeLessThan(400);
    await closedWith4401(client);
  });

  it('closes a cookie socket when the session expires unused (idle timeout)', async () => {
    const { client, headers, id } = await cookieSocket('idle@example.com');
    await t.sql.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', long, id);
    expect((await call(t, '/admin/api/me', { headers })).status).toBe(401);
    await closedWith4401(client);
  });

  it('closes a cookie socket when the session reaches its maximum lifetime', async () => {
    const { client, id } = await cookieSocket('max@example.com');
    await t.sql.run('UPDATE sessions SET created_at = ? WHERE id = ?', long, id);
    await closedWith4401(client);
  });

  it('closes a cookie socket when an admin terminates the session', async () => {
    const { client, id } = await cookieSocket('ended@example.com');
    const res = await call(t, `/admin/api/sessions/${id}`, { method: 'DELETE', headers: { [PROXY_HEADER]: 'boss@example.com' } });
    expect(res.status).toBe(204);
    await closedWith4401(client);
  });

  it('keeps a cookie socket open while its session lives', async () => {
    const { client, headers } = await cookieSocket('alive@example.com');
    const other = await cookieSocket('ended-too@example.com');
    await t.sql.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', long, other.id);
    await closedWith4401(other.client);
    expect(client.closed).toBeNull();
    expect((await call(t, '/admin/api/me', { headers })).status).toBe(200);
    client.close();
  });

  it('closes a PAT socket when its user row is deleted by hand', async () => {
    const token = await insertPat(t, 'gone@example.com');
    const client = await Client.open(`${t.url}/v1/ws/beliefs`, { authorization: `Bearer ${token}` });
    await t.sql.run('DELETE FROM users WHERE user_name_lc = ?', 'gone@example.com');
    expect((await call(t, '/v1/models', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    await closedWith4401(client);
  });
});
