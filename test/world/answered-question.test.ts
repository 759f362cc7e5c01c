import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createPat, eventually } from '../chat/setup.ts';
import { useProviderTarget } from '../support/suites.ts';
import { TARGETS, type Target } from '../support/targets.ts';
import { patFor } from '../support/as.ts';
import { relevantTo } from '../support/relevant.ts';
import { Client } from './ws-client.ts';

/**
 * What the user answers is indexed by the question the assistant asked just before (lib/world/learn/learn.ts askedBefore):
 * "I ended up picking the blue one", said to "Which guitar did you buy in the end?", is found by "which guitar did I buy?".
 * The question's words index the answer's beliefs; they are never learned, and a sentence of it that is no question is not read.
 */
describe.each(TARGETS)('the question a user answers, on %s', (kind) => {
  let t: Target;
  useProviderTarget(kind, (s) => ({ t } = s));

  const saidOf = async (owner: string, statement: string) =>
    eventually(async () => {
      const [row] = await t.sql.all<{ said_words: string }>('SELECT said_words FROM beliefs WHERE owner = ? AND statement = ?', owner, statement);
      return row ? (JSON.parse(row.said_words) as string[]) : undefined;
    });

  it('indexes the answer of a chat by the assistant question before it, never its other sentences', async () => {
    const owner = 'ines@example.com';
    const client = new OpenAI({ apiKey: await createPat(t, owner), baseURL: `${t.url}/v1`, maxRetries: 0 });
    await client.chat.completions.create({
      model: 'oai/m1',
      messages: [
        { role: 'user', content: 'Back from the music shop!' },
        { role: 'assistant', content: 'Lovely, the staff there know their stuff. Which guitar did you buy in the end? Any regrets?' },
        { role: 'user', content: 'I ended up picking the blue one.' },
      ],
    });
    const said = await saidOf(owner, 'The user ended up picking the blue one');
    expect(said).toEqual(expect.arrayContaining(['guitar', 'buy', 'regrets']));
    expect(said).not.toContain('staff');
    expect(await t.sql.all("SELECT statement FROM beliefs WHERE owner = ? AND statement LIKE '%guitar%'", owner)).toEqual([]);
    if (kind === 'node') expect(await relevantTo(t, owner, 'Which guitar did I buy?')).toContain('The user ended up picking the blue one');
  });

  it('indexes a WebSocket user turn by the assistant turn sent before it in its conversation, and no later one', async () => {
    const owner = 'jonas@example.com';
    const { token } = await patFor(t, owner);
    const c = await Client.open(`${t.url}/v1/ws/extract`, { authorization: `Bearer ${token}` });
    c.send({ type: 'turn', conversation_id: 'c1', role: 'assistant', content: 'Which novel are you reading these days? Is your password still hunter2?' });
    c.send({ type: 'turn', conversation_id: 'c1', role: 'user', content: "I'm reading Middlemarch at the moment." });
    c.send({ type: 'turn', conversation_id: 'c1', role: 'user', content: 'I had croissants and lemon tarts.' });
    c.send({ type: 'turn', conversation_id: 'c2', role: 'assistant', content: 'Which bakery was it?' });
    c.send({ type: 'turn', conversation_id: 'c3', role: 'user', content: 'My sister Ana gave me a rescue greyhound.' });
    await c.until('ack', () => c.of('ack').length === 5, 10_000);
    c.close();
    const reading = await saidOf(owner, 'The user is reading Middlemarch');
    expect(reading).toEqual(expect.arrayContaining(['novel']));
    expect(reading).not.toContain('hunter2');
    expect(await saidOf(owner, 'The user had croissants and lemon tarts')).toEqual([]);
    expect(await saidOf(owner, "The user's sister Ana gave them a rescue greyhound")).not.toContain('bakery');
  });
});
