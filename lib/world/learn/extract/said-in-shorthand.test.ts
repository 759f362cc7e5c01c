import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a clause that dropped its subject goes on with the user', () => {
  it.each([
    ['I rent a flat in Leith, been pescatarian eight years, and I drink far too much tea.', 'The user is pescatarian [user.diet]'],
    ['We live out in Swords, got two cats, Pip and Squeak.', "Pip is one of the user's cats [user.pet.pip]"],
    ['Been vegetarian twenty years.', 'The user is vegetarian [user.diet]'],
    ["I've been a paramedic a few years now.", 'The user is a paramedic [user.occupation]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it("someone else's list keeps its own subject", () => {
    expect(learned('My brother lives in Derry, been vegan for years.')).not.toContain('The user is vegan [user.diet]');
  });

  it('years somewhere after a first clause are years lived there', () => {
    expect(learned("I'm from Kochi originally but already six years in Dubai.")).toContain('The user lives in Dubai [user.location]');
    expect(learned('Grew up in Cork, ten years in London, then Madrid.')).not.toContain('The user lives in Madrid [user.location]');
  });
});

describe('who someone is to the user, said beside their name', () => {
  it.each([
    ["Rhodri, that's my husband, has signed us up for a cruise.", "The user's husband is named Rhodri [user.partner]"],
    ["Agnieszka, who's my supervisor, is on leave.", "The user's manager is Agnieszka [user.manager]"],
    ["Pickle, that's our dog.", 'The user has a dog named Pickle [user.pet.pickle]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('names no one else for the user', () => {
    expect(learned("Agnieszka, who's my supervisor, is on leave.")).not.toContain("The user's name is Agnieszka [user.name]");
  });

  it.each([
    ['The chap I work under, Declan, never answers email.', "The user's manager is Declan [user.manager]"],
    ['The woman I report to is called Ines.', "The user's manager is Ines [user.manager]"],
  ])('whom the user works under: %s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('the company the user works for is no manager', () => {
    expect(learned('The company I work for is Initech.').filter((b) => b.includes('[user.manager]'))).toEqual([]);
  });
});

describe("an animal or a workplace of the user's, said without 'my' or by its name", () => {
  it.each([
    ['Old cat Biscuit sleeps on the boiler.', 'The user has a cat called Biscuit [user.pet.biscuit]'],
    ["Our dog's Marmite.", 'The user has a dog named Marmite [user.pet.marmite]'],
    ['Company is Fernhill Logistics, been there since 2019.', 'The user works at Fernhill Logistics [user.employer]'],
    ["My firm's Carter Lowe.", 'The user works at Carter Lowe [user.employer]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('a common word after the animal names nothing', () => {
    expect(learned('Dog walkers round here charge a fortune.').filter((b) => b.includes('[user.pet.'))).toEqual([]);
  });
});

describe('diet, allergies and reactions said in passing', () => {
  it('eating only what a diet allows keeps the diet', () => {
    expect(learned('We only eat kosher at home.').filter((b) => b.endsWith('[user.diet]'))).toEqual(['The user eats kosher at home [user.diet]']);
  });

  it.each([
    ["I can't take ibuprofen at all, I come out in a rash.", 'The user is intolerant to ibuprofen [user.intolerance.ibuprofen]'],
    ['Codeine brings me out in hives.', 'The user is intolerant to codeine [user.intolerance.codeine]'],
    ['Prawns make me swell up.', 'The user is intolerant to prawns [user.intolerance.prawns]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it("what the user cannot take with no reaction said, or someone else's, is no intolerance", () => {
    expect(learned("I can't take the noise, it gives me a headache.").filter((b) => b.includes('intolerance'))).toEqual([]);
    expect(learned("My son can't take penicillin, it brings him out in hives.").filter((b) => b.includes('intolerance'))).toEqual([]);
  });
});

describe('changes said with "now", a title made, and shorthand', () => {
  it('"now" before the contrast ends the old value', () => {
    const held = holding('The user is vegetarian [user.diet]', 'The user plays squash [user.hobby.squash]');
    expect(ended("I'm pescatarian now rather than vegetarian.", held)).toEqual(['The user is vegetarian']);
    expect(ended('I play badminton these days instead of squash.', held)).toEqual(['The user plays squash']);
  });

  it.each(["They're making me charge nurse from next month.", "I've been made charge nurse.", 'Got made up to charge nurse last week.'])(
    'a title the user is made: %s',
    (said) => {
      const held = holding('The user is a staff nurse [user.occupation]');
      expect(learned(said, held)).toContain('The user is a charge nurse [user.occupation]');
      expect(ended(said, held)).toEqual(['The user is a staff nurse']);
    },
  );

  it('being made redundant is no title', () => {
    expect(learned("I've been made redundant.").filter((b) => b.includes('[user.occupation]'))).toEqual([]);
  });

  it('"mgr" is a manager', () => {
    expect(learned('new mgr is Tariq')).toContain("The user's manager is Tariq [user.manager]");
  });
});

describe('home said of the weather, or as a person of the place', () => {
  it.each([
    ["Autumn's well and truly arrived here in Tromsø.", 'The user lives in Tromsø [user.location]'],
    ['Summer has hit hard here in Hobart.', 'The user lives in Hobart [user.location]'],
    ['Just a Glasgow girl trying to sort her pension out.', 'The user lives in Glasgow [user.location]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('a person of one place living in another is from the first', () => {
    const said = learned("I'm a Dublin lad living in Berlin now.");
    expect(said).toContain('The user is from Dublin [user.origin]');
    expect(said).toContain('The user lives in Berlin [user.location]');
    expect(said).not.toContain('The user lives in Dublin [user.location]');
  });

  it('a person of what is no place says nothing of home', () => {
    expect(learned("I'm a Marvel guy.").filter((b) => b.includes('[user.location]'))).toEqual([]);
  });
});

describe('a pastime the user has a class, a club or a team of', () => {
  it.each([
    ['Wrecked after my boxing class last night, what should I eat?', 'The user does boxing [user.hobby.boxing]'],
    ['Our quiz team won the league, any trivia on rivers?', "The user's hobby is quiz [user.hobby.quiz]"],
    ['My book club picked Rebecca, can you summarise it?', "The user's hobby is book club [user.hobby.book_club]"],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it("someone else's team, or the user's work team, is no pastime of theirs", () => {
    expect(learned("My daughter's netball team lost again.").filter((b) => b.includes('[user.hobby.'))).toEqual([]);
    expect(learned('My project team is stretched.').filter((b) => b.includes('[user.hobby.'))).toEqual([]);
  });
});

describe('home said through the dwelling, the street, or a question after it', () => {
  it.each([
    ['The aircon in my HDB flat in Bedok keeps dripping.', 'The user lives in Bedok [user.location]'],
    ['Everyone on our street in Fremantle has a lemon tree.', 'The user lives in Fremantle [user.location]'],
    [
      'We finally bought a house! It’s a little 1930s cottage in Hebden Bridge with a damp porch.',
      'The user lives in a little cottage in Hebden Bridge [user.location]',
    ],
    ['Mum keeps on at me to move to Perth but honestly I love my place in Albany.', 'The user lives in Albany [user.location]'],
    ["We're in Portobello now, anywhere good for brunch?", 'The user lives in Portobello [user.location]'],
    ['I live at Gdańsk, near the old town.', 'The user lives in Gdańsk [user.location]'],
  ])('%s', (said, belief) => {
    expect(learned(said.replace('’', "'"))).toContain(belief);
  });

  it("someone else's street is not the user's home", () => {
    expect(learned("My nan's street in Leeds is all students now.").filter((b) => b.includes('[user.location]'))).toEqual([]);
  });
});

describe('a reason said first, a couple named, and what the user cannot eat', () => {
  it('a reason said before the main clause is said of the user', () => {
    expect(learned("Because I'm coeliac, bread's a nightmare — any tips?")).toContain('The user is coeliac [user.condition.coeliac_disease]');
    expect(learned("If I'm vegan, what can I eat?").filter((b) => b.includes('[user.diet]'))).toEqual([]);
  });

  it.each([
    ['Me and Aoibheann are engaged since June!', 'The user is engaged to Aoibheann [user.partner]'],
    ['Dev and I are married.', 'The user is married to Dev [user.partner]'],
  ])('a couple named: %s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('the user and a relative together are no couple', () => {
    expect(learned('Me and Mum are together this week.').filter((b) => b.includes('[user.partner]'))).toEqual([]);
  });

  it('"married to" someone is no job', () => {
    expect(learned("I'm married to Dev.").filter((b) => b.includes('[user.occupation]'))).toEqual([]);
  });

  it.each([
    ['cant eat gluten or dairy at the moment.', ['The user does not eat gluten [user.avoids.gluten]', 'The user does not eat dairy [user.avoids.dairy]']],
    ['Ah cannae eat nuts, so careful.', ['The user does not eat nuts [user.avoids.nuts]']],
  ])('%s', (said, beliefs) => {
    expect(learned(said)).toEqual(expect.arrayContaining(beliefs));
  });

  it('a diet counted in days is kept', () => {
    expect(learned('Keto day 12. Snack ideas?')).toContain('The user is keto [user.diet]');
  });

  it('looking for something names no job', () => {
    expect(learned('Looking for a GP in Cork.').filter((b) => b.includes('[user.occupation]'))).toEqual([]);
  });

  it('Jamaican "mi" and Scots "ah" before a verb are the user', () => {
    expect(learned('Ah work fur Dundee City Council.')).toContain('The user works at Dundee City Council [user.employer]');
    expect(learned('Mi have a likkle mongrel name Rasta.')).toContain('The user has a likkle mongrel named Rasta [user.pet.rasta]');
    expect(learned('Mi live inna Spanish Town.')).toContain('The user lives in Spanish Town [user.location]');
  });
});

describe("an introduction's items: only those that describe the user", () => {
  const intro = "I'm a family solicitor, divorce work mostly, custody hearings and the odd mediation, at a practice on High Street called Byrne Kelly.";

  it('what the work is made of describes no one; the named place is where the user works', () => {
    const said = learned(intro);
    expect(said).toContain('The user works at Byrne Kelly [user.employer]');
    expect(said.filter((b) => /\[user\.be\./.test(b))).toEqual([]);
    expect(said.filter((b) => b.startsWith('The user has at'))).toEqual([]);
  });

  it('a town after the children is where the user lives; twins are children', () => {
    expect(learned("I'm 41, teacher, two kids, Leeds.")).not.toContain('The user has a kid called Leeds [user.has.kid_called_leeds]');
    expect(learned("I'm 41, teacher, two kids, Leeds.")).toContain('The user lives in Leeds [user.location]');
    expect(learned("I'm Jo, 33, twins, Bristol.")).toContain('The user has twins [user.has.twins]');
  });
});

describe('names in brackets, a job then what it involves, and what now is set against a wish', () => {
  it.each([
    ['Dog (Pepper) keeps eating socks, is that dangerous?', 'The user has a dog called Pepper [user.pet.pepper]'],
    ['we already have mochi (shiba) and she is a handful', 'The user has a shiba called Mochi [user.pet.mochi]'],
    ['my 2 hamsters (nugget n waffle) are fighting', "Waffle is one of the user's hamsters [user.pet.waffle]"],
    ['my kids (ada n finn) hate broccoli', 'The user has a kid called Finn [user.child.finn]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    ["I'm a paramedic working nights.", 'The user is a paramedic [user.occupation]'],
    ["I'd love to open a bakery one day but right now I'm a bookkeeper.", 'The user is a bookkeeper [user.occupation]'],
    ['I dream of living in Lisbon but for now I live in Croydon.', 'The user lives in Croydon [user.location]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it('the wish itself stays unlearned', () => {
    expect(learned('I dream of living in Lisbon but for now I live in Croydon.')).not.toContain('The user lives in Lisbon [user.location]');
  });

  it.each([
    ['Mi son Dwayne start school Monday.', "The user's son is named Dwayne [user.child.dwayne]"],
    ["Ma brither Euan's getting married.", "The user's brother is named Euan [user.family.brother.euan]"],
    ["My young fella Cian's mad into hurling.", "The user's son is named Cian [user.child.cian]"],
  ])('whose, said otherwise: %s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });
});

describe('children listed by son and daughter, a past job in brackets, a relative opening the sentence', () => {
  it('"daughter Sofia 5 and son Mateo 2" after the children names both', () => {
    const said = learned('I have two children, daughter Noor 7 and son Sami 3.');
    expect(said).toContain('The user has a kid called Noor who is 7 [user.child.noor]');
    expect(said).toContain('The user has a kid called Sami who is 3 [user.child.sami]');
  });

  it('what the user was, in brackets, is not what they are', () => {
    const said = learned('Role: product designer (ex architect). Need a portfolio review.');
    expect(said).toContain('The user is a product designer [user.occupation]');
    expect(said.filter((b) => /architect/.test(b))).toEqual([]);
  });

  it("a relative and their name open the sentence; a word of the language is no relative's name", () => {
    expect(learned('Gran (Edith) 91, still sharp as a tack.')).toContain("The user's gran is named Edith [user.family.gran.edith]");
    expect(learned('Dad Joke of the day: why did the chicken cross the road?').filter((b) => b.includes('family'))).toEqual([]);
  });
});

describe('home said by what is around it', () => {
  it.each([
    ['rent in Porto where I live has doubled', 'The user lives in Porto [user.location]'],
    ['the trams were off twice this week in Zagreb where I live', 'The user lives in Zagreb [user.location]'],
    ['my neighbours in Lyon play drums at midnight', 'The user lives in Lyon [user.location]'],
    ['Grew up in Kano but Lagos has been home since 2012.', 'The user lives in Lagos [user.location]'],
    ['Born in Sunderland, never left, never will.', 'The user lives in Sunderland [user.location]'],
    ["We're out Harborne way, any good bakeries?", 'The user lives in Harborne [user.location]'],
    ['Currently in Tampines near my in-laws, commute is long.', 'The user lives in Tampines [user.location]'],
    ['Ma wee flat in Govan is freezing.', 'The user lives in Govan [user.location]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it("someone else's neighbours, or birth without staying, say nothing of home", () => {
    expect(learned("My sister's neighbours in Leeds are loud.").filter((b) => b.includes('[user.location]'))).toEqual([]);
    expect(learned('My brother was born in Derby, never left.').filter((b) => b.includes('[user.location]'))).toEqual([]);
  });

  it('a pastime only wished for is none the user does', () => {
    expect(learned("I've always wanted to try kitesurfing but I'm scared of the sea.").filter((b) => b.includes('[user.hobby.'))).toEqual([]);
  });
});

describe('a pastime said by its league or its night, a habit then an anecdote, and "Am" for "I am"', () => {
  it.each([
    ['darts league tonight and my arm is gone', 'The user plays darts [user.hobby.darts]'],
    ['Beer league hockey tomorrow, need a snack plan.', 'The user plays hockey [user.hobby.hockey]'],
    ['Packing for a carp fishing session this weekend.', 'The user does carp fishing [user.hobby.carp_fishing]'],
    ['I go climbing every Thursday, last time I fell off the easiest route.', 'The user goes climbing every Thursday [user.hobby.climbing]'],
    ['Am into birdwatching these days.', 'The user is into birdwatching [user.likes.birdwatching]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it("someone else's league is not the user's pastime", () => {
    expect(learned("My son's bowling league tonight.").filter((b) => b.includes('[user.hobby.'))).toEqual([]);
  });
});

describe('what happened one time', () => {
  it('an anecdote after a habit is no fact of the user', () => {
    const said = learned('Our team uses Jira for everything, last time we use Trello.');
    expect(said.filter((b) => /Trello/.test(b))).toEqual([]);
  });
});
