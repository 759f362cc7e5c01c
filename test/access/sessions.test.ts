import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { call, sessionCookie } from '../support/http.ts';

const as = (user: string, agent = 'test-agent/1') => ({ [PROXY_HEADER]: user, 'user-agent': agent });
const cookie = (secret: string) => ({ cookie: `bs_session=${secret}` });
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Row = { id: string; last_seen_at: string; created_at: string };

describe.each(TARGETS)('session lifetime with the defaults on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  async function open(user: string): Promise<{ secret: string; row: Row }> {
    const secret = sessionCookie(await call(t, '/admin/api/me', { headers: as(user) }))!;
    const [row] = await t.sql.all<Row>('SELECT id, last_seen_at, created_at FROM sessions WHERE user_name = ?', user);
    return { secret, row: row! };
  }

  it('ends a session unused for 720 minutes: its cookie is refused like a missing one', async () => {
    const { secret, row } = await open('idle@example.com');
    await t.sql.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', ago(719 * MINUTE), row.id);
    expect((await call(t, '/admin/api/me', { headers: cookie(secret) })).status).toBe(200);
    await t.sql.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', ago(721 * MINUTE), row.id);
    const res = await call(t, '/admin/api/me', { headers: cookie(secret) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('shows admins an ended session as ended: not counted, not offered for termination, listed with its end', async () => {
    const { row } = await open('counted@example.com');
    const boss = { [PROXY_HEADER]: 'boss@example.com' };
    const count = async () => {
      const res = await call(t, '/admin/api/users?limit=200', { headers: boss });
      const users = ((await res.json()) as { data: { user_name: string; session_count: number }[] }).data;
      return users.find((u) => u.user_name === 'counted@example.com')?.session_count;
    };
    const usersPage = async () => (await call(t, '/admin/users', { headers: boss })).text();
    expect(await count()).toBe(1);
    expect(await usersPage()).toContain(row.id);
    const listed = async () => {
      const res = await call(t, '/admin/api/sessions?all=1&limit=200', { headers: boss });
      return ((await res.json()) as { data: { id: string; terminated_at: string | null }[] }).data.find((r) => r.id === row.id)!;
    };
    expect((await listed()).terminated_at).toBeNull();
    const lastSeen = ago(721 * MINUTE);
    await t.sql.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', lastSeen, row.id);
    expect(await count()).toBe(0);
    expect(await usersPage()).not.toContain(row.id);
    expect((await listed()).terminated_at).toBe(new Date(Date.parse(lastSeen) + 720 * MINUTE).toISOString());
  });

  it('ends a session 168 hours after it began, however recently it was used', async () => {
    const { secret, row } = await open('old@example.com');
    await t.sql.run('UPDATE sessions SET created_at = ?, last_seen_at = ? WHERE id = ?', ago(169 * HOUR), ago(0), row.id);
    expect((await call(t, '/admin/api/me', { headers: cookie(secret) })).status).toBe(401);
  });

  it('reuses the session of the same client for identity-header requests without a cookie', async () => {
    for (let i = 0; i < 3; i++) expect((await call(t, '/admin/api/me', { headers: as('reuse@example.com', 'browser-a') })).status).toBe(200);
    expect(await t.sql.all("SELECT id FROM sessions WHERE user_name = 'reuse@example.com'")).toHaveLength(1);
    expect((await call(t, '/admin/api/me', { headers: as('reuse@example.com', 'browser-b') })).status).toBe(200);
    expect(await t.sql.all("SELECT id FROM sessions WHERE user_name = 'reuse@example.com'")).toHaveLength(2);
  });

  it('opens a new session for the client when its old one has ended', async () => {
    await call(t, '/admin/api/me', { headers: as('again@example.com') });
    await t.sql.run("UPDATE sessions SET last_seen_at = ? WHERE user_name = 'again@example.com'", ago(800 * MINUTE));
    const res = await call(t, '/admin/api/me', { headers: as('again@example.com') });
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBeTruthy();
    expect(await t.sql.all("SELECT id FROM sessions WHERE user_name = 'again@example.com'")).toHaveLength(2);
  });
});

describe.each(TARGETS)('session lifetime from the settings on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s), teamsEnv({ SERVICE_SESSION_IDLE_MINUTES: '5', SERVICE_SESSION_MAX_HOURS: '2' }));

  it('honours SERVICE_SESSION_IDLE_MINUTES and SERVICE_SESSION_MAX_HOURS', async () => {
    const secret = sessionCookie(await call(t, '/admin/api/me', { headers: as('short@example.com') }))!;
    await t.sql.run("UPDATE sessions SET last_seen_at = ? WHERE user_name = 'short@example.com'", ago(4 * MINUTE));
    expect((await call(t, '/admin/api/me', { headers: cookie(secret) })).status).toBe(200);
    await t.sql.run("UPDATE sessions SET last_seen_at = ? WHERE user_name = 'short@example.com'", ago(6 * MINUTE));
    expect((await call(t, '/admin/api/me', { headers: cookie(secret) })).status).toBe(401);

    const other = sessionCookie(await call(t, '/admin/api/me', { headers: as('brief@example.com') }))!;
    await t.sql.run("UPDATE sessions SET created_at = ? WHERE user_name = 'brief@example.com'", ago(2 * HOUR + MINUTE));
    expect((await call(t, '/admin/api/me', { headers: cookie(other) })).status).toBe(401);
  });

  it('records the last use no more coarsely than a tenth of the idle timeout (30 s here)', async () => {
    const secret = sessionCookie(await call(t, '/admin/api/me', { headers: as('seen@example.com') }))!;
    expect((await call(t, '/admin/api/me', { headers: cookie(secret) })).status).toBe(200);
    await t.sql.run("UPDATE sessions SET last_seen_at = ? WHERE user_name = 'seen@example.com'", ago(40_000));
    const before = Date.now();
    expect((await call(t, '/admin/api/me', { headers: cookie(secret) })).status).toBe(200);
    const [row] = await t.sql.all<{ last_seen_at: string }>("SELECT last_seen_at FROM sessions WHERE user_name = 'seen@example.com'");
    expect(Date.parse(row!.last_seen_at)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('session lifetime settings (node)', () => {
  it('refuses a malformed lifetime setting at start-up, naming it', async () => {
    await expect(startTarget('node', teamsEnv({ SERVICE_SESSION_IDLE_MINUTES: 'soon' }))).rejects.toThrow(/SERVICE_SESSION_IDLE_MINUTES/);
    await expect(startTarget('node', teamsEnv({ SERVICE_SESSION_MAX_HOURS: '0' }))).rejects.toThrow(/SERVICE_SESSION_MAX_HOURS/);
  });
});

describe.each(TARGETS)('pruning ended sessions on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('deletes sessions that ended over a day ago when a new one opens, and keeps the rest', async () => {
    const insert = (id: string, created: string, seen: string, terminated: string | null) =>
      t.sql.run(
        "INSERT INTO sessions (id, token_hash, user_name, created_at, last_seen_at, terminated_at) VALUES (?, ?, 'gone@example.com', ?, ?, ?)",
        id,
        `hash-${id}`,
        created,
        seen,
        terminated,
      );
    await insert('terminated-long-ago', ago(80 * HOUR), ago(50 * HOUR), ago(48 * HOUR));
    await insert('idle-long-ago', ago(80 * HOUR), ago(60 * HOUR), null);
    await insert('too-old', ago(200 * HOUR), ago(MINUTE), null);
    await insert('terminated-just-now', ago(HOUR), ago(HOUR), ago(MINUTE));
    await insert('live', ago(HOUR), ago(MINUTE), null);
    expect((await call(t, '/admin/api/me', { headers: as('fresh@example.com') })).status).toBe(200);
    await expect
      .poll(async () => (await t.sql.all<{ id: string }>("SELECT id FROM sessions WHERE user_name = 'gone@example.com' ORDER BY id")).map((r) => r.id))
      .toEqual(['live', 'terminated-just-now']);
  });
});
