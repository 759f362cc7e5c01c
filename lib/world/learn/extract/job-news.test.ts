import { beforeAll, describe, expect, it } from 'vitest';
import { heldPairs } from '../../../../test/support/reading.ts';
import { extractBeliefs } from '../extractor.ts';
import { startedAt } from './job-news.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('startedAt: a new job told as news of its first days', () => {
  it.each([
    ['Second day at Ostrava Metals, everyone is friendly', 'Ostrava Metals'],
    ['survived my first month at Pinecrest Dental', 'Pinecrest Dental'],
    ['first shift at Gullane Bakery tomorrow was moved', undefined],
    ['ok so induction at Tarn Utilities took all day', 'Tarn Utilities'],
    ['my new teammates at Wrenfield Bank are great', 'Wrenfield Bank'],
    ['day 4 at Holloway Labs and the coffee is bad', 'Holloway Labs'],
  ])('%s', (clause, name) => {
    expect(startedAt(clause)?.to).toBe(name);
  });

  it('reads a name said after the clause that named the workplace in common words', () => {
    expect(startedAt('Cobalt Mills', 'first week at the new place —')).toMatchObject({ to: 'Cobalt Mills', role: 'org' });
  });

  it.each([
    "my cousin's first week at Pinecrest Dental",
    'first day at Pinecrest Dental next monday',
    'day 2 at Legoland and the kids are wild',
    'our first week at the gym',
    'the new office at Wrenfield Bank is shiny',
    'first week at Berlin was fun',
  ])('%s says no new job', (clause) => {
    expect(startedAt(clause)).toBeNull();
  });
});

describe('news of a new job ends the employer held', () => {
  it.each([
    ['Day 2 at Marlow Analytics and I already miss my old desk', 'Marlow Analytics'],
    ['first week at the new gig — Fenwick Foods. exhausted', 'Fenwick Foods'],
    ['finished my first sprint at Larkspur Games', 'Larkspur Games'],
  ])('%s', (content, name) => {
    const held = heldPairs(['The user works at Brightwave', 'user.employer']);
    const { beliefs, retract } = extractBeliefs([{ role: 'user', content }], { held });
    expect(retract).toContainEqual(expect.objectContaining({ id: 'b0' }));
    expect(beliefs).toContainEqual(expect.objectContaining({ key: 'user.employer', statement: `The user works at ${name}` }));
  });
});
