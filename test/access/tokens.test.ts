import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, ROOT_TOKEN, serveDatabaseFile, TARGETS, type Target } from '../support/targets.ts';
import { onPostgres, tableNames } from '../support/target-sql.ts';
import { bearer, call, freshAddress, sessionCookie } from '../support/http.ts';
import { eventually } from '../chat/setup.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const as = (user: string) => ({ [PROXY_HEADER]: user });
const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const BOSS = 'boss@example.com';

interface Created {
  id: string;
  name: string;
  token: string;
  token_prefix: string;
  created_at: string;
}

describe.each(TARGETS)('personal access tokens on %s', (kind) => {
  let t: Target;
  const models = (token: string, from = freshAddress()) => call(t, '/v1/models', { headers: bearer(token), from });
  const create = async (user: string, name = 'laptop'): Promise<Created> => {
    const res = await call(t, '/admin/api/tokens', { method: 'POST', headers: as(user), json: { name } });
    expect(res.status).toBe(201);
    return (await res.json()) as Created;
  };
  const list = async (headers: Record<string, string>, query = '') => {
    const res = await call(t, `/admin/api/tokens${query}`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as { data: Record<string, unknown>[]; next_cursor: string | null };
  };

  useTarget(kind, (s) => (t = s));

  it('creates a checksummed token shown once and stores only its SHA-256', async () => {
    const res = await call(t, '/admin/api/tokens', { method: 'POST', headers: as(ALICE), json: { name: 'laptop' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Created;
    expect(Object.keys(body).sort()).toEqual(['created_at', 'expires_at', 'id', 'name', 'scope', 'token', 'token_prefix']);
    expect(body.token).toMatch(/^bst_[A-Za-z0-9_-]{43}_[0-9A-Za-z]{6}$/);
    expect(body.token_prefix).toBe(body.token.slice(4, 12));
    const rows = await t.sql.all<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = ?', body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(body.token));
    expect(rows[0]!.user_name).toBe(ALICE);
    expect(JSON.stringify(rows)).not.toContain(body.token.slice(4));
    expect((await models(body.token)).status).toBe(200);
  });

  it('accepts the PAT in x-api-key as the Anthropic SDK sends it', async () => {
    const { token } = await create(ALICE);
    const res = await call(t, '/v1/models', { headers: { 'x-api-key': token } });
    expect(res.status).toBe(200);
  });

  it('refuses a value whose checksum does not match without looking it up', async () => {
    const { token } = await create(ALICE);
    const flipped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect((await models(flipped)).status).toBe(401);
  });

  it('lists own tokens without hash or token; ?all=1 for admins only', async () => {
    const mine = await create(BOB, 'bob-cli');
    const own = await list(as(BOB));
    expect(own.data.map((r) => r.id)).toContain(mine.id);
    expect(own.data.every((r) => r.user_name === BOB)).toBe(true);
    expect(Object.keys(own.data[0]!).sort()).toEqual([
      'created_at',
      'expires_at',
      'id',
      'last_used_at',
      'name',
      'revoked_at',
      'scope',
      'token_prefix',
      'user_name',
    ]);
    expect(JSON.stringify(own)).not.toContain(mine.token);
    expect((await call(t, '/admin/api/tokens?all=1', { headers: as(BOB) })).status).toBe(403);
    const everyone = await list(as(BOSS), '?all=1');
    expect(new Set(everyone.data.map((r) => r.user_name))).toEqual(new Set([ALICE, BOB]));
    expect((await list(bearer(ROOT_TOKEN), '?all=1')).data.length).toBe(everyone.data.length);
  });

  it('pages with next_cursor and refuses a forged cursor or limit', async () => {
    for (let i = 0; i < 3; i++) await create('pager@example.com', `p${i}`);
    const first = await list(as('pager@example.com'), '?limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await list(as('pager@example.com'), `?limit=2&cursor=${first.next_cursor}`);
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...first.data, ...second.data].map((r) => r.name))).toEqual(new Set(['p0', 'p1', 'p2']));
    const bad = await call(t, '/admin/api/tokens?cursor=nonsense', { headers: as('pager@example.com') });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^cursor/);
    expect((await call(t, '/admin/api/tokens?limit=0', { headers: as('pager@example.com') })).status).toBe(400);
  });

  it('rejects a bad body with a 400 naming the field and writes nothing', async () => {
    const before = await t.sql.all('SELECT id FROM api_tokens');
    for (const json of [{}, { name: '' }, { name: 7 }, { name: 'x'.repeat(101) }]) {
      const res = await call(t, '/admin/api/tokens', { method: 'POST', headers: as(ALICE), json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^name/);
    }
    const malformed = await call(t, '/admin/api/tokens', { method: 'POST', headers: { ...as(ALICE), 'content-type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
    expect(await t.sql.all('SELECT id FROM api_tokens')).toHaveLength(before.length);
  });

  it('lets root create a token for a user, and only root', async () => {
    const res = await call(t, '/admin/api/tokens', { method: 'POST', headers: bearer(ROOT_TOKEN), json: { name: 'ci', user_name: 'Dave@Example.com' } });
    expect(res.status).toBe(201);
    const { id, token } = (await res.json()) as Created;
    expect((await t.sql.all<{ user_name: string }>('SELECT user_name FROM api_tokens WHERE id = ?', id))[0]!.user_name).toBe('dave@example.com');
    expect((await call(t, '/admin/api/me', { headers: bearer(token) })).status).toBe(403);
    expect((await models(token)).status).toBe(200);

    const missing = await call(t, '/admin/api/tokens', { method: 'POST', headers: bearer(ROOT_TOKEN), json: { name: 'ci' } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/^user_name/);
    const forOther = await call(t, '/admin/api/tokens', { method: 'POST', headers: as(ALICE), json: { name: 'x', user_name: BOB } });
    expect(forOther.status).toBe(403);
    const bossForOther = await call(t, '/admin/api/tokens', { method: 'POST', headers: as(BOSS), json: { name: 'x', user_name: BOB } });
    expect(bossForOther.status).toBe(403);
  });

  it('revocation by the owner takes effect on the very next request', async () => {
    const { id, token } = await create(ALICE);
    expect((await models(token)).status).toBe(200);
    expect((await call(t, `/admin/api/tokens/${id}`, { method: 'DELETE', headers: as(ALICE) })).status).toBe(204);
    expect((await models(token)).status).toBe(401);
    const row = (
      await t.sql.all<{ revoked_at: string | null; revoked_by: string | null }>('SELECT revoked_at, revoked_by FROM api_tokens WHERE id = ?', id)
    )[0]!;
    expect(row.revoked_at).not.toBeNull();
    expect(row.revoked_by).toBe(ALICE);
    expect((await call(t, `/admin/api/tokens/${id}`, { method: 'DELETE', headers: as(ALICE) })).status).toBe(204);
  });

  it('another user cannot revoke (404); a super admin and root can', async () => {
    const a = await create(ALICE);
    expect((await call(t, `/admin/api/tokens/${a.id}`, { method: 'DELETE', headers: as(BOB) })).status).toBe(404);
    expect((await models(a.token)).status).toBe(200);
    expect((await call(t, `/admin/api/tokens/${a.id}`, { method: 'DELETE', headers: as(BOSS) })).status).toBe(204);
    expect((await models(a.token)).status).toBe(401);
    const b = await create(ALICE);
    expect((await call(t, `/admin/api/tokens/${b.id}`, { method: 'DELETE', headers: bearer(ROOT_TOKEN) })).status).toBe(204);
    expect((await models(b.token)).status).toBe(401);
    expect((await call(t, '/admin/api/tokens/no-such-id', { method: 'DELETE', headers: bearer(ROOT_TOKEN) })).status).toBe(404);

    const audit = await call(t, `/admin/api/audit?action=token.revoked&target=${a.id}`, { headers: bearer(ROOT_TOKEN) });
    const events = ((await audit.json()) as { data: { actor: string; detail: { user_name: string } }[] }).data;
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toBe(BOSS);
    expect(events[0]!.detail.user_name).toBe(ALICE);
  });

  it('a direct UPDATE or DELETE on api_tokens applies to the next request', async () => {
    const updated = await create(ALICE);
    const deleted = await create(ALICE);
    expect((await models(updated.token)).status).toBe(200);
    expect((await models(deleted.token)).status).toBe(200);
    await t.sql.run('UPDATE api_tokens SET revoked_at = ? WHERE id = ?', new Date().toISOString(), updated.id);
    await t.sql.run('DELETE FROM api_tokens WHERE id = ?', deleted.id);
    expect((await models(updated.token)).status).toBe(401);
    expect((await models(deleted.token)).status).toBe(401);
    await t.sql.run('UPDATE api_tokens SET revoked_at = NULL WHERE id = ?', updated.id);
    expect((await models(updated.token)).status).toBe(200);
  });

  it('refuses the PAT of a deactivated user with 403', async () => {
    const { token } = await create('erin@example.com');
    await t.sql.run("UPDATE users SET active = 0 WHERE user_name_lc = 'erin@example.com'");
    const res = await models(token);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('account_deactivated');
  });

  it('refuses (401) the PAT of a user whose row was deleted from the database', async () => {
    const { token } = await create('gone@example.com');
    expect((await models(token)).status).toBe(200);
    await t.sql.run("DELETE FROM users WHERE user_name_lc = 'gone@example.com'");
    const res = await models(token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('creates no token for a deactivated user, not even through the root token', async () => {
    await create('gina@example.com');
    await t.sql.run("UPDATE users SET active = 0 WHERE user_name_lc = 'gina@example.com'");
    const res = await call(t, '/admin/api/tokens', {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT_TOKEN}` },
      json: { name: 'sneaky', user_name: 'gina@example.com' },
    });
    expect(res.status).toBe(409);
    const rows = await t.sql.all("SELECT id FROM api_tokens WHERE user_name = 'gina@example.com' AND name = 'sneaky'");
    expect(rows).toHaveLength(0);
  });

  it('advances last_used_at with use, as the token list shows at once', async () => {
    const { id, token } = await create(ALICE);
    const lastUsed = async () => (await list(as(ALICE))).data.find((row) => row.id === id)!.last_used_at as string | null;
    expect(await lastUsed()).toBeNull();
    await models(token);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    await models(token);
    const second = await lastUsed();
    expect(Date.parse(second!)).toBeGreaterThan(Date.parse(first!));
    const stored = await t.sql.all<{ last_used_at: string }>('SELECT last_used_at FROM api_tokens WHERE id = ?', id);
    expect(stored[0]!.last_used_at).toBe(second);
  });

  it.skipIf(kind !== 'node')('answers a PAT request while another connection holds the write lock, and writes its last use afterwards', async () => {
    const { id, token } = await create(ALICE);
    const stored = async () => (await t.sql.all<{ last_used_at: string | null }>('SELECT last_used_at FROM api_tokens WHERE id = ?', id))[0]!.last_used_at;
    await t.sql.run('BEGIN IMMEDIATE');
    let status: number;
    try {
      status = (await models(token)).status;
    } finally {
      await t.sql.run('ROLLBACK');
    }
    expect(status).toBe(200);
    expect(await eventually(stored)).not.toBeNull();
  });

  it('keeps no plaintext PAT or session secret anywhere in the database', async () => {
    const session = sessionCookie(await call(t, '/admin/api/me', { headers: as('frank@example.com') }));
    expect(session).toBeTruthy();
    const { token } = await create('frank@example.com');
    const secrets = [token, token.slice(4, 47), session!];
    if (t.dataDir && !onPostgres(t)) {
      // Node: belief-store.db*; workerd serve: the database Durable Object's <id>.sqlite*.
      const file = t.kind === 'workerd-serve' ? serveDatabaseFile(t.dataDir) : join(t.dataDir, 'belief-store.db');
      const files = readdirSync(dirname(file)).filter((f) => f.startsWith(basename(file)));
      expect(files.length).toBeGreaterThan(0);
      const bytes = files.map((f) => readFileSync(join(dirname(file), f)).toString('latin1')).join('\n');
      for (const s of secrets) expect(bytes.includes(s)).toBe(false);
      expect(bytes.includes(sha256(token))).toBe(true);
    }
    for (const name of await tableNames(t)) {
      const dump = JSON.stringify(await t.sql.all(`SELECT * FROM "${name}"`));
      for (const s of secrets) expect(dump.includes(s), `${name}`).toBe(false);
    }
  });
});
