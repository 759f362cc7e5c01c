import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPat, insertBelief, providersConfig, putConfig } from '../chat/setup.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { call } from '../support/http.ts';
import { PROXY_HEADER, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';

/** The dashboard's receipts and usage page (issue 29, item 7): one user's receipts and everyone's usage for admins. */
const ALICE = 'alice@example.com';
const as = (userName: string) => ({ [PROXY_HEADER]: userName });

describe.each(TARGETS)('/admin/injections on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let receipt: string;
  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, teamsEnv());
    expect((await putConfig(t, providersConfig(fake))).status).toBe(200);
    await insertBelief(t, ALICE, 'The user lives in Lisbon', { pinned: true });
    const pat = await createPat(t, ALICE);
    const res = await call(t, '/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${pat}` },
      json: { model: 'oai/m1', messages: [{ role: 'user', content: 'Where do I live?' }] },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    receipt = res.headers.get('x-belief-store-injection')!;
    expect(receipt).toBeTruthy();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  const page = async (path: string, userName: string) => {
    const res = await call(t, path, { headers: as(userName) });
    expect(res.status).toBe(200);
    return res.text();
  };

  it("lists the user's own receipts, each linking its page, and their chat usage", async () => {
    const html = await page('/admin/injections', ALICE);
    expect(html).toContain(`href="/admin/injections/${receipt}"`);
    expect(html).toContain('Where do I live?');
    expect(html).toMatch(new RegExp(`<tr data-user="${ALICE}"><td><a[^>]*>${ALICE}</a></td><td>1</td>`));
    expect(html).toContain('href="/admin/injections"');
  });

  it("shows another user neither alice's receipts nor her usage, whatever ?user= says", async () => {
    const html = await page(`/admin/injections?user=${encodeURIComponent(ALICE)}`, 'bob@example.com');
    expect(html).not.toContain(receipt);
    expect(html).not.toContain(`data-user="${ALICE}"`);
  });

  it("shows an admin every user's usage, and a user's receipts through ?user=", async () => {
    const overview = await page('/admin/injections', 'boss@example.com');
    expect(overview).toContain(`data-user="${ALICE}"`);
    expect(overview).not.toContain(receipt);
    const hers = await page(`/admin/injections?user=${encodeURIComponent(ALICE)}`, 'boss@example.com');
    expect(hers).toContain(`href="/admin/injections/${receipt}"`);
  });
});
