import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const keysOf = (turn: string) => learned(turn).map((b) => /\[(.+)\]$/.exec(b)?.[1]);

describe('an end said in everyday words', () => {
  it('ends every belief about a pastime when one of them is keyed by it', () => {
    const held = holding(
      'The user plays darts [user.hobby.darts]',
      'The user is down the Royal Oak playing darts with the lads on Saturday nights [user.be.royal_oak_playing]',
    );
    expect(ended("Knocked the darts on the head to be honest, my shoulder's not having it anymore.", held)).toHaveLength(2);
  });

  it("ends what the user's workplace dropped, not what someone else's did", () => {
    const held = holding('The user teaches with Google Classroom [user.teach.google_classroom]');
    expect(ended('Ugh, the district dropped Google Classroom, so as of this semester everything I do lives in Canvas.', held)).toEqual([
      'The user teaches with Google Classroom',
    ]);
    expect(ended("My sister's school dropped Google Classroom.", held)).toEqual([]);
  });

  it.each([
    ["Funny thing, I've lost the taste for the Guinness altogether.", 'The user likes a pint of Guinness [user.likes.pint_of_guinness]'],
    ["We're rewriting the scoring service in Go, so it's goodbye Node for me, at least at work.", 'The user writes Node services [user.tool.node]'],
    ["Finished The Bear. Now I'm completely obsessed with Shōgun.", 'The user is watching The Bear [user.watch.bear]'],
  ])('%s', (turn, belief) => {
    expect(ended(turn, holding(belief))).toHaveLength(1);
  });

  it('finishing work for the day ends nothing', () => {
    expect(ended('I finished work early today.', holding('The user works at Paystack [user.employer]'))).toEqual([]);
  });
});

describe('pets named as people say it', () => {
  it.each([
    ["Anyway the dog's called Taffy, daft old collie, and Saturday nights I'm down the pub.", 'user.pet.taffy'],
    ["My cat's named Mog, she's ancient.", 'user.pet.mog'],
    ["The daughter brought us a pup to fill the gap, a little collie we've named Bran. Minnie's not impressed one bit.", 'user.pet.bran'],
    ['my son got me a kitten for Christmas, she is called Pip', 'user.pet.pip'],
  ])('%s', (turn, key) => {
    expect(keysOf(turn)).toContain(key);
  });

  it("an animal the user gave away, or someone else's, is no pet of theirs", () => {
    expect(keysOf('I gave my sister a puppy for her birthday.').filter((k) => k?.startsWith('user.pet.'))).toEqual([]);
  });
});

describe('a trip booked', () => {
  it('where it goes, said after a dash with when', () => {
    expect(keysOf('We just booked our summer trip — a week in Yellowstone at the end of July, and the kids are beyond excited.')).toContain(
      'user.plan.yellowstone',
    );
  });

  it('where "we" are going is no tool', () => {
    expect(keysOf("We're going to Yosemite at the end of July.")).toEqual(['user.plan.yosemite']);
  });
});

describe('a new manager, said by who they are and then their name', () => {
  it('"some young fulla named brodie", in lower case', () => {
    expect(learned('dazza finally retired, new supervisor is some young fulla named brodie, seems keen enough')).toContain(
      "The user's manager is Brodie [user.manager]",
    );
  });

  it.each([
    ['brodie lasted 3 weeks lol. now weve got a lady named sharon runnin the crew n shes actually mint', 'Sharon'],
    ['Priya lasted five weeks. Head office parachuted in someone called Gareth to run the site.', 'Gareth'],
  ])('%s', (turn, name) => {
    expect(learned(turn).filter((b) => b.endsWith('[user.manager]'))).toEqual([expect.stringContaining(name)]);
  });

  it("someone hired to run someone else's shop is not the user's manager", () => {
    expect(keysOf('my sister hired a guy called Tom to run the shop')).not.toContain('user.manager');
  });
});

describe('a greeting that hails someone', () => {
  it('"g\'day mate im jayden" names the user, not a mate', () => {
    const keys = keysOf("g'day mate im jayden, 23, sparky doin my 4th yr apprenticeship. livin in geelong for now");
    expect(keys).toEqual(expect.arrayContaining(['user.name', 'user.age', 'user.location']));
    expect(keys.filter((k) => k?.includes('mate'))).toEqual([]);
  });
});

describe('a move, said as people tell it', () => {
  const home = (turn: string) => learned(turn, holding('The user lives in Timaru [user.location]')).filter((b) => b.endsWith('[user.location]'));

  it.each([
    ['June and I have sold the farmhouse and settled into a retirement village in Christchurch, near our son.', 'Christchurch'],
    ['Another move. Pune now, leadership wanted me closer to HQ. Family joined in June.', 'Pune'],
    ['callum got a job through in edinburgh so weve got a flat in leith now, moved in on saturday', 'leith'],
    ["Right, we've shifted. Southland's home now. Bloody cold.", 'Southland'],
  ])('%s', (turn, place) => {
    expect(home(turn)).toEqual([expect.stringContaining(place)]);
  });

  it("someone of the user's back at home is no home of the user's", () => {
    expect(home("Mum's home now, she got out of hospital yesterday.")).toEqual([]);
    expect(home("Dave's home now.")).toEqual([]);
  });
});

describe('plans given up, and "me" said for "my"', () => {
  it('withdrawing from a conference ends the plan to go', () => {
    const held = holding('The user is presenting a poster at Cosyne in Lisbon [user.plan.poster]');
    expect(ended("The poster was rejected, so I've withdrawn from Cosyne.", held)).toHaveLength(1);
  });

  it('"live with me missus tayla" names the partner; "me" as what a verb is done to stays "me"', () => {
    expect(learned('live with me missus tayla n our kelpie ruby')).toEqual(
      expect.arrayContaining(["The user's missus is named Tayla [user.partner]", 'The user has a kelpie named Ruby [user.pet.ruby]']),
    );
    expect(learned('my missus Anna is a nurse')).toContain("The user's missus is named Anna [user.partner]");
    expect(keysOf("The RSPCA's taken me back, same ward.")).toContain('user.employer');
  });
});

describe('what a new value is not', () => {
  it('a show the user moved on to is no home', () => {
    expect(keysOf("Finished Trapped. I've moved on to Succession, which has considerably less snow.")).not.toContain('user.location');
  });

  it('a new home takes the whole of the old name\'s place ("Colonia del Sacramento")', () => {
    expect(learned('Big change: I move to Montevideo!', holding('The user lives in Colonia del Sacramento [user.location]'))).toContain(
      'The user lives in Montevideo [user.location]',
    );
  });

  it('"desk job now" is the kind of work, no employer', () => {
    const said = learned('left grieg. desk job now, water quality analyst', holding('The user works at Grieg Seafood [user.employer]'));
    expect(said.filter((b) => b.endsWith('[user.employer]'))).toEqual([]);
    expect(said).toContain('The user is a water quality analyst [user.occupation]');
  });

  it('a colleague named at the opening, with no "my", is not where the user works', () => {
    expect(keysOf('Colleague Thabo got made shift boss today. Good for him.')).not.toContain('user.employer');
  });
});

describe('who lives with the user, said after a comma or an "and"', () => {
  it.each([
    ["And we've a new addition, a budgie called Joey. The neighbour's grandson couldn't keep him.", 'user.pet.joey'],
    ["We've taken in a rescue cat as well, a grumpy ginger fella called Mr Tumnus.", 'user.pet.mr_tumnus'],
    ['kuba finally win, we have a dog now, beagle called Kiełbasa haha', 'user.pet.kie_basa'],
    ['my wife Agnieszka and son Kuba (12) live with me here.', 'user.child.kuba'],
  ])('%s', (turn, key) => {
    expect(keysOf(turn)).toContain(key);
  });

  it("someone else's animal, named after a comma, is not the user's; nor is an animal a tool", () => {
    expect(keysOf('my sister has a dog, a lab called Max').filter((k) => k?.startsWith('user.pet.'))).toEqual([]);
    expect(keysOf("My wife Glenys passed on some years back, so it's me and the dog now.")).not.toContain('user.tool.dog');
  });

  it('"Remote, based in Kitchener": how the user works, then where they live', () => {
    expect(learned('QA at Shopify. Remote, based in Kitchener.')).toContain('The user lives in Kitchener [user.location]');
  });
});
