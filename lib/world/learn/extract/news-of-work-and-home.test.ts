import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { readDeparture } from './departures.ts';
import { readSuccession } from './successions.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a manager seen off by the occasion, not by a verb of leaving', () => {
  const held = holding("The user's manager is Pieter Kulkarni [user.manager]", "The user's girlfriend is Ana [user.partner]");

  it.each([
    "Pieter's leaving braai was Friday.",
    'Yesterday was the farewell function for Kulkarni sir, he has completed his 60 years.',
    "Pieter's send-off was lovely, cake and speeches.",
    'Kulkarni sir retired Friday.',
  ])('%s', (turn) => {
    expect(ended(turn, held)).toEqual(["The user's manager is Pieter Kulkarni"]);
  });

  it('ends the manager the user calls by title', () => {
    expect(ended('We had a farewell dinner for our General Manager last night.', held)).toEqual(["The user's manager is Pieter Kulkarni"]);
  });

  it.each([
    "Ana's farewell party was fun.",
    "Yesterday's farewell was sad.",
    'We had a farewell dinner for our old manager last night.',
    "My cousin's leaving do was on Friday.",
  ])('%s ends nothing the user has', (turn) => {
    expect(ended(turn, held)).toEqual([]);
  });

  it('reads whom the occasion was for', () => {
    expect(readDeparture("Marek's farewell was Friday")).toMatchObject({ who: 'Marek', ways: ['work'] });
    expect(readDeparture('the farewell dinner for Hazarika sir')).toMatchObject({ who: 'Hazarika', ways: ['work'] });
  });
});

describe('a new manager said by what they run or whose place they take', () => {
  it.each([
    ['Selma runs the unit from Monday', 'Selma'],
    ['Paweł Nowak runs our team now', 'Paweł Nowak'],
    ['Deka madam has joined in his place from Lumding division', 'Deka'],
    ["I'm line managed by Selma now", 'Selma'],
  ])('%s', (clause, to) => {
    expect(readSuccession(clause)).toMatchObject({ to, role: 'boss' });
  });

  it.each([
    ['Mr Danjuma resumed on Monday as our branch manager', 'Mr Danjuma'],
    ["Kylie's running the show now", 'Kylie'],
    ['Sandra from Trowbridge has taken over both branches', 'Sandra'],
    ['Now Mr Goh took over Tuas ops', 'Mr Goh'],
    ['Now Joris is chief of our hall', 'Joris'],
    ['manager here is Marco', 'Marco'],
  ])('%s', (clause, to) => {
    expect(readSuccession(clause)).toMatchObject({ to, role: 'boss' });
  });

  it('a new manager named after the title, and no job of the user’s', () => {
    const held = holding("The user's manager is Niamh [user.manager]");
    const said = learned("so we've got a new depot manager, fella named Bruce. Early days.", held);
    expect(said).toContain("The user's manager is Bruce [user.manager]");
    expect(said.filter((b) => b.includes('[user.occupation]'))).toEqual([]);
  });

  it.each(['We gave Niamh a proper send-off on Friday, cake, speeches, the works.', 'We did send-forth for Niamh on Friday.'])('%s', (turn) => {
    expect(ended(turn, holding("The user's manager is Niamh [user.manager]"))).toEqual(["The user's manager is Niamh"]);
  });

  it.each(['Selma ran the unit for years', 'Maria runs the kitchen', 'my sister runs the team at Google'])('%s names no manager of the user’s', (clause) => {
    expect(readSuccession(clause)).toBeNull();
  });

  it('a "him" after a subject no one knows as a person is the person named after it', () => {
    const held = holding("The user's manager is Priya [user.manager]");
    expect(learned("Group's sent Dan in to run both venues. Reporting to him from today.", held)).toContain("The user's manager is Dan [user.manager]");
  });

  it('a new name takes the whole of the old one, not its first word', () => {
    const held = holding("The user's manager is Pieter Kulkarni [user.manager]");
    expect(learned('Selma replaced Pieter.', held)).toEqual(["The user's manager is Selma [user.manager]"]);
  });
});

describe('a job left by handing back what the employer lent, and a new one by its first stretch', () => {
  it.each([
    ["Handed back my keys at Mulryan's on Friday.", 'The user works at Mulryan’s Pharmacy'.replace('’', "'")],
    ['I turned in my badge and the bus keys to the district on Friday.', 'The user drives a school bus for the district'],
    ['Today I submitted my laptop and ID card in Nexora.', 'The user works at Nexora Technologies'],
  ])('%s', (turn, old) => {
    const held = holding(`${old} [user.employer]`);
    expect(ended(turn, held)).toEqual([old]);
  });

  it('a laptop taken back for a repair ends no job', () => {
    expect(ended('I returned the laptop to IT for a repair.', holding('The user works in IT [user.employer]'))).toEqual([]);
  });

  it.each([
    ['I did my first ward round at University Hospital Galway.', 'The user works at University Hospital Galway [user.employer]'],
    ['My first night shift at St Vincent’s was brutal.'.replace('’', "'"), "The user works at St Vincent's [user.employer]"],
    [
      "Handed back my keys at Mulryan's on Friday, and this morning I did my first ward round at University Hospital Galway.",
      'The user works at University Hospital Galway [user.employer]',
    ],
  ])('%s', (turn, now) => {
    expect(learned(turn, holding("The user works at Mulryan's Pharmacy [user.employer]"))).toContain(now);
  });

  it.each(['First week as principal pharmacist done and dusted.', 'Started as principal pharmacist on Monday.'])('%s', (turn) => {
    const held = holding('The user is a senior pharmacist [user.occupation]');
    expect(learned(turn, held)).toEqual(['The user is a principal pharmacist [user.occupation]']);
  });

  it.each([
    'First day as a data analyst at Ocado is on Monday!!',
    "I'll start as principal pharmacist next month.",
    'My sister started as a nurse at the Mater.',
  ])('%s is no title of the user’s yet', (turn) => {
    expect(learned(turn).filter((b) => b.includes('[user.occupation]'))).toEqual([]);
  });

  it('moved by someone else to what is no place, the user’s work moved, not their home', () => {
    const held = holding('The user lives in Esslingen [user.location]');
    const said = learned('I am moved to Adler now, the next generation inverter.', held);
    expect(said).toContain('The user works on Adler [user.project.adler]');
    expect(ended('I am moved to Adler now, the next generation inverter.', held)).toEqual([]);
  });

  it('a new employer leaves the job said at the old one, without it', () => {
    const held = holding(
      'The user is a Kotlin developer in Nexora Technologies [user.occupation]',
      'The user is a swe II at brightloop, payments team [user.be.swe]',
      'The user is 2nd year at ubc [user.be.2nd]',
      'The user is playing cricket with society people on weekends [user.play.cricket]',
      'The user is a sophomore at Ohio State [user.be.sophomore]',
      'The user is stay with their parents in Tampines [user.be.stay]',
    );
    const turn = 'Monday I am joining Quellix Labs in Kharadi.';
    expect(ended(turn, held)).toEqual(['The user is a Kotlin developer in Nexora Technologies', 'The user is a swe II at brightloop, payments team']);
    expect(learned(turn, held)).toContain('The user is a Kotlin developer [user.occupation]');
  });

  it('a new team leaves behind where the user sat or worked in the old one, never a team they play in', () => {
    const held = holding(
      'The user is on the payments team [user.team]',
      'The user sits with the Falke team in building 4 [user.sit.falke_team]',
      'The user is a backend developer in Zalando, in the checkout team [user.occupation]',
      'The user plays in the Sunday league team [user.play.team]',
    );
    const turn = "I'm on the fraud team now.";
    expect(ended(turn, held)).toEqual([
      'The user is on the payments team',
      'The user sits with the Falke team in building 4',
      'The user is a backend developer in Zalando, in the checkout team',
    ]);
    expect(learned(turn, held)).toContain('The user is a backend developer in Zalando [user.occupation]');
  });

  it('a new title in the same turn is not restated with the old one', () => {
    const held = holding('The user is a Kotlin developer in Nexora Technologies [user.occupation]');
    const said = learned('I joined Quellix Labs as a tech lead on Monday.', held);
    expect(said).not.toContain('The user is a Kotlin developer [user.occupation]');
  });

  it('"returned the brightloop laptop fri": a day written short ends the clause', () => {
    expect(ended('returned the brightloop laptop fri. first week somewhere new', holding('The user is a swe II at brightloop [user.be.swe]'))).toEqual([
      'The user is a swe II at brightloop',
    ]);
  });

  it("someone else's first week is not the user's", () => {
    expect(learned('My sister hates her job, and her first week at Google was awful.')).not.toContain('The user works at Google [user.employer]');
  });

  it('a workplace written in lower case is replaced whole', () => {
    const turn = 'handed in my apron at mugg n bean on sunday!! first shift at exclusive books today n its 10x better than carrying trays lol';
    expect(learned(turn, holding('The user works at mugg n bean [user.employer]'))).toEqual(['The user works at exclusive books [user.employer]']);
    expect(learned(turn, holding('The user works weekends at mugg and bean in Rosebank [user.work.mugg]'))).toEqual([
      'The user works at exclusive books [user.employer]',
    ]);
  });
});

describe('a home said with how the user lives there', () => {
  it.each([
    ['Living alone now in a 1BHK in Gachibowli, office is walking distance.', 'The user lives alone in a 1BHK in Gachibowli [user.location]'],
    ["We're in a 2-bed in Hackney now.", 'The user lives in a 2-bed in Hackney [user.location]'],
    ["I'm back living with mum and dad in Bendigo.", 'The user lives with mum and dad in Bendigo [user.location]'],
    ["I'm living in a flat-share with Priya and Hannah in Hackney.", 'The user lives in a flat-share with Priya and Hannah in Hackney [user.location]'],
    ['Moved into a semi-d in Knocknacarra.', 'The user lives in a semi-d in Knocknacarra [user.location]'],
    ["I'm renting a one-bed apartment in Phibsborough, just off the North Circular.", 'The user lives in a one-bed apartment in Phibsborough [user.location]'],
    ["I'm still staying with my parents in their HDB flat in Tampines.", 'The user lives with their parents in their HDB flat in Tampines [user.location]'],
    ['I live in Worthington, Ohio, outside Columbus.', 'The user lives in Worthington, Ohio [user.location]'],
  ])('%s', (turn, home) => {
    expect(learned(turn)).toContain(home);
  });

  it('a move takes the old dwelling and the way to work along', () => {
    const held = holding(
      'The user lives in Phibsborough [user.location]',
      'The user gets the Luas in to work [user.get.luas]',
      'The user is living alone in a 1BHK in Gachibowli [user.living.1bhk]',
      'The user plays football with the lads [user.hobby.football]',
    );
    expect(ended('We moved to Galway last week.', held)).toEqual([
      'The user lives in Phibsborough',
      'The user gets the Luas in to work',
      'The user is living alone in a 1BHK in Gachibowli',
    ]);
    expect(ended('My sister moved to Galway.', held)).toEqual([]);
  });

  const flat = holding('The user lives in a flat in Leeds [user.location]');
  it.each([
    ["We're in a houseboat in Utrecht now.", 'The user lives in a houseboat in Utrecht [user.location]'],
    ['home is a studio in Lisbon these days', 'The user lives in a studio in Lisbon [user.location]'],
    ['Finally got the keys to our new terraced house in Leith!', 'The user lives in a terraced house in Leith [user.location]'],
    ['We moved to Bristol last week.', 'The user lives in Bristol [user.location]'],
    ['We got the keys to our new place in Derby.', 'The user lives in Derby [user.location]'],
  ])('a move says the new dwelling, never the one left behind: %s', (turn, home) => {
    expect(learned(turn, flat)).toEqual([home]);
    expect(ended(turn, flat)).toEqual(['The user lives in a flat in Leeds']);
  });

  it('a home ends by its place, never by a word said of the dwelling', () => {
    const held = holding('The user lives in a rented flat in Chandmari [user.location]');
    expect(ended('No more rent, only problem is the water supply is in the morning only.', held)).toEqual([]);
  });
});

describe('a new manager put in by whoever runs the place, or back in charge', () => {
  const held = holding("The user's manager is Graeme [user.manager]");
  it.each([
    ['The new owners put a site manager in, Hemi. Seems decent.', 'Hemi'],
    ["We've got a stand-in manager called Tariq for now.", 'Tariq'],
    ["they've brought in an agency supervisor now, Paula, all clipboards.", 'Paula'],
    ['Head office have sent us a new area manager, Priya Shah.', 'Priya Shah'],
    ["Joan's back in charge from Monday, thank god.", 'Joan'],
    ["Joan's back!! She's back in charge from today.", 'Joan'],
  ])('%s', (turn, name) => {
    expect(learned(turn, held)).toContain(`The user's manager is ${name} [user.manager]`);
    expect(ended(turn, held)).toEqual(["The user's manager is Graeme"]);
  });

  it.each(["My sister's company hired a new manager, Paula.", 'They hired a new manager for the Leeds store, Paula.', "Mum's back in charge of the kitchen."])(
    'someone else’s manager, or charge of something else, is no manager of the user’s: %s',
    (turn) => {
      expect(learned(turn, held).filter((b) => b.includes('[user.manager]'))).toEqual([]);
      expect(ended(turn, held)).toEqual([]);
    },
  );
});

describe('a business the user works for, said inside another belief, goes when a new employer comes', () => {
  const held = holding(
    'The user spends their days fixing boilers round Cork city for Doyle Heating, nine years with them [user.spend.fixing_boilers_round]',
    'The user is at Sarvan Biologics in Pune, mostly growing cultures [user.be.sarvan_biologics]',
    'The user banks at Harbour Finance Group [user.bank.harbour]',
    'The user grew up in Pune [user.grow.pune]',
  );
  it('what the user did there, and where, stays without the business', () => {
    const turn = 'First week done at Lee Valley Gas, the boss actually rings you back.';
    expect(learned(turn, held)).toEqual([
      'The user works at Lee Valley Gas [user.employer]',
      'The user spends their days fixing boilers round Cork city, nine years with them [user.spend.fixing_boilers_round]',
      'The user is in Pune, mostly growing cultures [user.be.sarvan_biologics]',
    ]);
    expect(ended(turn, held)).toEqual([
      'The user spends their days fixing boilers round Cork city for Doyle Heating, nine years with them',
      'The user is at Sarvan Biologics in Pune, mostly growing cultures',
    ]);
  });

  it('what a customer does at a business is no work there; a word that only starts like one is', () => {
    const kept = holding('The user buys their seed at Murray Foods [user.buy.seed]', 'The user does bookkeeping for Doyle Heating [user.do.bookkeeping]');
    expect(ended('I work at Lee Valley Gas now.', kept)).toEqual(['The user does bookkeeping for Doyle Heating']);
  });

  it('a business named without a new employer stays', () => {
    expect(ended('I moved to Galway last month.', held)).toEqual([]);
  });
});

describe('where the user is, said of the weather or where they retired to', () => {
  it.each([
    ["It's lashing down here in Galway again, so indoor ideas for two bored kids please.", 'Galway'],
    ["It's baltic up here in Aberdeen the day.", 'Aberdeen'],
    ['Here in Durban the humidity is bad, my bread will not rise.', 'Durban'],
    ["Retired to Torquay five years back and haven't missed London once.", 'Torquay'],
  ])('%s', (said, place) => {
    expect(learned(said)).toContain(`The user lives in ${place} [user.location]`);
  });

  it.each([
    'Here in Paris for a conference, any good food?',
    "I'll be here in Rome till Friday.",
    "It's chaos here in Accounts today.",
    'My sister says it is freezing up here in Inverness.',
  ])('a stay, a time, a department or someone else’s words name no home: %s', (said) => {
    expect(learned(said).filter((b) => b.endsWith('[user.location]'))).toEqual([]);
  });
});
