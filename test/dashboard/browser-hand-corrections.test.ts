import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, pageErrors, screenshot } from '../support/browser.ts';
import { useBrowserSuite } from '../support/suites.ts';
import type { Target } from '../support/targets.ts';
import { ALICE, BOB, insertBelief } from './fixtures.ts';

interface Row {
  id: string;
  key: string | null;
  status: string;
  superseded_by: string | null;
  valid_until: string | null;
}

describe.skipIf(!HAVE_CHROMIUM)('hand corrections on the dashboard in Chromium', { timeout: 90_000 }, () => {
  let t: Target;
  const people = useBrowserSuite((s) => ({ t } = s));

  const rows = (owner: string, statement: string) =>
    t.sql.all<Row>('SELECT id, key, status, superseded_by, valid_until FROM beliefs WHERE owner = ? AND statement = ?', owner, statement);

  it('adds a belief of a one-value kind, which supersedes the old value', async () => {
    const old = await insertBelief(t.sql, { owner: ALICE, statement: 'The user lives in Amsterdam', key: 'user.location' });
    const page = await people.as(ALICE);
    const errors = pageErrors(page);
    await page.goto('/admin/beliefs');
    await page.locator('details.add summary').click();
    const add = page.locator('form[data-belief-form="new"]');
    await add.locator('textarea[name=statement]').fill('The user lives in Utrecht');
    await add.locator('select[name=kind]').selectOption('home');
    expect(await add.locator('input[name=key]').inputValue()).toBe('user.location');
    await screenshot(page, 'teams-belief-add-kind');
    await add.getByRole('button', { name: 'Add belief' }).click();
    await page.locator('#belief-list li.belief.active', { hasText: 'lives in Amsterdam' }).waitFor({ state: 'detached' });
    const [utrecht] = await rows(ALICE, 'The user lives in Utrecht');
    expect(utrecht).toMatchObject({ key: 'user.location', status: 'active' });
    const [amsterdam] = await rows(ALICE, 'The user lives in Amsterdam');
    expect(amsterdam).toMatchObject({ id: old, status: 'superseded', superseded_by: utrecht!.id });
    expect(amsterdam!.valid_until).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it("a several-value kind's key ends with the value, and an edit to the diet's kind supersedes the old diet", async () => {
    await insertBelief(t.sql, { owner: BOB, statement: 'The user is vegan', key: 'user.diet' });
    const garbled = await insertBelief(t.sql, { owner: BOB, statement: 'The user went fully vegetarian about' });
    const page = await people.as(BOB);
    const errors = pageErrors(page);
    await page.goto('/admin/beliefs');
    await page.locator('details.add summary').click();
    const add = page.locator('form[data-belief-form="new"]');
    await add.locator('select[name=kind]').selectOption('pet');
    await add.locator('textarea[name=statement]').fill('The user has a dog named Pip');
    expect(await add.locator('input[name=key]').inputValue()).toBe('user.pet.pip');

    const item = page.locator('#belief-list li.belief', { hasText: 'fully vegetarian about' });
    await item.locator('summary', { hasText: 'Edit' }).click();
    await item.locator('textarea[name=statement]').fill('The user is vegetarian');
    await item.locator('select[name=kind]').selectOption('diet');
    await item.getByRole('button', { name: 'Save' }).click();
    await page.locator('#belief-list li.belief.active', { hasText: 'The user is vegan' }).waitFor({ state: 'detached' });
    const [vegan] = await rows(BOB, 'The user is vegan');
    expect(vegan).toMatchObject({ status: 'superseded', superseded_by: garbled });
    expect((await rows(BOB, 'The user is vegetarian'))[0]).toMatchObject({ id: garbled, key: 'user.diet', status: 'active' });
    expect(errors).toEqual([]);
  });

  it('"No longer true" on a belief\'s page retracts it', async () => {
    const id = await insertBelief(t.sql, { owner: ALICE, statement: 'The user plays the cello', key: 'user.instrument.cello' });
    const page = await people.as(ALICE);
    const errors = pageErrors(page);
    await page.goto(`/admin/beliefs/${id}`);
    await page.getByRole('button', { name: 'No longer true' }).click();
    await page.locator('li.belief.superseded', { hasText: 'plays the cello' }).waitFor();
    expect((await rows(ALICE, 'The user plays the cello'))[0]).toMatchObject({ status: 'superseded', superseded_by: null });
    expect(await page.locator('table').last().innerText()).toMatch(/retracted/);
    await screenshot(page, 'teams-belief-retracted');
    expect(errors).toEqual([]);
  });
});
