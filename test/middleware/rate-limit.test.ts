import { describe, expect, it } from 'vitest';
import { bearer, call } from '../support/http.ts';
import { insertPat } from '../support/pats.ts';
import { TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { Client } from '../world/ws-client.ts';
import { useTarget } from '../support/suites.ts';
import { as } from '../support/as.ts';

const RPM = 4;

/** The limit counts clock minutes: start a burst early in a minute so it cannot straddle a roll-over. */
async function earlyInMinute(): Promise<void> {
  const second = new Date().getUTCSeconds();
  if (second > 40) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
}

describe.each(TARGETS)('per-user rate limit on %s', (kind) => {
  let t: Target;

  useTarget(kind, (s) => (t = s), teamsEnv({ SERVICE_RATE_LIMIT_RPM: String(RPM) }));

  it('counts all PATs and sessions of a user together and answers 429 with Retry-After in the caller shape', async () => {
    const user = 'gil@example.com';
    const first = await insertPat(t, user);
    const second = await insertPat(t, user);
    const other = await insertPat(t, 'hoa@example.com');
    await earlyInMinute();

    expect((await call(t, '/v1/models', { headers: bearer(first) })).status).toBe(200);
    expect((await call(t, '/v1/models', { headers: bearer(second) })).status).toBe(200);
    expect((await call(t, '/v1/models', { headers: as.user(user) })).status).toBe(200);
    expect((await call(t, '/v1/models/oai%2Fm1', { headers: bearer(second) })).status).toBe(404);

    const refused = await call(t, '/v1/models', { headers: bearer(first) });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');

    const messages = await call(t, '/v1/messages', { method: 'POST', headers: { 'x-api-key': second }, json: {} });
    expect(messages.status).toBe(429);
    expect(messages.headers.get('retry-after')).toBeTruthy();
    expect(await messages.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });

    const chat = await call(t, '/v1/chat/completions', { method: 'POST', headers: as.user(user), json: {} });
    expect(chat.status).toBe(429);
    expect(await Client.refusal(`${t.url}/v1/ws/beliefs`, bearer(first))).toBe(429);

    expect((await call(t, '/admin/api/me', { headers: as.user(user) })).status).toBe(200);
    expect((await call(t, '/v1/models', { headers: bearer(other) })).status).toBe(200);
  });
});
