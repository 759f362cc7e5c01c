import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPat, providersConfig, putConfig } from '../chat/setup.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { call } from '../support/http.ts';
import { PROXY_HEADER, startTarget, TARGETS, teamsEnv, type Target } from '../support/targets.ts';
import { ALICE, BOB, insertBelief, XSS_STATEMENT } from './fixtures.ts';

const as = (user: string) => ({ [PROXY_HEADER]: user });
const BOSS = as('boss@example.com');

const receiptIds = (html: string) => [...html.matchAll(/data-receipt="([^"]+)"/g)].map((m) => m[1]!);
const usageUsers = (html: string) => [...html.matchAll(/data-user="([^"]+)"/g)].map((m) => m[1]!);

describe.each(TARGETS)('the receipts and usage page on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  const sent: Record<string, string[]> = { [ALICE]: [], [BOB]: [] };

  const page = async (path: string, headers: Record<string, string>) => {
    const res = await call(t, path, { headers });
    return { status: res.status, html: await res.text() };
  };

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, teamsEnv());
    expect((await putConfig(t, providersConfig(fake, { extraction: { enabled: false, model: null } }))).status).toBe(200);
    for (const [user, messages] of [
      [ALICE, ['Where should I eat tonight?', XSS_STATEMENT]],
      [BOB, ['What should I read next?']],
    ] as const) {
      await insertBelief(t.sql, { owner: user, statement: `${user} likes quiet places`, pinned: true });
      const client = new OpenAI({ apiKey: await createPat(t, user), baseURL: `${t.url}/v1`, maxRetries: 0 });
      for (const content of messages) {
        const { response } = await client.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content }] }).withResponse();
        sent[user]!.push(response.headers.get('x-belief-store-injection')!);
      }
    }
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  it('shows a user their own receipts, newest first, linked to each receipt, and their own usage', async () => {
    const res = await page('/admin/receipts', as(ALICE));
    expect(res.status).toBe(200);
    expect(receiptIds(res.html)).toEqual([...sent[ALICE]!].reverse());
    for (const id of sent[ALICE]!) expect(res.html).toContain(`href="/admin/injections/${id}"`);
    expect(usageUsers(res.html)).toEqual([ALICE]);
    expect(res.html).toMatch(/data-user="alice@example.com"><th scope="row">alice@example.com<\/th><td data-testid="user-requests">2<\/td>/);
    expect(res.html).not.toContain('data-testid="receipts-user"');
    expect(res.html).toContain('href="/admin/receipts" aria-current="page"');
  });

  it('never shows a user another user’s receipts or usage, whatever they ask', async () => {
    const res = await page(`/admin/receipts?user=${encodeURIComponent(BOB)}`, as(ALICE));
    expect(res.status).toBe(200);
    expect(receiptIds(res.html)).toEqual([...sent[ALICE]!].reverse());
    expect(usageUsers(res.html)).toEqual([ALICE]);
    expect(res.html).not.toContain(BOB);
  });

  it('renders a hostile query as text', async () => {
    const { html } = await page('/admin/receipts', as(ALICE));
    expect(html).toContain('&lt;script&gt;window.__xss = 1&lt;/script&gt;');
    expect(html).not.toContain('<script>window');
    expect(html).not.toContain('<img src=x');
  });

  it('shows admins everyone’s, and one user’s with the filter', async () => {
    const all = await page('/admin/receipts', BOSS);
    expect(all.status).toBe(200);
    expect(receiptIds(all.html).sort()).toEqual([...sent[ALICE]!, ...sent[BOB]!].sort());
    expect(usageUsers(all.html)).toEqual([ALICE, BOB]);
    expect(all.html).toContain('data-testid="receipts-user"');
    const bob = await page(`/admin/receipts?user=${encodeURIComponent('Bob@Example.com')}`, BOSS);
    expect(receiptIds(bob.html)).toEqual(sent[BOB]);
    expect(usageUsers(bob.html)).toEqual([BOB]);
  });

  it('pages older receipts with a cursor', async () => {
    const first = await page('/admin/receipts?limit=1', as(ALICE));
    expect(receiptIds(first.html)).toEqual([sent[ALICE]![1]]);
    const next = first.html.match(/href="(\/admin\/receipts\?cursor=[^"]+)">Older receipts/)?.[1];
    expect(next).toBeDefined();
    const second = await page(`${next!.replace(/&amp;/g, '&')}&limit=1`, as(ALICE));
    expect(receiptIds(second.html)).toEqual([sent[ALICE]![0]]);
  });

  it('is linked from every page’s navigation', async () => {
    for (const path of ['/admin', '/admin/beliefs', '/admin/settings']) expect((await page(path, as(ALICE))).html, path).toContain('href="/admin/receipts"');
  });
});
