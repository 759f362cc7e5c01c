import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, pageErrors, screenshot } from '../support/browser.ts';
import { useBrowserSuite } from '../support/suites.ts';
import type { Target } from '../support/targets.ts';
import { ALICE, BOB, insertBelief } from './fixtures.ts';

describe.skipIf(!HAVE_CHROMIUM)('forgetting from the dashboard in Chromium', { timeout: 90_000 }, () => {
  let t: Target;
  const people = useBrowserSuite((s) => ({ t } = s));

  const count = async (owner: string) => Number((await t.sql.all<{ n: number }>('SELECT count(*) AS n FROM beliefs WHERE owner = ?', owner))[0]!.n);

  it('lets a user purge their own belief from its page', async () => {
    const id = await insertBelief(t.sql, { owner: ALICE, statement: 'The user keeps a private diary' });
    const page = await people.as(ALICE);
    const errors = pageErrors(page);
    await page.goto(`/admin/beliefs/${id}`);
    await page.getByRole('button', { name: 'Purge belief' }).click();
    await page.waitForURL(/\/admin\/beliefs$/);
    expect(await t.sql.all('SELECT id FROM beliefs WHERE id = ?', id)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('forgets everything of the user only once their userName is typed', async () => {
    for (const statement of ['The user lives in Lisbon', 'The user prefers green tea', 'The user works at Acme']) {
      await insertBelief(t.sql, { owner: ALICE, statement });
    }
    await insertBelief(t.sql, { owner: BOB, statement: 'The user plays chess' });
    const page = await people.as(ALICE);
    const errors = pageErrors(page);
    await page.goto('/admin/settings');
    const section = page.locator('[data-testid="forget"]');
    const button = section.getByRole('button', { name: 'Forget everything' });
    expect(await button.isDisabled()).toBe(true);
    await section.getByLabel(/Type your userName/).fill('bob@example.com');
    expect(await button.isDisabled()).toBe(true);
    expect(await count(ALICE)).toBe(3);
    await section.getByLabel(/Type your userName/).fill(ALICE);
    expect(await button.isDisabled()).toBe(false);
    await screenshot(page, 'teams-settings-forget');
    await button.click();
    await section.getByText('Forgotten: 3 beliefs and everything that went with them.').waitFor();
    expect(await count(ALICE)).toBe(0);
    expect(await count(BOB)).toBe(1);
    expect(await button.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});
