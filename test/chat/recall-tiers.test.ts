import type OpenAI from 'openai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../support/fake-provider.ts';
import { TARGETS, type Target, type TargetKind } from '../support/targets.ts';
import { api, as } from '../support/as.ts';
import { eventually, putConfig } from './setup.ts';
import { useProviderTarget } from '../support/suites.ts';
import { noExtraction } from '../support/providers.ts';

const ALICE = 'alice@example.com';
const alice = as.user(ALICE);

/** What a chat request injected: the header's count, the block's lines by tier, and the receipt. */
async function ask(t: Target, fake: FakeProvider, openai: OpenAI, content: string) {
  fake.reset();
  const { response } = await openai.chat.completions.create({ model: 'oai/m1', messages: [{ role: 'user', content }] }).withResponse();
  const system = fake.requests.filter((r) => r.method === 'POST').at(-1)?.body?.messages?.[0];
  const block = system?.role === 'system' ? String(system.content) : '';
  const tiers: Record<string, string[]> = {};
  let tier = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('[')) tier = line;
    else if (line.startsWith('- ') && tier) tiers[tier] = [...(tiers[tier] ?? []), line.slice(2)];
  }
  const id = response.headers.get('x-belief-store-injection');
  if (id) await eventually(async () => (await t.sql.all('SELECT id FROM injections WHERE id = ?', id)).length === 1);
  const receipt = id ? (await api(t, alice, 'GET', `/admin/api/injections/${id}`)).body : null;
  return {
    injected: Number(response.headers.get('x-belief-store-injected')),
    persona: tiers['[about the user]'] ?? [],
    all: Object.values(tiers).flat(),
    receipt,
  };
}

/** A node, workerd or PostgreSQL target with a fake provider, and ALICE's beliefs written through the admin API. */
function withBeliefs(kind: TargetKind, beliefs: { statement: string; key?: string }[], ready: (s: { t: Target; fake: FakeProvider; openai: OpenAI }) => void) {
  let s: { t: Target; fake: FakeProvider; openai: OpenAI };
  useProviderTarget(kind, (ps) => (s = ps as typeof s), { config: noExtraction, user: ALICE });
  beforeAll(async () => {
    for (const b of beliefs) expect((await api(s.t, alice, 'POST', '/admin/api/beliefs', b)).status).toBe(201);
    ready(s);
  });
}

/** The persona tier (API.md §7): the catalogue's identity kinds, one value of a one-value kind, at most injection.persona_max. */
describe.each(TARGETS)('the persona tier on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let openai: OpenAI;

  withBeliefs(
    kind,
    [
      { statement: 'The user is allergic to peanuts', key: 'user.allergy.peanuts' },
      { statement: 'The user is allergic to penicillin', key: 'user.allergy.penicillin' },
      { statement: 'The user is vegetarian', key: 'user.diet' },
      { statement: "The user's name is Alice Moreau", key: 'user.name' },
      { statement: 'The user lives in Lisbon', key: 'user.location' },
      // A second home, unkeyed: never beside the keyed one in the persona.
      { statement: 'The user lives in Berlin' },
      { statement: 'The user works at Finch Analytics', key: 'user.employer' },
      { statement: 'The user speaks Portuguese', key: 'user.language.portuguese' },
      { statement: 'The user has a cat named Miso', key: 'user.pet.miso' },
      // Unkeyed, naming an identity kind's word without being a fact of that kind.
      { statement: 'The user gave their dog Tilly away because of allergies' },
      { statement: "The user has read Rowling's works for years" },
    ],
    (s) => ({ t, fake, openai } = s),
  );
  beforeEach(() => fake.reset());

  it('holds at most injection.persona_max beliefs (5 by default), counted in the header and listed in the receipt', async () => {
    const hello = await ask(t, fake, openai, 'Hello!');
    expect(hello.persona.toSorted()).toEqual([
      'The user is allergic to peanuts',
      'The user is allergic to penicillin',
      'The user is vegetarian',
      'The user lives in Lisbon',
      "The user's name is Alice Moreau",
    ]);
    expect(hello.injected).toBe(5);
    expect(hello.receipt.persona.split('\n')).toHaveLength(5);
    const preview = async () => (await api(t, alice, 'GET', '/admin/api/persona')).body.persona.split('\n');
    expect(await preview()).toHaveLength(5);

    expect((await putConfig(t, noExtraction(fake, { injection: { enabled: true, max_beliefs: 20, persona_max: 2 } }))).status).toBe(200);
    const two = await ask(t, fake, openai, 'Hello!');
    expect(two.persona.toSorted()).toEqual(['The user is allergic to peanuts', 'The user is allergic to penicillin']);
    expect(two.injected).toBe(2);
    expect(two.receipt.persona.split('\n')).toHaveLength(2);
    expect(await preview()).toHaveLength(2);

    expect((await putConfig(t, noExtraction(fake, { injection: { enabled: true, max_beliefs: 20, persona_max: 0 } }))).status).toBe(200);
    expect(await ask(t, fake, openai, 'Hello!')).toMatchObject({ injected: 0, persona: [], receipt: null });
  });

  it('never holds two values of a one-value kind, nor a kind outside the catalogue’s identity kinds', async () => {
    expect((await putConfig(t, noExtraction(fake, { injection: { enabled: true, max_beliefs: 20, persona_max: 20 } }))).status).toBe(200);
    const all = await ask(t, fake, openai, 'Hello!');
    expect(all.persona).toContain('The user lives in Lisbon');
    expect(all.persona).not.toContain('The user lives in Berlin');
    expect(all.persona).not.toContain('The user has a cat named Miso');
    expect(all.persona).not.toContain('The user gave their dog Tilly away because of allergies');
    expect(all.persona).not.toContain("The user has read Rowling's works for years");
    expect(all.persona).toEqual(expect.arrayContaining(['The user works at Finch Analytics', 'The user speaks Portuguese']));
    expect(all.injected).toBe(all.persona.length);
  });

  it('carries, for a question that only recalls a fact, the persona beliefs it reaches and no other, counted and listed as injected', async () => {
    expect((await putConfig(t, noExtraction(fake, { injection: { enabled: true, max_beliefs: 20, persona_max: 5 } }))).status).toBe(200);
    const cat = await ask(t, fake, openai, 'When did I get my cat Miso?');
    expect(cat).toMatchObject({ injected: 1, persona: [], all: ['The user has a cat named Miso'] });
    expect(cat.receipt.persona).toBeNull();
    const home = await ask(t, fake, openai, 'Where did I say I live these days?');
    expect(home).toMatchObject({ injected: 1, persona: ['The user lives in Lisbon'] });
    expect(home.receipt.persona).toBe('- The user lives in Lisbon');
    // A request for advice still opens with who the user is.
    expect((await ask(t, fake, openai, 'Any ideas for a dinner with my cat-loving friends?')).persona).toHaveLength(5);
  });
});

/** Category questions (API.md §7): the kind a question names in everyday words, and not a word's other sense. */
describe.each(TARGETS)('category questions on %s', (kind) => {
  let t: Target;
  let fake: FakeProvider;
  let openai: OpenAI;

  withBeliefs(
    kind,
    [
      { statement: "The user's daughter Mia is seven", key: 'user.child.mia' },
      { statement: "The user's son Leo is nine", key: 'user.child.leo' },
      { statement: 'The user is building Atlas, a billing dashboard', key: 'user.project.atlas' },
      { statement: 'The user writes Python at work' },
      { statement: 'The user goes bouldering on Sundays', key: 'user.hobby.bouldering' },
      { statement: 'The user plays the cello', key: 'user.instrument.cello' },
      { statement: 'The user keeps a sourdough starter' },
      { statement: 'The user works at Finch Analytics', key: 'user.employer' },
      { statement: 'The user is training for a half marathon', key: 'user.goal.half_marathon' },
      { statement: "The user's neighbour has a racing greyhound" },
      // Four managers over time, the first one again last: three superseded beliefs hold the word too.
      { statement: "The user's manager is Elena", key: 'user.manager' },
      { statement: "The user's manager is Javier", key: 'user.manager' },
      { statement: "The user's manager is Marta", key: 'user.manager' },
      { statement: "The user's manager is Elena again", key: 'user.manager' },
    ],
    (s) => ({ t, fake, openai } = s),
  );

  it.each([
    ['How old are my kids?', ["The user's daughter Mia is seven", "The user's son Leo is nine"]],
    ['What am I working on these days?', ['The user is building Atlas, a billing dashboard']],
    ['What are my hobbies?', ['The user goes bouldering on Sundays', 'The user plays the cello']],
  ])('%s finds the beliefs of its kind', async (question, expected) => {
    const { all } = await ask(t, fake, openai, question);
    expect(all).toEqual(expect.arrayContaining(expected));
    expect(all).not.toContain('The user keeps a sourdough starter');
  });

  it.each([
    ['Where do I work?', 'The user works at Finch Analytics', 'The user writes Python at work'],
    ['Any tips for my upcoming race?', 'The user is training for a half marathon', "The user's neighbour has a racing greyhound"],
  ])('%s finds its kind first, not a belief that only shares the word', async (question, expected, noise) => {
    const { all } = await ask(t, fake, openai, question);
    expect(all).toContain(expected);
    expect(all).not.toContain(noise);
  });

  it('finds the current value of a kind the owner has held many values of', async () => {
    const { all } = await ask(t, fake, openai, 'Write a quick Slack message to my manager to move our 1:1 to Thursday.');
    expect(all).toContain("The user's manager is Elena again");
  });

  it('reads a word that names a kind as written, not as a typo of another word', async () => {
    const { all } = await ask(t, fake, openai, 'Tell me about my running plans');
    expect(all).not.toContain('The user plays the cello');
  });

  it('does not pull a belief holding the noun for a question using the verb', async () => {
    const { all } = await ask(t, fake, openai, 'Explain how TCP slow start works.');
    expect(all).not.toContain('The user writes Python at work');
  });
});
