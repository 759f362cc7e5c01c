import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAGES } from '../dashboard/fixtures.ts';
import { HAVE_CHROMIUM, launchBrowser, openContext, pageErrors } from '../support/browser.ts';
import { ROOT_TOKEN, singleEnv, startTarget, type Target } from '../support/targets.ts';

describe.skipIf(!HAVE_CHROMIUM)('a browser from the bare address to every page, in Chromium', { timeout: 120_000 }, () => {
  let t: Target;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTarget('node', singleEnv());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('lands on the sign-in page from /, and no page load asks for anything that answers 401 or 404 (favicon included)', async () => {
    const context = await openContext(browser, t.url);
    try {
      const page = await context.newPage();
      const errors = pageErrors(page);
      const failed: string[] = [];
      const requested: string[] = [];
      page.on('response', (res) => {
        requested.push(new URL(res.url()).pathname);
        if (res.status() === 401 || res.status() === 404) failed.push(`${res.status()} ${res.url()}`);
      });
      await page.goto('/');
      expect(new URL(page.url()).pathname).toBe('/admin/login');
      await page.fill('input[name=token]', ROOT_TOKEN);
      await page.press('input[name=token]', 'Enter');
      await page.waitForURL(/\/admin$/);
      for (const path of ALL_PAGES) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
      }
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
      expect(requested).not.toContain('/favicon.ico');
    } finally {
      await context.close();
    }
  });
});
