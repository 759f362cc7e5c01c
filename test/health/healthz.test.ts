import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, singleEnv, TARGETS, type Target } from '../support/targets.ts';

describe.each(TARGETS)('health and error shapes on %s', (kind) => {
  let t: Target;
  beforeAll(async () => {
    t = await startTarget(kind, singleEnv());
  });
  afterAll(() => t?.stop());

  it('answers /healthz without credentials', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
