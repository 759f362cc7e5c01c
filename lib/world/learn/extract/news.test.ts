import { beforeAll, describe, expect, it } from 'vitest';
import { toldAsNews } from './news.ts';
import { loadTagger } from './tagger.ts';
import { learned } from '../../../../test/support/learned.ts';

beforeAll(loadTagger);

describe('news told as it happened', () => {
  it.each([
    ['My GP confirmed I am coeliac, which explains a lot.', /\[user\.condition\.coeliac/],
    ['the allergist said I have a sesame allergy!', /allergic to sesame \[user\.allergy\.sesame\]/],
    ['Just found out I am lactose intolerant?!', /^The user is lactose intolerant \[user\.intolerance\.lactose\]/],
    ['my blood tests showed I am anaemic', /\[user\.condition\.ana?emia\]/],
    ["the dermatologist says it's a nickel allergy, of all things??", /allergic to nickel \[user\.allergy\.nickel\]/],
    ['Itchy for weeks 😖 gp said it was a dust mite allergy, which explains the mornings', /allergic to dust mite \[user\.allergy\.dust_mite\]/],
  ])('a finding about the user’s health is theirs: %s', (said, want) => {
    expect(learned(said).some((b) => want.test(b))).toBe(true);
  });

  it.each(['My doctor says I should cut down on coffee.', 'my sister found out she is allergic to latex', 'The doctor thinks I might be diabetic.'])(
    'a finding about someone else, or a maybe, is not learned as the user’s: %s',
    (said) => {
      expect(learned(said).filter((b) => /^The user (?!'s)/.test(b) && /allerg|diabet|coffee/i.test(b))).toEqual([]);
    },
  );

  it.each([
    ['We brought home a rescue! A scruffy terrier called Biscuit.', 'Biscuit'],
    ['got another cat lol, his name is mochi', 'Mochi'],
    ['Adopted a rabbit last week. She is called Clover.', 'Clover'],
    ['we finally got a puppy, a beagle named Rolo', 'Rolo'],
    ['We adopted a kitten, the kids named her Mochi.', 'named Mochi'],
    ['We got another cat!! A tabby from the rescue centre, my son named him Pickle.', 'named Pickle'],
    ['rescued a greyhound yesterday, her name is Dot', 'Dot'],
    ['we fostered a kitten and kept him. meet Biscuit!', 'Biscuit'],
  ])('a new pet named after it was introduced: %s', (said, name) => {
    const pet = name.split(' ').at(-1)!;
    expect(learned(said)).toContainEqual(expect.stringMatching(new RegExp(`${name}.*\\[user\\.pet\\.${pet.toLowerCase()}\\]`)));
  });

  it('a new boss at work, named next, is the user’s manager', () => {
    expect(learned("We've got a new manager at work. He's called Omar Haddad.")).toContainEqual(
      expect.stringMatching(/manager is Omar Haddad \[user\.manager\]$/),
    );
  });

  it('someone the user met, named next, is their partner', () => {
    expect(learned("I've been seeing someone. His name is Tomas!")).toContainEqual(expect.stringMatching(/Tomas \[user\.partner\]/));
  });
});

describe('news asked as a riddle, then answered', () => {
  it('is the user’s own when the answer is the user', () => {
    expect(learned("Guess who's the new head of maths?? Me!")).toContainEqual(expect.stringMatching(/^The user is (?:a |the )?new head of maths/));
    expect(learned('guess who just got the job at Ocado?? me!!')).toContainEqual('The user works at Ocado [user.employer]');
  });

  it('says nothing of the user when someone else is the answer', () => {
    expect(learned("Guess who's the new head of maths? Priya!").join(' | ')).not.toMatch(/head of maths/);
  });
});

describe('how the user feels right now, or what they no longer are', () => {
  it.each(["I'm still in shock", 'honestly in bits today', "I'm in a rush, sorry", "I'm a lapsed vegetarian"])('is no belief: %s', (said) => {
    expect(learned(said)).toEqual([]);
  });
});

describe('a change told as a headline, then its value', () => {
  it.each([
    ['Relocated. Lisbon. Loving it.', /^The user lives in Lisbon \[user\.location\]$/],
    ['We moved again — Bergen this time', /^The user lives in Bergen \[user\.location\]$/],
    ['New job: Halden Robotics, started on Monday.', /^The user works at Halden Robotics \[user\.employer\]$/],
    ['New manager from today. Ilse Brandt.', /manager is Ilse Brandt \[user\.manager\]$/],
    ['Changed teams. Billing now.', /^The user is on the Billing team \[user\.team\]$/],
  ])('%s', (said, want) => {
    expect(learned(said)).toContainEqual(expect.stringMatching(want));
  });

  it.each(['Moved. It was a long week.', 'New job. Not sure yet.', 'New job, new laptop, same old commute to Leeds.'])(
    'a headline without a value learns no value: %s',
    (said) => {
      expect(learned(said).filter((b) => /\[user\.(?:location|employer)\]/.test(b))).toEqual([]);
    },
  );
});

describe('a newcomer named in the sentence after', () => {
  it.each([
    ['dating someone new. rafa. very early days', "The user's partner is Rafa [user.partner]"],
    ['finally got a boyfriend lol. Tomasz, we met at climbing', "The user's partner is Tomasz [user.partner]"],
    ['we found a kitten under the porch, my son named her Pixel', 'The user got a kitten named Pixel [user.pet.pixel]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each(['got a puppy. finally.', 'seeing someone new. honestly.', 'My sister got a girlfriend. Maya, she is lovely.', 'I found a cat in the garden.'])(
    'a word that is no name, or someone else’s newcomer, names nobody of the user’s: %s',
    (said) => {
      expect(learned(said).filter((b) => /\[user\.(?:partner|pet\.(?!puppy))/.test(b))).toEqual([]);
    },
  );
});

describe('plans and duties told as what was done about them', () => {
  it.each([
    ['Sam and I have booked ten days in Hanoi for March!', /going to Hanoi.*\[user\.plan\.hanoi\]$/],
    ['we finally booked flights to Reykjavik for the autumn', /going to Reykjavik.*\[user\.plan\.reykjavik\]$/],
    ['Rebooked. Sicily in June this time.', /going to Sicily \[user\.plan\.sicily\]$/],
    ['Bali for the September hols is locked in!!', /^The user is going to Bali \[user\.plan\.bali\]$/],
    ["Right, it's booked: a cottage in Keswick for four nights.", /^The user is going to Keswick.*\[user\.plan\.keswick\]$/],
    [
      "They've put me on the onboarding revamp, full time from next week.",
      /^The user is working on the onboarding revamp \[user\.project\.onboarding_revamp\]$/,
    ],
    ['my manager made me responsible for the audit prep', /^The user is working on the audit prep \[user\.project\.audit_prep\]$/],
    ['Heading up the payroll migration this year.', /^The user is working on the payroll migration \[user\.project\.payroll_migration\]$/],
    // A duty the user was landed with, or shuffled across to.
    ["They've landed me with the Year 9 timetable on top of everything.", /^The user is working on the Year 9 timetable.*\[user\.project\./],
    ['management lumbered me with the Henley account', /^The user is working on the Henley account \[user\.project\.henley_account\]$/],
    ["they've also shuffled me across to the pricing project", /^The user is working on the pricing project \[user\.project\.pricing_project\]$/],
    // What a doctor put the user on, the user is on: no duty.
    ["My consultant's put me on a low-sodium diet, great.", /^The user is on a low-sodium diet \[/],
  ])('%s', (said, want) => {
    expect(learned(said)).toContainEqual(expect.stringMatching(want));
  });

  it.each([
    ['Dev sold me on Tallinn for the May bank holiday, booked it last night.', /^The user is going to Tallinn \[user\.plan\.tallinn\]$/],
    ['Found a little farmhouse in Umbria for October and we booked it today!', /^The user is going to Umbria \[user\.plan\.umbria\]$/],
    ['Mum kept saying why not Madeira for Christmas. Booked it on Sunday, sun here we come', /^The user is going to Madeira/],
    ['We talked about Rome for the summer, booked it at lunch.', /^The user is going to Rome \[user\.plan\.rome\]$/],
  ])('a trip booked by "it" is the trip to the place the turn named: %s', (said, want) => {
    expect(learned(said)).toContainEqual(expect.stringMatching(want));
  });

  it.each([
    'My sister found a flat in Madrid and she booked it yesterday.',
    'Tom suggested Vienna for Easter. If we booked it now it would be cheap.',
    'Lunch with Ana on Friday, booked it for noon.',
  ])('a booking by someone else, a maybe, or a person named is no trip of the user’s: %s', (said) => {
    expect(learned(said).filter((b) => /\[user\.plan\./.test(b))).toEqual([]);
  });

  it.each([
    'My sister booked a week in Crete.',
    'They put my colleague on the audit.',
    'The doctor put my dad on statins.',
    'they landed my colleague with the audit',
  ])('someone else’s plan or duty is not the user’s: %s', (said) => {
    expect(learned(said).filter((b) => /\[user\.(?:plan|project)\.|statins/.test(b))).toEqual([]);
  });
});

describe('a booking and a manager said by title, then by name', () => {
  it('a place booked is a plan when it is named, after "the" too; a day off for an errand is none', () => {
    expect(learned('We have rebooked for the Lake District in September instead.')).toContain(
      'The user is going to the Lake District [user.plan.lake_district]',
    );
    expect(learned('I booked Friday off for the dentist.').filter((b) => /\[user\.(?:plan|occupation)/.test(b))).toEqual([]);
    expect(learned('I booked a day off for Monday.').filter((b) => /\[user\.plan/.test(b))).toEqual([]);
    expect(learned("It's booked: a table at the little place downstairs.").filter((b) => /\[user\.plan/.test(b))).toEqual([]);
  });

  it.each([
    ['I report to the senior partner, Mrs Imogen Sato.', 'Mrs Imogen Sato'],
    ['I now report to the head of design, Kwame.', 'Kwame'],
  ])('the manager is the name after the title: %s', (said, name) => {
    expect(learned(said)).toContain(`The user's manager is ${name} [user.manager]`);
  });

  it('a title alone names no manager', () => {
    expect(learned('I report to my boss, who is nice.').filter((b) => /\[user\.manager\]/.test(b))).toEqual([]);
  });

  it.each([
    [['Coldplay who?'], ['I am done with Coldplay.']],
    [
      ['We moved!', 'From Ghent to Leuven, near my sister.'],
      ['I moved to Leuven', 'near my sister.'],
    ],
    [['New job.', 'Joined Siemens on Monday.'], ['I work at Siemens now']],
    [['Relocated again, Tallinn this time.'], ['I moved to Tallinn']],
  ])('a change told as a headline and its value, or a name dismissed: %j', (said, want) => {
    expect(toldAsNews(said)).toEqual(want);
  });

  it.each([[['New job.', 'Left Bosch after ten years.']], [['We moved, but it was hard.']], [['Who?']]])('no value: %j', (said) => {
    expect(toldAsNews(said)).toEqual(said);
  });
});
