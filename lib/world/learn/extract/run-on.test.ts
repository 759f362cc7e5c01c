import { beforeAll, describe, expect, it } from 'vitest';
import { punctuated } from './run-on.ts';
import { loadTagger } from './tagger.ts';
import { learned } from '../../../../test/support/learned.ts';

beforeAll(loadTagger);

describe('a message typed or dictated without sentence ends', () => {
  it.each([
    [
      'hey so im tomas i work as a plumber in ghent and ive got two dogs called pim and lola could you help me write an invoice for a boiler repair',
      'hey so im tomas. i work as a plumber in ghent. and ive got two dogs called pim and lola. could you help me write an invoice for a boiler repair',
    ],
    [
      'quick one my name is ines i teach maths at a secondary school in braga and on sundays i play five a side with friends any tips for warming up',
      'quick one. my name is ines. i teach maths at a secondary school in braga. and on sundays i play five a side with friends. any tips for warming up',
    ],
  ])('gets its sentence ends back: %s', (said, read) => {
    expect(punctuated(said)).toBe(read);
  });

  it.each([
    // The consequence of a condition, and what was so at a past time, stay with the clause that frames them.
    'if i get the transfer we will move to lyon next spring and my wife is thrilled about the schools there honestly',
    'when i was a student we lived in porto for three years and the food there was the best thing about the whole course',
    // Reported speech: what someone told the user stays theirs.
    'my sister told me i should move to bristol because the rents are so much lower there than anywhere up north',
  ])('keeps a clause with what frames it: %s', (said) => {
    const read = punctuated(said);
    expect(read.split('. ')[0]).toMatch(/\b(?:we will|we lived|i should)\b/);
  });

  it('leaves a punctuated message as it was written, even with one long sentence', () => {
    const said =
      'I live in Ghent. My neighbour who works at the hospital down the road told me that the new ward will open in the spring of next year with two hundred beds.';
    expect(punctuated(said)).toBe(said);
  });

  it('learns the facts of a run-on introduction as it would from punctuated sentences', () => {
    const all = learned(
      'hi there my name is ines i teach maths at a secondary school in braga im vegetarian and i have a cat called miso can you suggest a quick dinner for tonight',
    ).join('\n');
    expect(all).toContain('[user.name]');
    expect(all).toMatch(/vegetarian \[user\.diet\]/);
    expect(all).toMatch(/Miso.*\[user\.pet\.miso\]/i);
  });

  it('learns no home from a run-on past or a condition', () => {
    for (const said of [
      'when i was a student we lived in porto for three years and i still miss the food there can you suggest a recipe that works in a small oven',
      'if i get the transfer we will move to lyon next spring and honestly my wife is thrilled about it what should we look for in a school',
    ]) {
      expect(learned(said).join()).not.toMatch(/Porto|Lyon/i);
    }
  });
});
