import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { endedIds, heldPairs, read } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('the household, introduced as people type it', () => {
  it.each([
    ['We have two dogs, an elderly spaniel called Rufus and a little terrier called Nell.', ['user.pet.rufus', 'user.pet.nell']],
    ["I've got 2 cats, a tabby named Miso and a black cat called Pip.", ['user.pet.miso', 'user.pet.pip']],
    ['I share my apartment with two cats, Sal and Gnocchi.', ['user.pet.sal', 'user.pet.gnocchi']],
    ['I live with two cats, Sal and Gnocchi.', ['user.pet.sal', 'user.pet.gnocchi']],
  ])('%s', (turn, keys) => {
    const got = read(turn).beliefs.map((b) => b.key);
    for (const key of keys) expect(got).toContain(key);
  });

  it('reads two flatmates named as people, not pets', () => {
    expect(learned('I live with two flatmates, Sal and Jo.').filter((b) => b.includes('user.pet'))).toEqual([]);
  });

  it.each([
    ['Two kids, Ava and Ben, and a very patient husband, Luis.', "The user's husband is named Luis [user.partner]"],
    ["I've got a lovely wife, Anna, who puts up with me.", "The user's wife is Anna [user.partner]"],
  ])('a partner described, then named: %s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it('keeps who the partner is over how many children there are when a turn says more than it may keep', () => {
    const got = learned("Hi there! I'm Chloe, 41, ICU nurse at Mercy General here in Sacramento. Two kids, Ava and Ben, and a very patient husband, Luis.");
    expect(got).toContain("The user's husband is named Luis [user.partner]");
    expect(got).toContain('The user has a kid called Ben [user.child.ben]');
    expect(got).toHaveLength(8);
  });

  it('reads a description of the employer, after its name, as no description of the user', () => {
    const got = learned('Hey. Rafael here, 52, head chef at Olive & Ember, a little Italian spot.');
    expect(got).toContain('The user works at Olive & Ember [user.employer]');
    expect(got.filter((b) => /spot/.test(b))).toEqual([]);
  });
});

describe('where the user lives, and where they only spend their time', () => {
  it.each(['Chicago born and raised, still live here.', "I'm from Chicago, still live here.", 'Born and raised in Chicago, still live here.'])('%s', (turn) => {
    expect(learned(turn)).toContain('The user lives in Chicago [user.location]');
  });

  it('reads "my dad is from Chicago, still lives there" as the dad’s', () => {
    expect(learned('My dad is from Chicago, still lives there.').filter((b) => b.endsWith('[user.location]'))).toEqual([]);
  });

  it.each([
    'Work-wise I practically live in VS Code, mostly writing Python.',
    'I virtually live at my girlfriend’s these days.',
    'I more or less live in the library.',
  ])('an overstatement is no home: %s', (turn) => {
    expect(learned(turn).filter((b) => b.endsWith('[user.location]'))).toEqual([]);
  });

  it('reads a town typed in lower case as the town', () => {
    expect(learned('i work as a barista at fern and fig in austin').join(' | ')).toMatch(/ in Austin\b/);
  });
});

describe('health and diet, as people say it', () => {
  it.each([
    ["Sigh, my GP reckons I'm lactose intolerant, so oat milk from now on.", 'The user is lactose intolerant [user.intolerance.lactose]'],
    ["The allergist confirmed that I'm allergic to birch pollen.", 'The user is allergic to birch pollen [user.allergy.birch_pollen]'],
    ['I am allergic for penicillin, doctor say always tell this.', 'The user is allergic to penicillin [user.allergy.penicillin]'],
    ['also im alergic to peanuts so no pad thai for me', 'The user is allergic to peanuts [user.allergy.peanuts]'],
    ["I'm vegitarian.", 'The user is vegetarian [user.diet]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it('reads what someone else thinks of the user’s health as theirs', () => {
    expect(learned("My mum thinks I'm lactose intolerant but I'm not.")).toEqual([]);
  });

  it('reads how the user came to a new diet as no part of it, and ends the old one', () => {
    const diet = heldPairs(['The user is vegetarian', 'user.diet']);
    const turn = "So I finally made the jump and went fully vegan at New Year's.";
    expect(learned(turn, diet)).toContain('The user is vegan [user.diet]');
    expect(endedIds(turn, diet)).toEqual(['b0']);
  });
});

describe('tastes and tools, as people say them', () => {
  it('ends the programme gone off by its whole name, not a pastime sharing one of its words', () => {
    const held = heldPairs(
      ['The user spends most afternoons in the garden', 'user.spend.afternoons'],
      ["The user's favorite programme is Gardeners' World", 'user.favorite.programme'],
    );
    const turn = "I've rather gone off Gardeners' World lately. The Repair Shop is my programme now, I watch it every evening.";
    expect(endedIds(turn, held)).toEqual(['b1']);
    expect(learned(turn, held)).toContain("The user's favorite programme is The Repair Shop [user.favorite.programme]");
  });

  it.each([
    ['fav drink is cold brew obvs, like 3 a day.', "The user's favorite drink is cold brew [user.favorite.drink]"],
    ['switched to matcha lattes and honestly i feel way better', 'The user has switched to matcha lattes [user.preference.drink]'],
    ['Severance is my show these days.', "The user's favorite show is Severance [user.favorite.show]"],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it.each([
    ['Stack: Python, pandas, PyTorch. Notebooks in Jupyter.', ['user.tool.pandas', 'user.tool.jupyter']],
    ['Moved off pandas. Polars for everything now.', ['user.tool.polars']],
  ])('a library or a notebook is a tool: %s', (turn, keys) => {
    const got = read(turn, heldPairs(['The user uses pandas', 'user.tool.pandas'])).beliefs.map((b) => b.key);
    for (const key of keys) expect(got).toContain(key);
  });

  it('reads when the user started, said after the new employer, as no part of its name', () => {
    expect(learned('new job!! im shift lead at Blue Owl Coffee now, started tuesday.')).toContain('The user works at Blue Owl Coffee [user.employer]');
  });
});

describe('an introduction in other voices', () => {
  it.each([
    ["Weekends I'm usually out spearfishing off Raglan if the vis is any good, otherwise it's the couch.", 'user.hobby.spearfishing'],
    ['Bit of a downer — doc confirmed last year I’m coeliac, so it’s strictly gluten free for me now.', 'user.condition.coeliac_disease'],
    ["Oh and the work van's a Toyota Hiace with a ladder rack, my whole life lives in that thing.", 'user.vehicle.toyota'],
    ['Siobhán. Dairy farmer, 90 cows, just outside Ennis.', 'user.location'],
    ["Son Eoin's in Galway doing agri science.", 'user.child.eoin'],
    ["We've got two kids, Lerato who's in matric and little Kamo who's seven, plus a very spoilt Jack Russell called Biltong.", 'user.child.kamo'],
    ["We've got two kids, Lerato who's in matric and little Kamo who's seven, plus a very spoilt Jack Russell called Biltong.", 'user.pet.biltong'],
    ['The kids begged and begged, so now there’s a tabby kitten as well — Mielie.', 'user.pet.mielie'],
    ["I'm a picker in the outbound team, 4 nights on 4 off.", 'user.team'],
    ['I run my own bakery out of Dunedin.', 'user.location'],
  ])('%s → %s', (turn, key) => {
    expect(read(turn).beliefs.map((b) => b.key)).toContain(key);
  });

  it.each([
    ['Vegetarian, believe it or not.', 'The user is vegetarian [user.diet]'],
    ['My show is Murdoch Mysteries, I’ve seen every season twice.', "The user's favorite show is Murdoch Mysteries [user.favorite.show]"],
    ["We've gone and booked a two-week cruise to Alaska.", 'The user is going to Alaska [user.plan.alaska]'],
    ['Doug. 63. Live in Worthington, Ohio, outside Columbus.', 'The user lives in Worthington, Ohio [user.location]'],
    ['Coffee: black, Folgers. TV: Gunsmoke reruns.', 'The user watches Gunsmoke reruns [user.watch.gunsmoke]'],
    ['now watching Queen of Tears.', 'The user is watching Queen of Tears [user.be.watching_queen]'],
    ['We have three children: Valeria of 17, Emiliano of 12 and the little one Sofía of 6.', 'The user has a kid called Sofía who is 6 [user.child.sofia]'],
    ['Farm ute is a beat up Hilux that’s older than my marriage haha.', "The user drives a Hilux that's older than their marriage [user.drive.hilux]"],
    ['Hello, myself Devendra but everyone is calling me Dev.', "The user's name is Devendra [user.name]"],
    ['I am 27 years and working as software tester in Pune.', 'The user is 27 years old [user.age]'],
    ['I’m doing 12hr shifts, 4 on 4 off, and honestly only rooibos keeps me going', 'The user drinks rooibos [user.drink.rooibos]'],
    ['Name: Earl. Age 63. Job: welder, Austal shipyard in Mobile.', 'The user is 63 years old [user.age]'],
    ['Name: Earl. Age 63. Job: welder, Austal shipyard in Mobile.', 'The user is a welder [user.occupation]'],
    ['Name: Earl. Age 63. Job: welder, Austal shipyard in Mobile.', 'The user works at Austal shipyard in Mobile [user.employer]'],
    ['my doctor said i have high colestrol so i need to eat better', 'The user has high cholesterol [user.condition.high_cholesterol]'],
  ])('%s', (turn, belief) => {
    expect(learned(turn)).toContain(belief);
  });

  it('reads a request after a comma as no part of what the user said before it', () => {
    expect(learned("I'm still watching Fair City out of pure habit, anyway could you help me work out a sleep routine")).toContain(
      'The user is watching Fair City out of pure habit [user.watch.fair_city]',
    );
    expect(learned('watching the football tonight.')).toEqual([]);
  });

  it('reads "even if" as no condition on what the user says', () => {
    expect(learned('and i love surströmming even if my wife hates it').join(' ')).toMatch(/surströmming/);
    expect(learned("I'd move to Spain even if it rains.")).toEqual([]);
  });

  it('reads what a book is, not the user’s favourite, when it names no title', () => {
    expect(learned('My book is the one on the table.').filter((b) => b.includes('favorite'))).toEqual([]);
  });

  it('reads a misspelled stop as a stop', () => {
    const held = heldPairs(['The user is learning German on Duolingo', 'user.learning.german']);
    expect(endedIds('i stoped duolingo, the streak broke', held)).toEqual(['b0']);
  });
});
