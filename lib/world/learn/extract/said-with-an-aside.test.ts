import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { endedIds, heldPairs } from '../../../../test/support/reading.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const keysOf = (turn: string, held = heldPairs()) => learned(turn, held).map((b) => /\[(.+)\]$/.exec(b)?.[1]);

describe('a fact said with an aside, a condition or a name after it', () => {
  it.each([
    ['Good news at last, my leave was approved, so we have booked five days at Diani instead.', 'user.plan.diani'],
    ["Also I can't eat groundnuts, it's a serious allergy.", 'user.allergy.groundnuts'],
    ['Also deathly allergic to peanuts, so I carry an EpiPen everywhere.', 'user.allergy.peanuts'],
    ['I free-dive on weekends.', 'user.hobby.free_dive'],
    ["I dive on weekends when the water isn't freezing.", 'user.hobby.dive'],
    ['The doctor found out I have celiac disease, so no gluten for me now.', 'user.condition.celiac_disease'],
  ])('%s', (turn, key) => {
    expect(keysOf(turn)).toContain(key);
  });

  it('a label with "of choice" names the kind it chooses from', () => {
    expect(learned('Drink of choice: flat white, oat milk, obviously.')).toEqual(['The user drinks flat white [user.drink.flat_white]']);
  });

  it('the only tea of the house is the user’s', () => {
    expect(learned("Barry's is the only tea allowed in this house, mind.")).toEqual(["The user drinks Barry's tea [user.drink.tea]"]);
  });

  it('a diet said of "it" is the diet the user is on, without the sigh after it', () => {
    expect(learned("The doctor has me off salt, so it's a low-sodium diet now, worse luck.")).toEqual(['The user is on a low-sodium diet [user.diet]']);
    expect(keysOf("It's a great diet now that I think of it")).not.toContain('user.diet');
  });
});

describe('who is named, and who is not', () => {
  it('a name the tagger takes for an adjective still introduces the user before "here"', () => {
    expect(learned('kobby here.')).toEqual(["The user's name is Kobby [user.name]"]);
    expect(keysOf('im grumpy, tired lol')).not.toContain('user.name');
  });

  it('"the kids are at school" names no child', () => {
    expect(learned('the kids are at school')).toEqual([]);
    expect(keysOf('the kids are saoirse (9) and cathal (6)')).toEqual(['user.child.saoirse', 'user.child.cathal']);
  });

  it('"myself and the wife" live where the user lives', () => {
    const turn = "I'm Dermot, 71, and myself and the wife Bríd live outside Ennistymon in County Clare.";
    expect(learned(turn)).toContain('The user lives outside Ennistymon [user.location]');
  });

  it('"she\'s my supervisor now" is whoever was named before it', () => {
    const held = heldPairs(["The user's manager is Prof Gerald Munro", 'user.manager']);
    const turn = "Gerald retired this week and Dr Amira Haddad has taken over the lab, so she's my supervisor now.";
    expect(learned(turn, held)).toContain("The user's manager is Dr Amira Haddad [user.manager]");
  });
});

describe('a stay that is a home', () => {
  const leith = heldPairs(['The user lives in Leith', 'user.location']);

  it('a flat until a secondment ends is where the user lives', () => {
    const turn = "Right, I said yes — I'm now in a furnished flat in Glasgow's West End until the secondment finishes in spring.";
    expect(learned(turn, leith)).toContain("The user lives in a furnished flat in Glasgow's West End [user.location]");
  });

  it('a hotel until Friday is not', () => {
    expect(keysOf("I'm in a hotel in Paris until Friday.", leith)).not.toContain('user.location');
    expect(endedIds("I'm in a hotel in Paris until Friday.", leith)).toEqual([]);
  });
});

describe('animals, brothers and titles said the short way', () => {
  it('a cow named after a comma is the user’s animal', () => {
    expect(keysOf('We have one cow also, her name is Lakshmi.')).toContain('user.pet.lakshmi');
  });

  it('"Dog\'s a husky named Nanook" is a husky the user has', () => {
    expect(learned("Girlfriend Sophie, she's ski patrol. Dog's a husky named Nanook.")).toContain('The user has a husky called Nanook [user.pet.nanook]');
  });

  it('"allergic" alone after what the user cannot go near is an allergy; an allergic reaction is not', () => {
    expect(keysOf("Can't go near peanuts, allergic.")).toContain('user.allergy.peanuts');
    expect(keysOf("I can't eat gluten, allergic reaction last time was bad")).not.toContain('user.allergy.gluten');
  });

  it('"my bro" is the user’s brother; "bro" calling someone is no one’s', () => {
    expect(learned('my bro sipho just got hired at takealot in the warehouse, so proud of him')).toContain(
      "The user's brother is named Sipho [user.family.brother.sipho]",
    );
    expect(learned('bro i quit my job at Tesco').join(' ')).not.toMatch(/brother/);
  });

  it('a job without its article is the job', () => {
    expect(keysOf('good news! passed my exams, im bosun now starting this contract')).toContain('user.occupation');
  });

  it('where a pastime is done, said first, leaves the pastime said', () => {
    expect(keysOf('onboard i play guitar and chess with the other pinoy crew.')).toContain('user.hobby.guitar_and_chess');
  });
});

describe('what the user gave up or took to, said the long way', () => {
  it('"given the choir up" ends the choir', () => {
    const held = heldPairs(['The user does singing with the Gaelic choir in Stornoway', 'user.hobby.singing']);
    expect(endedIds("I've given the choir up. The drive into Stornoway in the dark was too much.", held)).toEqual(['b0']);
  });

  it('a show named with "of" in it is named whole', () => {
    const held = heldPairs(['The user is hooked on Jeopardy', 'user.hook.jeopardy']);
    expect(learned("I can't watch Jeopardy anymore, it's Wheel of Fortune for me these days.", held).join(' ')).toMatch(/Wheel of Fortune/);
  });
});

describe('introductions, new posts and tastes said in passing', () => {
  it('"I\'m Nonoy from Iloilo City" is a name and where the user is from; a faith is no name', () => {
    expect(learned("I'm Nonoy from Iloilo City.")).toEqual(["The user's name is Nonoy [user.name]", 'The user is from Iloilo City [user.origin]']);
    expect(keysOf('hi po, im nonoy from iloilo city.')).toEqual(['user.name', 'user.origin']);
    expect(keysOf("I'm Muslim from Leeds")).not.toContain('user.name');
  });

  it('a partnership or a fellowship taken at a place is the new employer', () => {
    const held = heldPairs(['The user works at Clínica Sorriso Pampa', 'user.employer']);
    expect(learned("Big news: I accepted a partnership at OdontoIlha, and I'm settled in Florianópolis now.", held)).toContain(
      'The user works at OdontoIlha [user.employer]',
    );
    expect(keysOf("I've taken a research fellowship at GEOMAR")).toContain('user.employer');
  });

  it('the street a house is on is no part of the town', () => {
    expect(learned('I still live in the same little house on Salem Avenue in Dayton, Ohio.')).toEqual(['The user lives in Dayton, Ohio [user.location]']);
  });

  it('what the user is into is a taste, never a home', () => {
    const cork = heldPairs(['The user lives in Cork', 'user.location']);
    expect(keysOf("I'm into Fortnite now", cork)).toEqual(['user.likes.fortnite']);
    expect(keysOf('apex is dead to me. fortnite zero build is where its at now')).toContain('user.likes.fortnite_zero_build');
  });
});
