import { describe, expect, it } from 'vitest';
import { MAX_FAILURE_ROWS } from '../../lib/db/postgres/limits.ts';
import { useTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { bearer, call, freshAddress } from '../support/http.ts';

/** The failed-authentication table PostgreSQL nodes share stays bounded however many addresses fail. */
describe.runIf(TARGETS.includes('node-pg'))('failed authentications kept on PostgreSQL', () => {
  let t: Target;
  useTarget('node-pg', (s) => (t = s));

  const rows = async () => Number((await t.sql.all<{ n: number }>('SELECT count(*) AS n FROM auth_failures'))[0]!.n);

  it('drops the oldest rows past the bound, keeping the newest failures', async () => {
    const now = Date.now();
    await t.sql.run(
      "INSERT INTO auth_failures (address, at_ms) SELECT 'sprayed-' || g, ?::bigint - g FROM generate_series(1, ?) g",
      now,
      MAX_FAILURE_ROWS + 50_000,
    );
    const from = freshAddress();
    expect((await call(t, '/v1/models', { headers: bearer('not-a-token'), from })).status).toBe(401);
    for (let i = 0; i < 100 && (await rows()) > MAX_FAILURE_ROWS; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await rows()).toBeLessThanOrEqual(MAX_FAILURE_ROWS);
    expect(await t.sql.all('SELECT address FROM auth_failures WHERE address = ?', from)).toHaveLength(1);
    expect(await t.sql.all("SELECT address FROM auth_failures WHERE address = 'sprayed-1'")).toHaveLength(1);
  });
});
