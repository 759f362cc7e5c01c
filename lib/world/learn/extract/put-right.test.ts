import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a value the user puts right', () => {
  const life = holding(
    'The user lives in Lisbon [user.location]',
    'The user has a dog named Rex [user.pet.rex]',
    'The user has a cat named Tofu [user.pet.tofu]',
    'The user works at Monzo [user.employer]',
  );

  it.each([
    ['No, I said Porto, not Lisbon.', 'The user lives in Porto [user.location]', 'The user lives in Lisbon'],
    ["It's Porto, not Lisbon.", 'The user lives in Porto [user.location]', 'The user lives in Lisbon'],
    ["my dog's called Max, not Rex", 'The user has a dog named Max [user.pet.max]', 'The user has a dog named Rex'],
    ['sorry, I said Max, not Rex!', 'The user has a dog named Max [user.pet.max]', 'The user has a dog named Rex'],
  ])('%s', (said, now, wrong) => {
    expect(learned(said, life)).toEqual([now]);
    expect(ended(said, life)).toEqual([wrong]);
  });

  it.each(['Sorry, I meant Porto.', 'My sister said Porto, not Lisbon.', "I'd love to live in Porto, not Lisbon.", 'I went to Paris, not Lisbon.'])(
    'ends nothing when no value is put right: %s',
    (said) => {
      expect(ended(said, life)).toEqual([]);
      expect(learned(said, life).filter((b) => /Porto|Max/.test(b))).toEqual([]);
    },
  );
});

describe('a value asked back, then the one meant', () => {
  const trip = holding('The user is planning a family trip to Lisbon in October [user.plan.family_trip]');
  it.each(['wait did i say lisbon? i meant porto. flights into porto are way cheaper', 'Did I say Lisbon?? Sorry, I meant Porto.'])('%s', (said) => {
    expect(learned(said, trip)).toEqual(['The user is planning a family trip to Porto in October [user.plan.family_trip]']);
    expect(ended(said, trip)).toEqual(['The user is planning a family trip to Lisbon in October']);
  });

  it('a question asked back alone changes nothing', () => {
    expect(ended('did i say lisbon? flights are cheap there', trip)).toEqual([]);
  });
});
