import { beforeAll, describe, expect, it } from 'vitest';
import { extractBeliefs } from '../extractor.ts';
import type { Held } from './resolve.ts';
import { readSuccession } from './successions.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('readSuccession: the user’s new manager, said of them', () => {
  it.each([
    ['the new head nurse is Ifeoma', 'Ifeoma'],
    ['our new foreman is called Radek', 'Radek'],
    ['gaffer is Siobhan now', 'Siobhan'],
    ['there is a new charge nurse on nights, Ruairi', 'Ruairi'],
    ['Wen Li took over the kitchen last week', 'Wen Li'],
    ['management made Tadhg our team lead', 'Tadhg'],
    ['I answer to Malia now', 'Malia'],
  ])('%s', (clause, to) => {
    expect(readSuccession(clause)).toMatchObject({ to, role: 'boss' });
  });

  it('takes the name said after the clause that brought a new holder of the title', () => {
    expect(readSuccession('Radek.', 'a new foreman started on tuesday')).toMatchObject({ to: 'Radek', role: 'boss' });
    expect(readSuccession('Radek.', 'my neighbour started on tuesday')).toBeNull();
  });

  it('ends whom the new manager took over from', () => {
    expect(readSuccession('Wen Li took over the team from Dario')).toMatchObject({ to: 'Wen Li', ends: ['Dario'], left: { who: 'Dario', ways: ['work'] } });
  });

  it.each([
    'my cousin’s new boss is Ifeoma',
    'the new head nurse at my mum’s hospital is Ifeoma',
    'Wen Li took over the washing up',
    'my friend Wen Li took over her dad’s shop',
    'they might make Tadhg our team lead',
  ])('%s names no manager of the user’s', (clause) => {
    expect(readSuccession(clause)).toBeNull();
  });
});

describe('a new manager said of them takes the held manager’s place', () => {
  const held: Held[] = [
    { id: 'b0', key: 'user.manager', statement: "The user's manager is Dario", active: true },
    { id: 'b1', key: 'user.friend.wen', statement: "The user's friend Wen Li lives in Galway", active: true },
  ];
  const learn = (content: string) => extractBeliefs([{ role: 'user', content }], { held });
  it.each(['the new head nurse is Ifeoma', 'Ifeoma took over the ward from Dario', 'a new foreman started today — Ifeoma'])('%s', (turn) => {
    const { beliefs, retract } = learn(turn);
    expect(beliefs).toContainEqual(expect.objectContaining({ key: 'user.manager', statement: expect.stringContaining('Ifeoma') }));
    expect(retract.map((r) => r.id)).toContain('b0');
    expect(retract.map((r) => r.id)).not.toContain('b1');
  });
});

describe('a "she" or "he" before "my manager" is whom the clause before was about, not the place it named', () => {
  it('a manager back from somewhere', () => {
    const held: Held[] = [{ id: 'b0', key: 'user.manager', statement: "The user's manager is Dario", active: true }];
    const { beliefs } = extractBeliefs([{ role: 'user', content: 'Yolanda is back from Rotterdam and she is my supervisor again.' }], { held });
    expect(beliefs).toContainEqual(expect.objectContaining({ key: 'user.manager', statement: "The user's manager is Yolanda" }));
  });

  it('whoever opened the clause before, with any verb, and an honorific left off; a day is no "she"', () => {
    const held: Held[] = [{ id: 'b0', key: 'user.manager', statement: "The user's manager is Dario", active: true }];
    const said = (content: string) => extractBeliefs([{ role: 'user', content }], { held }).beliefs.map((b) => b.statement);
    expect(said('Moreau got promoted. He is our boss now.')).toContain("The user's manager is Moreau");
    expect(said('Suzuki-san returned from Nagoya, she is my boss again.')).toContain("The user's manager is Suzuki");
    expect(said('Yesterday was chaos, she is my boss now').join(' | ')).not.toMatch(/Yesterday/);
  });

  it('whoever opened the last of two joined clauses, with a title; a place opening it is nobody', () => {
    const held: Held[] = [{ id: 'b0', key: 'user.manager', statement: "The user's manager is Dario", active: true }];
    const said = (content: string) => extractBeliefs([{ role: 'user', content }], { held }).beliefs.map((b) => b.statement);
    expect(said('Dario moved to Dublin and Gavin took over the team. He is my boss now.')).toContain("The user's manager is Gavin");
    expect(said('Dario retired, and Dr Okafor runs the lab now. She is my supervisor.').join(' | ')).toMatch(/manager is (?:Dr )?Okafor/);
    expect(said('Dario left in May but Mrs. Achebe stayed on. she is our boss again').join(' | ')).toMatch(/manager is Mrs\.? Achebe/);
    expect(said('Yolanda came back and Leeds is quiet again. She is my boss now.').join(' | ')).not.toMatch(/Leeds/);
  });

  it('whom the user reports to, answers to or works under, said by a pronoun or a cleft, never across a name of the other sex', () => {
    const held: Held[] = [{ id: 'b0', key: 'user.manager', statement: "The user's manager is Dario", active: true }];
    const said = (content: string) => extractBeliefs([{ role: 'user', content }], { held }).beliefs.map((b) => b.statement);
    expect(said("Yusuf came back. I'm under him again.")).toContain("The user's manager is Yusuf");
    expect(said("Kemal does payroll and Sarah does the rota, so it's her I answer to now.")).toContain("The user's manager is Sarah");
    expect(said('I work under Dr Mensah now')).toContain("The user's manager is Dr Mensah");
    expect(said("Sarah does the rota, so it's him I answer to now.").join(' | ')).not.toMatch(/Sarah/);
    expect(said("I'm under a lot of pressure at work").join(' | ')).not.toMatch(/manager/);
  });

  it('a new manager named by a longer title, without "my"', () => {
    const held: Held[] = [{ id: 'b0', key: 'user.manager', statement: "The user's manager is Dario", active: true }];
    const { beliefs } = extractBeliefs([{ role: 'user', content: 'the new night shift manager is Wanjiru, very calm' }], { held });
    expect(beliefs).toContainEqual(expect.objectContaining({ key: 'user.manager', statement: "The user's manager is Wanjiru" }));
  });

  it('a place is never the "he" when no person opened the clause', () => {
    const held: Held[] = [{ id: 'b0', key: 'user.manager', statement: "The user's manager is Dario", active: true }];
    const { beliefs } = extractBeliefs([{ role: 'user', content: 'Hamid-san flew in from Rotterdam, he is my boss again.' }], { held });
    expect(beliefs.map((b) => b.statement).join(' | ')).not.toMatch(/Rotterdam/);
  });
});
