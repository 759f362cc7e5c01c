import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANTHROPIC_KEY, createPat, OPENAI_KEY } from './setup.ts';
import type { FakeProvider } from '../support/fake-provider.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { bearer, call } from '../support/http.ts';
import { as, on } from '../support/as.ts';
import { useProviderTarget } from '../support/suites.ts';

/** API.md §6: another provider 4xx passes through in the caller's shape, bounded, with only the documented fields. */
describe.each(TARGETS)('provider refusals passed through on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let pat: string;
  const noisy = () =>
    `${'Your request was refused because '.repeat(60)}\u0000\u001b[31m${OPENAI_KEY} ${ANTHROPIC_KEY} at ${fake.url}/v1/chat/completions\r\nX-Injected: yes`;
  const upstreamHeaders = { 'anthropic-beta': 'upstream-beta-2099', 'x-upstream-trace': 'trace-123' };

  useProviderTarget(kind, (s) => ({ t, fake } = s));
  beforeAll(async () => {
    pat = await createPat(t, 'refused@example.com');
  });
  beforeEach(() => fake.reset());

  function expectClean(res: Response, text: string): void {
    for (const leak of [OPENAI_KEY, ANTHROPIC_KEY, fake.url, new URL(fake.url).host, 'internal-trace-id', 'X-Injected: yes', '\u0000', '\u001b']) {
      expect(text).not.toContain(leak);
    }
    for (const h of Object.keys(upstreamHeaders)) expect(res.headers.get(h)).toBeNull();
  }

  it('OpenAI shape: status, type and code kept, the message bounded to 300 characters, no other field or header', async () => {
    fake.failNext({
      status: 400,
      body: {
        error: { message: noisy(), type: 'invalid_request_error', code: 'context_length_exceeded', param: 'messages', internal: 'internal-trace-id' },
        debug: 'internal-trace-id',
      },
      headers: upstreamHeaders,
    });
    const res = await on(t, as.pat(pat)).post('/v1/chat/completions', { model: 'oai/m1', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(400);
    const text = await res.text();
    const body = JSON.parse(text) as { error: Record<string, string> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'type']);
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.code).toBe('context_length_exceeded');
    expect(body.error.message.length).toBeLessThanOrEqual(300);
    expect(body.error.message).toMatch(/^Your request was refused because/);
    expectClean(res, text);
  });

  it('Anthropic shape: the error type kept, the message bounded, no request_id or other field', async () => {
    fake.failNext({
      status: 429,
      body: { type: 'error', error: { type: 'rate_limit_error', message: noisy(), details: 'internal-trace-id' }, request_id: 'internal-trace-id' },
      headers: upstreamHeaders,
    });
    const res = await call(t, '/v1/messages', {
      method: 'POST',
      headers: { ...bearer(pat), 'anthropic-version': '2023-06-01' },
      json: { model: 'ant/c1', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(res.status).toBe(429);
    const text = await res.text();
    const body = JSON.parse(text) as { type: string; error: Record<string, string> };
    expect(Object.keys(body).sort()).toEqual(['error', 'type']);
    expect(Object.keys(body.error).sort()).toEqual(['message', 'type']);
    expect(body.error.type).toBe('rate_limit_error');
    expect(body.error.message.length).toBeLessThanOrEqual(300);
    expectClean(res, text);
  });

  it('drops an error type or code that is not a plain name', async () => {
    fake.failNext({ status: 422, body: { error: { message: 'no', type: '<script>alert(1)</script>', code: 'x'.repeat(65) } } });
    const res = await on(t, as.pat(pat)).post('/v1/chat/completions', { model: 'oai/m1', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: Record<string, string> };
    expect(body.error).toEqual({ type: 'invalid_request_error', code: 'upstream_error', message: 'no' });
  });

  it('forwards a plain anthropic-beta list and refuses anything else with 400 naming the header, before the provider sees it', async () => {
    const ask = (beta: string) =>
      call(t, '/v1/messages', {
        method: 'POST',
        headers: { ...bearer(pat), 'anthropic-version': '2023-06-01', 'anthropic-beta': beta },
        json: { model: 'ant/c1', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] },
      });
    expect((await ask('prompt-caching-2024-07-31, files-api-2025-04-14')).status).toBe(200);
    expect(fake.requests.at(-1)!.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31, files-api-2025-04-14');
    const before = fake.requests.length;
    for (const bad of ['a;b=c', 'x'.repeat(300)]) {
      const res = await ask(bad);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('anthropic-beta');
    }
    expect(fake.requests.length).toBe(before);
  });
});
