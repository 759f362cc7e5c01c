import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { endedIds, heldPairs } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const keysOf = (turn: string, held = heldPairs()) => learned(turn, held).map((b) => /\[(.+)\]$/.exec(b)?.[1]);

describe('words that look like a fact of the user’s and are not', () => {
  it('a count of managers in a year is neither a job nor an employer', () => {
    const held = heldPairs(['The user is a data analyst', 'user.occupation'], ['The user works at Veldhuis Verzekeringen', 'user.employer']);
    const turn = 'Reorganisation again, so Ingrid is gone too. Now I report to Maarten. Third manager in one year!';
    expect(endedIds(turn, held)).toEqual([]);
    expect(keysOf(turn, held)).toEqual(['user.manager']);
  });

  it('a diet the doctor talks about is no job title', () => {
    const turn = 'I gave up on that low-carb business, honestly. Doing the Mediterranean diet my doctor keeps going on about instead.';
    expect(keysOf(turn)).not.toContain('user.occupation');
  });

  it('"Primary 1 and 2" ends a list of classes, and is no age', () => {
    expect(keysOf("Good afternoon. I'm Morag, retired now after thirty-odd years teaching Primary 1 and 2, and I live in Stirling.")).not.toContain('user.age');
  });

  it('a nurse called Sister is no sister of the user’s', () => {
    expect(keysOf('Sister Achieng retired last Friday, so now we report to Sister Njeri.')).toEqual(['user.manager']);
  });

  it('a relative and their age opening a turn are theirs, not the user’s name and age', () => {
    expect(keysOf('Mum Doreen, 82, lives with us.')).not.toEqual(expect.arrayContaining(['user.name']));
    expect(keysOf('Mum Doreen, 82, lives with us.')).not.toContain('user.age');
  });

  it('a project the user is moved to is no new home', () => {
    const held = heldPairs(['The user lives in Florianópolis', 'user.location'], ['The user is on the Boleto project', 'user.project.boleto']);
    const turn = 'This week they moved me to the payments team, now I work in the Pix integration project.';
    expect(endedIds(turn, held)).toEqual(['b1']);
    expect(learned(turn, held)).toContain('The user works in the Pix integration project [user.project.pix_integration]');
  });

  it('reporting to someone is no report kept in a tool', () => {
    expect(keysOf('Now I report to Maarten.')).toEqual(['user.manager']);
  });

  it('"I drink coffee all day" says the drink once', () => {
    expect(learned('I drink coffee all day.')).toEqual(['The user drinks coffee all day [user.drink.coffee]']);
  });

  it('"running on 4 hours sleep" is no drink', () => {
    expect(keysOf('Running on 4 hours sleep this week.')).not.toEqual(expect.arrayContaining([expect.stringMatching(/^user\.drink/)]));
  });
});

describe('facts said the way people type them', () => {
  it.each([
    ['got a part time at KOI making bubble tea, and i got a hamster called mochi haha.', 'The user works at KOI making bubble tea [user.employer]'],
    ['I work part-time at the Co-op.', 'The user works at the Co-op [user.employer]'],
    ["Running on Tim's double-doubles, no shame.", "The user drinks Tim's double-doubles [user.drink.tim_s]"],
    ["Never miss an episode of Vera, and it's Earl Grey from morning till night.", 'The user watches Vera [user.watch.vera]'],
    ['We love our little house in Isle of Man.', 'The user lives in Isle of Man [user.location]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it.each([
    ['Name: Chepkoech. Age: 45. Location: Eldoret, Uasin Gishu.', 'The user lives in Eldoret, Uasin Gishu [user.location]'],
    ['Drink: mursik. Transport: Bajaj Boxer motorbike.', 'The user drives a Bajaj Boxer motorbike [user.vehicle.bajaj_boxer_motorbike]'],
    ['I work as a UX designer at a fintech called Pagaí and my whole day is Figma', 'The user works at Pagaí [user.employer]'],
    [
      "we have a cat called Paçoca who is orange and evil and I'm also learning German on Duolingo because maybe someday a master's in Berlin",
      'The user is learning German [user.learning.german]',
    ],
    [
      "My horse is a paint mare named Dolly, and there's a barn cat, Biscuit, who thinks she owns the place.",
      'The user has a barn cat called Biscuit [user.pet.biscuit]',
    ],
    ['Hobby is utai, it is chanting of Noh theater, I practice every Tuesday evening with teacher.', "The user's hobby is utai [user.hobby.utai]"],
    ['Cannae start the day without a pot of Earl Grey.', 'The user needs a pot of Earl Grey [user.drink.earl_grey]'],
    ["Hey there 👋 Lyle here, 58, out of Moose Jaw Saskatchewan. Yes that's a real place lol", 'The user lives in Moose Jaw Saskatchewan [user.location]'],
    ['I have allergy for kiwi.', 'The user is allergic to kiwi [user.allergy.kiwi]'],
    ['Wife Darlene holds down the fort at home with our dog Tater 🐶 (basset hound, very dramatic)', 'The user has a dog called Tater [user.pet.tater]'],
    ["The bosun's a guy called Big Kenny, sound enough but he'd have ye chipping paint.", "The user's manager is Big Kenny [user.manager]"],
    [
      'We have a old Volvo V70 that have 40 000 mil on it and still going strong, and a norwegian elkhound called Tor',
      'The user has a norwegian elkhound called Tor [user.pet.tor]',
    ],
    ['I now share the house with a rather imperious tabby cat named Mr Pickles.', 'The user has a cat called Mr Pickles [user.pet.mr_pickles]'],
    ["I'm learning Korean because of K-drama addiction, now watching Queen of Tears", 'The user is watching Queen of Tears [user.be.watching_queen]'],
  ])('as a note, a run-on or a dialect writes it: %s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it.each(['there’s a dog next door that barks all night', 'Our skipper is Aoife, she keeps the quiz team in line.'])(
    'no pet or manager of the user’s: %s',
    (turn) => {
      expect(keysOf(turn).filter((k) => /^user\.(?:pet|manager)/.test(k ?? ''))).toEqual([]);
    },
  );

  it('a part-time job named with a drink is no drink', () => {
    expect(keysOf('got a part time at KOI making bubble tea')).not.toEqual(expect.arrayContaining([expect.stringMatching(/^user\.drink/)]));
  });

  it.each([
    ['hi im jia hui, year 2 business at ntu. staying w my parents in tampines', 'The user is a 2nd-year business student [user.study]'],
    ['Year 3 nursing at UCC, living in Cork.', 'The user studies at UCC [user.school]'],
  ])('a course said by its year number: %s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it('a part-time job does not end the course the user studies', () => {
    const held = heldPairs(['The user is a 2nd-year business student', 'user.study'], ['The user studies at ntu', 'user.school']);
    expect(endedIds('got a part time at KOI making bubble tea', held)).toEqual([]);
  });

  it('moving back into a town is moving home', () => {
    const held = heldPairs(['The user lives in Selkirk', 'user.location']);
    const turn = 'Selkirk didn’t work out, the winter commute was brutal. Sold and moved back into Winnipeg, Wolseley area.';
    expect(endedIds(turn, held)).toEqual(['b0']);
    expect(learned(turn, held)).toContain('The user lives in Winnipeg [user.location]');
  });

  it.each([
    ['Second-year nursing student at UCT.', 'The user is a second-year nursing student [user.occupation]'],
    ['Delroy, 44, electrician', 'The user is 44 years old [user.age]'],
    ['Dog Rusty, 12, sleeps all day.', "The user's dog Rusty, 12 sleeps all day [user.pet.rusty]"],
  ])('still: %s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });
});

describe('changes said in passing', () => {
  it('"Scratch Branson." calls off the trip by its place', () => {
    expect(
      endedIds(
        'Scratch Branson. Bud’s knee surgery got moved up to October, so we’re staying put.',
        heldPairs(['The user is driving out to Branson in October', 'user.plan.branson']),
      ),
    ).toEqual(['b0']);
  });

  it.each([
    'The doctor says I’m to cut down on caffeine, so it’s rooibos in the pot now instead of the Earl Grey.',
    'I drink rooibos now instead of Earl Grey.',
  ])('a drink switched for another, with "now" before "instead": %s', (turn) => {
    const held = heldPairs(['The user drinks Earl Grey', 'user.drink.earl_grey']);
    expect(endedIds(turn, held)).toEqual(['b0']);
    expect(learned(turn, held)).toContain('The user drinks rooibos [user.drink.rooibos]');
  });

  it('a trip the user and someone else booked is the user’s plan', () => {
    expect(learned('Otieno and I have booked a week in Mombasa for December, our first holiday without Amani!')).toContain(
      'The user is going to Mombasa for December [user.plan.mombasa]',
    );
  });

  it('the drink the user settled on is what they drink', () => {
    expect(learned('The rooibos never really agreed with me, so I’ve settled on peppermint tea.')).toContain(
      'The user drinks peppermint tea [user.drink.peppermint_tea]',
    );
  });

  it('a new drink is never written inside the old one’s word', () => {
    const held = heldPairs(["The user drinks Tim's double-doubles", 'user.drink.tim_s']);
    expect(learned('Black cold brew now.', held).join()).not.toMatch(/brew-doubles/);
  });

  it.each([
    ['big news, chucked in me notice at coastline.', heldPairs(['The user works at Coastline Electrical', 'user.employer'])],
    ['quit koi alr, now giving tuition to a sec 3 kid', heldPairs(['The user works at KOI making bubble tea', 'user.employer'])],
  ])('leaving a job said in dialect or shorthand: %s', (turn, held) => {
    expect(endedIds(turn, held)).toEqual(['b0']);
  });
});
