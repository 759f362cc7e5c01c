import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('news said the way people type it in a chat', () => {
  it.each([
    ['Going full vegan starting this week. Goodbye fish tacos', 'The user is vegan [user.diet]'],
    ["I'm going vegan.", 'The user is vegan [user.diet]'],
  ])('a diet the user is going: %s', (said, diet) => {
    expect(learned(said, holding('The user is pescatarian [user.diet]'))).toEqual([diet]);
  });

  it('a diet the user is only thinking of, or someone else is going, is none', () => {
    const diet = holding('The user is pescatarian [user.diet]');
    expect(learned('thinking about going vegan', diet)).toEqual([]);
    expect(learned('my sister is going vegan', diet)).toEqual([]);
  });

  it("a name said after the new diet in the same breath takes no diet's place", () => {
    const keto = holding('The user is keto [user.diet]');
    const said = "Keto I have stopped. From this month I am pure vegetarian, it's Shravan and honestly I'm feeling lighter.";
    expect(learned(said, keto)).toEqual(['The user is vegetarian [user.diet]']);
    expect(ended(said, keto)).toEqual(['The user is keto']);
  });

  const engaged = holding('The user is engaged to Jonno [user.partner]');
  it.each(['Married!!! Officially Mrs Chloe Harris as of Saturday', 'Jonno and I tied the knot last weekend', 'we got hitched on Saturday'])(
    'married, said alone or in other words: %s',
    (said) => {
      expect(learned(said, engaged)).toContain('The user is married to Jonno [user.partner]');
      expect(ended(said, engaged)).toEqual(['The user is engaged to Jonno']);
    },
  );

  it('someone else married, or married people, change nothing of the user', () => {
    expect(ended('My sister got married', engaged)).toEqual([]);
    expect(ended('Married couples get a discount there', engaged)).toEqual([]);
  });

  it.each(['eeek I got promoted to senior designer!! pay rise and everything', 'Eek, I got promoted to senior designer'])(
    'an interjection before the news: %s',
    (said) => {
      expect(learned(said, holding('The user is a graphic designer [user.occupation]'))).toEqual(['The user is a senior designer [user.occupation]']);
    },
  );

  it('a new job said with the employer left keeps no title of the old one', () => {
    const said = 'Good news! I have joined Meridian Fintech as test architect from this Monday. Resigned from Kestrel last month only.';
    expect(learned(said, holding('The user is a QA lead in Kestrel Systems [user.occupation]'))).toEqual([
      'The user works at Meridian Fintech [user.employer]',
      'The user is a test architect [user.occupation]',
    ]);
  });

  it('the title the user started with, after where', () => {
    const said = "Okay, the break is over: I've accepted an offer from Vantage Health and started there on Monday as a senior analyst.";
    expect(learned(said, holding('The user is a data analyst [user.occupation]'))).toEqual([
      'The user is a senior analyst [user.occupation]',
      'The user works at Vantage Health [user.employer]',
    ]);
  });

  it('where "we" are now is a home, what "we" are on is a tool', () => {
    const cork = holding('The user lives in Cork [user.location]');
    expect(learned("we're in Limerick now", cork)).toEqual(['The user lives in Limerick [user.location]']);
    expect(learned("we're all on Penpot now", cork)).toEqual(['The user uses Penpot [user.tool.penpot]']);
  });

  it('a partner named in lower case, never a word that says what they are like', () => {
    expect(learned('gf is kirsty.')).toEqual(["The user's girlfriend is Kirsty [user.partner]"]);
    expect(learned('my wife is lovely')).toEqual([]);
    expect(learned('my boyfriend is great')).toEqual([]);
  });

  it("a tool the workplace moved everything to takes the old one's place, never a home", () => {
    const figma = holding('The user uses Figma for all their work [user.tool.figma]', 'The user lives in Leeds [user.location]');
    const said = 'the studio moved everything from Figma to Penpot this month, still finding my way round it';
    expect(learned(said, figma)).toEqual(['The user uses Penpot for all their work [user.tool.penpot]']);
    expect(ended(said, figma)).toEqual(['The user uses Figma for all their work']);
  });

  it('what a part of the work is all made of now is what it runs on', () => {
    const react = holding('The user uses React [user.tool.react]');
    expect(learned("We're migrating off React at work, the new dashboard is all Svelte.", react)).toEqual(['The user uses Svelte [user.tool.svelte]']);
    expect(learned('the team is all women', react)).toEqual([]);
  });
});

describe('more news said in chat', () => {
  it('a move over the weekend is a move, not a stay', () => {
    const columbus = holding('The user lives in Columbus Ohio [user.location]');
    expect(learned('moved to denver over the weekend. boxes everywhere', columbus)).toEqual(['The user lives in Denver [user.location]']);
    expect(learned("I'm in Denver over the weekend", columbus)).toEqual([]);
  });

  it('an apology after a move is no place', () => {
    expect(learned('Moved again, sorry!')).toEqual([]);
    expect(learned('Moved again, Leeds this time')).toEqual(['The user lives in Leeds [user.location]']);
  });

  it.each([
    [
      'Boots hired me as a store pharmacist and I started in their Rathmines branch on Monday.',
      ['The user works at Boots [user.employer]', 'The user is a store pharmacist [user.occupation]'],
    ],
    ['I work with MTN as a product manager', ['The user is a product manager [user.occupation]', 'The user works at MTN [user.employer]']],
    ['For now I report straight to the CPO, Mr Danjuma.', ["The user's manager is Mr Danjuma [user.manager]"]],
    ['We have packed to Ikeja now.', ['The user lives in Ikeja [user.location]']],
    ["I've taken up golf.", ['The user has taken up golf [user.hobby.golf]']],
  ])('%s', (said, beliefs) => expect(learned(said)).toEqual(expect.arrayContaining(beliefs)));

  it('someone hiring another is no employer of the user', () => {
    expect(learned('My brother got hired by Google').join()).not.toContain('[user.employer]');
    expect(learned("I've picked up a cold").join()).not.toContain('[user.hobby.');
  });

  it('a business closed up ends the employer it was', () => {
    const volt = holding('The user runs their own business, Volt Electrical [user.employer]');
    expect(ended('Closed up Volt Electrical and joined Eskom as a maintenance electrician.', volt)).toEqual([
      'The user runs their own business, Volt Electrical',
    ]);
  });

  it('a new pint after one gone off, and a dram these days', () => {
    const murphys = holding('The user drinks Murphys [user.drink.murphys]');
    expect(learned('gone off murphys, beamish is my pint now', murphys)).toEqual(['The user drinks beamish [user.drink.beamish]']);
    expect(ended('gone off murphys, beamish is my pint now', murphys)).toEqual(['The user drinks Murphys']);
    expect(learned("Glenmorangie's my dram these days.")).toEqual(['The user drinks Glenmorangie [user.drink.glenmorangie]']);
  });

  it('a pastime taken up instead is the pastime, never the words that take it up', () => {
    const pipes = holding('The user plays the bagpipes in a pipe band [user.hobby.bagpipes]');
    expect(learned("I've hung up the pipes. Taken up golf instead; Morag's thrilled.", pipes)).toEqual(['The user has taken up golf [user.hobby.golf]']);
  });
});

describe('an event on a day of the year ahead is a plan', () => {
  it.each([
    ["I've got the Galway marathon on the 24th of August", 'The user has got the Galway marathon on the 24th of August [user.plan.galway_marathon]'],
    ["I'm having knee surgery on January 16th", 'The user is having knee surgery on January 16th [user.plan.knee_surgery]'],
  ])('%s', (said, plan) => expect(learned(said)).toEqual([plan]));
});
