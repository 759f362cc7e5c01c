import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { as } from './as.ts';
import type { FakeProvider } from './fake-provider.ts';
import { call } from './http.ts';

export const OPENAI_KEY = 'sk-openai-test-key-AAAA1234';
export const ANTHROPIC_KEY = 'sk-ant-test-key-BBBB5678';

/** Two providers on the fake: `oai` (OpenAI kind) and `ant` (Anthropic kind); default oai/m1. */
export function providersConfig(fake: FakeProvider, extra: Record<string, unknown> = {}) {
  return {
    providers: [
      { id: 'oai', kind: 'openai', base_url: `${fake.url}/v1`, api_key: OPENAI_KEY, models: ['m1', 'm2'] },
      { id: 'ant', kind: 'anthropic', base_url: fake.url, api_key: ANTHROPIC_KEY, models: ['c1'] },
    ],
    default_model: 'oai/m1',
    extraction: { enabled: true, model: null },
    injection: { enabled: true, max_beliefs: 20 },
    ...extra,
  };
}

/** One OpenAI-kind provider `local` on the fake, with model m1 (the default, local/m1) and `apiKey`. */
export function localConfig(fake: FakeProvider, apiKey: string, extra: Record<string, unknown> = {}) {
  return {
    providers: [{ id: 'local', kind: 'openai', base_url: `${fake.url}/v1`, api_key: apiKey, models: ['m1'] }],
    default_model: 'local/m1',
    ...extra,
  };
}

/** providersConfig with extraction off: only what a test writes is remembered. */
export const noExtraction = (fake: FakeProvider, extra: Record<string, unknown> = {}) =>
  providersConfig(fake, { extraction: { enabled: false, model: null }, ...extra });

export async function putConfig(t: { url: string }, config: unknown): Promise<Response> {
  return call(t, '/admin/api/config', { method: 'PUT', headers: { ...as.root(), 'content-type': 'application/json' }, json: config });
}

/** The official OpenAI SDK on the target's /v1, with the given token and no retries. */
export const openaiFor = (t: { url: string }, token: string) => new OpenAI({ apiKey: token, baseURL: `${t.url}/v1`, maxRetries: 0 });

/** The official Anthropic SDK on the target, with the given token and no retries. */
export const anthropicFor = (t: { url: string }, token: string) => new Anthropic({ apiKey: token, baseURL: t.url, maxRetries: 0 });
