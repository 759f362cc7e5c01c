import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a change told by what happened, not by a verb of changing', () => {
  const life = holding(
    'The user works at Redgum Camp Services [user.employer]',
    'The user plays badminton [user.hobby.badminton]',
    'The user dances with a folk ensemble [user.hobby.dance]',
    'The user has a sister named Sarah [user.family.sister.sarah]',
  );

  it.each([
    ['Tuesday was my last swing with Redgum.', 'The user works at Redgum Camp Services'],
    ['soooo tues was my last swing w redgum, they gave me a card n a slab lol', 'The user works at Redgum Camp Services'],
    ['Friday was my last shift at Redgum.', 'The user works at Redgum Camp Services'],
    ['Played my last game of badminton on Sunday.', 'The user plays badminton'],
    ['saturday was my last show with the ensemble', 'The user dances with a folk ensemble'],
  ])('the last of something ends where it was done: %s', (said, gone) => expect(ended(said, life)).toEqual([gone]));

  it("a new boss said after the last shift takes the manager's place, not the employer's", () => {
    const said = 'so saturday was my last service at la nacional and monday i start as sous chef at the fiesta americana my new boss is chef ramon';
    const work = holding('The user works at La Nacional [user.employer]');
    expect(learned(said, work)).toContain("The user's manager is Chef ramon [user.manager]");
    expect(ended(said, work)).toEqual(['The user works at La Nacional']);
  });

  it('ends nothing with whom the user only did something for the last time', () => {
    expect(ended('Had my last chat with Sarah before she flew out.', life)).toEqual([]);
    expect(ended('did my last shift at redgum go ok?', life)).toEqual([]);
  });

  const home = holding('The user lives in Klaksvík [user.location]');
  it.each([
    'We sold our house in Klaksvík.',
    'The new people already have the keys to our old house in Klaksvík.',
    'I returned the keys of the Klaksvík flat to the landlord.',
    'The Klaksvík house settled on Friday.',
  ])('a home given up is left: %s', (said) => expect(ended(said, home)).toEqual(['The user lives in Klaksvík']));

  it('a first night in a flat in a place is a move there; a first night on holiday is not', () => {
    const said = 'The last boxes went through the tunnels yesterday, and tonight we sleep for the first time in the flat in Tórshavn.';
    expect(learned(said, home)).toEqual(['The user lives in a flat in Tórshavn [user.location]']);
    expect(ended(said, home)).toEqual(['The user lives in Klaksvík']);
    expect(learned('Spent our first night in the new place in Tórshavn.', home)).toEqual(['The user lives in Tórshavn [user.location]']);
    expect(learned('Our first night in the cabin in Norway was magic.', home)).not.toContain('The user lives in Norway [user.location]');
    expect(learned('First night in the apartment in Lisbon on our honeymoon', home)).toEqual([]);
  });

  const pets = holding('The user has a dog named Kópur [user.pet.kopur]', 'The user has a budgie named Percy [user.pet.percy]');
  it.each([
    ['Sad news from us. Kópur did not wake up on Sunday morning, he was fourteen.', 'The user has a dog named Kópur'],
    ["I'm afraid Percy has gone.", 'The user has a budgie named Percy'],
  ])('a pet that died is gone: %s', (said, gone) => expect(ended(said, pets)).toEqual([gone]));
  it('a user who did not wake up ends no pet', () => expect(ended("I didn't wake up until noon.", pets)).toEqual([]));

  const drinks = holding('The user drinks black coffee [user.drink.coffee]');
  it('off something for life ends it and learns no new thing called life', () => {
    expect(ended("I'm off coffee for life.", drinks)).toEqual(['The user drinks black coffee']);
    expect(learned("I'm off coffee for life.", drinks)).toEqual([]);
  });
  it('"only X for me now" is the new one', () => {
    expect(learned("Now it's only green tea for me.", drinks)).toEqual(['The user drinks green tea [user.drink.green_tea]']);
    expect(ended("Now it's only green tea for me.", drinks)).toEqual(['The user drinks black coffee']);
  });
});

describe('a terse introduction', () => {
  it('reads a job, then the workplace and its place, and "home\'s"', () => {
    expect(learned("Tom. Head chef, Saltbush in Fitzroy. Home's Brunswick.")).toEqual([
      "The user's name is Tom [user.name]",
      'The user is a Head chef [user.occupation]',
      'The user works at Saltbush in Fitzroy [user.employer]',
      'The user lives in Brunswick [user.location]',
    ]);
    expect(learned('Electrician, Sparkwise in Hobart.')).toEqual([
      'The user is an electrician [user.occupation]',
      'The user works at Sparkwise [user.employer]',
      'The user lives in Hobart [user.location]',
    ]);
    expect(learned("Home's where the heart is.")).toEqual([]);
    expect(learned('carer, nights, Balgay Court care home.')).toEqual([
      'The user is a carer [user.occupation]',
      'The user works at Balgay Court care home [user.employer]',
    ]);
  });
});

describe('where the user starts work, written in lower case', () => {
  it('is a name where the tagger knows no such word, never a common noun or a school', () => {
    expect(learned('on monday i start at the fiesta americana as sous chef')).toContain('The user works at Fiesta Americana [user.employer]');
    expect(learned('next week i fly out, signed on w spinifex hospitality')).toContain('The user works at Spinifex Hospitality [user.employer]');
    expect(learned('i start at uni in september').join()).not.toMatch(/user\.employer/);
    expect(learned('i work at the hospital')).toEqual(['The user works at the hospital [user.employer]']);
  });
});

describe('more changes told by what happened', () => {
  const held = holding(
    'The user works at Bright Smiles [user.employer]',
    'The user lives in Swindon [user.location]',
    'The user runs on iced oat milk lattes [user.drink.oat_milk]',
    "The user's boyfriend is Tyler [user.partner]",
    'The user is Pescatarian [user.diet]',
    'The user drinks filter coffee [user.drink.filter_coffee]',
  );
  it.each([
    ['said bye to everyone at Bright Smiles friday 🥲🎈', 'The user works at Bright Smiles'],
    ['Keys back to the Swindon landlord.', 'The user lives in Swindon'],
    ['plot twist 🌀 oat lattes make me feel kinda gross now 🤢', 'The user runs on iced oat milk lattes'],
    ['so… Tyler packed up his stuff sunday 📦💔 we’re done done.', "The user's boyfriend is Tyler"],
  ])('%s', (said, gone) => expect(ended(said, held)).toEqual([gone]));

  it.each([
    ['Fish off my plate now too. Straight vego.', 'The user is vego [user.diet]'],
    ['so I’m a matcha girl 🍵 full stop', 'The user is a matcha girl [user.drink.matcha]'],
  ])('%s', (said, belief) => expect(learned(said, held)).toContain(belief));

  it('"these days only X" is the new one; a first shift somewhere in lower case is the employer', () => {
    const coffee = holding('The user drinks filter coffee [user.drink.filter_coffee]');
    const said = 'Doctor said coffee is increasing my BP 😣 so these days only green tea 🍵 in the morning';
    expect(learned(said, coffee)).toEqual(['The user drinks green tea [user.drink.green_tea]']);
    expect(ended(said, coffee)).toEqual(['The user drinks filter coffee']);
    expect(learned('first shift at matchstick coffee on main was today')).toEqual(['The user works at matchstick coffee [user.employer]']);
  });

  it('a partner back again is the partner, in lower case too', () => {
    const apart = holding("The user's girlfriend is Noor [user.partner]");
    expect(learned('update: noor n i r back together. dont judge me lol', apart)).toEqual(["The user's partner is Noor [user.partner]"]);
  });
});

describe('a new one said in passing', () => {
  it('"only rooibos for me": a word the tagger guessed a verb from its ending is the thing', () => {
    const coffee = holding('The user drinks black coffee all day [user.drink.coffee]');
    expect(learned('Now it is only rooibos for me, morning and night.', coffee)).toEqual(['The user drinks rooibos [user.drink.rooibos]']);
  });
  it('"her names Tilly" names the new pup; a companion introduced after a colon is the pet', () => {
    expect(learned('came home WITH the blue heeler pup. her names Tilly')).toContain('The user has a pup called Tilly [user.pet.tilly]');
    const said = 'I have a new companion with four legs: a retired racing greyhound called Dot, from the adoption people in Timaru.';
    expect(learned(said)).toContain('The user has a retired racing greyhound called Dot [user.pet.dot]');
    expect(learned(said).join()).not.toMatch(/user\.origin/);
  });
});

describe('an introduction in full', () => {
  it('reads an age in words, a job on a boat for its owner, and a name beyond ASCII that starts like "nor"', () => {
    expect(learned('I am Jógvan, sixty-one years old, and I live in Klaksvík.')).toContain('The user is sixty-one years old [user.age]');
    expect(learned('I am skipper on a pelagic boat for Norðlýsi Fishing, mostly blue whiting and mackerel.')).toEqual([
      'The user is a skipper on a pelagic boat [user.occupation]',
      'The user works at Norðlýsi Fishing [user.employer]',
    ]);
    expect(learned('At home is our old sheepdog Kópur, he follows me on the hill like a shadow.')).toContain(
      'The user has an old sheepdog called Kópur [user.pet.kopur]',
    );
  });
});

describe('introductions in other Englishes', () => {
  it.each([
    ['missus Jess. kelpie Ruby, rides in the ute w me most days.', "The user's missus is named Jess [user.partner]"],
    ['wee boy Callum (6).', "The user's son is named Callum [user.child.callum]"],
    ['Also note I am pure veg, egg also I am not eating.', 'The user is vegetarian [user.diet]'],
    ['I am having dust allergy from childhood itself, so please keep in mind.', 'The user is allergic to dust [user.allergy.dust]'],
    ['Husband Gurpreet is having his own hardware shop.', "The user's husband is named Gurpreet [user.partner]"],
    ['oh and uh i curl tuesday nights at the highland club and um i’m allergic to penicillin', 'The user is allergic to penicillin [user.allergy.penicillin]'],
    ['Also I drink only black tea with lemon, coffee I cannot.', 'The user drinks black tea with lemon [user.drink.tea]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));
});

describe('what a clinician found', () => {
  it('is the user’s own fact; advice is not', () => {
    expect(learned('GP says lactose intolerant noo as well.')).toEqual(['The user is lactose intolerant [user.intolerance.lactose]']);
    expect(learned('Doctor has told I am allergic to cashew also.')).toEqual(['The user is allergic to cashew [user.allergy.cashew]']);
    expect(learned('My doctor says I should walk more.')).toEqual([]);
  });
  it('"done wi Balgay" ends the workplace', () => {
    expect(ended('done wi Balgay.', holding('The user works at Balgay Court care home [user.employer]'))).toEqual(['The user works at Balgay Court care home']);
  });
});

describe('what a change says of something of the user’s', () => {
  it('is not stored under the held belief’s key: the held one is said again with the new value', () => {
    const job = holding('The user is a Java developer in Nexora Technologies [user.occupation]');
    const said = 'From this sprint our full team is moved to Kotlin, old Java services are decommissioned.';
    expect(learned(said, job)).toEqual(['The user is a Kotlin developer in Nexora Technologies [user.occupation]']);
  });
});
