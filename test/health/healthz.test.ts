import { describe, expect, it } from 'vitest';
import { PROXY_HEADER, teamsEnv, TARGETS, type Target } from '../support/targets.ts';
import { useTarget } from '../support/suites.ts';
import { bearer, call, freshAddress } from '../support/http.ts';

/** Whatever a load balancer's probe carries: nothing, a stale or malformed bearer, an identity header, a wrong proxy secret. */
const PROBE_HEADERS: Record<string, string>[] = [
  {},
  bearer('bs_pat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
  bearer('not-a-token'),
  { authorization: 'Basic bG9hZDpiYWxhbmNlcg==' },
  { [PROXY_HEADER]: 'probe@example.com' },
  { 'x-belief-store-proxy-secret': 'wrong' },
];

describe.each(TARGETS)('health and readiness probes on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s), teamsEnv());

  it('answers /healthz 200 whatever credentials it carries, reading none of them', async () => {
    for (const headers of PROBE_HEADERS) {
      const res = await call(t, '/healthz', { headers, from: freshAddress() });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    }
    // No user was created on first sight, no failed authentication was audited.
    expect(await t.sql.all("SELECT user_name FROM users WHERE user_name_lc = 'probe@example.com'")).toEqual([]);
    expect(await t.sql.all("SELECT action FROM audit_events WHERE action LIKE 'auth.%'")).toEqual([]);
  });

  it('answers /readyz 200 {"status":"ready"} while the database answers, whatever credentials it carries', async () => {
    for (const headers of PROBE_HEADERS) {
      const res = await call(t, '/readyz', { headers, from: freshAddress() });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});
