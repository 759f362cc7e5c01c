import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { eventually } from '../chat/setup.ts';
import { HAVE_CHROMIUM, pageErrors, screenshot } from '../support/browser.ts';
import { insertPat } from '../support/pats.ts';
import { noExtraction } from '../support/providers.ts';
import { useBrowserSuite } from '../support/suites.ts';
import type { Target } from '../support/targets.ts';
import { ALICE, BOB, insertBelief } from './fixtures.ts';
import { as } from '../support/as.ts';

const QUESTION = 'Which database does the team run?';

describe.skipIf(!HAVE_CHROMIUM)('dashboard aliases, scopes and injection receipts in Chromium', { timeout: 90_000 }, () => {
  let t: Target;
  const people = useBrowserSuite((s) => ({ t } = s), { config: noExtraction });
  const pageAs = people.as;

  it('edits a belief’s aliases and scope in the form and sees them saved', async () => {
    const id = await insertBelief(t.sql, { owner: ALICE, statement: 'The team runs PostgreSQL 16' });
    const page = await pageAs(ALICE);
    const errors = pageErrors(page);
    await page.goto('/admin/beliefs');
    const item = page.locator(`#belief-list li[data-belief-id="${id}"]`);
    await item.locator('summary', { hasText: 'Edit' }).click();
    await item.locator('input[name=aliases]').fill('pg,  postgres ,');
    await item.locator('input[name=scope]').fill('domain:work');
    await item.getByRole('button', { name: 'Save' }).click();
    await page.locator(`#belief-list li[data-belief-id="${id}"] [data-testid=aliases]`).waitFor();

    const saved = page.locator(`#belief-list li[data-belief-id="${id}"]`);
    expect(await saved.locator('[data-testid=aliases]').innerText()).toBe('Also known as: pg, postgres');
    expect(await saved.locator('.tag', { hasText: 'domain:work' }).count()).toBe(1);
    await saved.locator('summary', { hasText: 'Edit' }).click();
    expect(await saved.locator('input[name=aliases]').inputValue()).toBe('pg, postgres');
    const [row] = await t.sql.all<{ aliases: string; scope: string }>('SELECT aliases, scope FROM beliefs WHERE id = ?', id);
    expect(row).toEqual({ aliases: '["pg","postgres"]', scope: 'domain:work' });

    // A bad alias is refused with the field named, and the belief stays as it was.
    await saved.locator('input[name=aliases]').fill('x'.repeat(101));
    await saved.getByRole('button', { name: 'Save' }).click();
    await page.locator('#belief-status.error').waitFor();
    expect(await page.locator('#belief-status').innerText()).toMatch(/^aliases/);
    expect((await t.sql.all<{ aliases: string }>('SELECT aliases FROM beliefs WHERE id = ?', id))[0]!.aliases).toBe('["pg","postgres"]');
    await screenshot(page, 'beliefs-aliases');
    expect(errors).toEqual([]);
  });

  it('generates a token with a default scope and shows a relation’s participants as links', async () => {
    const page = await pageAs(ALICE);
    const errors = pageErrors(page);
    await page.goto('/admin/settings');
    await page.fill('#token-name', 'work laptop');
    await page.fill('#token-scope', 'domain:work');
    await page.click('#token-create button[type=submit]');
    await page.locator('#token-once').waitFor({ state: 'visible' });
    const [token] = await t.sql.all<{ scope: string }>(`SELECT scope FROM api_tokens WHERE name = 'work laptop'`);
    expect(token!.scope).toBe('domain:work');
    const row = () => page.locator('#token-table tbody tr', { hasText: 'work laptop' }).locator('td').allInnerTexts();
    // The script's row for the new token reads as the server renders it after a reload.
    const added = await row();
    await page.reload();
    expect(await row()).toEqual(added);
    expect(added.at(-1)).toBe('domain:work');

    await page.fill('#token-name', 'bad scope');
    await page.fill('#token-scope', 'work');
    await page.click('#token-create button[type=submit]');
    await page.locator('#token-status.error').waitFor();
    expect(await page.locator('#token-status').innerText()).toMatch(/^scope/);

    const sam = await insertBelief(t.sql, { owner: ALICE, statement: 'Sam is a colleague', type: 'entity' });
    await page.goto('/admin/beliefs');
    await page.locator('details.add summary').click();
    const add = page.locator('form[data-belief-form="new"]');
    await add.locator('textarea[name=statement]').fill('Sam reviews the database migrations');
    await add.locator('select[name=type]').selectOption('relation');
    await add.locator('input[name=participants]').fill(sam);
    await add.locator('button[type=submit]').click();
    const rel = page.locator('#belief-list li.belief', { hasText: 'Sam reviews the database migrations' });
    await rel.locator('[data-testid=participants]').getByRole('link', { name: 'Sam is a colleague' }).click();
    await page.waitForURL(`**/admin/beliefs/${sam}`);
    expect(errors).toEqual([]);
  });

  it('follows a belief carried by a chat to the injection page, which shows what the model saw', async () => {
    const db = await insertBelief(t.sql, { owner: ALICE, statement: 'The team database is PostgreSQL', pinned: true });
    const client = new OpenAI({ apiKey: await insertPat(t, ALICE), baseURL: `${t.url}/v1`, maxRetries: 0 });
    const { response } = await client.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content: QUESTION }] }).withResponse();
    const receipt = response.headers.get('x-belief-store-injection');
    expect(receipt).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(async () => (await t.sql.all('SELECT 1 FROM injections WHERE id = ?', receipt)).length === 1);

    const page = await pageAs(ALICE);
    const errors = pageErrors(page);
    await page.goto(`/admin/beliefs/${db}`);
    const links = page.locator('[data-testid=belief-injections] a');
    expect(await links.count()).toBe(1);
    await links.first().click();
    await page.waitForURL(`**/admin/injections/${receipt}`);
    expect(await page.locator('h1').innerText()).toBe('Injection');
    expect(await page.locator('[data-testid=injection-query]').innerText()).toBe(QUESTION);
    const facts = await page.locator('[data-testid=injection-facts]').innerText();
    expect(facts).toContain('oai/m1');
    expect(facts).toContain(ALICE);
    const pinned = page.locator('section[data-tier=pinned] li');
    expect(await pinned.allInnerTexts()).toContain('The team database is PostgreSQL');
    const persona = await t.sql.all<{ persona: string | null }>('SELECT persona FROM injections WHERE id = ?', receipt);
    if (persona[0]!.persona) expect(await page.locator('[data-testid=injection-persona]').innerText()).toBe(persona[0]!.persona);
    await screenshot(page, 'injection-receipt');

    await pinned.getByRole('link', { name: 'The team database is PostgreSQL' }).click();
    await page.waitForURL(`**/admin/beliefs/${db}`);
    expect(errors).toEqual([]);

    const asAdmin = await fetch(`${t.url}/admin/injections/${receipt}`, { headers: as.user('boss@example.com') });
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.text()).toContain(QUESTION);

    const other = await pageAs(BOB);
    const res = await other.goto(`/admin/injections/${receipt}`);
    expect(res?.status()).toBe(404);
    expect(await other.content()).not.toContain(QUESTION);
  });
});
