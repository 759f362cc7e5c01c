import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('the usual order', () => {
  it.each([
    ["Usual order is a flat white with oat milk, if anyone's asking.", "The user's usual order is a flat white with oat milk [user.favorite.coffee]"],
    ['Usual’s a long black, no sugar obviously', "The user's usual is a long black [user.favorite.coffee]"],
    ["order's always a soy latte, extra hot", "The user's usual order is a soy latte, extra hot [user.favorite.coffee]"],
    ['my usual is a pint of Guinness', "The user's usual is a pint of Guinness [user.favorite.beer]"],
  ])('%s', (said, belief) => {
    expect(learned(said)).toEqual([belief]);
  });

  it('a usual that is no drink is no favourite', () => {
    expect(learned('my usual is the 7:15 train').join()).not.toMatch(/favorite/);
  });
});

describe('an -ing with its g dropped, opening a clause', () => {
  it.each([
    ['workin as a junior accountant at KPMG', ['The user is a junior accountant [user.occupation]', 'The user works at KPMG [user.employer]']],
    ['from cork but livin in dublin now', ['The user is from Cork [user.origin]', 'The user lives in Dublin [user.location]']],
  ])('%s', (said, beliefs) => {
    expect(learned(said)).toEqual(beliefs);
  });

  it('a name ending in -in is no verb', () => {
    expect(learned('Katrin is my boss')).toEqual(["The user's manager is Katrin [user.manager]"]);
  });
});

describe('where the user lives, said after what they do', () => {
  it('"…, been living in Salthill" is home, not the town of the school', () => {
    expect(learned("I'm a primary teacher at a school in Galway, been living in Salthill about six years now")).toEqual([
      'The user is a primary teacher [user.occupation]',
      'The user lives in Salthill [user.location]',
    ]);
  });

  it('working "there" says no more than the employer', () => {
    expect(learned("I'm a nurse at the Royal, been working there since 2019")).toEqual([
      'The user is a nurse [user.occupation]',
      'The user works at the Royal [user.employer]',
    ]);
  });
});

describe('people and pets of the user, named in passing', () => {
  it('a pet named where the sentence ends', () => {
    expect(learned('Oh and the real boss of the house is Mielie, our ginger rescue cat 🐈')).toContain('The user has a cat called Mielie [user.pet.mielie]');
  });

  it('a child named before "with", and "out in" a place is no end', () => {
    expect(learned('Our daughter Jenna is out in Denver with our two grandkids, Mason and Lily.')).toContain(
      "The user's daughter is named Jenna [user.child.jenna]",
    );
  });

  it('a boss said as "a woman called …"', () => {
    expect(learned('the principal is a woman called Bríd, lovely but v strict about lesson plans')).toEqual(["The user's manager is Bríd [user.manager]"]);
  });
});

describe('work said in passing', () => {
  it('"been writing basically everything in Go lately"', () => {
    expect(learned('been writing basically everything in Go lately, with Postgres underneath')).toContain('The user writes Go [user.programming_language.go]');
  });

  it('a stack label with what a product is used for', () => {
    expect(learned('stack: kotlin + spring boot, kafka for events')).toContain('The user uses kafka for events [user.tool.kafka]');
  });
});

describe('home and where the user comes from, said tersely', () => {
  it('"Melbourne girl born and bred"', () => {
    expect(learned("heyyy I'm Zoe 👋 Melbourne girl born and bred 💜")).toContain('The user is from Melbourne [user.origin]');
    expect(learned('Sarah girl born and bred').join()).not.toMatch(/origin/);
  });

  it('"live on a narrowboat" with no "I"', () => {
    expect(learned('- live on a narrowboat, moored in Bristol harbour mostly')).toContain('The user lives on a narrowboat [user.live.narrowboat]');
  });
});

describe('pets named every which way', () => {
  it.each([
    ['walking the dog, Rex, in the rain', 'The user has a dog called Rex [user.pet.rex]'],
    ['Biscuit the beagle stole my toast', 'The user has a beagle called Biscuit [user.pet.biscuit]'],
    ['the cat Mochi knocked my coffee over', 'The user has a cat called Mochi [user.pet.mochi]'],
    ['Took Bella, our spaniel, to the vet', 'The user has a spaniel named Bella [user.pet.bella]'],
    ['my fur baby Milo hates baths', 'The user has a furbaby called Milo [user.pet.milo]'],
    ['our girl Luna is a husky', 'The user has a husky called Luna [user.pet.luna]'],
    ['my boy Max is a big daft labrador', 'The user has a big daft labrador called Max [user.pet.max]'],
    ['Also there’s a bearded dragon called Gary who lives in the study and judges everyone.', 'The user has a bearded dragon named Gary [user.pet.gary]'],
    ['The boat cat is a grey rescue called Tamsin, she’s got one eye', 'The user has a cat named Tamsin [user.pet.tamsin]'],
    ['Had to chase Vegemite, our blue heeler, round the backyard this arvo', 'The user has a heeler named Vegemite [user.pet.vegemite]'],
    [
      'The two dogs are snoring on my feet — Smudge is the collie and Dolly’s the little Jack Russell, both rescues.',
      'The user has a Jack Russell named Dolly [user.pet.dolly]',
    ],
    ['Smudge is our collie and Dolly’s our little Jack Russell', 'The user has a collie called Smudge [user.pet.smudge]'],
    [
      'Bramble is my cocker spaniel, and there’s a budgie in the kitchen called Sir Clive who never stops chattering.',
      'The user has a budgie named Sir Clive [user.pet.sir_clive]',
    ],
    [
      'The household consists of Byron, a retired racing greyhound who sleeps all day, and three hens.',
      'The user has a greyhound named Byron [user.pet.byron]',
    ],
    ['the girls — three hens called Ethel, Marjorie and Doris.', 'The user has three hens called Ethel, Marjorie and Doris [user.pet.ethel]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('a pet named as it dies is ended, not learned again', () => {
    const joey = holding('The user has a budgie named Joey [user.pet.joey]');
    expect(ended('Joey the budgie died this morning. Daft how upset I am.', joey)).toEqual(['The user has a budgie named Joey']);
    expect(learned('Joey the budgie died this morning. Daft how upset I am.', joey)).toEqual([]);
  });

  it("someone else's pet, a dog walker and a child are no pets of the user's", () => {
    expect(learned("my neighbour's dog Rex barks all night").join()).not.toMatch(/user\.pet/);
    expect(learned('Peter the dog walker came by').join()).not.toMatch(/user\.pet/);
    expect(learned('my girl Maya is a doctor').join()).not.toMatch(/user\.pet/);
    expect(learned('my kid Sam')).toEqual(['The user has a kid called Sam [user.child.sam]']);
    expect(learned('Household: my partner Jess, our kelpie Dusty and a ragdoll cat called Mochi.')).toEqual([
      "The user's partner is named Jess [user.partner]",
      'The user has a kelpie named Dusty [user.pet.dusty]',
      'The user has a ragdoll cat called Mochi [user.pet.mochi]',
    ]);
  });
});

describe('an end beside a move', () => {
  it('"home\'s Penarth now… so I\'ve stopped going to choir" ends the choir as well as the old home', () => {
    const life = holding('The user does singing in a choir on Tuesdays [user.hobby.singing]', 'The user lives in Canton in Cardiff [user.location]');
    const said = "home's Penarth these days — we took a flat near the pier. longer commute, so I've stopped going to choir, but the sea air 😍";
    expect(ended(said, life)).toEqual(expect.arrayContaining(['The user does singing in a choir on Tuesdays']));
    expect(learned(said, life).join()).not.toMatch(/choir/);
  });

  it('"stopped going to" is done, "going to stop going" is not', () => {
    const choir = holding('The user does singing in a choir on Tuesdays [user.hobby.singing]');
    expect(ended("I've stopped going to choir", choir)).toEqual(['The user does singing in a choir on Tuesdays']);
    expect(ended("I'm going to stop going to choir", choir)).toEqual([]);
  });
});

describe('no medicine where none is named', () => {
  it.each(['Anna is my best friend', 'Race morning fuel will be a venti cold brew with sweet cream'])('%s', (said) => {
    expect(learned(said).join()).not.toMatch(/medication/);
  });

  it('a medicine said as a best friend still is one', () => {
    expect(learned('sumatriptan is my best friend')).toContain('The user takes sumatriptan [user.medication.sumatriptan]');
  });
});

describe('favourites said as the best, or named before they are called one', () => {
  it.each([
    ['Best film ever made is Withnail, no debate.', "The user's favorite film is Withnail [user.favorite.film]"],
    ['my favourite food in the whole world is masala dosa', "The user's favorite food is masala dosa [user.favorite.food]"],
    ['cullen skink, favourite thing on earth', "The user's favorite thing is cullen skink [user.favorite.thing]"],
    ["Nothing beats my mum's jollof", "The user likes their mum's jollof [user.likes.mum_s_jollof]"],
    ['Favourite book remains Middlemarch, which I reread every winter by the fire', "The user's favorite book is Middlemarch [user.favorite.book]"],
    ["Coffee's a cappuccino with cinnamon on top", "The user's usual coffee is a cappuccino with cinnamon on top [user.favorite.coffee]"],
    ['kelpie named ripper, mum minds him when im on site', 'The user has a kelpie called Ripper [user.pet.ripper]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('"Tea is a serious business" names no drink', () => {
    expect(learned('Tea is a serious business').join()).not.toMatch(/usual/);
  });

  it('"my mum\'s cooking" is what is hers, not her name', () => {
    expect(learned("I love my mum's cooking").join()).not.toMatch(/mum is/i);
  });
});

describe("an event of the user's, said by its date", () => {
  it.each([
    ['doing electrician course in evenings, exam is 14 november', 'The user has their exam on 14 november [user.plan.exam]'],
    ['premed at uw, mcat is july 12 and im lowkey panicking', 'The user has their mcat on july 12 [user.plan.mcat]'],
    [
      "Wedding's set for October 12th next year at a place in Logan Square",
      'The user has their wedding on October 12th at a place in Logan Square [user.plan.wedding]',
    ],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each(['the match is may be cancelled', "Kojo's christening is on 8 March at St Giles"])("none of the user's: %s", (said) => {
    expect(learned(said).join()).not.toMatch(/user\.plan/);
  });
});

describe('a diet said while doing something else, and the team the user backs', () => {
  it.each([
    ['Being vegan in Glasgow is way easier than folk think', 'The user is vegan [user.diet]'],
    ["Being the only vegetarian at the staff braai doesn't help either.", 'The user is vegetarian [user.diet]'],
    ["I'm a Broncos fan", 'The user is a Broncos fan [user.be.broncos_fan]'],
    ['Broncos tragic. Been that way since I was a kid.', 'The user is a Broncos fan [user.be.broncos_fan]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each(['My sister, being vegan, hates it', "that's tragic"])('none of the user’s: %s', (said) => {
    expect(learned(said)).toEqual([]);
  });
});
