import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const keysOf = (turn: string) => learned(turn).map((b) => /\[(.+)\]$/.exec(b)?.[1]);

describe('children counted, then named', () => {
  it('"two wee ones", each with an age said after the name', () => {
    expect(keysOf("We've got two wee ones, Manaia who's 6 and Kiri who's 3, plus a big dopey labrador called Tui.")).toEqual(
      expect.arrayContaining(['user.child.manaia', 'user.child.kiri', 'user.pet.tui']),
    );
  });

  it('"one grown son", named between commas', () => {
    expect(learned("I'm divorced, one grown son, Caleb, who's in the Navy.")).toContain('The user has a kid called Caleb [user.child.caleb]');
    expect(keysOf('one son, thank god, and two dogs').filter((k) => k?.startsWith('user.child.'))).toEqual([]);
  });
});

describe('what the user does, with why or when said around it', () => {
  it.each([
    ['To relax I play oware, and my favourite dish is light soup with fufu.', 'user.hobby.oware'],
    ['To unwind, we go sea kayaking.', 'user.hobby.sea_kayaking'],
    ["I quilt when I can't sleep.", 'user.hobby.quilting'],
    ['hobbies: ballet classes when i am not flying, and i learn korean on Duolingo.', 'user.hobby.ballet_classes'],
  ])('%s', (turn, key) => {
    expect(keysOf(turn)).toContain(key);
  });

  it('a band left, with the reason after a comma, ends what the user played in it', () => {
    const held = holding('The user plays bass in a cumbia band on weekends [user.instrument.bass]');
    expect(ended('Also I left the cumbia band, with the new schedule I could never make it to rehearsals.', held)).toEqual([
      'The user plays bass in a cumbia band on weekends',
    ]);
  });
});

describe('introductions', () => {
  it('a sentence of its own after "name, age." is read as one', () => {
    expect(learned('Gwen, 61. Large-animal vet with Ystwyth Vets, just outside Aberystwyth. Mostly sheep and dairy.')).toEqual(
      expect.arrayContaining([
        "The user's name is Gwen [user.name]",
        'The user is a large-animal vet [user.occupation]',
        'The user works at Ystwyth Vets [user.employer]',
      ]),
    );
  });

  it('a town at the end of that sentence is still where the user lives', () => {
    expect(learned('Tomás. 38. Data lead at Quillo, Porto.')).toContain('The user lives in Porto [user.location]');
  });

  it('a greeting in another language, a name and an age before "from", in lower case with a name in capitals after', () => {
    expect(learned('bula, im ravi 24 from suva, work as a teller at ANZ on victoria parade')).toEqual(
      expect.arrayContaining(["The user's name is Ravi [user.name]", 'The user is 24 years old [user.age]', 'The user is from Suva [user.origin]']),
    );
    expect(learned("kia ora, I'm Aroha from Rotorua")).toContain("The user's name is Aroha [user.name]");
  });

  it('an animal\'s name given as "the name is"', () => {
    expect(keysOf('My wife is Bożena, and we have old cat, the name is Kiełbasa.')).toEqual(expect.arrayContaining(['user.partner', 'user.pet.kie_basa']));
  });
});

describe('homes and tastes', () => {
  it('a place bought and moved into is the home; where the user stays for now is not', () => {
    const said = learned(
      "Big change — we've bought a little place in Taupō! Moved in on the weekend, still living out of boxes. I'm staying at Te Puna for now, the drive's a killer tho.",
    );
    expect(said).toContain('The user lives in Taupō [user.location]');
    expect(said.join()).not.toContain('Te Puna');
    expect(learned("We had to leave, staying in Angers at my aunt's place for now")).toContain('The user lives in Angers [user.location]');
  });

  it('a favourite food replaces a favourite dish, a film a movie', () => {
    expect(ended('my favourite food is now waakye', holding("The user's favorite dish is light soup with fufu [user.favorite.dish]"))).toEqual([
      "The user's favorite dish is light soup with fufu",
    ]);
    expect(ended('my favourite film is Heat now', holding("The user's favorite movie is Alien [user.favorite.movie]"))).toEqual([
      "The user's favorite movie is Alien",
    ]);
  });
});

describe('what a turn does not say', () => {
  it('"Practice has finally binned VetPro": who binned it is not what ended', () => {
    const held = holding("The user's practice manager is Siân [user.manager]", 'The user uses VetPro [user.tool.vetpro]');
    expect(ended("Practice has finally binned VetPro. We're on Covetrus Pulse now.", held)).toEqual(['The user uses VetPro']);
  });

  it('"at the branch" names a site of the employer, not the employer', () => {
    const held = holding('The user works at ANZ on Victoria Parade [user.employer]');
    const turn = 'got promoted!! im customer service supervisor at the branch now';
    expect(learned(turn, held)).toEqual(['The user is a customer service supervisor [user.occupation]']);
    expect(ended(turn, held)).toEqual([]);
  });

  it('an item that weighs one thing against another is no description of the user', () => {
    expect(learned('i am pescatarian, fish ok but meat no, sorry to my grandma')).toEqual(['The user is pescatarian [user.diet]']);
  });
});

describe('pets and bosses said in other words', () => {
  it('an animal adopted "this weekend", told in the past, is a pet, not a plan', () => {
    expect(keysOf('I adopted a senior beagle named Rosie from the shelter this weekend.')).toEqual(['user.pet.beagle']);
  });

  it('"a pet called Biscuit", and pets listed under "Critters:", are pets by their names', () => {
    expect(keysOf('I have a pet called Biscuit.')).toEqual(['user.pet.biscuit']);
    expect(keysOf('Critters: two cats, Biscuit and Gravy, plus a rescue bearded dragon named Spike.')).toEqual(
      expect.arrayContaining(['user.pet.biscuit', 'user.pet.gravy', 'user.pet.spike']),
    );
    expect(keysOf('I have a pet peeve called Mondays.')).not.toContain('user.pet.mondays');
  });

  it('"our new operations director is Mr. Nii Lartey" is whom the user answers to; a film\'s director is no one\'s', () => {
    expect(learned('Our new operations director is Mr. Nii Lartey; he started on Monday.')).toEqual(["The user's manager is Mr Nii Lartey [user.manager]"]);
    expect(keysOf('The director is Christopher Nolan, which is why I want to see it.')).not.toContain('user.manager');
  });
});

describe('said in passing', () => {
  it('what the user found out about themselves is what they are', () => {
    expect(keysOf("So I found out the hard way I'm allergic to bee stings too — got stung weeding.")).toContain('user.allergy.bee_stings');
  });

  it('a favourite with its value straight after, without "is"', () => {
    expect(learned('favourite band Radiohead, favourite film Heat')).toEqual([
      "The user's favorite band is Radiohead [user.favorite.band]",
      "The user's favorite film is Heat [user.favorite.film]",
    ]);
    expect(keysOf('fav food goat curry w roti. also allergic to peanuts')).toEqual(['user.favorite.food', 'user.allergy.peanuts']);
  });
});

describe('places spelled beyond ASCII, and said after the fact', () => {
  it('a town ending in "-ður" is no "ur" (your) addressed to the assistant', () => {
    expect(learned('I live in Hafnarfjörður with my wife Katla.')).toContain('The user lives in Hafnarfjörður [user.location]');
    expect(learned('thanks for ur help, I live in Leeds')).toEqual(['The user lives in Leeds [user.location]']);
  });

  it('"… behind Rotorua where we live" says where the user lives', () => {
    expect(keysOf('I keep bees, mostly up in the hills behind Rotorua where we live.')).toContain('user.location');
    expect(keysOf('We went to Paris where we lived in 2010.')).not.toContain('user.location');
  });
});
