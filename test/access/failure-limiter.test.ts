import { describe, expect, it } from 'vitest';
import { FailureLimiter } from '../../lib/auth/failure-limiter.ts';
import { ROOT_TOKEN, TARGETS, type Target } from '../support/targets.ts';
import { bearer, call, freshAddress } from '../support/http.ts';
import { createPat } from '../chat/setup.ts';
import { useTarget } from '../support/suites.ts';

describe('failure limiter memory', () => {
  it('tracks a bounded number of addresses under 100k distinct ones, still blocking the busiest', () => {
    const limiter = new FailureLimiter(30, 60_000, 10_000);
    for (let i = 0; i < 100_000; i++) limiter.record(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 1_000);
    expect(limiter.size).toBe(10_000);
    for (let i = 0; i < 1000; i++) limiter.record('192.0.2.1', 2_000);
    expect(limiter.blockedFor('192.0.2.1', 2_000)).toBe(60);
    expect(limiter.size).toBe(10_000);
  });

  it('asks for one audit event per address per window, and at most the window budget in all', () => {
    const limiter = new FailureLimiter(30, 60_000, 10_000, 5);
    expect([1, 2, 3].map(() => limiter.record('a', 0))).toEqual([true, false, false]);
    expect(limiter.record('a', 60_000)).toBe(true);
    const others = Array.from({ length: 10 }, (_, i) => limiter.record(`b${i}`, 60_001));
    expect(others.filter(Boolean)).toHaveLength(4);
  });
});

describe.each(TARGETS)('failed authentication over HTTP on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s));

  it('still serves a valid PAT and the root token from an address that is blocked', async () => {
    const pat = await createPat(t, 'nat@example.com');
    const shared = freshAddress();
    for (let i = 0; i < 31; i++) {
      expect((await call(t, '/v1/models', { headers: bearer(`guess-${i}-0123456789abcdef`), from: shared })).status).toBe(401);
    }
    expect((await call(t, '/v1/models', { headers: bearer('guess-x-0123456789abcdef'), from: shared })).status).toBe(429);
    expect((await call(t, '/v1/models', { headers: bearer(pat), from: shared })).status).toBe(200);
    expect((await call(t, '/admin/api/me', { headers: bearer(ROOT_TOKEN), from: shared })).status).toBe(200);
    expect((await call(t, '/v1/models', { headers: { 'x-api-key': 'guess-y-0123456789abcdef' }, from: shared })).status).toBe(429);
  });

  it('answers a revoked or expired PAT 401 token_revoked / token_expired, never 429, and counts neither as a failure', async () => {
    const revoked = await createPat(t, 'ola@example.com');
    const expired = await createPat(t, 'ola@example.com');
    const prefix = (token: string) => token.slice(4, 12);
    await t.sql.run('UPDATE api_tokens SET revoked_at = ? WHERE token_prefix = ?', new Date().toISOString(), prefix(revoked));
    await t.sql.run('UPDATE api_tokens SET expires_at = ? WHERE token_prefix = ?', new Date(Date.now() - 1000).toISOString(), prefix(expired));
    const from = freshAddress();
    const refusal = async (token: string) => {
      const res = await call(t, '/v1/models', { headers: bearer(token), from });
      return [res.status, ((await res.json()) as { error: { code: string } }).error.code];
    };
    // Well past the 30 failures that would block the address, had they counted.
    for (let i = 0; i < 20; i++) {
      expect(await refusal(revoked)).toEqual([401, 'token_revoked']);
      expect(await refusal(expired)).toEqual([401, 'token_expired']);
    }
    expect((await call(t, '/v1/models', { headers: bearer('guess-after-0123456789abcdef'), from })).status).toBe(401);
    const anthropic = await call(t, '/v1/messages', { method: 'POST', headers: { 'x-api-key': revoked }, json: {}, from });
    expect(anthropic.status).toBe(401);
    expect(((await anthropic.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'authentication_error',
      message: expect.stringMatching(/revoked/),
    });
    const audited = await t.sql.all<{ detail: string }>(`SELECT detail FROM audit_events WHERE action = 'auth.failed' AND target = ?`, from);
    expect(audited.map((r) => JSON.parse(r.detail).credential.kind)).toEqual(['bearer']);

    // An address blocked by guessing still learns that its token ended.
    const blocked = freshAddress();
    for (let i = 0; i < 31; i++) await call(t, '/v1/models', { headers: bearer(`guess-${i}-0123456789abcdef`), from: blocked });
    expect((await call(t, '/v1/models', { headers: bearer('guess-x-0123456789abcdef'), from: blocked })).status).toBe(429);
    const late = await call(t, '/v1/models', { headers: bearer(revoked), from: blocked });
    expect([late.status, ((await late.json()) as { error: { code: string } }).error.code]).toEqual([401, 'token_revoked']);
  });

  it('audits failures with the address and the credential kind and prefix, never the secret, once per address per window', async () => {
    const from = freshAddress();
    const wrongPat = `bst_${'A'.repeat(43)}_000000`;
    for (let i = 0; i < 3; i++) expect((await call(t, '/v1/models', { headers: bearer(wrongPat), from })).status).toBe(401);
    const other = freshAddress();
    expect((await call(t, '/v1/models', { headers: bearer('secret-guess-0123456789abcdef'), from: other })).status).toBe(401);

    const rows = await t.sql.all<{ actor: string; target: string; detail: string }>(
      `SELECT actor, target, detail FROM audit_events WHERE action = 'auth.failed' AND target IN (?, ?) ORDER BY at`,
      from,
      other,
    );
    expect(rows.map((r) => [r.actor, r.target, JSON.parse(r.detail)])).toEqual([
      ['anonymous', from, { address: from, credential: { kind: 'pat', prefix: 'AAAAAAAA' } }],
      ['anonymous', other, { address: other, credential: { kind: 'bearer' } }],
    ]);
    expect(rows.map((r) => r.detail).join()).not.toContain('secret-guess');
    expect(rows.map((r) => r.detail).join()).not.toContain(wrongPat);
  });
});
