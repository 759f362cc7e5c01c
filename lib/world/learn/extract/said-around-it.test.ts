import { beforeAll, describe, expect, it } from 'vitest';
import { loadTagger } from './tagger.ts';
import { learned } from '../../../../test/support/learned.ts';
import { heldPairs, read } from '../../../../test/support/reading.ts';

beforeAll(loadTagger);

describe('whom the user has, named while the sentence says something else', () => {
  it.each([
    ['My manager Ankita has asked me to prepare a design doc by Friday.', "The user's manager is Ankita [user.manager]"],
    ['My boss Kevin is a nightmare this week.', "The user's manager is Kevin [user.manager]"],
    ['can you check this before my boss dr hollis sees it', "The user's manager is Dr Hollis [user.manager]"],
    ['make it sound professional, my boss dr hollis is super picky abt wording', "The user's manager is Dr Hollis [user.manager]"],
    ['I took my daughter Mia to the dentist.', "The user's daughter is named Mia [user.child.mia]"],
    ['Got my boy Jayden every other weekend.', "The user's son is named Jayden [user.child.jayden]"],
  ])('%s', (content, belief) => {
    expect(learned(content)).toContain(belief);
  });

  it.each(['My old boss Kevin is hiring.', 'My former manager Ankita has asked me to apply.'])('a former manager is none: %s', (content) => {
    expect(learned(content).join()).not.toContain('user.manager');
  });

  it('one belief of a key a turn: who Leo is and how old', () => {
    expect(learned('My daughter Mia is 7 and my son Leo is 4.')).toEqual([
      "The user's daughter Mia is 7 years old [user.child.mia]",
      "The user's son Leo is 4 years old [user.child.leo]",
    ]);
  });
});

describe('an introduction’s items and labels', () => {
  it('a label before a clause with a subject of its own reads the clause, not a name', () => {
    const all = learned("For context: at home it's me, my partner Réjean and our two old cats, Pistache and Caramel.");
    expect(all).toContain("Caramel is one of the user's cats [user.pet.caramel]");
    expect(all.join()).not.toContain('user.name');
  });

  it('someone named as an item, and an age right after them, are theirs', () => {
    const all = learned("I'm Dana, 34, nurse, husband Joost, daughter Lena, 7.");
    expect(all).toContain("The user's husband is named Joost [user.partner]");
    expect(all).toContain('The user is 34 years old [user.age]');
    expect(all.filter((b) => b.includes('[user.age]'))).toHaveLength(1);
    expect(all.join()).toMatch(/Lena[^,]*\[user\.child\.lena\]/);
  });

  it.each([
    ['I am vegetarian, three weeks now.', ['The user is vegetarian [user.diet]']],
    ['I work at Tesco, nearly five years now.', ['The user works at Tesco [user.employer]']],
  ])('how long, said after a statement, is no fact of its own: %s', (content, beliefs) => {
    expect(learned(content)).toEqual(beliefs);
  });

  it('a job said without its article keeps its words', () => {
    expect(learned('since 30 years I am train driver by the Deutsche Bahn').join()).not.toContain('traing');
  });
});

describe('a time said first, after a lead-in or an "and"', () => {
  it.each([
    ['One more thing, weekends I am learning tabla from a guruji, almost two years now.', 'tabla'],
    ["I'm a nurse, and Tuesday nights I'm at camogie training.", 'camogie'],
    ['Since my cholesterol test I am vegetarian.', 'vegetarian'],
  ])('%s', (content, what) => {
    const all = learned(content);
    expect(all.join()).toContain(what);
    expect(all.join()).not.toMatch(/cholesterol test they|almost two years/);
  });
});

describe('health said the way people tell it', () => {
  it.each([
    ['I react badly to ibuprofen.', 'The user is allergic to ibuprofen [user.allergy.ibuprofen]'],
    ['Found out the hard way that I react to sulfa drugs too.', 'The user is allergic to sulfa drugs [user.allergy.sulfa_drugs]'],
  ])('%s', (content, belief) => {
    expect(learned(content)).toContain(belief);
  });

  it('reacting to something that is no drug is no allergy', () => {
    expect(learned('I react to criticism badly.').join()).not.toContain('allergy');
  });
});

describe('a new home told by the first days in it, a partner by their things leaving', () => {
  const home = heldPairs(['The user lives in Kericho', 'user.location']);

  it.each([
    ['We have spent our first week in the new house in Kakamega.', 'house'],
    ['First night in the new flat in Kakamega!', 'flat'],
  ])('%s', (content, dwelling) => {
    const { beliefs, retract } = read(content, home);
    expect(beliefs.map((b) => b.statement)).toContain(`The user lives in a ${dwelling} in Kakamega`);
    expect(retract.map((r) => r.id)).toEqual(['b0']);
  });

  it.each(["My sister's first week in the new flat in Leeds went fine.", 'The commute from Kericho was killing me.'])('no new home: %s', (content) => {
    const { beliefs, retract } = read(content, home);
    expect(beliefs.map((b) => b.key)).not.toContain('user.location');
    expect(retract).toEqual([]);
  });

  it('a first week in the new house, then the old commute, leaves the new home', () => {
    const { beliefs } = read('We have spent our first week in the new house in Kakamega. The commute from Kericho was killing me.', home);
    expect(beliefs.filter((b) => b.key === 'user.location').map((b) => b.statement)).toEqual(['The user lives in a house in Kakamega']);
  });

  const partner = heldPairs(["The user's boyfriend is Tyler", 'user.partner']);
  it.each([
    'Tyler moved the last of his things out to his brother’s place yesterday.',
    'tyler loaded the last of his stuff in his truck this morning.',
    'Tyler moved out to his mum’s place.',
  ])('%s', (content) => {
    expect(read(content, partner).retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('a brother loading his things ends no partner', () => {
    expect(read('My brother loaded his stuff into his van.', partner).retract).toEqual([]);
  });
});

describe('asides and terse items around a statement', () => {
  it.each([
    ["I'm married to Heike, no kids, and we have a dog.", 'The user is married to Heike [user.partner]'],
    ["Our CI is still Jenkins, don't laugh 😅", "The user's CI is Jenkins [user.tool.jenkins]"],
    ['Doing banting — no bread, no pap.', 'The user is banting [user.diet]'],
    ["I've been vegan about six years.", 'The user is vegan [user.diet]'],
    ['My editor is basically Vim.', "The user's editor is Vim [user.tool.vim]"],
  ])('%s', (content, belief) => {
    expect(learned(content)).toContain(belief);
  });

  it.each(['super keen ❄️', 'super happy'])('an intensifier names no manager: %s', (content) => {
    expect(learned(content).join()).not.toContain('user.manager');
  });
});

describe('a tool the user switched off, said of the thing it ran on', () => {
  const ci = heldPairs(["The user's CI is Jenkins", 'user.tool.jenkins']);

  it('ends the tool, and what the work runs on now replaces it', () => {
    const { beliefs, retract } = read('we switched off the last Jenkins box this arvo and every repo is building on GitHub Actions now.', ci);
    expect(retract.map((r) => r.id)).toEqual(['b0']);
    expect(beliefs.map((b) => b.key)).toContain('user.tool.github_actions');
    expect(beliefs.map((b) => b.statement).join()).not.toContain('Jenkins');
  });

  it('quitting something last week is no "last" thing', () => {
    const gym = heldPairs(['The user goes to the gym', 'user.hobby.gym']);
    expect(read('I quit the gym last week.', gym).retract.map((r) => r.mention)).toEqual(['gym']);
  });
});

describe('a job left by what was handed back, or said done with', () => {
  const work = heldPairs(['The user works at KTDA', 'user.employer']);
  it.each(['Today I handed back the KTDA motorbike and my ID.', 'I gave back my KTDA uniform last week.'])('%s', (content) => {
    expect(read(content, work).retract.map((r) => r.id)).toEqual(['b0']);
  });
  it('keys handed back for a flat end no job', () => {
    expect(read('I handed back the keys to the flat.', work).retract).toEqual([]);
  });

  const clinic = heldPairs(['The user works at Leeside Physio', 'user.employer']);
  it.each(["Well that's me finished at Leeside.", "I'm done at Leeside."])('%s', (content) => {
    expect(read(content, clinic).retract.map((r) => r.id)).toEqual(['b0']);
  });
});

describe('a habit or a thing ended by how it is told', () => {
  it.each([
    ['day 21 without a single dr pepper', ['The user drinks Dr Pepper', 'user.drink.dr_pepper']],
    ['Three weeks off the cigarettes now.', ['The user smokes cigarettes', 'user.habit.cigarettes']],
    ['So on Sunday I gave my trumpet to my nephew.', ['The user plays the trumpet', 'user.instrument.trumpet']],
  ] as [string, [string, string]][])('%s', (content, held) => {
    expect(read(content, heldPairs(held)).retract.map((r) => r.id)).toEqual(['b0']);
  });

  it('giving someone a lift ends nothing', () => {
    expect(read('I gave my son a lift to school.', heldPairs(['The user has a son called Leo', 'user.child.leo'])).retract).toEqual([]);
  });

  it('a team moved under someone gives the user that manager', () => {
    const { beliefs, retract } = read(
      'Reorg last week and our whole pod got shifted under Rohit.',
      heldPairs(["The user's manager is Ankita", 'user.manager']),
    );
    expect(beliefs.map((b) => b.statement)).toContain("The user's manager is Rohit");
    expect(retract.map((r) => r.id)).toEqual(['b0']);
  });
});

describe('news and introductions said the way people chat', () => {
  it.each([
    ['Réjean asked me to marry him!!', 'The user is engaged to Réjean [user.partner]'],
    ['GUESS WHO GOT BUMPED TO LEAD TECH 😎😎 more $$ and i get to make the schedule', 'The user is a lead tech [user.occupation]'],
    ["It's just the pair of us and Bran, a daft old border collie who thinks he runs the house.", 'The user has a border collie named Bran [user.pet.bran]'],
    ['When the rota lets me I play the fiddle.', 'The user plays the fiddle when the rota lets them [user.hobby.fiddle]'],
    ['hi!! im wei ling, data analyst at grab', "The user's name is Wei Ling [user.name]"],
    ['I’m a winemaker at Viña Piedra Alta.', 'The user works at Viña Piedra Alta [user.employer]'],
    ["FYI I'm doing keto so if I ask about food that's why.", 'The user is keto [user.diet]'],
    ['Boss man is Danny, wants every quote on the new template by Monday.', "The user's manager is Danny [user.manager]"],
    ['Bit about me: single mom to Zuri, she is 5.', "The user's child is named Zuri [user.child.zuri]"],
    ["I'm vegetarian from high school days.", 'The user is vegetarian [user.diet]'],
  ])('%s', (content, belief) => {
    expect(learned(content)).toContain(belief);
  });

  it('an introduction’s item names the job done at the place it names', () => {
    expect(learned("I'm Catalina, winemaker at Viña Piedra Alta in Colchagua").join()).toContain('[user.occupation]');
  });

  it.each(["I'm a member at Leeds Climbing.", 'Funny story: when I was 23 I did a harvest in Bordeaux, at a château in Pauillac.'])(
    'no job, and nothing of a past said with "when": %s',
    (content) => {
      expect(learned(content).join()).not.toMatch(/occupation|Pauillac/);
    },
  );
});

describe('where the user lives now, and a pet named after an emoji', () => {
  it('the place lived in, not the person it is near', () => {
    const { beliefs } = read('Big change: now we live in Casablanca near the family of Salma.', heldPairs(['The user lives in Fès', 'user.location']));
    expect(beliefs.filter((b) => b.key === 'user.location').map((b) => b.statement)).toEqual(['The user lives in Casablanca']);
  });

  it('an emoji before "she\'s" ends the sentence', () => {
    expect(learned("We adopted a street dog from the shelter 🐶❤️ she's called Canela.")).toContain('The user got a dog named Canela [user.pet.canela]');
  });
});

describe('someone else, named between commas', () => {
  it.each([
    'My neighbour, Anna, moved to Esbjerg last week.',
    'Her husband, Rógvi, moved to Esbjerg for the wind farm.',
    'Her sister and the husband, Rógvi, have moved to Esbjerg in Denmark.',
  ])('moves nobody’s home but theirs: %s', (content) => {
    const all = learned(content).join();
    expect(all).not.toContain('[user.location]');
    expect(all).not.toContain('[user.partner]');
  });

  it('still reads who the named person is to the user: "The night manager, Priya, is my boss."', () => {
    expect(learned('The night manager, Priya, is my boss.')).toContain("The user's manager is Priya [user.manager]");
  });

  it('still names the user’s own: "My husband, Joost, is a nurse."', () => {
    expect(learned('My husband, Joost, is a nurse.')).toContain("The user's husband is named Joost [user.partner]");
  });
});

describe('what a turn ends is not kept in other words', () => {
  it('a job left by handing back its things keeps no belief naming the old employer', () => {
    const { beliefs } = read(
      'handed back my apron at kvevri on sunday, starting at lomisi books on saturdays now',
      heldPairs(['The user works at Kvevri Café', 'user.employer']),
    );
    expect(beliefs.map((b) => b.statement).join()).not.toMatch(/kvevri/i);
    expect(beliefs.map((b) => `${b.statement} [${b.key}]`)).toContainEqual(expect.stringMatching(/^The user works at lomisi books \[user\.employer\]$/i));
  });

  it('an instrument given to someone by name ends the hobby, and no belief names it', () => {
    const { beliefs, retract } = read('I gave my oud to Anas last week.', heldPairs(['The user plays oud', 'user.hobby.oud']));
    expect(retract.map((r) => r.id)).toEqual(['b0']);
    expect(beliefs.map((b) => b.statement).join()).not.toMatch(/\boud\b/);
  });
});

describe('a terse introduction, label by label', () => {
  it.each([
    ['Name Tom. Plumber. Based Ballarat.', ["The user's name is Tom [user.name]", 'The user lives in Ballarat [user.location]']],
    ['Wife Jo, 2 kids.', ['The user has 2 children [user.children]']],
    ['3 dogs, 2 cats.', ['The user has 3 dogs [user.pet.dogs]']],
  ])('%s', (content, beliefs) => {
    for (const belief of beliefs) expect(learned(content)).toContain(belief);
  });

  it('takes no common word for a name', () => {
    expect(learned('Name Brand.').join()).not.toContain('[user.name]');
  });
});
