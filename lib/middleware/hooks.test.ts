import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { onError } from './errors.ts';
import { hooked, type RequestHook } from './hooks.ts';

/** A hook that writes what it did, in order, to `seen`. */
function noting(seen: string[], name: string, before?: RequestHook['before']): RequestHook {
  return {
    before(c) {
      seen.push(`${name} before`);
      return before?.(c);
    },
    after(c) {
      seen.push(`${name} after ${c.res.status}`);
    },
  };
}

function app(...groups: RequestHook[][]) {
  const platform = { peerAddress: () => null, background() {}, log() {} };
  const a = new Hono<AppEnv>();
  for (const group of groups) a.use('*', hooked(...group));
  a.onError(onError({ platform }));
  a.get('/refused', () => {
    throw new ApiError(403, 'forbidden', 'no');
  });
  a.get('*', (c) => c.text('route'));
  return a;
}

describe('hooked request rules', () => {
  it('runs the befores in order, the route, then the afters in reverse order', async () => {
    const seen: string[] = [];
    const res = await app([noting(seen, 'a'), noting(seen, 'b')]).request('/x');
    expect(await res.text()).toBe('route');
    expect(seen).toEqual(['a before', 'b before', 'b after 200', 'a after 200']);
  });

  it('awaits an asynchronous before, and a before that answers stops there', async () => {
    const seen: string[] = [];
    const answering = noting(seen, 'gate', async (c) => (c.req.path === '/stop' ? new Response('gate answered', { status: 418 }) : undefined));
    const res = await app([noting(seen, 'outer')], [answering, noting(seen, 'after gate')]).request('/stop');
    expect(res.status).toBe(418);
    expect(await res.text()).toBe('gate answered');
    expect(seen).toEqual(['outer before', 'gate before', 'outer after 418']);
  });

  it("an outer group's afters see the answer to an inner group's refusal or the route's error", async () => {
    const seen: string[] = [];
    const refusing = noting(seen, 'check', (c) => {
      if (c.req.path === '/gated') throw new ApiError(401, 'unauthorized', 'who are you');
      return undefined;
    });
    const a = app([noting(seen, 'outer')], [refusing]);
    expect((await a.request('/gated')).status).toBe(401);
    expect((await a.request('/refused')).status).toBe(403);
    expect(seen).toEqual(['outer before', 'check before', 'outer after 401', 'outer before', 'check before', 'check after 403', 'outer after 403']);
  });
});
