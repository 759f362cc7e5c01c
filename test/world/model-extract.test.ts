import OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../support/fake-provider.ts';
import { localConfig } from '../support/providers.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { api, as, patFor } from '../support/as.ts';
import { Client } from './ws-client.ts';

const extractionRequests = (fake: FakeProvider) => fake.requests.filter((r) => r.body?.response_format);
/** What the service told the model: the JSON it sends as the last message. */
const modelInput = (fake: FakeProvider) => JSON.parse(extractionRequests(fake).at(-1)!.body.messages.at(-1).content);

describe.each(TARGETS)('extraction through the configured model on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  useProviderTarget(kind, (s) => ({ t, fake } = s), {
    config: (f) =>
      localConfig(f, 'sk-test-extraction-1234', { extraction: { enabled: true, model: 'local/m1' }, injection: { enabled: true, max_beliefs: 20 } }),
  });
  beforeEach(() => fake.reset());

  /** A socket of the owner that sends `turns` and flushes. */
  const say = async (owner: string, ...turns: { role?: string; content: string }[]) => {
    const { token } = await patFor(t, owner);
    const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    for (const turn of turns) c.send({ type: 'turn', conversation_id: 'm1', role: turn.role ?? 'user', content: turn.content });
    await c.flush();
    c.close();
    return c;
  };
  const beliefs = async (owner: string, status = 'all') =>
    (await api(t, as.user(owner), 'GET', `/admin/api/beliefs?status=${status}&limit=100`)).body.data as any[];
  const invalidCount = async () => Number((await t.sql.all<{ value: number }>(`SELECT value FROM counters WHERE name = 'extraction_invalid'`))[0]?.value ?? 0);

  it('stores what the model extracts, asked with the belief_extraction json_schema', async () => {
    fake.extraction = {
      beliefs: [{ type: 'fact', key: 'user.location', statement: 'The user lives in Lisbon', scope: 'universal', confidence: 0.95, aliases: ['home', 'city'] }],
    };
    const c = await say('nia@example.com', { content: 'Lisbon has been home for a while now, honestly.' });
    expect(c.of('belief').map((f) => [f.action, f.belief.statement, f.belief.key, f.belief.confidence, f.belief.aliases])).toEqual([
      ['created', 'The user lives in Lisbon', 'user.location', 0.95, ['home', 'city']],
    ]);
    const request = extractionRequests(fake).at(-1)!;
    expect(request.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'belief_extraction' } });
    expect(modelInput(fake).user_turns).toEqual(['Lisbon has been home for a while now, honestly.']);
    expect(request.headers.authorization).toBe('Bearer sk-test-extraction-1234');
  });

  it('shows the model the beliefs that bear on the turn, by key and by retrieval, never another owner’s', async () => {
    const owner = 'omar@example.com';
    fake.extraction = {
      beliefs: [
        { type: 'fact', key: 'user.diet', statement: 'The user is vegetarian', scope: 'universal', confidence: 0.9, aliases: ['diet'] },
        { type: 'fact', key: 'user.pet', statement: 'The user has a cat called Miso', scope: 'universal', confidence: 0.9 },
        { type: 'fact', key: 'user.location', statement: 'The user lives in Oslo', scope: 'universal', confidence: 0.9 },
      ],
    };
    await say(owner, { content: 'Some facts about me.' });
    fake.extraction = { beliefs: [{ type: 'fact', key: 'user.location', statement: 'The user lives in Bergen', scope: 'universal', confidence: 0.9 }] };
    await say('stranger@example.com', { content: 'Some facts about me.' });
    fake.extraction = { beliefs: [] };

    await say(owner, { content: "I'm no longer vegetarian." });
    const byKey = modelInput(fake);
    expect(byKey.user_turns).toEqual(["I'm no longer vegetarian."]);
    expect(byKey.known_beliefs).toEqual([{ id: expect.any(String), key: 'user.diet', statement: 'The user is vegetarian', aliases: ['diet'] }]);

    await say(owner, { content: 'Should Miso the cat get a new toy?' });
    expect(modelInput(fake).known_beliefs.map((b: any) => b.statement)).toContain('The user has a cat called Miso');
    expect(JSON.stringify(extractionRequests(fake).map((r) => r.body))).not.toContain('Bergen');
  });

  it('a retracted key’s belief is superseded with no successor; a reused key supersedes', async () => {
    const owner = 'rhea@example.com';
    fake.extraction = {
      beliefs: [
        { type: 'fact', key: 'user.diet', statement: 'The user is vegetarian', scope: 'universal', confidence: 0.9 },
        { type: 'fact', key: 'user.location', statement: 'The user lives in Munich', scope: 'universal', confidence: 0.9 },
      ],
    };
    await say(owner, { content: 'I am vegetarian and live in Munich.' });
    fake.extraction = { beliefs: [], retract: ['user.diet'] };
    const retracting = await say(owner, { content: 'Meat is back on the menu for me.' });
    expect(retracting.of('belief').map((f) => [f.action, f.belief.statement, f.belief.status, f.belief.superseded_by])).toEqual([
      ['superseded', 'The user is vegetarian', 'superseded', null],
    ]);
    const diet = (await beliefs(owner)).find((b) => b.key === 'user.diet');
    const detail = await api(t, as.user(owner), 'GET', `/admin/api/beliefs/${diet.id}`);
    expect(detail.body.history.map((h: any) => h.event)).toEqual(['created', 'retracted']);

    fake.extraction = {
      beliefs: [{ type: 'fact', key: 'user.location', statement: 'The user lives in Hamburg', scope: 'universal', confidence: 0.9 }],
      retract: ['user.location'],
    };
    const moving = await say(owner, { content: 'Hamburg is where I unpack my boxes these days.' });
    const [created, old] = moving.of('belief');
    expect([created?.action, created?.belief.statement, old?.action, old?.belief.statement]).toEqual([
      'created',
      'The user lives in Hamburg',
      'superseded',
      'The user lives in Munich',
    ]);
    expect(old?.belief.superseded_by).toBe(created?.belief.id);
    expect((await beliefs(owner, 'active')).map((b) => b.statement)).toEqual(['The user lives in Hamburg']);
  });

  it('a new belief in the same slot under another key supersedes the active one (contradiction guard)', async () => {
    const owner = 'sol@example.com';
    fake.extraction = { beliefs: [{ type: 'fact', key: 'user.manager', statement: "The user's manager is Dana", scope: 'universal', confidence: 0.9 }] };
    await say(owner, { content: 'Dana runs my team.' });
    fake.extraction = { beliefs: [{ type: 'fact', key: 'user.boss', statement: "The user's boss is Sam", scope: 'universal', confidence: 0.9 }] };
    await say(owner, { content: 'Sam took over my team.' });
    const all = await beliefs(owner);
    const sam = all.find((b) => b.statement.includes('Sam'));
    expect(all.filter((b) => b.status === 'active').map((b) => b.statement)).toEqual(["The user's boss is Sam"]);
    expect(all.find((b) => b.statement.includes('Dana'))).toMatchObject({ status: 'superseded', superseded_by: sam.id });
  });

  it('invalid model output is logged, counted and never stored; the built-in extractor handles the turn', async () => {
    const owner = 'nils@example.com';
    const bad: unknown[] = [
      { beliefs: [{ statement: 42 }] },
      { beliefs: [{ type: 'gossip', statement: 'The user is Napoleon' }] },
      { facts: [{ statement: 'The user is Napoleon' }] },
      { beliefs: [], retract: ['Not A Key!'] },
      'not an object',
    ];
    const cities = ['Porto', 'Braga', 'Faro', 'Evora', 'Coimbra'];
    for (const [i, answer] of bad.entries()) {
      const before = await invalidCount();
      fake.extraction = answer;
      const c = await say(owner, { content: `I live in ${cities[i]}` });
      expect(c.of('ack')).toHaveLength(1);
      expect(
        c
          .of('belief')
          .filter((f) => f.action === 'created')
          .map((f) => f.belief.statement),
      ).toEqual([`The user lives in ${cities[i]}`]);
      expect(await invalidCount()).toBe(before + 1);
    }
    fake.extraction = () => 'this is not JSON at all';
    await say(owner, { content: 'I play the cello' });
    expect((await beliefs(owner, 'active')).map((b) => b.statement).sort()).toEqual(['The user lives in Coimbra', 'The user plays the cello']);
    expect(JSON.stringify(await beliefs(owner))).not.toContain('Napoleon');

    const before = await invalidCount();
    fake.failNext({ status: 500, body: { error: { message: 'boom' } } });
    const failed = await say(owner, { content: 'I live in Lagos' });
    expect(failed.of('belief')).toEqual([]);
    expect(await invalidCount()).toBe(before);
  });

  it('the model sees only user text: never assistant, system or tool content, from either chat shape or sockets', async () => {
    const owner = 'uma@example.com';
    const openai = new OpenAI({ apiKey: (await patFor(t, owner)).token, baseURL: `${t.url}/v1`, maxRetries: 0 });
    fake.reply = { text: 'ASSISTANT-REPLY: you live in Atlantis.' };
    await openai.chat.completions.create({
      model: 'local/m1',
      messages: [
        { role: 'system', content: 'SYSTEM-PROMPT: the user is an admin.' },
        { role: 'user', content: 'EARLIER-USER: hello' },
        { role: 'assistant', content: 'ASSISTANT-HISTORY: I live in Narnia.' },
        { role: 'user', content: 'I moved to Tromsø.' },
      ],
    });
    for (let i = 0; i < 100 && extractionRequests(fake).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(modelInput(fake).user_turns).toEqual(['I moved to Tromsø.']);

    const anthropic = await fetch(`${t.url}/v1/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await patFor(t, owner)).token}`, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({
        model: 'local/m1',
        max_tokens: 50,
        system: 'ANTHROPIC-SYSTEM: trust the tools.',
        messages: [
          { role: 'user', content: 'What is the weather?' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }] },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: 'TOOL-OUTPUT: the user lives in Mordor.' },
              { type: 'text', text: 'Thanks. I moved to Bergen.' },
            ],
          },
        ],
      }),
    });
    expect(anthropic.status).toBe(200);
    for (let i = 0; i < 100 && extractionRequests(fake).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(modelInput(fake).user_turns).toEqual(['Thanks. I moved to Bergen.']);

    await say(
      owner,
      { role: 'assistant', content: 'WS-ASSISTANT: you are vegetarian.' },
      { role: 'system', content: 'WS-SYSTEM: obey.' },
      { content: 'I work at Initech.' },
    );
    expect(modelInput(fake).user_turns).toEqual(['I work at Initech.']);
    const sent = JSON.stringify(extractionRequests(fake).map((r) => r.body));
    for (const marker of ['ASSISTANT-REPLY', 'SYSTEM-PROMPT', 'ASSISTANT-HISTORY', 'ANTHROPIC-SYSTEM', 'TOOL-OUTPUT', 'WS-ASSISTANT', 'WS-SYSTEM'])
      expect(sent).not.toContain(marker);
    expect(extractionRequests(fake)).toHaveLength(3);
  });

  it('previews the persona as injected, with no model call even with an extraction model configured', async () => {
    fake.reply = { text: 'Nia lives in Lisbon.' };
    const persona = await api(t, as.user('nia@example.com'), 'GET', '/admin/api/persona');
    expect(persona.body).toMatchObject({ owner: 'nia@example.com', persona: '- The user lives in Lisbon', belief_count: 1 });
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
