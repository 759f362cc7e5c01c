import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { plainRegister } from './register.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('news typed the way chat is typed: no apostrophes, no capitals, idioms', () => {
  const life = holding('The user lives in Ballincollig [user.location]', 'The user is dating Jarrah [user.partner]');

  it('reads "were" with no subject before it as "we\'re", and leaves a question or a subject\'s "were" alone', () => {
    expect(plainRegister('were in galway now', 1)).toBe("we're in Galway now");
    expect(plainRegister('so were back in cork', 1)).toBe("so we're back in Cork");
    expect(plainRegister('Were you in Galway?', 1)).toBe('Were you in Galway?');
    expect(plainRegister('so were they', 1)).toBe('so were they');
    expect(plainRegister('the kids were in bed', 1)).toBe('the kids were in bed');
  });

  it.each([
    ['were in galway now, renting a place out in salthill', 'The user lives in Galway [user.location]'],
    ['galway didnt work out so were back in ballincollig', 'The user lives in Ballincollig [user.location]'],
  ])('a home said in lower case with no apostrophe: %s', (said, now) => {
    expect(learned(said, life)).toContain(now);
  });

  it('a couple who "called it quits" broke up; "it" names no pet', () => {
    expect(ended('Jarrah and I called it quits last week. All good, just feeling a bit flat.', life)).toEqual(['The user is dating Jarrah']);
    expect(learned('We got a kitten. We called it Biscuit.', life)).toEqual(['The user got a kitten named Biscuit [user.pet.biscuit]']);
  });

  it('"from this month onwards" is when, and leaves the role whole', () => {
    const job = holding('The user is a business analyst at Infosys [user.occupation]');
    expect(learned('Good news, I got promoted! I am Senior Business Analyst from this month onwards.', job)).toEqual([
      'The user is a Senior Business Analyst [user.occupation]',
    ]);
  });

  it.each([
    ["We've added a grey parrot to the house, the children named him Ojo.", 'The user got a parrot named Ojo [user.pet.ojo]'],
    ['We welcomed a puppy into the family last week. The children named her Bisi.', 'The user got a puppy named Bisi [user.pet.bisi]'],
  ])('a pet added to the household and named by the children: %s', (said, pet) => {
    expect(learned(said, life)).toEqual([pet]);
  });
});

describe('a new coffee order ends the old one, however either was said', () => {
  const order = holding("A flat white is the user's coffee order [user.coffee_order]");
  it.each(['My coffee order is a long black now', 'Long black is my favourite coffee now'])('%s', (said) => {
    expect(ended(said, order)).toEqual(["A flat white is the user's coffee order"]);
  });
});

describe('chat shorthand and particles', () => {
  it('"wknds" is weekends, and a sentence with no subject still says what the user does', () => {
    expect(learned("play guitar in a pub band on wknds. kombucha's my drink atm.")).toContain(
      'The user plays guitar in a pub band on weekends [user.instrument.guitar]',
    );
  });

  it('a particle at the end of a clause ("sha") leaves what was said standing', () => {
    const piano = holding('The user plays the piano a bit [user.hobby.piano_a_bit]');
    expect(ended("I've abandoned the piano sha, no time again 😅 I'm learning the talking drum instead!", piano)).toEqual(['The user plays the piano a bit']);
  });
});

describe('Scots and northern English: "ma" for "my", "ah" for "I"', () => {
  it.each([
    ['Ma wee collie Bess has been off her food, what can ah dae?', 'The user has a collie called Bess [user.pet.bess]'],
    ['Ma other half Fraser has his birthday next week.', "The user's other half is named Fraser [user.partner]"],
    ["Ah'm daein the Great Glen Way in June wi ma pals.", 'The user is doing the Great Glen Way with their pals [user.plan.great_glen_way]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    [
      'Me mam Nora and me da Liam are coming up for the weekend.',
      ["The user's mam is named Nora [user.family.mam.nora]", "The user's dad is named Liam [user.family.dad.liam]"],
    ],
    ['Me blue heeler Dusty reckons she owns the ute.', ['The user has a heeler called Dusty [user.pet.dusty]']],
    ['Me nan, Dot, reckons she can still beat me at cards.', ["The user's nan is named Dot [user.family.nan.dot]"]],
  ])('"me" before someone of the user\'s is "my": %s', (said, beliefs) => {
    expect(learned(said)).toEqual(expect.arrayContaining(beliefs));
  });

  it('"my da" is the user\'s dad; "da" alone is chat\'s "the", no one else', () => {
    expect(plainRegister("My da's retiring next year.", 1)).toBe("My dad's retiring next year.");
    expect(learned('moved to da new flat in Leeds').filter((b) => b.endsWith('[user.location]'))).toHaveLength(1);
  });

  it('"me" after a verb is the user as its object', () => {
    expect(plainRegister('3 months in and they made me service manager', 1)).toBe('3 months in and they made me service manager');
  });

  it('"ma" as a mother is left as said', () => {
    expect(plainRegister("Ma's coming round later.", 1)).toBe("Ma's coming round later.");
    expect(plainRegister('My ma and da live in Paisley.', 1)).toBe('My ma and da live in Paisley.');
  });
});

describe('a name said with the "\'s" of what follows it', () => {
  it.each([
    ["My other half Gordon's birthday is coming up.", "The user's other half is named Gordon [user.partner]"],
    ["My dog Rex's bowl is cracked, any good ones?", 'The user has a dog called Rex [user.pet.rex]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });
});

describe('a trip said without its "I\'m", or as a stay to come', () => {
  it.each([
    ['Off to Lombok in a fortnight with the boys. What jabs do I need?', '[user.plan.lombok]'],
    ['Going Penang next week for holiday lah, got recommend food?', '[user.plan.penang]'],
    ["Instead we're doing a week in the Algarve in late May with the kids.", '[user.plan.algarve]'],
    ["I'm spending ten days in Crete in June.", '[user.plan.crete]'],
  ])('%s', (said, key) => {
    expect(learned(said).filter((b) => b.endsWith(key))).toHaveLength(1);
  });

  it.each(['Going Dutch on dinner tonight.', 'I spent a week in Crete in June.'])('no trip to come: %s', (said) => {
    expect(learned(said).filter((b) => b.includes('[user.plan.'))).toEqual([]);
  });
});

describe('whom the user had, and whole names', () => {
  it.each(['My first wife Sharon used to say the same.', 'My late wife Margaret always did the Christmas cake.'])('no partner now: %s', (said) => {
    expect(learned(said).filter((b) => b.endsWith('[user.partner]'))).toEqual([]);
  });

  it.each([
    ['My wife Mei Ling says I work too much.', "The user's wife is named Mei Ling [user.partner]"],
    ['Gift for my son Leo, Christmas is soon.', "The user's son is named Leo [user.child.leo]"],
    ['Ask my boss Karen Smith for leave.', "The user's manager is Karen Smith [user.manager]"],
    ["He left in March and now I report to someone called Greta who I've met twice.", "The user's manager is Greta [user.manager]"],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('a day after a name is no part of it', () => {
    expect(learned('I told my wife Sofia Thursday works.')).toContain("The user's wife is named Sofia [user.partner]");
  });
});
