import { describe, expect, it } from 'vitest';
import { singleEnv, TARGETS, type Target } from '../support/targets.ts';
import { useTarget } from '../support/suites.ts';

describe.each(TARGETS)('health and error shapes on %s', (kind) => {
  let t: Target;
  useTarget(kind, (s) => (t = s), singleEnv());

  it('answers /healthz without credentials', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
