import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTarget } from '../support/suites.ts';
import { PROXY_HEADER, PROXY_SECRET, ROOT_TOKEN, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { bearer, call, freshAddress } from '../support/http.ts';

const SECRET_HEADER = 'x-belief-store-proxy-secret';
const GUESS = 'a-wrong-guess-at-the-proxy-secret-0000';

type AuditRow = { action: string; detail: { credential?: { kind: string } } | null };

/** API.md §1: SERVICE_PROXY_SECRET guesses are failed authentications: limited per address and audited. */
describe.each(TARGETS)('wrong SERVICE_PROXY_SECRET values on %s', (kind) => {
  let t: Target;
  /** The service itself, without the forwarding proxy of the workerd targets (which adds the right secret). */
  let direct: { url: string };
  beforeAll(async () => {
    t = await startTarget(kind, teamsEnv({ SERVICE_PROXY_SECRET: PROXY_SECRET }));
    direct = { url: t.directUrl ?? t.url };
  });
  afterAll(() => t?.stop());

  it('answers 401 to each wrong value, 429 with Retry-After once more than 30 failed in a minute, and still serves the right one', async () => {
    const from = freshAddress();
    const guess = () => call(direct, '/admin/api/me', { headers: { [PROXY_HEADER]: 'boss@example.com', [SECRET_HEADER]: GUESS }, from });
    for (let i = 0; i < 31; i++) expect((await guess()).status).toBe(401);
    const limited = await guess();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await call(direct, '/admin/api/me', { headers: { [PROXY_HEADER]: 'boss@example.com', [SECRET_HEADER]: PROXY_SECRET }, from });
    expect(right.status).toBe(200);
  });

  it('audits the failure by kind, never the value sent', async () => {
    const res = await call(t, '/admin/api/audit?limit=200', { headers: bearer(ROOT_TOKEN) });
    expect(res.status).toBe(200);
    const text = await res.text();
    const rows = (JSON.parse(text) as { data: AuditRow[] }).data;
    expect(rows.some((r) => r.action === 'auth.failed' && r.detail?.credential?.kind === 'proxy_secret')).toBe(true);
    expect(text).not.toContain(GUESS);
    expect(text).not.toContain(PROXY_SECRET);
  });
});

describe('a short SERVICE_PROXY_SECRET (workerd)', () => {
  let t: Target;
  useTarget('workerd', (s) => (t = s), teamsEnv({ SERVICE_PROXY_SECRET: 'p'.repeat(31) }));

  it('refuses to serve, naming the variable', async () => {
    const res = await call({ url: t.directUrl! }, '/healthz');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('misconfigured');
    expect(body.error.message).toContain('SERVICE_PROXY_SECRET');
    expect(body.error.message).not.toContain('p'.repeat(31));
  });
});
