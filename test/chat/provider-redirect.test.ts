import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { FakeProvider } from '../support/fake-provider.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { as, on } from '../support/as.ts';
import { OPENAI_KEY, providersConfig, putConfig, rootHeaders, useChatTarget } from '../chat/setup.ts';

/** A server on 127.0.0.1 that records every request it receives (where a redirect would lead). */
async function startRecorder(): Promise<{ url: string; seen: IncomingMessage['headers'][]; close(): Promise<void> }> {
  const seen: IncomingMessage['headers'][] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"choices":[{"message":{"role":"assistant","content":"stolen"}}]}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

describe.each(TARGETS)('provider keys never follow another URL on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let pat: string;

  useChatTarget(kind, 'carol@example.com', (chat) => ({ t, fake, pat } = chat));
  const chatWithoutMemory = (model: string) =>
    on(t, as.pat(pat)).post('/v1/chat/completions', { model, messages: [{ role: 'user', content: 'hello' }] }, { headers: { 'x-belief-store': 'off' } });

  const configNow = async () => (await (await fetch(`${t.url}/admin/api/config`, { headers: rootHeaders() })).json()) as any;

  it('refuses a changed base_url without api_key, naming api_key, and changes nothing', async () => {
    const config = providersConfig(fake);
    const { api_key: _dropped, ...oai } = config.providers[0]!;
    const moved = { ...config, providers: [{ ...oai, base_url: 'http://127.0.0.1:9/v1' }, config.providers[1]] };
    const res = await putConfig(t, moved);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toMatch(/^providers\.0\.api_key: /);
    expect((await configNow()).providers[0]).toMatchObject({ id: 'oai', base_url: `${fake.url}/v1`, api_key_set: true });

    const kept = await putConfig(t, { ...config, providers: [oai, config.providers[1]] });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as any).providers[0]).toMatchObject({ base_url: `${fake.url}/v1`, api_key_set: true });

    const rekeyed = await putConfig(t, {
      ...config,
      providers: [{ ...oai, base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-new-key-0000' }, config.providers[1]],
    });
    expect(rekeyed.status).toBe(200);
    expect((await configNow()).providers[0]).toMatchObject({ base_url: 'http://127.0.0.1:9/v1', api_key_hint: '0000' });
  });

  it('never names the provider URL to the caller when the provider is unreachable', async () => {
    const config = providersConfig(fake);
    const dead = { ...config.providers[0]!, id: 'dead', base_url: 'http://127.0.0.1:9/v1' };
    expect((await putConfig(t, { ...config, providers: [...config.providers, dead] })).status).toBe(200);
    const res = await chatWithoutMemory('dead/m1');
    const text = await res.text();
    expect(res.status).toBe(502);
    expect(JSON.parse(text).error.code).toBe('upstream_unreachable');
    expect(text).not.toContain('127.0.0.1:9');
  });

  it('answers a provider redirect with 502 and never sends the key to where it points', async () => {
    const recorder = await startRecorder();
    try {
      fake.failNext({ status: 307, body: '', headers: { location: `${recorder.url}/v1/chat/completions` } });
      const res = await chatWithoutMemory('oai/m1');
      const text = await res.text();
      expect(res.status).toBe(502);
      expect(JSON.parse(text).error.code).toBe('upstream_redirect');
      expect(text).toContain('redirect');
      expect(text).not.toContain(OPENAI_KEY);
      expect(text).not.toContain(recorder.url);
      expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect(recorder.seen).toEqual([]);

      fake.failNext({ status: 302, body: '', headers: { location: `${recorder.url}/v1/models` } });
      const probe = await fetch(`${t.url}/admin/config/test-connection`, {
        method: 'POST',
        headers: rootHeaders(),
        body: JSON.stringify({ provider_id: 'oai' }),
      });
      expect(probe.status).toBe(200);
      expect(await probe.json()).toMatchObject({ ok: false, status: 302, message: expect.stringContaining('redirect') });
      expect(recorder.seen).toEqual([]);
    } finally {
      await recorder.close();
    }
  });
});
