import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, proxiedPages } from './browser.ts';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';
import { insertPat } from './pats.ts';
import { anthropicFor, openaiFor, providersConfig, putConfig } from './providers.ts';
import { PROXY_HEADER, startTarget, teamsEnv, type Target, type TargetKind } from './targets.ts';

/** Shared suite set-up: each registers its beforeAll/afterAll and hands what it started to `ready`. */

export interface SuiteOptions {
  /** The target's environment; teams mode by default. */
  env?: Record<string, string>;
  /** The config saved once the fake provider is up; providersConfig(fake) by default. */
  config?: (fake: FakeProvider) => unknown;
}

/** useProviderTarget's options: `config: null` saves none (the suite configures per test). */
export type ProviderSuiteOptions = Omit<SuiteOptions, 'config'> & { config?: SuiteOptions['config'] | null; user?: string };

export interface ProviderTarget {
  t: Target;
  fake: FakeProvider;
  /** With `user`: that user's PAT and the official SDKs calling with it. */
  pat: string;
  openai: OpenAI;
  anthropic: Anthropic;
}

/** A fake provider and a target with a config naming it (and a PAT for `user`), both stopped after the suite. */
export function useProviderTarget(kind: TargetKind, ready: (s: ProviderTarget) => void, options: ProviderSuiteOptions = {}): void {
  let t: Target | undefined;
  let fake: FakeProvider | undefined;
  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await startTarget(kind, options.env ?? teamsEnv());
    if (options.config !== null) expect((await putConfig(t, (options.config ?? providersConfig)(fake))).status).toBe(200);
    const pat = options.user ? await insertPat(t, options.user) : undefined;
    const clients = pat ? { pat, openai: openaiFor(t, pat), anthropic: anthropicFor(t, pat) } : {};
    ready({ t, fake, ...clients } as ProviderTarget);
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

/** A target started before the suite and stopped after it; teams mode unless `env` is given. `ready` may be async (seeding). */
export function useTarget(kind: TargetKind, ready: (t: Target) => unknown, env: Record<string, string> = teamsEnv()): void {
  let t: Target | undefined;
  beforeAll(async () => {
    t = await startTarget(kind, env);
    await ready(t);
  });
  afterAll(() => t?.stop());
}

/** One target per env, started side by side before the suite (in env order) and all stopped after it. */
export function useTargets(kind: TargetKind, envs: Record<string, string>[], ready: (ts: Target[]) => unknown): void {
  let ts: Target[] = [];
  beforeAll(async () => {
    ts = await Promise.all(envs.map((env) => startTarget(kind, env)));
    await ready(ts);
  });
  afterAll(async () => {
    await Promise.all(ts.map((t) => t.stop()));
  });
}
