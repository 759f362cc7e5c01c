import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (CI installs it with apt-get); CHROMIUM_PATH overrides. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Outside CI a missing Chromium skips the browser tests loudly; in CI (CI=true) they run and fail. */
export const HAVE_CHROMIUM = existsSync(CHROMIUM_PATH) || process.env.CI === 'true';

if (!HAVE_CHROMIUM) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH}.\n` +
      `!! Install it (apt-get install chromium) or set CHROMIUM_PATH to run the dashboard end-to-end tests.\n${'!'.repeat(78)}\n`,
  );
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright gives every launch a fresh temporary profile directory. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, timeout: 30_000 });
}

/**
 * A browser context as one person sees the service. `headers` are added to every request the pages
 * make, as the identity-aware proxy does in teams mode.
 */
export async function openContext(browser: Browser, baseURL: string, headers: Record<string, string> = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers, acceptDownloads: true, viewport: { width: 1100, height: 800 } });
  context.setDefaultTimeout(15_000);
  return context;
}

const ARTIFACTS = new URL('../../test-artifacts/dashboard/', import.meta.url);

/** Saves a full-page screenshot as test-artifacts/dashboard/<name>.png and returns that path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = new URL(`${name}.png`, ARTIFACTS).pathname;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Pages opened as people behind the identity-aware proxy (teams mode): one context each, carrying
 * `header: userName`, dialogs accepted. The browser and base URL are read when a page is opened,
 * so this can be made before `beforeAll` starts them; `closeAll` closes every context it opened.
 */
export function proxiedPages(browser: () => Browser, baseURL: () => string, header: string) {
  const contexts: BrowserContext[] = [];
  return {
    async as(userName: string, viewport?: { width: number; height: number }): Promise<Page> {
      const context = await openContext(browser(), baseURL(), { [header]: userName });
      contexts.push(context);
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      acceptDialogs(page);
      return page;
    },
    async closeAll(): Promise<void> {
      for (const c of contexts) await c.close();
    },
  };
}

/** Signs in on the login page the browser is on with `token`, and waits for the dashboard. */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.fill('input[name=token]', token);
  await page.press('input[name=token]', 'Enter');
  await page.waitForURL(/\/admin$/);
}

/** Accepts every confirm() the page raises (revoke, rotate, supersede). */
export function acceptDialogs(page: Page): void {
  page.on('dialog', (d) => void d.accept());
}

/** Collects uncaught page errors so a test can assert the page's script ran cleanly. */
export function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}
