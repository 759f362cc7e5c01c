import { beforeAll, describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, pageErrors, screenshot } from '../support/browser.ts';
import { insertPat } from '../support/pats.ts';
import { useBrowserSuite } from '../support/suites.ts';
import { teamsEnv, type Target } from '../support/targets.ts';
import { ALICE, BOB, BOSS } from './fixtures.ts';

const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!HAVE_CHROMIUM)('team controls in Chromium', { timeout: 90_000 }, () => {
  let t: Target;
  const people = useBrowserSuite((s) => ({ t } = s), { env: teamsEnv({ SERVICE_PAT_MAX_DAYS: '30' }) });
  const pageAs = people.as;

  const seed = (d: string, user: string, model: string, requests: number, prompt: number, completion: number) =>
    t.sql.run(
      'INSERT INTO usage_daily (day, user_name, token_id, model, requests, errors, prompt_tokens, completion_tokens, injected) VALUES (?, ?, ?, ?, ?, 0, ?, ?, 0)',
      d,
      user,
      '',
      model,
      requests,
      prompt,
      completion,
    );

  beforeAll(async () => {
    await seed(day(0), ALICE, 'oai/gpt-4o-mini', 12, 1200, 300);
    await seed(day(0), BOB, 'ant/claude-haiku', 3, 500, 100);
    await seed(day(2), ALICE, 'ant/claude-haiku', 5, 800, 250);
    await seed(day(9), BOB, 'oai/gpt-4o-mini', 20, 2500, 900);
    await seed(day(45), BOB, 'oai/gpt-4o-mini', 99, 1, 1);
  });

  it('draws requests and tokens per day and the top users and models for an admin', async () => {
    const page = await pageAs(BOSS);
    const errors = pageErrors(page);
    await page.goto('/admin');
    const requests = page.locator('[data-testid="chart-requests"]');
    await requests.waitFor();
    expect(await requests.locator('g[data-day]').count()).toBe(30);
    expect(await requests.locator(`g[data-day="${day(0)}"]`).getAttribute('data-value')).toBe('15');
    expect(await requests.locator(`g[data-day="${day(9)}"]`).getAttribute('data-value')).toBe('20');
    expect(await requests.locator(`g[data-day="${day(1)}"]`).getAttribute('data-value')).toBe('0');
    expect(await requests.locator(`g[data-day="${day(0)}"] rect`).count()).toBe(1);
    const tokens = page.locator('[data-testid="chart-tokens"]');
    expect(await tokens.locator(`g[data-day="${day(0)}"]`).getAttribute('data-value')).toBe(String(1200 + 300 + 500 + 100));
    expect(await tokens.locator(`g[data-day="${day(0)}"] rect`).count()).toBe(2);

    const users = page.locator('[data-testid="chart-top-users"] g[data-key]');
    expect(await users.evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-key'), g.getAttribute('data-value')]))).toEqual([
      [BOB, '23'],
      [ALICE, '17'],
    ]);
    const models = page.locator('[data-testid="chart-top-models"] g[data-key]');
    expect(await models.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-key')))).toEqual(['oai/gpt-4o-mini', 'ant/claude-haiku']);
    const box = await requests.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(40);
    expect(await page.locator('[data-testid="extraction-invalid"]').innerText()).toBe('0');
    await screenshot(page, 'team-overview-usage');
    expect(errors).toEqual([]);
  });

  it('shows a user only their own usage and no top-users chart', async () => {
    const page = await pageAs(ALICE);
    await page.goto('/admin');
    const requests = page.locator('[data-testid="chart-requests"]');
    await requests.waitFor();
    expect(await requests.locator(`g[data-day="${day(0)}"]`).getAttribute('data-value')).toBe('12');
    expect(await requests.locator(`g[data-day="${day(9)}"]`).getAttribute('data-value')).toBe('0');
    expect(await page.locator('[data-testid="chart-top-users"]').count()).toBe(0);
    expect(await page.content()).not.toContain(BOB);
  });

  it('offers lifetimes within SERVICE_PAT_MAX_DAYS, shows expiry and highlights tokens about to expire', async () => {
    const page = await pageAs(ALICE);
    const errors = pageErrors(page);
    await page.goto('/admin/settings');
    const options = await page.locator('#token-lifetime option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(['7', '30']);
    expect(await page.locator('#token-lifetime').inputValue()).toBe('30');

    await page.fill('#token-name', 'week laptop');
    await page.selectOption('#token-lifetime', '7');
    await page.click('#token-create button[type=submit]');
    await page.locator('#token-once').waitFor({ state: 'visible' });
    await page.fill('#token-name', 'month laptop');
    await page.selectOption('#token-lifetime', '30');
    await page.click('#token-create button[type=submit]');
    await page.locator('#token-once').waitFor({ state: 'visible' });
    await page.locator('#token-table tbody tr', { hasText: 'month laptop' }).waitFor();
    const lifetimes = await t.sql.all<{ name: string; created_at: string; expires_at: string }>(
      "SELECT name, created_at, expires_at FROM api_tokens WHERE name LIKE '% laptop' ORDER BY name",
    );
    expect(lifetimes.map((r) => [r.name, (Date.parse(r.expires_at) - Date.parse(r.created_at)) / 86_400_000])).toEqual([
      ['month laptop', 30],
      ['week laptop', 7],
    ]);

    await insertPat(t, ALICE);
    await t.sql.run("UPDATE api_tokens SET name = 'ending', expires_at = ? WHERE name = 'test'", new Date(Date.now() + 2 * 86_400_000).toISOString());
    await page.reload();
    const ending = page.locator('#token-table tbody tr', { hasText: 'ending' });
    expect(await ending.locator('[data-expiry]').getAttribute('data-expiry')).toBe('soon');
    const week = page.locator('#token-table tbody tr', { hasText: 'week laptop' });
    expect(await week.locator('[data-expiry]').getAttribute('data-expiry')).toBe('soon');
    const month = page.locator('#token-table tbody tr', { hasText: 'month laptop' });
    expect(await month.locator('time').count()).toBe(2);
    expect(await month.locator('[data-expiry]').count()).toBe(0);
    await screenshot(page, 'team-settings-token-expiry');
    expect(errors).toEqual([]);
  });
});
