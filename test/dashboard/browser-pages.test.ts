import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportArchive, PASSPHRASE, seed } from '../backup/helpers.ts';
import { ALL_PAGES } from '../dashboard/fixtures.ts';
import { cleanupTempDirs, tempDir } from '../support/npm-start.ts';
import { HAVE_CHROMIUM, launchBrowser, openContext, pageErrors, signIn } from '../support/browser.ts';
import { ROOT_TOKEN, singleEnv, startTarget, type Target } from '../support/targets.ts';
import { as } from '../support/as.ts';

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
    cleanupTempDirs();
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
      await signIn(page, ROOT_TOKEN);
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

  it('the backup page shows the live config and replaces it only when the box is ticked', async () => {
    const source = await startTarget('node', singleEnv());
    const file = join(tempDir(), 'archive.bsbk');
    try {
      await seed(source);
      writeFileSync(file, await exportArchive(source));
    } finally {
      await source.stop();
    }
    const live = {
      providers: [{ id: 'live', kind: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-live-0000', models: ['m1'] }],
      default_model: 'live/m1',
    };
    const put = await fetch(`${t.url}/admin/api/config`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ROOT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(live),
    });
    expect(put.status).toBe(200);
    const defaultModel = async () =>
      ((await (await fetch(`${t.url}/admin/api/config`, { headers: as.root() })).json()) as { default_model: string }).default_model;

    const context = await openContext(browser, t.url);
    try {
      const page = await context.newPage();
      await page.goto('/admin/login');
      await signIn(page, ROOT_TOKEN);
      const importOnce = async (replace: boolean) => {
        await page.goto('/admin/backup');
        expect(await page.locator('[data-testid="replace-config-preview"]').innerText()).toContain('live (openai: m1)');
        await page.setInputFiles('#backup-import-form input[name=archive]', file);
        await page.fill('#backup-import-form input[name=passphrase]', PASSPHRASE);
        if (replace) await page.check('[data-testid="replace-config"]');
        await page.click('#backup-import-form button[type=submit]');
        return page.locator('[data-testid="import-result"] [data-field="config_restored"]').innerText({ timeout: 60_000 });
      };
      expect(await importOnce(false)).toBe('no');
      expect(await defaultModel()).toBe('live/m1');
      expect(await importOnce(true)).toBe('yes');
      expect(await defaultModel()).toBe('local/m1');
    } finally {
      await context.close();
    }
  });
});
