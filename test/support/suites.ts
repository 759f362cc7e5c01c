import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, proxiedPages } from './browser.ts';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';
import { providersConfig, putConfig } from './providers.ts';
import { PROXY_HEADER, startTarget, teamsEnv, type Target, type TargetKind } from './targets.ts';

/** Shared suite set-up: each registers its beforeAll/afterAll and hands what it started to `ready`. */

export interface SuiteOptions {
  /** The target's environment; teams mode by default. */
  env?: Record<string, string>;
  /** The config saved once the fake provider is up; providersConfig(fake) by default. */
  config?: (fake: FakeProvider) => unknown;
}

/** A fake provider and a target with a config naming it, both stopped after the suite. */
export function useProviderTarget(kind: TargetKind, ready: (s: { t: Target; fake: FakeProvider }) => void, options: SuiteOptions = {}): void {
  let t: Target | undefined;
  let fake: FakeProvider | undefined;
  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, options.env ?? teamsEnv());
    expect((await putConfig(t, (options.config ?? providersConfig)(fake))).status).toBe(200);
    ready({ t, fake });
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });
}

/**
 * A node target (with a fake provider and `config` saved when `config` is given), Chromium, and
 * pages opened as users asserted by the proxy header; all closed after the suite.
 */
export function useBrowserSuite(ready: (s: { t: Target; browser: Browser; fake?: FakeProvider }) => void, options: SuiteOptions = {}) {
  let t: Target | undefined;
  let browser: Browser | undefined;
  let fake: FakeProvider | undefined;
  const people = proxiedPages(
    () => browser!,
    () => t!.url,
    PROXY_HEADER,
  );
  beforeAll(async () => {
    if (options.config) fake = await startFakeProvider();
    t = await startTarget('node', options.env ?? teamsEnv());
    if (fake) expect((await putConfig(t, options.config!(fake))).status).toBe(200);
    browser = await launchBrowser();
    ready({ t, browser, fake });
  });
  afterAll(async () => {
    await people.closeAll();
    await browser?.close();
    await t?.stop();
    await fake?.close();
  });
  return people;
}
