import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a statement of the user said around words that are not theirs', () => {
  it.each([
    ['My wife thinks I work too hard, and I live in Leeds.', 'The user lives in Leeds [user.location]'],
    [
      'My granddaughter tells me you are good at recipes, and I am in need of one: I am coeliac, diagnosed back in the nineties.',
      'The user is coeliac [user.condition.coeliac_disease]',
    ],
    [
      'My supervisor at Lakeview is Sister Agnes, who has been doing this forty years and could out-swear any sailor.',
      "The user's manager is Sister Agnes [user.manager]",
    ],
  ])('after reported words or beside a relative clause: %s', (said, belief) => expect(learned(said)).toContain(belief));

  it('keeps what someone else says out after the "and"', () => {
    expect(learned('My sister said she moved to Perth, and I was jealous.')).toEqual([]);
    expect(learned('My friend says he lives in Oslo, and he loves it.')).toEqual([]);
  });
});

describe('a pet described by what it does', () => {
  it('names each pet and goes on with the clause after the description', () => {
    const said = learned(
      'I live with Percy, a rather vain blue budgie who talks to the mirror, and I play bridge at the Kaikorai Valley club every Tuesday afternoon.',
    );
    expect(said).toContain('The user has a budgie named Percy [user.pet.percy]');
    expect(said).toContain('The user plays bridge at the Kaikorai Valley club every Tuesday afternoon [user.hobby.bridge]');
  });

  it('names pets said with "there\'s" after where they are', () => {
    expect(learned("At home there's Moose, our big old chocolate lab, and Pickles, a cat who thinks she owns the place.")).toEqual([
      'The user has a lab named Moose [user.pet.moose]',
      'The user has a cat named Pickles [user.pet.pickles]',
    ]);
  });
});

describe("where a boss is, said between the boss and the boss's name", () => {
  it.each([
    ['My line manager at Tesco is Priya.', "The user's manager is Priya [user.manager]"],
    ['My boss at the clinic is Tom.', "The user's manager is Tom [user.manager]"],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('takes no description of the boss for a name', () => expect(learned('My boss in the new job is a nightmare.')).toEqual([]));
});

describe('a home said with more about the house in it', () => {
  it('is the place, not the year the house was bought or what is said after it', () => {
    expect(learned('I live in Dunedin still, in the same draughty villa in Roslyn that my late husband Ron and I bought in 1978.')).toEqual([
      'The user lives in Dunedin [user.location]',
    ]);
    expect(learned('I still live in Leeds, near the park.')).toEqual(['The user lives in Leeds [user.location]']);
  });

  it('reads "that Kevin and I are…" after "is" as the pair\'s own clause', () => {
    expect(learned('The big news in our house is that Kevin and I are finally taking the caravan up to Uluru in September.')).toEqual([
      'The user is taking the caravan up to Uluru [user.plan.caravan]',
    ]);
  });

  it('never takes a year or a month for a place', () => {
    expect(learned('I live in Dunedin, in the villa that we bought in June.')).not.toContain('The user lives in June [user.location]');
  });
});

describe('a statement before the question that closes the sentence', () => {
  it.each([
    [
      "Now, the thing is I'm coeliac, which makes eating out a bit of an adventure, and I wondered if you could help me find some gluten-free recipes that aren't too fiddly?",
      'The user is coeliac [user.condition.coeliac_disease]',
    ],
    ["I'm coeliac, so could you help me find recipes?", 'The user is coeliac [user.condition.coeliac_disease]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('keeps a condition before the question unsaid', () => expect(learned('If I moved to Leeds, where should I live?')).toEqual([]));
});

describe('people and pets named in passing', () => {
  it('reads "the wife" as the user\'s wife', () =>
    expect(learned('The wife Aoife says I should get you to sort out the club fixtures, so here I am.')).toContain("The user's wife is Aoife [user.partner]"));

  it('names a pet said as "Winston the budgie"', () =>
    expect(learned("There's Banjo, our old kelpie, who thinks he runs the place, and Winston the budgie who sings along to the news.")).toEqual([
      'The user has a kelpie named Banjo [user.pet.banjo]',
      'The user has a budgie named Winston [user.pet.winston]',
    ]));
});

describe('a new manager said of them', () => {
  const kemi = holding("The user's manager is Kemi [user.manager]");

  it('takes someone who stepped in as the manager, and nothing of "until she\'s back"', () => {
    const said = "Kemi started her maternity leave on Monday, so Declan's stepped in as my line manager until she's back.";
    expect(learned(said, kemi)).toEqual(["The user's manager is Declan [user.manager]"]);
    expect(ended(said, kemi)).toEqual(["The user's manager is Kemi"]);
  });

  it('reads "she" as the last one joined on, without the "has" joined to the name', () => {
    const said = "Kemi's decided not to come back, Declan's gone back to his old post, and Harriet's been appointed permanently, so she's my manager now.";
    expect(learned(said, kemi)).toEqual(["The user's manager is Harriet [user.manager]"]);
  });
});

describe('health said in passing', () => {
  const veggie = holding('The user is veggie [user.diet]', 'The user is allergic to penicillin [user.allergy.penicillin]');

  it('reads a diet said "properly" as the new diet', () => {
    expect(learned("Right, I've been properly vegan for a month now.", veggie)).toEqual(['The user is vegan [user.diet]']);
    expect(ended("Right, I've been properly vegan for a month now.", veggie)).toEqual(['The user is veggie']);
  });

  it.each([
    'Well, the allergist confirmed it: shellfish.',
    "The allergist confirmed it's shellfish.",
    'Allergy test came back: shellfish.',
    'The allergist confirmed a shellfish allergy.',
  ])('takes what the allergist found for a new allergy beside the old: %s', (said) => {
    expect(learned(said, veggie)).toEqual(['The user is allergic to shellfish [user.allergy.shellfish]']);
    expect(ended(said, veggie)).toEqual([]);
  });

  it('ends a list of allergens where a clause of when begins', () =>
    expect(learned("I'm allergic to cashews, after that frightening business at Leanne's Christmas lunch.")).toEqual([
      'The user is allergic to cashews [user.allergy.cashews]',
    ]));
});

describe('what a clause happens with, said first', () => {
  it('is no part of the statement', () => {
    const noel = holding("The user's depot manager is Noel [user.manager]");
    expect(learned('With the new job I answer to Fergal over in revenue protection now.', noel)).toEqual(["The user's manager is Fergal [user.manager]"]);
    expect(learned('With my husband I live in Leeds.')).toEqual(['The user lives in Leeds [user.location]']);
  });
});

describe('news told as it happened', () => {
  it("takes a test's result for the user's", () =>
    expect(learned('The doctor here made tests for my stomach problems and the result is lactose intolerance.')).toEqual([
      'The user is lactose intolerant [user.intolerance.lactose]',
    ]));

  it("leaves someone else's result theirs", () =>
    expect(learned("My sister's test result was a nut allergy.")).not.toContain('The user is allergic to nut [user.allergy.nut]'));

  it('takes "asked me out … we\'re official now" for a partner', () =>
    expect(learned("Kabelo asked me out and we're official now.")).toEqual(['The user is dating Kabelo [user.partner]']));
});

describe("the user's past and someone else's news", () => {
  const veggie = holding('The user is veggie [user.diet]');

  it('reads what the user was before a change as past, and the change as now', () => {
    const said = 'Funny thinking back, at uni I was pescatarian for a year before I went fully veggie.';
    expect(learned(said, veggie)).not.toContain('The user is pescatarian [user.diet]');
    expect(ended(said, veggie)).toEqual([]);
  });

  it.each(['Brother got offer from Emirates NBD, Dubai.', "Aoife's after landing a job in the Mercy, in the cardiac unit."])(
    'learns nothing of the user from a terse clause about someone else: %s',
    (said) => expect(learned(said)).toEqual([]),
  );

  it("still reads a terse list of the user's own", () => {
    expect(learned('wife Mette, two cats, Loki and Freya')).toContain("Loki is one of the user's cats [user.pet.loki]");
    expect(learned('Nurse at St James, on the oncology ward.')).toContain('The user is on the oncology ward [user.team]');
  });
});

describe('a home or a job said by another verb', () => {
  it.each([
    ["We're staying in Wakad, 2BHK near Dange Chowk.", 'The user lives in Wakad [user.location]'],
    ['I drive a school bus for Kettering City Schools.', 'The user drives a school bus for Kettering City Schools [user.employer]'],
    ['Monday I am joining Quellix Labs in Kharadi.', 'The user works at Quellix Labs [user.employer]'],
    ["I'm joining Google next month.", 'The user works at Google [user.employer]'],
    ['I am seeing someone new, Tomek, already two months.', 'The user is dating Tomek [user.partner]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it.each([
    ["I'm staying at a hotel in Rome.", 'user.location'],
    ["I'm staying in Madrid for a conference until Friday.", 'user.location'],
    ["I'm joining Dave for dinner.", 'user.employer'],
    ["I'm joining Mary Jones on Monday.", 'user.employer'],
  ])('not from a stay or a meeting: %s', (said, key) => expect(learned(said).filter((b) => b.endsWith(`[${key}]`))).toEqual([]));
});

describe('what the user held of an old employer or partner goes with them', () => {
  const life = holding(
    'The user works at Nexora Technologies [user.employer]',
    'The user has submitted laptop and ID card in Nexora [user.submit.laptop]',
    "The user's boyfriend is named Marek [user.partner]",
    'The user lives with their boyfriend Marek [user.live.boyfriend_marek]',
  );

  // The employer's own belief is replaced under its key by the store; what else named it is ended here.
  it('ends the beliefs that name the employer replaced', () =>
    expect(ended('Monday I am joining Quellix Labs in Kharadi.', life)).toEqual(['The user has submitted laptop and ID card in Nexora']));

  it('ends the beliefs that name the partner the user split from', () =>
    expect(ended('Marek and I broke up.', life)).toEqual(["The user's boyfriend is named Marek", 'The user lives with their boyfriend Marek']));

  it('keeps them when the news is of someone else', () => expect(ended('My sister joined Quellix Labs.', life)).toEqual([]));
});

describe('the user and a group said together', () => {
  it.each([
    ['me n 2 friends got a lil place in melville', 'The user lives in Melville [user.location]'],
    ['Me and the kids moved to Leeds.', 'The user lives in Leeds [user.location]'],
  ])('is said as "we": %s', (said, belief) => expect(learned(said)).toContain(belief));
});

describe('an end said in other words', () => {
  const life = holding('The user plays badminton [user.hobby.badminton]', 'The user has a collie named Shep [user.pet.shep]');

  it.each([
    ['Surgeon says badminton finished for me, permanently.', 'The user plays badminton'],
    ['The surgeon says my badminton days are over.', 'The user plays badminton'],
    ["We'd to have Shep put down on Tuesday.", 'The user has a collie named Shep'],
  ])('%s', (said, gone) => expect(ended(said, life)).toEqual([gone]));

  it("leaves a clinician's word on something else", () => expect(ended('The doctor says the worst is over.', life)).toEqual([]));
});

describe('a pastime said in passing', () => {
  it.each([
    ["Also I've got beer-league hockey Tuesday nights so don't put study sessions there lol.", 'user.hobby.hockey'],
    ["I've got football practice on Saturdays.", 'user.hobby.football'],
    ["I play hockey on Tuesday nights so don't book anything then.", 'user.hobby.hockey'],
    ["most weekends you'll find me up at my allotment fighting the slugs.", 'user.be.allotment'],
  ])('%s', (said, key) => expect(learned(said).some((b) => b.endsWith(`[${key}]`))).toBe(true));

  it('takes nothing owned for a pastime', () =>
    expect(learned("I've got a football shirt signed by Messi.").some((b) => b.endsWith('[user.hobby.football]'))).toBe(false));

  it('keeps "since I was fifteen" with the statement it dates', () =>
    expect(learned("I've been veggie since I was fifteen.")).toEqual(['The user has been veggie since they were fifteen [user.diet]']));
});

describe('a pet named by someone else in the family', () => {
  it('is the pet the user got', () =>
    expect(learned('On Saturday they came back from a farm with a small grey kitten for us. They named him Pusi.')).toContain(
      'The user has a kitten called Pusi [user.pet.pusi]',
    ));

  it("leaves a pet of someone else's unnamed", () => expect(learned('My sister got a puppy. They named him Max.').some((b) => b.includes('Max'))).toBe(false));
});

describe('a successor said by what they took', () => {
  it('takes "has taken charge as my manager" for the new manager', () =>
    expect(learned('Mr. Rabha has taken charge as my manager since Monday.')).toContain("The user's manager is Mr Rabha [user.manager]"));
});

describe("a pastime's last time, said with its verb", () => {
  it('ends what it was done with', () =>
    expect(ended('danced my last show with the ensemble on saturday', holding('The user goes dancing in a folk ensemble [user.hobby.dancing]'))).toEqual([
      'The user goes dancing in a folk ensemble',
    ]));
});

describe('changes said in everyday words', () => {
  const life = holding(
    'The user drinks XXXX [user.drink.xxxx]',
    'The user uses Jira for everything [user.tool.jira]',
    'The user plays hockey [user.hobby.hockey]',
    'The user is vegetarian [user.diet]',
  );
  const coffee = holding('The user starts every day with a flat white [user.drink.flat_white]');

  it.each([
    ["Ginger beer's my Friday knock-off drink now.", undefined, "Ginger beer is the user's Friday knock-off drink [user.drink.ginger_beer]"],
    ["Ginger beer's my drink now.", 'The user drinks XXXX', "Ginger beer is the user's drink [user.drink.ginger_beer]"],
    ["So I've done it — fully vegan since the first of the month.", undefined, 'The user is vegan [user.diet]'],
    ['Our Jira licence lapsed on Friday and nobody bothered renewing it.', 'The user uses Jira for everything', undefined],
    ['I hung up my hockey skates for good.', 'The user plays hockey', undefined],
  ])('%s', (said, gone, belief) => {
    if (gone) expect(ended(said, life)).toContain(gone);
    if (belief) expect(learned(said, life)).toContain(belief);
  });

  it('reads what is drunk, not how much, and not why the old one went', () => {
    const said = "Doctor's put me off coffee for the blood pressure, so it's a pot of tea first thing now.";
    expect(learned(said, coffee).some((b) => b.endsWith('[user.drink.tea]'))).toBe(true);
    expect(learned(said, coffee).some((b) => /blood pressure|\bpot\b/.test(b))).toBe(false);
  });

  it.each([
    ["As of this month I'm the new assistant principal.", 'The user is an assistant principal [user.occupation]'],
    ['The patch test came back positive for latex.', 'The user is allergic to latex [user.allergy.latex]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('takes a partner at work for no partner in life', () => {
    expect(learned('My supervising partner is Yasmin Okoro.').some((b) => b.endsWith('[user.partner]'))).toBe(false);
    expect(learned('My long-term partner is Tom.')).toContain("The user's long-term partner is Tom [user.partner]");
  });
});

describe('kit and pets named in passing', () => {
  it.each([
    ['All my cordless gear is Makita — fifteen years loyal.', "The user's gear is Makita [user.tool.makita]"],
    ['My tools are all DeWalt.', "The user's tools are DeWalt [user.tool.dewalt]"],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('reads "Duke\'s the huntaway" as a pet named Duke', () => {
    const said = learned("Tui's my heading dog and Duke's the huntaway, loudest animal in the district.");
    expect(said).toContain('The user has a huntaway named Duke [user.pet.duke]');
    expect(said.filter((b) => b.endsWith('[user.pet.tui]'))).toHaveLength(1);
  });
});

describe('more everyday news', () => {
  it('reads the user again after reported words and a time said first', () =>
    expect(learned("The principal asked me to step up, and as of this month I'm the new assistant principal.")).toContain(
      'The user is an assistant principal [user.occupation]',
    ));

  it('takes no common words for a product the user now uses', () =>
    expect(
      learned("No more lab coats — it's all master schedules and discipline referrals now.", holding('The user teaches chemistry [user.teach.chemistry]')),
    ).toEqual([]));

  it.each([
    ["Rick came home from the shelter with a puppy — a shepherd mix we've named Tamale.", 'Tamale'],
    [
      "Aroha came home from the SPCA with a ginger cat. We've named him Marmite, and Duke is terrified of him.",
      'The user has a cat called Marmite [user.pet.marmite]',
    ],
  ])('a pet the user named: %s', (said, belief) => expect(learned(said).some((b) => b.includes(belief))).toBe(true));

  it('takes whom the one-on-ones are with for the manager', () =>
    expect(learned('Danielle Tremblay picked up all of his direct reports, so my one-on-ones are with her from now on.')).toEqual([
      "The user's manager is Danielle Tremblay [user.manager]",
    ]));

  it("ends a pet gone to someone's place", () =>
    expect(ended("Tui's gone to my nephew's place out at Ongaonga.", holding('The user has a heading dog named Tui [user.pet.tui]'))).toEqual([
      'The user has a heading dog named Tui',
    ]));

  it('takes the house the household is getting used to for the new home', () =>
    expect(learned('The new owners have the keys to the farm, and the dogs and I are getting used to the house in Napier.')).toContain(
      'The user lives in a house in Napier [user.location]',
    ));
});

describe('a home or an employer held under words of its own', () => {
  const held = holding(
    'The user stays in a res in braam [user.stay.res]',
    'The user works weekends at mugg and bean in Rosebank [user.work.mugg]',
    'The user lives with their parents in vake [user.live.parents]',
    'The user lives with Percy [user.live.percy]',
  );

  it('ends with a new home', () =>
    expect(ended('I live in Melville now.', held)).toEqual(['The user stays in a res in braam', 'The user lives with their parents in vake']));

  it('ends with a new employer', () => expect(ended('I work at Exclusive Books now.', held)).toEqual(['The user works weekends at mugg and bean in Rosebank']));
});

describe('a new manager met, and Irish perfect', () => {
  it.each([
    [
      "I had my first supervision meeting with Marcus Hale this morning, and he's already rearranged my entire diary.",
      "The user's manager is Marcus Hale [user.manager]",
    ],
    ['Had my first sit-down with Marcus Ortiz, who heads up spiritual care at the clinic.', "The user's manager is Marcus Ortiz [user.manager]"],
    ['My supervising partner is Yasmin Okoro.', "The user's manager is Yasmin Okoro [user.manager]"],
    ["I'm after getting the inspector job!", 'The user is an inspector [user.occupation]'],
    ["We're after buying a house in Kinsale.", 'The user lives in a house in Kinsale [user.location]'],
    ["We're after moving to Kinsale.", 'The user lives in Kinsale [user.location]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('takes no first date for a manager', () => expect(learned('I had my first date with Tom.').some((b) => b.endsWith('[user.manager]'))).toBe(false));
});

describe('single again, said without "I\'m"', () => {
  it('is the partner kind, not a product the user uses', () =>
    expect(learned('Alex and I are done too. Back to being single lol', holding('The user is dating Alex [user.partner]'))).toEqual([
      'The user is single [user.partner]',
    ]));
});

describe('a move to another turn of work', () => {
  const leeds = holding('The user lives in Leeds [user.location]');

  it.each(["I've moved to nights.", 'I moved to the night shift.', 'I moved to days at work.', "I've moved to part-time.", 'I moved to night duty.'])(
    'is no new home: %s',
    (said) => {
      expect(learned(said, leeds).some((b) => b.endsWith('[user.location]'))).toBe(false);
      expect(ended(said, leeds)).toEqual([]);
    },
  );
});
