import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptDialogs, HAVE_CHROMIUM, launchBrowser, openContext, pageErrors, screenshot, signIn } from '../support/browser.ts';
import { startFakeProvider } from '../support/fake-provider.ts';
import { ROOT_TOKEN, singleEnv, startTarget, type Target } from '../support/targets.ts';
import { insertBelief } from './fixtures.ts';

const PASSPHRASE = 'correct horse battery staple';

describe.skipIf(!HAVE_CHROMIUM)('dashboard in Chromium, single mode', { timeout: 120_000 }, () => {
  let t: Target;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: Error[];
  let rootToken = ROOT_TOKEN;
  const work = mkdtempSync(join(tmpdir(), 'bs-dashboard-'));

  beforeAll(async () => {
    t = await startTarget('node', singleEnv());
    browser = await launchBrowser();
    context = await openContext(browser, t.url);
    page = await context.newPage();
    acceptDialogs(page);
    errors = pageErrors(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('signs in with the root token on the login page', async () => {
    await page.goto('/admin');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await screenshot(page, 'single-login');
    await signIn(page, ROOT_TOKEN);
    expect(await page.locator('[data-testid="user-name"]').innerText()).toBe('root');
    expect(await page.locator('[data-testid="mode"]').innerText()).toBe('single');
    await screenshot(page, 'single-overview');
  });

  it('lists your sessions and signs out the other browsers', async () => {
    const other = await openContext(browser, t.url);
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/admin/login');
      await signIn(otherPage, ROOT_TOKEN);

      await page.goto('/admin/settings');
      const section = page.locator('[data-testid="own-sessions"]');
      expect(await section.locator('tbody tr').count()).toBe(2);
      expect(await section.locator('tbody').innerText()).toMatch(/this one[\s\S]*another|another[\s\S]*this one/);
      await screenshot(page, 'single-settings-sessions');
      await section.getByRole('button', { name: 'Sign out other browsers' }).click();
      await section.getByText('Sessions terminated.').waitFor();

      await otherPage.goto('/admin');
      expect(new URL(otherPage.url()).pathname).toBe('/admin/login');
      await page.reload();
      expect(await section.locator('tbody tr').count()).toBe(1);
      expect(await section.innerText()).toContain('No other browser is signed in as you.');
    } finally {
      await other.close();
    }
  });

  it('shows root-token rotation and no tokens section; rotation ends the old token at once', async () => {
    await page.goto('/admin/settings');
    await page.locator('[data-testid="root-token-rotation"]').waitFor();
    expect(await page.locator('[data-testid="access-tokens"]').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/access token/i);

    await page.click('#root-rotate');
    await page.locator('#root-once').waitFor({ state: 'visible' });
    const fresh = await page.inputValue('#root-value');
    expect(fresh.length).toBeGreaterThanOrEqual(32);
    expect(await page.locator('#root-once').innerText()).toContain('SERVICE_API_TOKEN');
    await screenshot(page, 'single-settings-rotated');

    const me = (token: string) => fetch(`${t.url}/admin/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(ROOT_TOKEN)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    rootToken = fresh;

    await page.reload();
    expect(await page.content()).not.toContain(fresh);
  });

  it('previews, exports, then imports the downloaded archive with progress and result', async () => {
    await insertBelief(t.sql, { owner: 'root', statement: 'The user lives in Lisbon', key: 'user.location' });
    await insertBelief(t.sql, { owner: 'root', statement: 'The user prefers short answers', type: 'preference' });
    await page.goto('/admin/backup');
    for (const id of ['backup-export', 'backup-import']) await page.locator(`[data-testid="${id}"]`).waitFor();
    expect(await page.locator('[data-testid="backup-preview"]').isVisible()).toBe(false);

    await page.click('#backup-preview-button');
    const preview = page.locator('[data-testid="backup-preview"]');
    await preview.waitFor({ state: 'visible' });
    expect(await preview.locator('tbody').innerText()).toMatch(/belief/i);
    await screenshot(page, 'single-backup-preview');

    await preview.locator('input[name=passphrase]').fill(PASSPHRASE);
    await preview.locator('input[name=confirm]').fill(PASSPHRASE);
    const [download] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: 'Confirm and download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^belief-store-.+\.bsbk$/);
    const archive = join(work, download.suggestedFilename());
    await download.saveAs(archive);
    expect(readFileSync(archive).subarray(0, 21).toString()).toBe('age-encryption.org/v1');

    await t.sql.run("DELETE FROM beliefs WHERE owner = 'root'");
    const form = page.locator('#backup-import-form');
    await form.locator('input[name=archive]').setInputFiles(archive);
    await form.locator('input[name=passphrase]').fill(PASSPHRASE);
    await form.getByRole('button', { name: 'Import' }).click();
    const result = page.locator('[data-testid="import-result"]');
    await result.waitFor({ state: 'visible' });
    expect(await page.locator('#import-progress').evaluate((p: HTMLProgressElement) => p.value)).toBe(100);
    expect(await result.locator('[data-field="beliefs_imported"]').innerText()).toBe('2');
    expect(await result.locator('[data-field="beliefs_skipped"]').innerText()).toBe('0');
    await screenshot(page, 'single-backup-imported');
    const rows = await t.sql.all<{ n: number }>("SELECT count(*) AS n FROM beliefs WHERE owner = 'root'");
    expect(rows[0]!.n).toBe(2);

    await form.locator('input[name=passphrase]').fill('not the passphrase');
    await form.getByRole('button', { name: 'Import' }).click();
    await page.locator('#import-status.error').waitFor();
    expect(await page.locator('#import-status').innerText()).toContain('Wrong passphrase');

    const bytes = readFileSync(archive);
    bytes[bytes.length - 40] ^= 0x01;
    const corrupt = join(work, 'corrupt.bsbk');
    writeFileSync(corrupt, bytes);
    await form.locator('input[name=archive]').setInputFiles(corrupt);
    await form.locator('input[name=passphrase]').fill(PASSPHRASE);
    await form.getByRole('button', { name: 'Import' }).click();
    await page.locator('#import-status', { hasText: 'corrupt' }).waitFor();
    await screenshot(page, 'single-backup-corrupt');
  });

  it('saves provider config with the key write-only and tests each connection', async () => {
    const fake = await startFakeProvider();
    try {
      await page.goto('/admin/config');
      for (const [id, base] of [
        ['local', `${fake.url}/v1`],
        ['gone', 'http://127.0.0.1:9/v1'],
      ] as const) {
        await page.click('#provider-add');
        const fields = page.locator('#providers fieldset.provider').last();
        await fields.locator('input[name=id]').fill(id);
        await fields.locator('input[name=base_url]').fill(base);
        await fields.locator('input[name=api_key]').fill(`sk-${id}-secret-9876`);
        await fields.locator('input[name=models]').fill('m1, m2');
      }
      await page.fill('input[name=default_model]', 'local/m1');
      await page.fill('input[name=injection_persona_max]', '3');
      await page.click('#config-form button[type=submit]');
      await page.locator('#config-status', { hasText: 'saved' }).waitFor();

      const res = await fetch(`${t.url}/admin/api/config`, { headers: { authorization: `Bearer ${rootToken}` } });
      const config = (await res.json()) as {
        default_model: string;
        providers: Array<{ id: string; models: string[]; api_key_set: boolean }>;
        injection: { persona_max: number };
      };
      expect(config.default_model).toBe('local/m1');
      expect(config.injection.persona_max).toBe(3);
      expect(config.providers[0]).toMatchObject({ id: 'local', models: ['m1', 'm2'], api_key_set: true });

      await page.reload();
      expect(await page.content()).not.toContain('sk-local-secret-9876');
      expect(await page.locator('fieldset[data-provider="local"] input[name=api_key]').getAttribute('placeholder')).toContain('9876');

      await page.click('button[data-provider-test="local"]');
      await page.locator('[data-provider-status="local"]', { hasText: 'Connection works' }).waitFor();
      const probe = fake.requests.find((r) => r.method === 'GET' && r.path === '/v1/models');
      expect(probe?.headers.authorization).toBe('Bearer sk-local-secret-9876');

      await page.click('button[data-provider-test="gone"]');
      await page.locator('[data-provider-status="gone"]', { hasText: 'Failed: cannot reach' }).waitFor();
      await screenshot(page, 'single-config');
    } finally {
      await fake.close();
    }
  });

  it('renders the remaining pages and signs out', async () => {
    for (const [path, name] of [
      ['/admin/beliefs', 'single-beliefs'],
      ['/admin/users', 'single-users'],
      ['/admin/audit', 'single-audit'],
    ] as const) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      await screenshot(page, name);
    }
    expect(await page.locator('[data-testid="audit"]').innerText()).toMatch(/backup|root/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.goto('/admin');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(errors).toEqual([]);
  });
});
