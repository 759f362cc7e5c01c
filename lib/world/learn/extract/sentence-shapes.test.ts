import { beforeAll, describe, expect, it } from 'vitest';
import { extractBeliefs } from '../extractor.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const learned = (content: string) => extractBeliefs([{ role: 'user', content }]).beliefs.map((b) => `${b.statement} [${b.key}]`);

describe('a fact said in the shape of something else', () => {
  it.each([
    ['Since I moved to Leeds I’ve been cycling more.', 'The user lives in Leeds [user.location]'],
    ['Ever since I started at Google I’ve had no time.', 'The user works at Google [user.employer]'],
    ['As a nurse at St James, I work weekends.', 'The user is a nurse [user.occupation]'],
    ['As a teacher I get long holidays.', 'The user is a teacher [user.occupation]'],
    ['I live in Leeds so can you recommend a good curry house?', 'The user lives in Leeds [user.location]'],
    ['PS I’m allergic to nuts.', 'The user is allergic to nuts [user.allergy.nuts]'],
    ['ps im vegan', 'The user is vegan [user.diet]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it.each([
    ['Since I was a kid I’ve loved horses.', /\bkid\b/],
    ['As a mum I worry.', /\bmum\b/],
    ['Is it true I live in Leeds so can you check?', /\bLeeds\b/],
    ['If I move to Leeds so can you help?', /\bLeeds\b/],
  ])('%s says no such fact', (turn, value) => {
    expect(learned(turn).filter((b) => value.test(b))).toEqual([]);
  });
});
