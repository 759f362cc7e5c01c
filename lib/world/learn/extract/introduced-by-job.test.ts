import { beforeAll, describe, expect, it } from 'vitest';
import { holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('an opening that gives a name, then a job, typed tersely', () => {
  it.each([
    [
      'jonas, backend dev @ fjordline games, hamburg',
      ["The user's name is Jonas [user.name]", 'The user is a backend dev [user.occupation]', 'The user lives in Hamburg [user.location]'],
    ],
    [
      'hello, ravi here, devops engineer in Hyderabad with Nimbus Cloudworks.',
      [
        "The user's name is Ravi [user.name]",
        'The user is a devops engineer [user.occupation]',
        'The user works at Nimbus Cloudworks [user.employer]',
        'The user lives in Hyderabad [user.location]',
      ],
    ],
    [
      'hi. yuki, senior ios dev at driftwood labs, seattle.',
      ["The user's name is Yuki [user.name]", 'The user works at Driftwood Labs [user.employer]', 'The user lives in Seattle [user.location]'],
    ],
  ])('%s', (said, beliefs) => {
    const got = learned(said);
    for (const b of beliefs) expect(got).toContain(b);
  });

  it('a job, where, then for whom: the employer is not the place', () => {
    expect(learned("I'm a nurse in Leeds at St James's")).toEqual([
      'The user is a nurse [user.occupation]',
      "The user works at St James's [user.employer]",
      'The user lives in Leeds [user.location]',
    ]);
  });

  it('a trade said in slang is a job', () => {
    expect(learned("I'm a sparky")).toEqual(['The user is a sparky [user.occupation]']);
  });

  it('a word that opens a message with no job after it stays a word', () => {
    expect(learned('well, coffee here is great').filter((b) => b.includes('user.name'))).toEqual([]);
  });
});

describe('diets said the way people keep them', () => {
  it.each([
    ["Food wise I'm Jain, so no onion, garlic or root vegetables.", 'The user is Jain [user.diet]'],
    ["food wise i'm doing keto, no bread no sugar.", 'The user is keto [user.diet]'],
    ['I am eggetarian', 'The user is eggetarian [user.diet]'],
  ])('%s', (said, diet) => {
    expect(learned(said)).toContain(diet);
  });

  it('starting non-veg is a new diet', () => {
    const veg = holding('The user is vegetarian [user.diet]');
    expect(learned('Small change in food — gym trainer convinced me, I have started non-veg. Chicken and fish mostly, still no mutton.', veg)).toEqual([
      'The user has started non-veg [user.diet]',
    ]);
  });
});

describe('what a fact is keyed by, and what trails it', () => {
  it('a pastime is keyed by what is played, not when', () => {
    expect(learned('I play squash every Tuesday')).toEqual(['The user plays squash every Tuesday [user.hobby.squash]']);
    expect(learned('Outside office I play badminton every weekend.')[0]).toMatch(/\[user\.hobby\.badminton\]$/);
  });

  it('a reason after a fact said without "I" is no part of it', () => {
    expect(learned('also allergic to cats which sucks bc tasha wants one')).toEqual(['The user is allergic to cats [user.allergy.cats]']);
  });
});

describe('more of an introduction, as people type it', () => {
  it('a town named alone after a job is where the user lives', () => {
    expect(learned('Hi, I am Arjun, backend developer at Kestrel Fintech, Pune.')).toContain('The user lives in Pune [user.location]');
  });

  it('what the user does when at home, and what they teach themselves, keyed by the thing', () => {
    expect(learned("When I'm home it's surfing, and I'm teaching myself guitar off YouTube (badly).")).toEqual([
      'The user goes surfing when they are home [user.hobby.surfing]',
      'The user is learning guitar off YouTube [user.learning.guitar]',
    ]);
  });
});

describe('a job no word list names, said with the company it is done for', () => {
  it.each([
    [
      "I'm a signaller for Network Rail, based at the Cardiff box.",
      'The user is a signaller [user.occupation]',
      'The user works at Network Rail [user.employer]',
    ],
    [
      "I'm a conveyancer at Harper Lane Solicitors in Leeds.",
      'The user is a conveyancer [user.occupation]',
      'The user works at Harper Lane Solicitors [user.employer]',
    ],
    ["i'm a sharemilker for the Te Rapa Trust", 'The user is a sharemilker [user.occupation]', 'The user works at Te Rapa Trust [user.employer]'],
  ])('%s', (said, title, employer) => {
    const got = learned(said);
    expect(got).toContain(title);
    expect(got).toContain(employer);
  });

  it.each([
    "I'm a customer at Tesco.",
    "I'm a leaseholder with Clarion Housing.",
    "I'm a juror at Southwark Crown Court next week.",
    "I'm a season-ticket holder at Anfield.",
  ])('not a job: %s', (said) => {
    expect(learned(said).filter((b) => /\[user\.(?:occupation|employer)\]$/.test(b))).toEqual([]);
  });
});
