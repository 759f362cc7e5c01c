import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('home said through what is near it', () => {
  it.each([
    ['The gym near me in Rathmines keeps changing its hours, can you plan me a routine?', 'Rathmines'],
    ['Our eldest walks to the school five minutes from us in Didcot, any tips for a packed lunch?', 'Didcot'],
    ['The buses from Fallowfield, just by where we live, never come on time. Help me write to the operator?', 'Fallowfield'],
    ["It's been roasting at ours in Wagga all week, what can I cook without the oven?", 'Wagga'],
    ['The pub on our street just off Leith Walk has a quiz on Thursdays, give me some practice questions.', 'Leith Walk'],
    ['De bakery next to we house in Speyside does bake fresh every morning, how I could make coconut bread?', 'Speyside'],
    ['The church beside our compound in Ikeja has a vigil tonight, help me write a note about the noise.', 'Ikeja'],
  ])('%s', (said, place) => {
    expect(learned(said)).toContain(`The user lives in ${place} [user.location]`);
  });

  it.each([
    ["My sister's flat near the park in Leith is lovely, what should I bring her?", 'Leith'],
    ['The hotel near us in Paris was awful last week, help me write a review.', 'Paris'],
    ['When we lived near the beach in Cairns the summers were brutal.', 'Cairns'],
    ["My parents' street just off Princes Road in Toxteth is being dug up again.", 'Toxteth'],
    ['The woman next to me in Pilates talked the whole class, how do I ask her to stop?', 'Pilates'],
    ['The man behind me in Tesco was rude, help me write a complaint.', 'Tesco'],
  ])('a place near someone else, a stay or a past home is no home: %s', (said, place) => {
    expect(learned(said).filter((b) => b.startsWith('The user lives in'))).not.toContain(`The user lives in ${place} [user.location]`);
  });
});
