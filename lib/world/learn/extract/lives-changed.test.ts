import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('the end of a working life, and of the job with it', () => {
  const job = holding('The user works at Brennan & Wall [user.employer]', 'The user is an accountant [user.occupation]');
  it.each([
    ["Well, that's me retired from Brennan & Wall as of Friday! Cake, speeches, the lot.", ['The user works at Brennan & Wall']],
    ['I retired from Brennan & Wall last month', ['The user works at Brennan & Wall']],
    ["I'm retired.", []],
  ])('%s', (said, gone) => {
    expect(learned(said, job)).toEqual(['The user is retired [user.occupation]']);
    expect(ended(said, job)).toEqual(gone);
  });

  it("someone else's retirement, or a thought of one, is not the user's", () => {
    expect(learned('my dad retired last year', job)).toEqual([]);
    expect(learned("I'm thinking about retiring", job)).toEqual([]);
  });
});

describe('a couple said as a label, then what they are now', () => {
  it('"ole + me: engaged since saturday" is an engagement', () => {
    expect(learned('ole + me: engaged since saturday.', holding('The user is dating Ole [user.partner]'))).toEqual([
      'The user is engaged to Ole [user.partner]',
    ]);
  });
});

describe('tools said by what they are for, and switched', () => {
  it('"CI is jenkins": a tool, whatever the tagger makes of "CI"', () => {
    expect(learned('tools: CI is jenkins, infra is on AWS.')).toContain("The user's CI is jenkins [user.tool.jenkins]");
  });

  it('a tool used "everywhere now" after the old one was migrated off, with a question after an emoji', () => {
    const ci = holding("The user's CI is jenkins [user.tool.jenkins]");
    const said =
      'we finally migrated off jenkins, github actions everywhere now, no more groovy 🙏 btw should I also move from terraform to pulumi? team is divided';
    expect(learned(said, ci)).toEqual(["The user's CI is github actions [user.tool.github_actions]"]);
    expect(ended(said, ci)).toEqual(["The user's CI is jenkins"]);
  });

  it('how a team is, is no team; a name that opens on an adjective is a name', () => {
    expect(learned('team is divided')).toEqual([]);
    expect(learned('favourite band is Super Furry Animals and I will hear no argument on this')).toEqual([
      "The user's favorite band is Super Furry Animals [user.favorite.band]",
    ]);
    expect(learned('team is Payments')).toEqual(['The user is on the Payments team [user.team]']);
  });
});

describe('a pastime done somewhere instead is no new job there', () => {
  it('"I swim laps at the Y instead" keeps the employer', () => {
    const life = holding('The user works at Lumen Health [user.employer]', 'The user goes running [user.hobby.running]');
    const said = "Honestly I'm not into running anymore — I swim laps at the Y instead.";
    expect(learned(said, life)).toEqual(['The user swims laps at the Y [user.hobby.swimming]']);
    expect(ended(said, life)).toEqual(['The user goes running']);
  });
});

describe('several pets named in one sentence', () => {
  it.each([
    ['I have two hens called Hilda and Marge.', ['user.pet.hilda', 'user.pet.marge']],
    ['Animals: two hens called Hilda and Marge, plus a lurcher called Skye.', ['user.pet.hilda', 'user.pet.marge', 'user.pet.skye']],
    ["We've also got two dogs, a staffie called Tyson and an old greyhound called Ribbon.", ['user.pet.tyson', 'user.pet.ribbon']],
  ])('%s', (said, keys) => {
    expect(
      learned(said)
        .map((b) => /\[(.+)\]$/.exec(b)![1])
        .sort(),
    ).toEqual([...keys].sort());
  });
});

describe('a move leaves the old town out of where the user works', () => {
  const life = holding('The user works at Zenith Retail in Bengaluru [user.employer]', 'The user lives in Koramangala, Bengaluru [user.location]');

  it('the employer stays, without the town left', () => {
    const said = 'We moved to Mysore last week.';
    expect(learned(said, life)).toEqual(['The user lives in Mysore [user.location]', 'The user works at Zenith Retail [user.employer]']);
    expect(ended(said, life)).toEqual(['The user works at Zenith Retail in Bengaluru', 'The user lives in Koramangala, Bengaluru']);
  });

  it("a new employer named in the move takes the old one's place whole", () => {
    expect(learned('I work at Infosys in Mysore now', life)).toEqual(['The user works at Infosys in Mysore [user.employer]']);
  });
});

describe('ends said in everyday idiom', () => {
  const life = holding(
    'The user speaks Kannada [user.language.kannada]',
    'The user has a hen called Marge [user.pet.marge]',
    'The user has a hen called Hilda [user.pet.hilda]',
    'The user loves Turkish delight [user.likes.turkish_delight]',
    'The user plays the tin whistle [user.instrument.tin_whistle]',
  );
  it.each([
    ['Kannada has gone out the window since I moved lol.', ['The user speaks Kannada']],
    ["Bad week. A fox got Marge on Tuesday night 💔 Hilda's been pacing the run ever since.", ['The user has a hen called Marge']],
    ["Turkish delight is ruined for me, I had way too much at my cousin's wedding.", ['The user loves Turkish delight']],
    ['The tin whistle is in a drawer somewhere', ['The user plays the tin whistle']],
    ['the dog got the ball', []],
  ])('%s', (said, gone) => {
    expect(ended(said, life)).toEqual(gone);
  });
});

describe('news said as a riddle, a weakness or a new obsession', () => {
  it.each([
    ["Guess who's Senior PM now 🎉 The review went great!", 'The user is a Senior PM [user.occupation]'],
    ['Absolute weakness for Turkish delight.', 'The user likes Turkish delight [user.likes.turkish_delight]'],
    ['Baklava is the new obsession.', 'The user is obsessed with Baklava [user.likes.baklava]'],
    ['new job. started monday at helix mobility. same role.', 'The user works at helix mobility [user.employer]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('"afk:" lists what the user does for fun', () => {
    expect(learned('afk: chess (lichess, ~1900), sourdough. no pets.')).toContain("The user's hobby is chess [user.hobby.chess]");
  });
});

describe('work news with its subject or its verb left out', () => {
  it('"so again I report to her": whom she stands for', () => {
    const boss = holding("The user's manager is Meera [user.manager]");
    const said = 'Good news, Sunita is back from leave and she has taken our squad also, so again I report to her.';
    expect(learned(said, boss)).toEqual(["The user's manager is Sunita [user.manager]"]);
    expect(ended(said, boss)).toEqual(["The user's manager is Meera"]);
  });

  it('"Taken a job with Trafford Council": the employer, once', () => {
    expect(learned('Packed in the self-employed life. Taken a job with Trafford Council doing their housing repairs — steady money.')).toEqual([
      'The user works at Trafford Council [user.employer]',
    ]);
  });

  it('an interview with a company is no job there', () => {
    expect(learned("I've got a job interview with Monzo").filter((b) => b.includes('user.employer'))).toEqual([]);
  });
});

describe('news with its parts set apart by a colon, a dash or a courtesy', () => {
  it('a new post, then the job there after a colon', () => {
    const job = holding('The user is a GP at Llandaff Surgery [user.occupation]', 'The user works at Llandaff Surgery [user.employer]');
    expect(learned("I've left the practice and taken a hospital post: I'm an A&E consultant at St Dyfrig's now.", job)).toEqual([
      "The user works at St Dyfrig's [user.employer]",
      'The user is an A&E consultant [user.occupation]',
    ]);
  });

  it("a new manager named after a dash, with 'ma'am' after the name", () => {
    const boss = holding("The user's manager is Subhash [user.manager]");
    const said = "New project means new manager also — Ritika ma'am.";
    expect(learned(said, boss)).toEqual(["The user's manager is Ritika [user.manager]"]);
    expect(ended(said, boss)).toEqual(["The user's manager is Subhash"]);
  });

  it("home named in lower case before 'now'", () => {
    const home = holding('The user lives in Adelaide [user.location]');
    expect(learned("anyway home's port lincoln now. fresh start", home)).toEqual(['The user lives in Port Lincoln [user.location]']);
  });

  it("an allergy told with 'apparently' is the user's", () => {
    expect(learned("And now I'm allergic to latex too, apparently. The pineapple one hasn't gone anywhere either.")).toEqual([
      'The user is allergic to latex [user.allergy.latex]',
    ]);
    expect(learned("Apparently I'm vegan now, says my mum")).toEqual([]);
  });

  it('an instrument played, said without "I"', () => {
    expect(learned('vegetarian. play cello in a community orchestra.')).toContain('The user plays cello in a community orchestra [user.instrument.cello]');
  });
});

describe('switches said of the workplace, and of a drink gone flat', () => {
  it('"Spotify finally made everyone switch to Figma" is the user\'s switch', () => {
    const tools = holding('The user designs everything in Sketch at work [user.tool.sketch]');
    const said = 'So Spotify finally made everyone switch to Figma, all the Sketch licenses got cut this month.';
    expect(learned(said, tools)).toEqual(['The user switched to Figma [user.tool.figma]']);
    expect(ended(said, tools)).toEqual(['The user designs everything in Sketch at work']);
  });

  it('a drink that has lost its taste ends, and the new one keeps its whole name', () => {
    const beer = holding('The user is a Castle Lager man [user.drink.castle_lager]');
    const said = "Switched to Black Label, Castle's lost its taste for me.";
    expect(learned(said, beer)).toEqual(['The user is a Black Label man [user.drink.black_label]']);
    expect(ended(said, beer)).toEqual(['The user is a Castle Lager man']);
  });

  it('a drink held with how it was had is said anew, not a word of it swapped', () => {
    const order = holding('The user switched their order to an oat milk latte and loves it [user.drink.latte]');
    expect(learned("the latte's gone sickly, it's a cortado now", order)).toEqual(['The user drinks cortado [user.drink.latte]']);
  });

  it('a job, and the team it is done in', () => {
    expect(learned("I'm a backend dev on their data platform team")).toEqual([
      'The user is a backend dev [user.occupation]',
      'The user is on the data platform team [user.team]',
    ]);
  });
});

describe('a new boss or a new post said with what came with it', () => {
  it('"new boss: I now report to…" reads whom the user reports to, not "I"', () => {
    const boss = holding("The user's manager is Rachel [user.manager]");
    expect(learned('New office, new boss: I now report to a chap called Gareth Hughes.', boss)).toEqual(["The user's manager is Gareth Hughes [user.manager]"]);
  });

  it('"taken up a post as head of history at Kelvinside High" is the title and the employer', () => {
    const got = learned("I've taken up a post as head of history at Kelvinside High, and I started after the October break.");
    expect(got).toContain('The user is a head of history [user.occupation]');
    expect(got).toContain('The user works at Kelvinside High [user.employer]');
  });
});

describe('tastes said the way people say them', () => {
  it.each([
    ['My reporting manager is Anil. Favourite food — biryani obviously, what else 😄', "The user's favorite food is biryani [user.favorite.food]"],
    ['Favourite food in the world is a proper cawl', "The user's favorite food is a proper cawl [user.favorite.food]"],
    ['go-to snack is hot cheetos, go-to drink is a brown sugar oatmilk shaken espresso', "The user's favorite snack is hot cheetos [user.favorite.snack]"],
    ["and I'd kill for a Tayto sandwich any day of the week, that's my comfort food", 'The user likes Tayto sandwich [user.likes.tayto_sandwich]'],
    ['Filter coffee is my daily must, without that I am not functioning 😅', 'The user likes filter coffee [user.likes.filter_coffee]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('"My go-to editor is Neovim" stays a tool, "I\'m a tea person" a tea person', () => {
    expect(learned('My go-to editor is Neovim')).toEqual(["The user's go-to editor is Neovim [user.tool.neovim]"]);
    expect(learned("I'm ashamed to say I'm a tea person now")).toEqual(['The user is a tea person [user.drink.tea]']);
    expect(learned('am a tea man, milky wi two sugars')).toEqual(['The user is a tea man [user.drink.tea]']);
  });
});

describe('an introduction in Scots and a home base', () => {
  it('"am an electrician wi a firm called McAllister Electrical, stay in Dennistoun"', () => {
    expect(learned('awright. callum. am an electrician wi a firm called McAllister Electrical, stay in Dennistoun')).toEqual([
      'The user is an electrician [user.occupation]',
      'The user works at McAllister Electrical [user.employer]',
      'The user lives in Dennistoun [user.location]',
    ]);
  });

  it('"home base is Joondalup"; "with BHP" is no partner', () => {
    expect(learned('home base is Joondalup')).toEqual(['The user lives in Joondalup [user.location]']);
    expect(learned("with BHP. supervisor's Shane.").filter((b) => b.includes('user.partner'))).toEqual([]);
  });
});

describe('a new boss said every which way', () => {
  const boss = holding("The user's manager is Bríd [user.manager]");
  it.each([
    ['Bríd retired at Easter, so the new principal is a fella called Declan. early days but he seems sound', 'Declan'],
    ["the board brought in an interim, a Mrs Keane, so she's the one I answer to now", 'Mrs Keane'],
    ["Devon went on parental leave, so Hana's covering as my manager till spring", 'Hana'],
  ])('%s', (said, name) => {
    expect(learned(said, boss)).toEqual([`The user's manager is ${name} [user.manager]`]);
  });
});

describe('a title named with what it leads', () => {
  it.each([
    ["So I'm officially Director of Product as of Monday. Still processing it honestly.", ['The user is a Director of Product [user.occupation]']],
    ["I'm Head of Engineering at Monzo", ['The user is a Head of Engineering [user.occupation]', 'The user works at Monzo [user.employer]']],
    ["I'm a professor of Leeds University", ['The user is a professor [user.occupation]', 'The user works at Leeds University [user.employer]']],
    [
      'Good news yaar, appraisal results came and from this month I am Senior Software Engineer!!',
      ['The user is a Senior Software Engineer [user.occupation]'],
    ],
  ])('%s', (said, beliefs) => {
    expect(learned(said)).toEqual(beliefs);
  });
});

describe('a move ends what named the old place by its name, not its dwelling', () => {
  it('"a pg in HSR Layout" is left with the PG taken there', () => {
    const home = holding('The user lives in a pg in HSR Layout [user.location]', 'The user has taken a PG in HSR Layout [user.take.pg]');
    expect(ended("PG food was killing me so I've shifted again — got a proper 1BHK in Koramangala, 10 mins from office 🙌", home)).toEqual([
      'The user lives in a pg in HSR Layout',
      'The user has taken a PG in HSR Layout',
    ]);
  });
});

describe('the household where it is now', () => {
  it('"me n the dug are up in Bishopbriggs noo" is the home, said once', () => {
    expect(learned("me n the dug are up in Bishopbriggs noo, ma granny's old hoose", holding('The user lives in Dennistoun [user.location]'))).toEqual([
      'The user lives in Bishopbriggs [user.location]',
    ]);
    expect(learned('we are up in Bishopbriggs now')).toEqual(['The user lives in Bishopbriggs [user.location]']);
  });
});

describe('a drink named in the plural', () => {
  it('"I basically live on flat whites" is a drink, and no home', () => {
    const home = holding('The user lives in Galway [user.location]');
    expect(learned('I basically live on flat whites', home)).toEqual(['The user lives on flat whites [user.drink.flat_white]']);
    expect(ended('I basically live on flat whites', home)).toEqual([]);
  });
});

describe('retired, said without "I"', () => {
  it('"Retired early from the council and loving every minute"', () => {
    expect(learned('Fiona, 52, Leith. Retired early from the council and loving every minute.')).toContain('The user is retired [user.occupation]');
  });
});
