import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../support/fake-provider.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { ANTHROPIC_KEY, OPENAI_KEY, providersConfig, putConfig } from './setup.ts';
import { useProviderTarget } from '../support/suites.ts';
import { call } from '../support/http.ts';
import { as } from '../support/as.ts';

const COMBOS = [
  { client: 'openai', model: 'oai/m1', provider: 'openai' },
  { client: 'openai', model: 'ant/c1', provider: 'anthropic' },
  { client: 'anthropic', model: 'oai/m2', provider: 'openai' },
  { client: 'anthropic', model: 'ant/c1', provider: 'anthropic' },
] as const;

const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe.each(TARGETS)('chat proxy with the official SDKs on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let openai: OpenAI;
  let anthropic: Anthropic;
  let pat: string;

  useProviderTarget(kind, (s) => ({ t, fake, pat, openai, anthropic } = s), { user: 'Alice@Example.com' });
  beforeEach(() => fake.reset());

  function lastChat() {
    const req = fake.requests.filter((r) => r.method === 'POST').at(-1)!;
    return req;
  }

  function expectProviderCall(provider: 'openai' | 'anthropic', bareModel: string) {
    const req = lastChat();
    if (provider === 'openai') {
      expect(req.path).toBe('/v1/chat/completions');
      expect(req.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    } else {
      expect(req.path).toBe('/v1/messages');
      expect(req.headers['x-api-key']).toBe(ANTHROPIC_KEY);
      expect(req.headers['anthropic-version']).toBeTruthy();
    }
    expect(req.body.model).toBe(bareModel);
    return req.body;
  }

  it('lists models in the OpenAI shape and retrieves one whose id has a slash', async () => {
    const ids = [];
    for await (const m of openai.models.list()) ids.push(m.id);
    expect(ids).toEqual(['oai/m1', 'oai/m2', 'ant/c1']);
    const one = await openai.models.retrieve('ant/c1');
    expect(one).toMatchObject({ id: 'ant/c1', object: 'model', owned_by: 'ant' });
    await expect(openai.models.retrieve('nope/x')).rejects.toMatchObject({ status: 404 });
  });

  it('lists models in the Anthropic shape for the Anthropic SDK', async () => {
    const page = await anthropic.models.list();
    expect(page.data.map((m) => m.id)).toEqual(['oai/m1', 'oai/m2', 'ant/c1']);
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: 'oai/m1' });
    const one = await anthropic.models.retrieve('oai/m2');
    expect(one.id).toBe('oai/m2');
  });

  for (const combo of COMBOS) {
    const bare = combo.model.split('/')[1]!;

    it(`${combo.client} client → ${combo.provider} provider, non-streaming`, async () => {
      if (combo.client === 'openai') {
        const res = await openai.chat.completions
          .create({
            model: combo.model,
            messages: [
              { role: 'system', content: 'Be brief.' },
              { role: 'user', content: 'Hi there' },
            ],
          })
          .withResponse();
        expect(res.response.headers.get('x-belief-store-injected')).toBe('0');
        expect(res.data.choices[0]!.message.content).toBe('Hello from the fake provider');
        expect(res.data.choices[0]!.finish_reason).toBe('stop');
        expect(res.data.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
        const sent = expectProviderCall(combo.provider, bare);
        if (combo.provider === 'anthropic') {
          expect(sent.system).toBe('Be brief.');
          expect(sent.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi there' }] }]);
          expect(sent.max_tokens).toBeGreaterThan(0);
        } else {
          expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Hi there' });
        }
      } else {
        const msg = await anthropic.messages.create({
          model: combo.model,
          max_tokens: 100,
          system: 'Be brief.',
          messages: [{ role: 'user', content: 'Hi there' }],
        });
        expect(msg.content).toEqual([{ type: 'text', text: 'Hello from the fake provider' }]);
        expect(msg.stop_reason).toBe('end_turn');
        expect(msg.usage).toMatchObject({ input_tokens: 11, output_tokens: 7 });
        const sent = expectProviderCall(combo.provider, bare);
        if (combo.provider === 'openai') {
          expect(sent.messages).toEqual([
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hi there' },
          ]);
          expect(sent.max_tokens).toBe(100);
        } else {
          expect(sent.system).toBe('Be brief.');
        }
      }
    });

    it(`${combo.client} client → ${combo.provider} provider, streaming`, async () => {
      let text = '';
      if (combo.client === 'openai') {
        const stream = await openai.chat.completions.create({
          model: combo.model,
          messages: [{ role: 'user', content: 'Stream please' }],
          stream: true,
          stream_options: { include_usage: true },
        });
        let finish: string | null = null;
        let usage: unknown = null;
        for await (const chunk of stream) {
          text += chunk.choices[0]?.delta?.content ?? '';
          finish = chunk.choices[0]?.finish_reason ?? finish;
          if (chunk.usage) usage = chunk.usage;
        }
        expect(finish).toBe('stop');
        expect(usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7 });
      } else {
        const stream = anthropic.messages.stream({
          model: combo.model,
          max_tokens: 50,
          messages: [{ role: 'user', content: 'Stream please' }],
        });
        stream.on('text', (piece) => (text += piece));
        const final = await stream.finalMessage();
        expect(final.stop_reason).toBe('end_turn');
        expect(final.usage.output_tokens).toBe(7);
        expect(final.content).toEqual(
          [{ type: 'text', text: 'Hello from the fake provider', citations: null }].map((b) => expect.objectContaining({ type: b.type, text: b.text })),
        );
      }
      expect(text).toBe('Hello from the fake provider');
      expect(expectProviderCall(combo.provider, bare).stream).toBe(true);
    });

    it(`${combo.client} client → ${combo.provider} provider, tool calls (plain and streamed)`, async () => {
      fake.reply = { toolCall: { id: 'call_1', name: 'get_weather', arguments: { city: 'Berlin' } } };
      if (combo.client === 'openai') {
        const tools = [{ type: 'function' as const, function: WEATHER_TOOL }];
        const res = await openai.chat.completions.create({ model: combo.model, messages: [{ role: 'user', content: 'Weather?' }], tools });
        expect(res.choices[0]!.finish_reason).toBe('tool_calls');
        const call = res.choices[0]!.message.tool_calls![0]!;
        expect(call.type === 'function' && call.function.name).toBe('get_weather');
        expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Berlin' });
        const sent = lastChat().body;
        if (combo.provider === 'anthropic') expect(sent.tools[0]).toMatchObject({ name: 'get_weather', input_schema: WEATHER_TOOL.parameters });

        const stream = await openai.chat.completions.create({ model: combo.model, messages: [{ role: 'user', content: 'Weather?' }], tools, stream: true });
        let args = '';
        let name = '';
        let finish: string | null = null;
        for await (const chunk of stream) {
          const tc = chunk.choices[0]?.delta?.tool_calls?.[0];
          if (tc?.function?.name) name = tc.function.name;
          args += tc?.function?.arguments ?? '';
          finish = chunk.choices[0]?.finish_reason ?? finish;
        }
        expect({ name, args: JSON.parse(args), finish }).toEqual({ name: 'get_weather', args: { city: 'Berlin' }, finish: 'tool_calls' });

        fake.reply = { text: 'It is sunny' };
        const followUp = await openai.chat.completions.create({
          model: combo.model,
          tools,
          messages: [
            { role: 'user', content: 'Weather?' },
            {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Berlin"}' } }],
            },
            { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
          ],
        });
        expect(followUp.choices[0]!.message.content).toBe('It is sunny');
        const body = lastChat().body;
        if (combo.provider === 'anthropic') {
          expect(body.messages[1].content[0]).toEqual({ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Berlin' } });
          expect(body.messages[2].content[0]).toEqual({ type: 'tool_result', tool_use_id: 'call_1', content: 'sunny' });
        }
      } else {
        const tools = [{ name: WEATHER_TOOL.name, description: WEATHER_TOOL.description, input_schema: WEATHER_TOOL.parameters as Anthropic.Tool.InputSchema }];
        const msg = await anthropic.messages.create({ model: combo.model, max_tokens: 50, tools, messages: [{ role: 'user', content: 'Weather?' }] });
        expect(msg.stop_reason).toBe('tool_use');
        expect(msg.content[0]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Berlin' } });
        if (combo.provider === 'openai') expect(lastChat().body.tools[0]).toMatchObject({ type: 'function', function: { name: 'get_weather' } });

        const final = await anthropic.messages
          .stream({ model: combo.model, max_tokens: 50, tools, messages: [{ role: 'user', content: 'Weather?' }] })
          .finalMessage();
        expect(final.stop_reason).toBe('tool_use');
        expect(final.content[0]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Berlin' } });

        fake.reply = { text: 'It is sunny' };
        const id = (msg.content[0] as Anthropic.ToolUseBlock).id;
        const followUp = await anthropic.messages.create({
          model: combo.model,
          max_tokens: 50,
          tools,
          messages: [
            { role: 'user', content: 'Weather?' },
            { role: 'assistant', content: [{ type: 'tool_use', id, name: 'get_weather', input: { city: 'Berlin' } }] },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'sunny' }] },
          ],
        });
        expect(followUp.content[0]).toMatchObject({ type: 'text', text: 'It is sunny' });
        const body = lastChat().body;
        if (combo.provider === 'openai') {
          expect(body.messages[1].tool_calls[0]).toMatchObject({ id, function: { name: 'get_weather' } });
          expect(body.messages[2]).toEqual({ role: 'tool', tool_call_id: id, content: 'sunny' });
        }
      }
    });

    it(`${combo.client} client → ${combo.provider} provider, an upstream 4xx keeps its status and message`, async () => {
      const upstreamError =
        combo.provider === 'openai'
          ? { error: { type: 'invalid_request_error', code: 'context_length_exceeded', message: 'too many tokens for m' } }
          : { type: 'error', error: { type: 'invalid_request_error', message: 'too many tokens for m' } };
      fake.failNext({ status: 400, body: upstreamError });
      const call =
        combo.client === 'openai'
          ? openai.chat.completions.create({ model: combo.model, messages: [{ role: 'user', content: 'x' }] })
          : anthropic.messages.create({ model: combo.model, max_tokens: 5, messages: [{ role: 'user', content: 'x' }] });
      await expect(call).rejects.toMatchObject({ status: 400, message: expect.stringContaining('too many tokens for m') });
    });
  }

  it('answers 404 in the caller shape for an unknown provider and resolves bare names through default_model', async () => {
    await expect(openai.chat.completions.create({ model: 'ghost/m1', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
    await putConfig(t, { default_model: null });
    try {
      await expect(openai.chat.completions.create({ model: 'm9', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
        status: 404,
        code: 'model_not_found',
      });
      const res = await fetch(`${t.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': pat, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({ model: 'c9', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    } finally {
      await putConfig(t, { default_model: 'oai/m1' });
    }
    await openai.chat.completions.create({ model: 'm2', messages: [{ role: 'user', content: 'x' }] });
    expect(lastChat().body.model).toBe('m2');
  });

  it("sends the client's bytes as they came when nothing changes them, and a body it rewrites re-serialised", async () => {
    // Spacing and an integer past 2^53: any parse and re-serialise would change both.
    const sent = (model: string) => `{ "model": "${model}",  "seed": 12345678901234567890,\n "messages": [ {"role": "user", "content": "x"} ] }`;
    const post = (model: string) =>
      fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pat}`, 'content-type': 'application/json', 'x-belief-store': 'off' },
        body: sent(model),
      });
    expect((await post('m1')).status).toBe(200);
    expect(lastChat().raw).toBe(sent('m1'));
    expect((await post('oai/m1')).status).toBe(200);
    expect(lastChat().raw).not.toBe(sent('m1'));
    expect(lastChat().body.model).toBe('m1');
  });

  it('rejects a malformed request naming the field, without calling the provider', async () => {
    const res = await fetch(`${t.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': pat, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'ant/c1', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain('max_tokens');
    expect(fake.requests).toHaveLength(0);
  });

  it('maps an unreachable provider to 502 and a slow one to 504, in both shapes', async () => {
    const closed = await startFakeProvider();
    const deadUrl = closed.url;
    await closed.close();
    const config = providersConfig(fake);
    await putConfig(t, {
      ...config,
      providers: [
        { ...config.providers[0], id: 'dead', base_url: `${deadUrl}/v1` },
        { ...config.providers[1], id: 'slow', timeout_seconds: 1 },
        ...config.providers,
      ],
    });
    try {
      await expect(openai.chat.completions.create({ model: 'dead/m1', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 502 });
      await expect(anthropic.messages.create({ model: 'dead/m1', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
        status: 502,
        error: { type: 'error', error: { type: 'api_error' } },
      });
      fake.delayMs = 3000;
      await expect(openai.chat.completions.create({ model: 'slow/c1', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
        status: 504,
        message: expect.stringContaining('did not answer'),
      });
    } finally {
      await putConfig(t, providersConfig(fake));
    }
  });

  it('ends a stream whose provider goes quiet with an error event, not a hang', async () => {
    const config = providersConfig(fake);
    await putConfig(t, { ...config, providers: [...config.providers, { ...config.providers[1], id: 'quiet', timeout_seconds: 1 }] });
    try {
      fake.streamPauseMs = 3000;
      const stream = await openai.chat.completions.create({ model: 'quiet/c1', messages: [{ role: 'user', content: 'x' }], stream: true });
      const consume = async () => {
        for await (const _chunk of stream) void _chunk;
      };
      await expect(consume()).rejects.toThrow(/sent nothing for 1 s/);
      fake.reset();
      fake.streamPauseMs = 3000;
      const events = anthropic.messages.stream({ model: 'quiet/c1', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] });
      await expect(events.finalMessage()).rejects.toThrow(/sent nothing for 1 s/);
    } finally {
      await putConfig(t, providersConfig(fake));
    }
  });

  // Miniflare's local front proxy does not forward a client's disconnect to workerd, so this runs on Node only.
  // (It fails on workerd-serve too, behind the SSO test proxy; which hop drops the disconnect is not yet known.)
  it.skipIf(kind !== 'node')(
    'aborts the upstream request when the client disconnects, before or during the stream, counted as 499, not a provider failure',
    async () => {
      const counted = async (status: string) => {
        const text = await (await call(t, '/metrics', { headers: as.root() })).text();
        const line = text
          .split('\n')
          .find((l) => l.startsWith('belief_store_http_requests_total{') && l.includes('route="/v1/chat/completions"') && l.includes(`status="${status}"`));
        return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
      };
      const failuresBefore = await counted('502');
      const send = (signal: AbortSignal) =>
        fetch(`${t.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${pat}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'ant/c1', messages: [{ role: 'user', content: 'x' }], stream: true }),
          signal,
        });
      const waitFor = async (check: () => boolean) => {
        for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
      };
      fake.delayMs = 5000;
      const early = new AbortController();
      const pending = send(early.signal).catch(() => null);
      await waitFor(() => fake.requests.length === 1);
      early.abort();
      await pending;
      await waitFor(() => fake.aborted === 1);
      expect(fake.aborted).toBe(1);
      let closed = 0;
      for (let i = 0; i < 50 && closed === 0; i++) {
        closed = await counted('499');
        if (closed === 0) await new Promise((r) => setTimeout(r, 20));
      }
      expect(closed).toBe(1);
      expect(await counted('502')).toBe(failuresBefore);

      fake.reset();
      fake.streamPauseMs = 5000;
      const late = new AbortController();
      const res = await send(late.signal);
      const first = await res.body!.getReader().read();
      expect(new TextDecoder().decode(first.value)).toContain('chat.completion.chunk');
      late.abort();
      await waitFor(() => fake.aborted === 1);
      expect(fake.aborted).toBe(1);
    },
  );
});
