import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, pageErrors, screenshot } from '../support/browser.ts';
import { insertPat } from '../support/pats.ts';
import { noExtraction } from '../support/providers.ts';
import { useBrowserSuite } from '../support/suites.ts';
import type { Target } from '../support/targets.ts';
import { ALICE, BOB, BOSS, insertBelief } from './fixtures.ts';

describe.skipIf(!HAVE_CHROMIUM)('the receipts and usage page in Chromium', { timeout: 90_000 }, () => {
  let t: Target;
  const people = useBrowserSuite((s) => ({ t } = s), { config: noExtraction });
  const receipts: Record<string, string> = {};

  beforeAll(async () => {
    for (const user of [ALICE, BOB]) {
      await insertBelief(t.sql, { owner: user, statement: `${user} works from the harbour office`, pinned: true });
      const client = new OpenAI({ apiKey: await insertPat(t, user), baseURL: `${t.url}/v1`, maxRetries: 0 });
      const { response } = await client.chat.completions
        .create({ model: 'oai/m1', messages: [{ role: 'user', content: `Question from ${user}` }] })
        .withResponse();
      receipts[user] = response.headers.get('x-belief-store-injection')!;
    }
  });

  it('takes an admin from the navigation to everyone’s receipts, narrows them to one user and opens a receipt', async () => {
    const page = await people.as(BOSS);
    const errors = pageErrors(page);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Receipts' }).click();
    await page.waitForURL('**/admin/receipts');
    expect(await page.locator('[data-testid=receipts] tbody tr').count()).toBe(2);
    expect(await page.locator('[data-testid=usage-per-user] tbody th').allInnerTexts()).toEqual([ALICE, BOB]);

    await page.locator('[data-testid=receipts-user]').fill(BOB);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/\/admin\/receipts\?user=bob/);
    expect(await page.locator('[data-testid=usage-per-user] tbody th').allInnerTexts()).toEqual([BOB]);
    const rows = page.locator('[data-testid=receipts] tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(`Question from ${BOB}`);
    await screenshot(page, 'receipts-page');

    await rows.first().getByRole('link').click();
    await page.waitForURL(`**/admin/injections/${receipts[BOB]}`);
    expect(await page.locator('[data-testid=injection-query]').innerText()).toBe(`Question from ${BOB}`);
    expect(errors).toEqual([]);
  });

  it('shows a user only their own, without the user filter', async () => {
    const page = await people.as(ALICE);
    await page.goto('/admin/receipts');
    expect(await page.locator('[data-testid=receipts-user]').count()).toBe(0);
    expect(await page.locator('[data-testid=usage-per-user] tbody th').allInnerTexts()).toEqual([ALICE]);
    expect(await page.locator('[data-testid=receipts] tbody tr').allInnerTexts()).toEqual([expect.stringContaining(`Question from ${ALICE}`)]);
  });
});
