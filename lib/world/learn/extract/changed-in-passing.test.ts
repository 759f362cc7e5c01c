import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const HELD = holding(
  'The user is a warehouse operative [user.occupation]',
  'The user plays five-a-side football on Tuesdays [user.hobby.football]',
  'The user goes bouldering at the climbing wall [user.hobby.bouldering]',
  'The user drinks flat whites [user.drink.flat_white]',
  "The user's favourite coffee is a flat white [user.favorite.coffee]",
  'The user is on the returns team [user.team]',
  'The user lives in Dundee [user.location]',
);

describe('"if I am honest" frames how frankly the user speaks, not a condition', () => {
  it.each([
    ["Not been near the wall since the summer if I'm honest, reckon I'm done with the bouldering.", 'The user goes bouldering at the climbing wall'],
    ["If I'm being honest, I've given up the football.", 'The user plays five-a-side football on Tuesdays'],
  ])('%s', (said, gone) => {
    expect(ended(said, HELD)).toContain(gone);
  });

  it('a value said before it is only the value', () => {
    expect(learned("I live in Perth now, if I'm honest", HELD)).toContain('The user lives in Perth [user.location]');
  });

  it('a real condition still ends nothing', () => {
    expect(ended('If the knee goes again I will give up the football.', HELD)).toEqual([]);
  });
});

describe('a pastime said to be as good as over', () => {
  it.each(['five-a-side is kinda dead, nobody turns up', "bouldering's kind of dead for me since the move"])('%s', (said) => {
    expect(ended(said, HELD)).toHaveLength(1);
  });
});

describe('a title the user got, landed or was given', () => {
  it.each([
    ['I got deputy manager in the restructure', 'The user is a deputy manager [user.occupation]'],
    ['landed the team leader job, start Monday', 'The user is a team leader [user.occupation]'],
    ['They gave me section head when Morag retired.', 'The user is a section head [user.occupation]'],
  ])('%s', (said, now) => {
    expect(learned(said, HELD)).toContain(now);
    expect(ended(said, HELD)).toContain('The user is a warehouse operative');
  });

  it.each(['I got the electrician to look at the fuse box', 'they gave me the nurse’s number', 'we got a plumber round'])(
    'no title of the user’s: %s',
    (said) => {
      expect(ended(said, HELD)).not.toContain('The user is a warehouse operative');
    },
  );
});

describe('a drink said without a verb of drinking', () => {
  it.each([
    ['Gone right off coffee. A glass of buttermilk after lunch now.', 'buttermilk'],
    ['Coffee keeps me up, so a pot of rooibos does me these days.', 'rooibos'],
    ['off the flat whites. a glass of red does me now', 'red wine'],
  ])('%s', (said, drink) => {
    expect(learned(said, HELD).some((b) => b.includes(drink) && b.includes('[user.drink.'))).toBe(true);
    expect(ended(said, HELD)).toContain('The user drinks flat whites');
  });

  it('"no sugar" after a drink is how it is taken, not a refusal', () => {
    expect(learned('I drink only filter coffee no sugar.', [])).toContain('The user drinks filter coffee [user.drink.filter_coffee]');
  });

  it('a drink said on from "I\'m a … girl" is one the user drinks', () => {
    expect(learned("I'm a matcha girl, and a cold cider on a Friday.", [])).toContain('The user drinks cold cider on a Friday [user.drink.cider]');
  });

  it('off the clock opens a sentence about the user’s own time', () => {
    expect(learned('off the clock I play the ukulele', [])).toContain('The user plays the ukulele [user.instrument.ukulele]');
  });
});

describe('a favourite said without what it is of', () => {
  it('is of the family of the thing named', () => {
    expect(learned('New favourite is a cortado.', HELD)).toContain("The user's favorite coffee is cortado [user.favorite.coffee]");
    expect(ended('New favourite is a cortado.', HELD)).toContain("The user's favourite coffee is a flat white");
  });
});

describe('a move into a team is the team, whatever verb said it, said as where the user is', () => {
  it.each([
    ["I've been moved over to the inbound team", 'The user is on the inbound team [user.team]'],
    ['I joined the safety team last month', 'The user joined the safety team [user.team]'],
    ['got transferred into the night picking team', 'The user is on the night picking team [user.team]'],
  ])('%s', (said, now) => {
    expect(learned(said, HELD)).toContain(now);
  });
});

describe('titles held, stepped into or acted in', () => {
  it.each([
    ["As of last week I've stepped up to shift manager.", 'The user is a shift manager [user.occupation]'],
    ['I was appointed practice manager on the first of June.', 'The user is a practice manager [user.occupation]'],
    ["I'm acting deputy head for the summer term.", 'The user is an acting deputy head [user.occupation]'],
  ])('%s', (said, now) => {
    expect(learned(said, HELD)).toContain(now);
  });

  it.each(["I'm acting like a toddler today", "I'm acting up as supervisor while Joe's away"])('no title in how the user acts: %s', (said) => {
    expect(learned(said, HELD).join()).not.toMatch(/user\.occupation/);
  });

  it('retiring from a sport is no retirement from work', () => {
    const said = "I've retired from five-a-side after twenty years, my knees have had enough.";
    expect(learned(said, HELD).join()).not.toMatch(/retired \[user\.occupation\]/);
    expect(ended(said, HELD)).toContain('The user plays five-a-side football on Tuesdays');
  });
});

describe('a pet the user lost, named fondly', () => {
  it('ends the pet, and learns no verb of it', () => {
    const held = holding('The user has a sheepdog called Moss [user.pet.moss]');
    expect(ended('Sad news, we lost old Moss at the weekend, she was sixteen.', held)).toEqual(['The user has a sheepdog called Moss']);
  });
});

describe('a favourite in a list of the user’s things', () => {
  it('opens a clause of its own and is kept as the favourite food', () => {
    expect(learned('Quick intro: a builder’s tea is my fuel, shepherd’s pie is my favourite thing to eat, and I play darts.', [])).toContain(
      "The user's favorite food is shepherd's pie [user.favorite.food]",
    );
    expect(learned('Fish finger sandwiches are my number one food.', [])).toContain("The user's favorite food is Fish finger sandwiches [user.favorite.food]");
  });
});

describe('a new title, employer or manager said by how the user came to it', () => {
  const AT_WORK = holding(
    'The user is a warehouse operative [user.occupation]',
    'The user works at Acme Logistics [user.employer]',
    "The user's manager is Pat Quinn [user.manager]",
  );
  const kept = (said: string) => learned(said, AT_WORK);

  it.each([
    ["I've taken over as site manager since Dougie left.", 'The user is a site manager [user.occupation]'],
    ['Came out of the restructure as Regional Sales Lead, somehow.', 'The user is a Regional Sales Lead [user.occupation]'],
    ['Got made permanent as a pharmacy technician after the temp contract.', 'The user is a pharmacy technician [user.occupation]'],
    ['Qualified as a dental nurse last month!', 'The user is a dental nurse [user.occupation]'],
    ['bumped to senior analyst from this quarter', 'The user is a senior analyst [user.occupation]'],
    ['They put me in as interim office manager until they hire.', 'The user is an interim office manager [user.occupation]'],
  ])('title: %s', (said, now) => {
    expect(kept(said)).toContain(now);
  });

  it.each([
    ['got taken on by Halfords full time', 'The user works at Halfords [user.employer]'],
    ['Hired on at Ferguson Marine, first week done', 'The user works at Ferguson Marine [user.employer]'],
    ['I finally accepted the offer from Octopus Energy.', 'The user works at Octopus Energy [user.employer]'],
    ["So I'm a Nationwide employee now.", 'The user works at Nationwide [user.employer]'],
  ])('employer: %s', (said, now) => {
    expect(kept(said)).toContain(now);
  });

  it.each([
    ['I answer to Priti these days.', "The user's manager is Priti [user.manager]"],
    ['Since the reshuffle I’m in Oluwaseun’s team.', "The user's manager is Oluwaseun [user.manager]"],
    ['Kezia signs off my timesheets now.', "The user's manager is Kezia [user.manager]"],
    ['Ravi approves my annual leave now, which is a relief.', "The user's manager is Ravi [user.manager]"],
    ['My appraisals will be done by Gwen going forward.', "The user's manager is Gwen [user.manager]"],
    ['Fergus is in charge of me now.', "The user's manager is Fergus [user.manager]"],
  ])('manager: %s', (said, now) => {
    expect(kept(said)).toContain(now);
  });

  it.each([
    'my sister got taken on by the council',
    'Ravi approves everyone’s leave, he’s the rota guy',
    'first shift done at the new place and my feet are wrecked',
  ])('no change of the user’s own: %s', (said) => {
    expect(kept(said).join(' ')).not.toMatch(/\[user\.(?:occupation|employer|manager)\]/);
    expect(ended(said, AT_WORK)).toEqual([]);
  });
});

describe('a statement another reading keyed by its verb, kept under its kind', () => {
  it.each([
    ['We have a whippet called Nutmeg who runs the house.', 'user.pet.nutmeg'],
    ['I live in the village of Kirkby Lonsdale with my wife.', 'user.location'],
    ['My TL is Marisol, very fair.', 'user.manager'],
    ['my boyf is Callum, he fixes boilers', 'user.partner'],
  ])('%s', (said, key) => {
    expect(learned(said, []).some((b) => b.endsWith(`[${key}]`))).toBe(true);
  });
});

describe('a change someone made for the user, or said in a letter’s or a dialect’s words', () => {
  it('a title the user was confirmed as', () => {
    const held = holding('The user is a trainee surveyor [user.occupation]');
    expect(learned('The partners confirmed me as a chartered surveyor this week.', held)).toContain('The user is a chartered surveyor [user.occupation]');
  });

  it('a drink the user was put on, or a tool everybody was moved to', () => {
    expect(ended('my doctor has put me on rooibos now, the coffee days are over', holding('The user drinks coffee [user.drink.coffee]'))).toEqual([
      'The user drinks coffee',
    ]);
    expect(ended('the practice moved everybody to Revit this spring', holding('The user draws in AutoCAD [user.tool.autocad]'))).toEqual([
      'The user draws in AutoCAD',
    ]);
  });

  it('an activity said by its verb is not swapped for what another verb is done to', () => {
    const held = holding('The user is a bus driver [user.occupation]');
    expect(learned("I'll be training the new starters rather than driving the routes.", held).join()).not.toMatch(/new starters \[user\.occupation\]/);
    expect(ended("I'll be training the new starters rather than driving the routes.", held)).toEqual([]);
  });

  it('a formal opener before the news', () => {
    expect(learned('I am delighted to announce that I have been appointed Head of Science.', [])).toContain('The user is a Head of Science [user.occupation]');
  });

  it.each(["I'm seeing the physio on Tuesday", "I've been seeing a therapist about it"])('no job and no partner in an appointment: %s', (said) => {
    expect(learned(said, []).join()).not.toMatch(/user\.(?:occupation|partner)/);
  });

  it('a verb said without its g', () => {
    expect(learned('been seein a lad called Euan since the summer', []).join()).toMatch(/Euan.*\[user\.partner\]/);
  });
});
