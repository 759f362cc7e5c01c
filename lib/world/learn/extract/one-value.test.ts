import { beforeAll, describe, expect, it } from 'vitest';
import { heldPairs, read } from '../../../../test/support/reading.ts';
import { saidKind } from './one-value.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('saidKind: the one-value kind a statement says, by its words', () => {
  it.each([
    ['The user has called Leeds home since 2019', 'home', 'Leeds'],
    ['The user is based in Nairobi', 'home', 'Nairobi'],
    ['The user has been working for Atos', 'employer', 'Atos'],
    ["The user's line manager is Gwen", 'manager', 'Gwen'],
    ['The user reports to Raj', 'manager', 'Raj'],
    ["The user's girlfriend is Noor", 'partner', 'Noor'],
    ['The user is on the Mediterranean diet', 'diet', 'Mediterranean diet'],
    ["The user's fave band rn is Idles", 'favorite.band', 'Idles'],
    ["Spirited Away is the user's all-time favourite film", 'favorite.film', 'Spirited Away'],
    ["A flat white is the user's coffee order", 'favorite.coffee', 'A flat white'],
    ["The user's usual coffee order is an oat latte", 'favorite.coffee', 'an oat latte'],
  ])('%s', (statement, kind, value) => {
    expect(saidKind(statement)).toMatchObject({ kind, value });
  });

  it.each(['The user calls their mum on Sundays', 'The user lives with two flatmates', "The user's brother lives in York", 'The user plays the cello'])(
    '%s is of no one-value kind',
    (statement) => {
      expect(saidKind(statement)).toBeUndefined();
    },
  );
});

describe('a new value of a one-value kind ends the old one, whatever key it was learned under', () => {
  it.each([
    ['I live in Sheffield now.', ['The user has called Leeds home since 2019', 'user.call.leeds_home'], 'user.location'],
    ['My favourite band is Fontaines D.C.', ["The user's fave band rn is Idles", 'user.fave_band_rn'], 'user.favorite.band'],
    ["I'm vegan.", ['The user is on the Mediterranean diet', 'user.consultant.move.diet'], 'user.diet'],
    ['I work at Capgemini these days.', ['The user works for Atos', 'user.work.atos'], 'user.employer'],
    ['My manager is Oskar.', ["The user's line manager is Gwen", null], 'user.manager'],
  ] as [string, [string, string | null], string][])('%s', (said, old, key) => {
    const found = read(said, heldPairs(old));
    expect(found.retract).toEqual([{ key: old[1] ?? '', id: 'b0' }]);
    expect(found.beliefs.map((b) => b.key)).toContain(key);
  });

  it('beliefs of the kind about someone else, or the same value said again, stay', () => {
    const held = heldPairs(
      ["The user's sister lives in Derby", 'user.family.sister.location'],
      ["The user's husband is Marco", 'user.family.husband.marco'],
      ["Alien is the user's favourite film", 'user.fave_film'],
      ['The user has a dog called Rufus', 'user.pet.rufus'],
    );
    for (const said of [
      'I live in Kent.',
      'My husband Marco is a pilot.',
      'My favourite film is still Alien.',
      'My boss is really supportive.',
      'We got a cat called Miso.',
    ])
      expect(read(said, held).retract).toEqual([]);
  });

  it('a favourite said under another key is put under the catalogue’s, so the next change finds it', () => {
    const found = read('Spirited Away is my favourite film.', []);
    expect(found.beliefs.map((b) => b.key)).toContain('user.favorite.film');
  });
});

describe('a home or employer held inside a longer statement is a value of its kind', () => {
  it.each([
    ['I work from our flat in Ghent most days and the wifi is awful', 'user.location', 'The user lives in Ghent'],
    ['Been living out in Cork since the kids were born', 'user.location', 'The user lives in Cork'],
    ['still stuck in Ulaanbaatar, send help', 'user.location', 'The user lives in Ulaanbaatar'],
    ["hi it's me again, still stuck in Gdynia with the rain", 'user.location', 'The user lives in Gdynia'],
    ['I start Monday at Ubisoft Montréal, same kind of QA job', 'user.employer', 'The user works at Ubisoft Montréal'],
    // Work said by its trade's verb, or by the turns the user works there.
    ['I lecture at Brunel most terms', 'user.employer', 'The user works at Brunel'],
    ['These days I stack shelves at Aldi', 'user.employer', 'The user works at Aldi'],
    ["I'm on nights at Ninewells again", 'user.employer', 'The user works at Ninewells'],
    ['I do two long shifts a week at Morrisons', 'user.employer', 'The user works at Morrisons'],
    // One branch of a chain; a home named after "back home in".
    ["I'm an optician at a Specsavers in Bury", 'user.employer', 'The user works at Specsavers'],
    ['I manage the deli counter at an Asda near Hull', 'user.employer', 'The user works at Asda'],
    ['we are back home in Nantes, same flat even', 'user.location', 'The user lives in Nantes'],
    // Where the user is, with the way there; a place said to be home; a dwelling's "'s".
    ["I'm down in Hastings these days", 'user.location', 'The user lives in Hastings'],
    ["Porto's home for me", 'user.location', 'The user lives in Porto'],
    ["our house's in Headingley", 'user.location', 'The user lives in Headingley'],
    // A title written with a capital, then the workplace and its town.
    ["I'm Oberärztin at Klinikum Nord in Bremen", 'user.employer', 'The user works at Klinikum Nord'],
    ["I'm Oberärztin at Klinikum Nord in Bremen", 'user.location', 'The user lives in Bremen'],
  ])('%s is learned under the kind’s key too', (said, key, statement) => {
    expect(read(said, []).beliefs).toContainEqual(expect.objectContaining({ key, statement }));
  });

  it('stuck in something that is no named place says nothing', () => {
    expect(read('still stuck in traffic', []).beliefs).toEqual([]);
  });

  it('a visit, a garden or a saying is no home', () => {
    for (const said of ["I'm up in Inverness for a wedding", "I'm out in the garden", 'Home is where the heart is'])
      expect(read(said, []).beliefs.map((b) => b.key)).not.toContain('user.location');
  });

  it('a shop the user buys at, a stay, or a volunteer post is no employer', () => {
    for (const said of ['I shop at Aldi most weeks', 'We spent two nights at the Balmoral', 'I volunteer at Oxfam on Saturdays'])
      expect(read(said, []).beliefs.map((b) => b.key)).not.toContain('user.employer');
  });

  it('a move ends a belief that holds the old home under another key; one about someone else, or keyed as an employer, stays', () => {
    const held = heldPairs(
      ['The user is fully remote from their house in Arusha', 'user.be.house'],
      ["The user's sister lives in Arusha", 'user.family.sister.location'],
      ['The user works at Acme from their house in Arusha', 'user.employer'],
    );
    const found = read('We live in Moshi now.', held);
    expect(found.retract).toEqual([{ key: 'user.be.house', id: 'b0' }]);
  });

  it('a new employer ends a belief that holds the old one under another key', () => {
    const found = read('I work at Halden Bank these days.', heldPairs(['The user signed with Kestrel Analytics', null]));
    expect(found.retract).toEqual([{ key: '', id: 'b0' }]);
  });
});
