import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('someone named beside who they are to the user', () => {
  it.each([
    ['Dave (my boss) wants the Q3 deck by Friday, can you tidy this list?', "The user's manager is Dave [user.manager]"],
    ['Femi (brother-in-law) got me a sous vide for Christmas.', "The user's brother-in-law is named Femi [user.family.brother_in_law.femi]"],
    ['Anjali, my team lead, asked me to present our migration at all-hands.', "The user's manager is Anjali [user.manager]"],
    ['Beth, my oldest friend, just had a baby.', "The user's friend is named Beth [user.family.friend.beth]"],
    ['My grandad Ernie turned 90 last week.', "The user's grandad Ernie is 90 years old [user.family.grandad.ernie]"],
    ['my mate Rory reckons I should try padel', "The user's mate is named Rory [user.family.mate.rory]"],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));
});

describe('what the user is, said on the way to asking', () => {
  it.each([
    ['paediatric nurse here, switching to days from next week.', 'The user is a paediatric nurse [user.occupation]'],
    ["pescatarian here - what's a quick weeknight fish dish?", 'The user is pescatarian [user.diet]'],
    ["Second-year med student at King's, how on earth do I memorise the brachial plexus?", 'The user is a second-year med student [user.occupation]'],
    ["Being coeliac, I can't do the regular pizza base.", 'The user is coeliac [user.condition.coeliac_disease]'],
    ["I play piano by ear but can't read music.", 'The user plays piano by ear [user.hobby.piano]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('learns nothing from what the question only supposes', () => expect(learned('If I went vegan, what would I eat?')).toEqual([]));
});

describe('a health fact said in passing', () => {
  it.each([
    ['what can I bake for a party given my egg allergy?', 'The user is allergic to egg [user.allergy.egg]'],
    ['Soy makes me bloated, so no tofu.', 'The user is intolerant to soy [user.intolerance.soy]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it("is not the user's when someone else has it", () => expect(learned('My son has a nut allergy.').filter((b) => b.includes('user.allergy'))).toEqual([]));

  it('is no intolerance when it is the reason for a change', () =>
    expect(learned("I'm more of a tea person now, coffee gives me the jitters.").filter((b) => b.includes('intolerance'))).toEqual([]));
});

describe('where the user lives and comes from, said tersely', () => {
  it.each([
    ['Doug. 63. Live in Worthington, Ohio, outside Columbus.', 'The user lives in Worthington, Ohio [user.location]'],
    ['Margaret. Burlington, Vermont. Widowed.', 'The user lives in Burlington, Vermont [user.location]'],
    ['Still staying with my parents in their HDB flat in Tampines.', 'The user lives with their parents in their HDB flat in Tampines [user.location]'],
    ['Currently staying in a PG in Koramangala 5th Block, Bangalore.', 'The user lives in a PG in Koramangala 5th Block, Bangalore [user.location]'],
    ['Dublin born and bred, never lived anywhere else.', 'The user is from Dublin [user.origin]'],
    ['Born and raised in Cork.', 'The user is from Cork [user.origin]'],
    ['One cat, Pip.', 'The user has a cat named Pip [user.pet.pip]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('takes a pet named after a comma for no place', () =>
    expect(learned('Jack Russell, Pickle.')).toEqual(['The user has a jack russell called Pickle [user.pet.pickle]']));
});

it('reads a wedding ahead as a plan, not as being married', () =>
  expect(learned("I'm getting married next year.")).toEqual(['The user is getting married [user.plan.marry]']));

describe('several of the user’s, named together', () => {
  it.each([
    [
      "Kids (Zara 9, Idris 6) are at their dad's this weekend.",
      ['The user has a kid called Zara who is 9 [user.child.zara]', 'The user has a kid called Idris who is 6 [user.child.idris]'],
    ],
    [
      'brb feeding the cats (Mochi and Taro, both menaces)',
      ['The user has a cat called Mochi [user.pet.mochi]', 'The user has a cat called Taro [user.pet.taro]'],
    ],
  ])('%s', (said, beliefs) => expect(learned(said)).toEqual(expect.arrayContaining(beliefs)));

  it('names no one from words in brackets that are no names', () =>
    expect(learned('the cats (both menaces, and lazy) are asleep').filter((b) => b.includes('user.pet'))).toEqual([]));
});

describe('what a sentence says beside its first statement', () => {
  it('reads a home of years after "but been in"', () =>
    expect(learned("Hiya, I'm from Derry originally but been in Glasgow ten year now.")).toEqual([
      'The user is from Derry [user.origin]',
      'The user lives in Glasgow [user.location]',
    ]));

  it('takes a stay of days for no home', () => expect(learned("I've been in Paris for 3 days.").filter((b) => b.includes('user.location'))).toEqual([]));

  it('reads what the user cannot stand after "but"', () =>
    expect(learned("I love a good Sunday roast but can't stand Yorkshire puddings.")).toContain(
      'The user dislikes Yorkshire puddings [user.likes.yorkshire_puddings]',
    ));

  it('keeps a named child’s allergy theirs', () =>
    expect(learned('Our youngest, Ruby, has just been diagnosed with a peanut allergy.').filter((b) => b.includes('user.allergy'))).toEqual([]));

  it('reads the allergy a reason names, not the words of the reason', () =>
    expect(learned('Because of the penicillin allergy, the GP gave me something else.')).toEqual([
      'The user is allergic to penicillin [user.allergy.penicillin]',
    ]));
});

it('names a pair of parents together', () =>
  expect(learned("Writing a toast for my parents' (Desmond and Joy) 40th anniversary.").filter((b) => b.includes('[user.parents'))).toEqual([
    "The user's parents are called Desmond and Joy [user.parents.call.desmond]",
  ]));

it('takes how long for no part of a place', () => expect(learned("I've lived in Leeds 10 years now.")).toEqual(['The user lives in Leeds [user.location]']));

it('reads the role of "12 years as a staff nurse"', () =>
  expect(learned('12 years as a staff nurse.')).toEqual(['The user is a staff nurse [user.occupation]']));

describe('a home said through the user’s dwelling', () => {
  it('reads it in passing', () =>
    expect(learned("we've had no hot water in our flat in Headingley for 3 days now")).toEqual(['The user lives in Headingley [user.location]']));

  it('reads nothing of one the user sold', () => expect(learned('We sold our flat in Leith last year.')).toEqual([]));

  it('goes on after "and the…" with its own subject', () =>
    expect(learned('Just moved to Brisbane and the humidity is no joke — what do locals do about mould?')).toEqual([
      'The user lives in Brisbane [user.location]',
    ]));
});

it('takes how long said straight after a workplace for no part of its name', () =>
  expect(learned('I work at Tesco 6 years now.')).toEqual(['The user works at Tesco [user.employer]']));

describe('the new home a story of moving arrives at', () => {
  it.each([
    [
      'Well that’s the keys of the old place handed back. Didn’t sleep a wink the first night in the little cottage in Stoneybatter, the terrier next door barks.',
      'The user lives in a little cottage in Stoneybatter [user.location]',
    ],
    [
      'Our sea shipment finally cleared customs — forty boxes carried into the semi in Chorlton on Saturday.',
      'The user lives in a semi in Chorlton [user.location]',
    ],
    [
      'Tom and I picked up the keys on Friday, and last night was our first night in the Walthamstow flat.',
      'The user lives in a flat in Walthamstow [user.location]',
    ],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('is nobody’s home when someone else moved, or on a trip', () => {
    expect(learned('My sister moved into a flat in Leith, she got the keys yesterday.').filter((b) => b.includes('user.location'))).toEqual([]);
    expect(learned('Got the keys to the Airbnb, first night in the flat in Lisbon on our trip.').filter((b) => b.includes('user.location'))).toEqual([]);
  });
});

it('keeps what the new home is when a move names it', () =>
  expect(learned("We've bought a house! Moved from Chorlton to a four-bed detached in Didsbury last weekend.")).toContain(
    'The user lives in a four-bed detached in Didsbury [user.location]',
  ));

it('learns nothing of what someone of the user’s is convinced of', () =>
  expect(
    learned('my mate Chidi and I have a standing Sunday five-a-side. (he’s convinced he’ll still go pro at 34)').filter((b) => b.includes('convinced')),
  ).toEqual([]));

describe('an allergy said to be someone else’s after it is named', () => {
  it.each(['The nut allergy thing was my cousin, not me.', "The egg allergy is Dan's.", "The shellfish allergy is my husband's, not mine."])('%s', (said) => {
    expect(learned(said).filter((b) => b.includes('[user.allergy.'))).toEqual([]);
  });

  it('the user’s own, said with what it is to them, stays theirs', () => {
    expect(learned('What can I bake given my egg allergy?')).toContain('The user is allergic to egg [user.allergy.egg]');
  });
});
