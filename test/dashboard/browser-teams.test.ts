import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type OpenAI from 'openai';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, pageErrors, screenshot } from '../support/browser.ts';
import { useBrowserSuite } from '../support/suites.ts';
import type { Target } from '../support/targets.ts';
import { ALICE, BOSS, insertBelief, XSS_STATEMENT } from './fixtures.ts';
import { openaiFor } from '../support/providers.ts';

describe.skipIf(!HAVE_CHROMIUM)('dashboard in Chromium, teams mode', { timeout: 90_000 }, () => {
  let t: Target;
  const people = useBrowserSuite((s) => ({ t } = s));
  const pageAs = people.as;

  async function generateToken(page: Page, name: string): Promise<string> {
    await page.goto('/admin/settings');
    await page.fill('#token-name', name);
    await page.click('#token-create button[type=submit]');
    await page.locator('#token-once').waitFor({ state: 'visible' });
    return page.inputValue('#token-value');
  }

  function client(token: string): OpenAI {
    return openaiFor(t, token);
  }

  it('generates a token with the keyboard, uses it with the openai SDK, revokes it and sees it refused', async () => {
    const page = await pageAs(ALICE);
    const errors = pageErrors(page);
    await page.goto('/admin/settings');
    await page.locator('[data-testid="access-tokens"]').waitFor();
    expect(await page.locator('[data-testid="root-token-rotation"]').count()).toBe(0);

    for (let i = 0; i < 40 && (await page.evaluate(() => document.activeElement?.id)) !== 'token-name'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('token-name');
    await page.keyboard.type('ci laptop');
    await page.keyboard.press('Enter');
    await page.locator('#token-once').waitFor({ state: 'visible' });
    expect(await page.locator('#token-once').innerText()).toContain('will not be shown again');
    const token = await page.inputValue('#token-value');
    expect(token).toMatch(/^bst_[A-Za-z0-9_-]{43}_[A-Za-z0-9]{6}$/);
    await screenshot(page, 'teams-settings-token-created');

    const models = await client(token).models.list();
    expect(Array.isArray(models.data)).toBe(true);

    const row = page.locator('#token-table tbody tr', { hasText: 'ci laptop' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('revoked', { exact: true }).waitFor();
    await expect(client(token).models.list()).rejects.toMatchObject({ status: 401 });

    await page.reload();
    expect(await page.content()).not.toContain(token);
    const cells = await page.locator('#token-table tbody tr', { hasText: 'ci laptop' }).locator('td').allInnerTexts();
    expect(cells[3], 'last used').toMatch(/^\d{4}-\d\d-\d\d /);
    expect(cells[4]).toMatch(/^revoked /);
    expect(errors).toEqual([]);
  });

  it('renders a belief containing <script> as inert text', async () => {
    await insertBelief(t.sql, { owner: ALICE, statement: XSS_STATEMENT });
    const page = await pageAs(ALICE);
    await page.goto('/admin/beliefs');
    const item = page.locator('.belief .statement', { hasText: 'window.__xss = 1' });
    expect(await item.innerText()).toBe(XSS_STATEMENT);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('main img').count()).toBe(0);

    await page.getByRole('button', { name: 'Build persona preview' }).click();
    const persona = page.locator('[data-testid="persona"]');
    await persona.waitFor({ state: 'visible' });
    expect((await persona.innerText()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('main img').count()).toBe(0);
    await screenshot(page, 'teams-beliefs-xss-inert');
  });

  it('adds, pins, edits and supersedes a belief, with its history', async () => {
    const page = await pageAs(ALICE);
    const errors = pageErrors(page);
    await page.goto('/admin/beliefs');
    await page.locator('details.add summary').click();
    const add = page.locator('form[data-belief-form="new"]');
    await add.locator('textarea[name=statement]').fill('The user prefers <b>tea</b> over coffee');
    await add.locator('select[name=type]').selectOption('preference');
    await add.locator('button[type=submit]').click();
    const item = page.locator('#belief-list li.belief', { hasText: 'prefers <b>tea</b>' });
    await item.waitFor();

    await item.getByRole('button', { name: 'Pin' }).click();
    await page.locator('#belief-list li.belief', { hasText: 'prefers <b>tea</b>' }).getByRole('button', { name: 'Unpin' }).waitFor();

    const again = page.locator('#belief-list li.belief', { hasText: 'prefers <b>tea</b>' });
    await again.locator('summary', { hasText: 'Edit' }).click();
    await again.locator('textarea[name=statement]').fill('The user prefers green tea');
    await again.getByRole('button', { name: 'Save' }).click();
    const edited = page.locator('#belief-list li.belief', { hasText: 'prefers green tea' });
    await edited.waitFor();

    await edited.getByRole('link', { name: 'history' }).click();
    await page.locator('#history-title').waitFor();
    expect(await page.locator('table').last().innerText()).toMatch(/edited/);
    await screenshot(page, 'teams-belief-detail');

    await page.goto('/admin/beliefs');
    await page.locator('#belief-list li.belief', { hasText: 'prefers green tea' }).getByRole('button', { name: 'Mark superseded' }).click();
    await page.waitForURL(/\/admin\/beliefs/);
    // The live feed (#live-list) shows the same statements: look only at the belief list.
    await page.locator('#belief-list li.belief.active', { hasText: 'prefers green tea' }).waitFor({ state: 'detached' });
    await page.goto('/admin/beliefs?status=superseded');
    expect(await page.locator('#belief-list li.belief.superseded', { hasText: 'prefers green tea' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('shows belief changes in the live feed as they happen', async () => {
    const page = await pageAs(ALICE);
    await page.goto('/admin/beliefs');
    await page.locator('#live-state', { hasText: 'Connected.' }).waitFor();
    const status = await page.evaluate(async () => {
      const res = await fetch('/admin/api/beliefs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ statement: 'The user rides a <i>bike</i> to work', type: 'fact' }),
      });
      return res.status;
    });
    expect(status).toBe(201);
    const item = page.locator('#live-list li', { hasText: 'rides a <i>bike</i>' });
    await item.waitFor();
    expect(await item.innerText()).toContain('created');
    await screenshot(page, 'teams-beliefs-live-feed');
  });

  it('refuses a write submitted by a page of another origin', async () => {
    const hostile: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<form id="f" method="post" action="${t.url}/admin/logout"></form><script>document.getElementById('f').submit()</script>`);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    try {
      const page = await pageAs(ALICE);
      await page.goto('/admin');
      const response = page.waitForResponse((r) => r.url() === `${t.url}/admin/logout`);
      await page.goto(`http://127.0.0.1:${(hostile.address() as AddressInfo).port}/`);
      const refused = await response;
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toContain('cross_site');
    } finally {
      await new Promise((resolve) => hostile.close(resolve));
    }
  });

  it('lets a super admin revoke a user token and terminate sessions from the users page', async () => {
    const alice = await pageAs(ALICE);
    const token = await generateToken(alice, 'to be revoked by boss');
    await client(token).models.list();

    const boss = await pageAs(BOSS);
    await boss.goto('/admin/users');
    const card = boss.locator('section.card', { hasText: ALICE });
    await card.locator('tr', { hasText: 'to be revoked by boss' }).getByRole('button', { name: 'Revoke' }).click();
    await card.locator('tr', { hasText: 'to be revoked by boss' }).getByText('revoked', { exact: true }).waitFor();
    await expect(client(token).models.list()).rejects.toMatchObject({ status: 401 });

    await card.getByRole('button', { name: 'Terminate sessions' }).click();
    await card.getByText('Sessions terminated.').waitFor();
    const live = await t.sql.all<{ n: number }>('SELECT count(*) AS n FROM sessions WHERE user_name = ? AND terminated_at IS NULL', ALICE);
    expect(live[0]!.n).toBe(0);
  });

  it('keeps admin pages and links from a user', async () => {
    const page = await pageAs(ALICE);
    await page.goto('/admin');
    const nav = await page.locator('header nav').innerText();
    expect(nav).toContain('Beliefs');
    for (const label of ['Users', 'Backup', 'Config', 'Audit']) expect(nav).not.toContain(label);
    const res = await page.goto('/admin/users');
    expect(res?.status()).toBe(403);
    await screenshot(page, 'teams-user-forbidden');
  });

  it('shows a deactivated user the account deactivated page', async () => {
    const page = await pageAs('dave@example.com');
    expect((await page.goto('/admin'))?.status()).toBe(200);
    await t.sql.run("UPDATE users SET active = 0 WHERE user_name_lc = 'dave@example.com'");
    const res = await page.goto('/admin/settings');
    expect(res?.status()).toBe(403);
    expect(await page.locator('h1').innerText()).toBe('Account deactivated');
    // Styled like every plain page: the stylesheet loaded, though the browser still sends the identity header.
    expect(await page.evaluate(() => [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0))).toBeGreaterThan(10);
    await screenshot(page, 'teams-account-deactivated');
  });

  it('renders every page for a super admin (screenshots), also on a narrow screen', async () => {
    const fridays = await insertBelief(t.sql, { owner: BOSS, statement: 'The team deploys on Fridays', type: 'decision', scope: 'domain:ops', pinned: true });
    const page = await pageAs(BOSS);
    const errors = pageErrors(page);
    const pages: Array<[string, string]> = [
      ['/admin', 'teams-overview'],
      ['/admin/settings', 'teams-settings'],
      ['/admin/beliefs', 'teams-beliefs'],
      ['/admin/users', 'teams-users'],
      ['/admin/backup', 'teams-backup'],
      ['/admin/config', 'teams-config'],
      ['/admin/audit', 'teams-audit'],
    ];
    for (const [path, name] of pages) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await screenshot(page, name);
    }
    const narrow = await pageAs(BOSS, { width: 375, height: 740 });
    for (const [path, name] of [
      ['/admin', 'narrow-overview'],
      ['/admin/beliefs', 'narrow-beliefs'],
    ]) {
      await narrow.goto(path!);
      const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await screenshot(narrow, name!);
    }

    await page.goto(`/admin/beliefs/${fridays}`);
    await page.getByRole('button', { name: 'Purge belief' }).click();
    await page.waitForURL(/\/admin\/beliefs$/);
    expect(await t.sql.all('SELECT id FROM beliefs WHERE id = ?', fridays)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
