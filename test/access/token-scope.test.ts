import { describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, ROOT_TOKEN, TARGETS, type Target } from '../support/targets.ts';
import { call } from '../support/http.ts';

const ALICE = 'alice@example.com';
const as = (user: string) => ({ [PROXY_HEADER]: user });

describe.each(TARGETS)('a PAT’s default memory scope on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  const create = (json: Record<string, unknown>, headers: Record<string, string> = as(ALICE)) =>
    call(t, '/admin/api/tokens', { method: 'POST', headers, json });
  const listed = async () => {
    const res = await call(t, '/admin/api/tokens', { headers: as(ALICE) });
    return ((await res.json()) as { data: Array<{ id: string; scope: string | null }> }).data;
  };

  it('stores the scope and returns it on creation and in the list; none is null', async () => {
    for (const scope of ['domain:work', 'universal', 'domain:work, domain:home']) {
      const res = await create({ name: `t ${scope}`, scope });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { id: string; scope: string };
      expect(body.scope).toBe(scope);
      expect((await listed()).find((r) => r.id === body.id)?.scope).toBe(scope);
      const [row] = await t.sql.all<{ scope: string }>('SELECT scope FROM api_tokens WHERE id = ?', body.id);
      expect(row!.scope).toBe(scope);
    }
    const plain = (await (await create({ name: 'no scope' })).json()) as { id: string; scope: string | null };
    expect(plain.scope).toBeNull();
    expect((await listed()).find((r) => r.id === plain.id)?.scope).toBeNull();
    const byRoot = await create({ name: 'for alice', user_name: ALICE, scope: 'domain:ops' }, { authorization: `Bearer ${ROOT_TOKEN}` });
    expect(((await byRoot.json()) as { scope: string }).scope).toBe('domain:ops');
  });

  it('refuses a malformed scope with a 400 naming scope, and creates no token', async () => {
    const before = await t.sql.all('SELECT id FROM api_tokens');
    for (const scope of ['', 'work', 'domain:', 'domain:work,', 'universal;drop', 7]) {
      const res = await create({ name: 'bad', scope });
      expect(res.status, JSON.stringify(scope)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^scope\b/);
    }
    expect(await t.sql.all('SELECT id FROM api_tokens')).toEqual(before);
  });
});
