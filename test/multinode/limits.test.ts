import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, patFor, provision, send } from './http.ts';
import { deployment, twoNodes, type Deployment, type Node } from './nodes.ts';

/** API.md §13: the per-user rate limit and the failed-authentication limit count across nodes. */
const RPM = 10;
let d: Deployment;
let a: Node;
let b: Node;

beforeAll(async () => {
  d = await deployment({ SERVICE_RATE_LIMIT_RPM: String(RPM) });
  [a, b] = await twoNodes(d);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

/** Waits for a fresh clock minute when too little of this one is left for the checks. */
async function roomInMinute(needMs: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}

describe('limits across two nodes on one PostgreSQL database', () => {
  it('SERVICE_RATE_LIMIT_RPM counts one user’s requests through A and B together', async () => {
    await provision(a, d, 'ivy');
    await provision(a, d, 'jon');
    const [ivyA, ivyB] = [await patFor(a, d, 'ivy'), await patFor(b, d, 'ivy')];
    const jon = await patFor(a, d, 'jon');
    await roomInMinute(15_000);
    const statuses: number[] = [];
    for (let i = 0; i < RPM; i++) statuses.push((await send(i % 2 ? a : b, '/v1/models', { headers: bearer(i % 2 ? ivyA.token : ivyB.token) })).status);
    expect(statuses).toEqual(Array(RPM).fill(200));
    for (const [node, pat] of [
      [a, ivyB],
      [b, ivyA],
    ] as const) {
      const refused = await send(node, '/v1/models', { headers: bearer(pat.token) });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    await json(send(b, '/v1/models', { headers: bearer(jon.token) }), 200);
  });

  it('failed authentications from one address through A and B together: past 30 the address gets 429 on both; a valid credential is still served', async () => {
    const from = { 'x-forwarded-for': '10.20.30.40' };
    const wrong = { ...from, ...bearer('not-a-credential-of-this-service-0123456789') };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(i % 2 ? a : b, '/v1/models', { headers: wrong })).status);
    expect(statuses).toEqual(Array(31).fill(401));
    for (const node of [a, b]) {
      const refused = await send(node, '/v1/models', { headers: wrong });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(
      (await send(a, '/v1/models', { headers: { 'x-forwarded-for': '10.20.30.41', ...bearer('not-a-credential-of-this-service-0123456789') } })).status,
    ).toBe(401);

    await provision(b, d, 'kim');
    const kim = await patFor(b, d, 'kim');
    await json(send(a, '/v1/models', { headers: { ...from, ...bearer(kim.token) } }), 200);
  });
});
