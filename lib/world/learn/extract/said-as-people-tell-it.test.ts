import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('facts told inside a story, the way people tell them', () => {
  it.each([
    // A time said first, with no comma after it.
    ['Straight after the christening we moved to Hexham, the garden is a jungle.', 'The user lives in Hexham [user.location]'],
    ['Once the twins arrived we moved to Kendal for the space.', 'The user lives in Kendal [user.location]'],
    ['And then after the divorce I started at Greggs on the early shift.', 'The user works at Greggs [user.employer]'],
    // The user and someone of theirs, said "me and …" after a lead-in, or with "we" said again.
    ['Promise not to judge, but me and my fiancé Tomasz live out in Swindon with two ferrets.', 'The user lives in Swindon [user.location]'],
    ['Me and my wife Ngozi we live in Peckham, near the rye.', 'The user lives in Peckham [user.location]'],
    ['Anyway, my girlfriend Mel and I have a cat called Pudding who hates the vet.', 'The user has a cat called Pudding [user.pet.pudding]'],
    // A dwelling said to be somewhere, or had somewhere with more said after it.
    ['Our bungalow is right at the end of the lane in Tywyn, so the signal is awful.', 'The user lives in Tywyn [user.location]'],
    ['Flat is up above the chippy in Whitby, smells of vinegar all day.', 'The user lives in Whitby [user.location]'],
    ['We have a flat in Bootle with a ginger cat called Mango.', 'The user lives in Bootle [user.location]'],
    // Whom the user is with, said as news of the couple.
    ['Priyanka from my book club and I made it official last weekend!', 'The user is dating Priyanka [user.partner]'],
    ["I've been seeing Marco from the climbing wall.", 'The user is dating Marco [user.partner]'],
    ['Me and Joss are together now, finally.', 'The user is dating Joss [user.partner]'],
    // Someone of the user's said by what they are, then their name.
    ['My new supervisor is a quiet Glaswegian called Fraser.', "The user's manager is Fraser [user.manager]"],
    // A drink named first, then said to be the user's.
    ["Rooibos with honey, that's my drink these days.", "The user's drink is Rooibos [user.drink]"],
    // Back at an employer.
    ["The RSPCA's taken me back, same ward.", 'The user works at RSPCA [user.employer]'],
    ['I rejoined Halfords last spring.', 'The user works at Halfords [user.employer]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    ['Meet Noodle! Twelve-week dachshund, already stole a sock.', 'The user got a dachshund named Noodle [user.pet.noodle]'],
    ['meet Pickle. Rescue ginger kitten. Scared of the hoover.', 'The user got a kitten named Pickle [user.pet.pickle]'],
  ])('a name introduced with "meet", then an animal, is a new pet: %s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    ['Meet Hannah from payroll, she has a spaniel.', 'user.pet.'],
    ['Meet the in-laws on Sunday, pray for me.', 'user.pet.'],
    ['Head teacher sent a memo about the trip.', 'user.occupation'],
    ['Head office moved everyone to hot desks.', 'user.occupation'],
    ['Before uni I lived in Leeds with my gran.', 'user.location'],
    ['When I was little we lived in Dundee.', 'user.location'],
    ['My sister has a flat in Perth with a sea view.', 'user.location'],
    ['Our house is bigger than the one in Leeds.', 'user.location'],
    ["I've been seeing Dr Okafor about my back.", 'user.partner'],
  ])('what is no fact of the user’s stays unlearned: %s', (said, key) => {
    expect(learned(said).filter((b) => b.includes(`[${key}`))).toEqual([]);
  });

  it('"don’t laugh" before a statement leaves the statement the user’s', () => {
    expect(learned("Don't laugh, but we live in Bognor now.")).toContain('The user lives in Bognor [user.location]');
  });
});

describe('a workplace moving its system moves the user’s, whatever its name', () => {
  it.each([
    ['The surgery switched to SystmOne last month, I miss the old screens.', 'The user uses SystmOne', 'The user uses EMIS at work'],
    ['Every depot moved onto Mandata this week.', 'The user uses Mandata', 'The user uses EMIS at work'],
    ['Head office moved us onto Workday, so my timesheets are all new.', 'The user uses Workday', 'The user uses EMIS at work'],
  ])('%s', (said, now, old) => {
    const held = holding('The user uses EMIS at work [user.tool.emis]');
    expect(learned(said, held).map((b) => b.replace(/ \[.*$/, ''))).toContain(now);
    expect(ended(said, held)).toEqual([old]);
  });
});

describe('a move said with whom it took', () => {
  it.each([
    'Moved ourselves and the caravan round to Porthleven in the spring.',
    'We moved the whole family over to Inverness after Easter.',
    'Moved round to Porthleven last month, quieter harbour.',
  ])('%s', (said) => {
    const found = learned(said, holding('The user lives in Falmouth [user.location]'));
    expect(found.filter((b) => b.startsWith('The user lives in '))).toHaveLength(1);
    expect(found.some((b) => /^The user lives in (?:Porthleven|Inverness) \[user\.location\]$/.test(b))).toBe(true);
  });

  it('moving a thing is no move of home', () => {
    expect(learned('We moved the boat round to Looe for the winter.', holding('The user lives in Falmouth [user.location]'))).not.toContain(
      'The user lives in Looe [user.location]',
    );
  });
});

describe('said as it is spoken', () => {
  it.each([
    ['Weekend I go surf at Bude when the swell is up.', 'The user goes surfing at Bude when the swell is up on weekends [user.hobby.surfing]'],
    ['I go run with the harriers on Tuesdays.', 'The user goes running with the harriers on Tuesdays [user.hobby.running]'],
    ["Been seein' a fella from the allotments, Declan. Early days.", 'The user is dating Declan [user.partner]'],
    ['Home in Kirkwall. Wind never stops.', 'The user lives in Kirkwall [user.location]'],
    ['Home is in Leeds these days.', 'The user lives in Leeds [user.location]'],
    ['Saturday I row, if the river is calm.', 'The user goes rowing saturday [user.hobby.rowing]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    ['Mum keeps saying we should get a rabbit. A rabbit! The flat is tiny.', 'user.pet.'],
    ["Jodie wrote the door code on my hand. It's 4417.", '4417'],
    ["We're moving to Leeds, if there's a house we can afford.", 'Leeds'],
  ])('what is no fact of the user’s stays unlearned: %s', (said, value) => {
    expect(learned(said).filter((b) => b.includes(value))).toEqual([]);
  });

  it('an -ing whose dropped g is marked reads whole', () => {
    expect(learned("We been livin' in Tulsa goin' on two years.")).toEqual(['The user lives in Tulsa [user.location]']);
  });

  it('a sentence of what the user is doing is no new home', () => {
    expect(
      learned('Paying half rent now. Goodbye Mamlaka!', holding('The user lives in Mamlaka [user.location]')).filter((b) => b.includes('[user.location]')),
    ).toEqual([]);
  });

  it('a pet named and lost, said without "I", is gone', () => {
    expect(ended('Lost Bryn on Tuesday. The vet was kind.', holding('The user has a collie called Bryn [user.pet.bryn]'))).toEqual([
      'The user has a collie called Bryn',
    ]);
  });
});

describe('said in passing, in the words of the trade or the home', () => {
  it.each([
    ['I coach the under-14 girls for Ballymena United.', 'The user coaches the under-14 girls for Ballymena United [user.coach.14_girls]'],
    ['Me I live in Sliema with my sister.', 'The user lives in Sliema [user.location]'],
    ["After the festival we never left Kerensa's flat in Penzance, so I'm livin there now I s'pose.", 'The user lives in Penzance [user.location]'],
    ['Bit of background: me missus Lowri reckons I work too much.', "The user's missus is Lowri [user.partner]"],
    ['Our bookings come in via a platform called Fresha, which is fine.', 'The user uses Fresha for bookings [user.tool.fresha]'],
    ['Charting is all on Meditech.', 'The user uses Meditech for Charting [user.tool.meditech]'],
    ['The GP examined me and said I am also allergic to plasters.', 'The user is allergic to plasters [user.allergy.plasters]'],
    ['I also allergic to kiwi.', 'The user is allergic to kiwi [user.allergy.kiwi]'],
    ['The GP says the hives on Sunday were from cashews.', 'The user is allergic to cashews [user.allergy.cashews]'],
    ['Turns out the rash was from the nickel in my watch strap.', 'The user is allergic to nickel [user.allergy.nickel]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each([
    'Half the town came in for hay fever tablets today.',
    'Start every day with a flat white, obviously.',
    'Rotas come through on the service tablet now.',
  ])('no medicine is taken: %s', (said) => {
    expect(learned(said).filter((b) => b.includes('[user.medication.'))).toEqual([]);
  });

  it('"Eh I proposed…" names no partner "Eh I"', () => {
    expect(learned('Eh I proposed to Mei Ling last night and she said yes!!').filter((b) => /Eh I/.test(b))).toEqual([]);
  });

  it.each([
    ['The league mandated Spond for everything this season.', 'The user uses Spond'],
    ['First game drive at Singita was Monday.', 'The user works at Singita'],
    ['Since Monday all timesheets go through Deputy on the shop tablet.', 'The user uses Deputy for timesheets'],
    ['FYI we sunset the Google Sheet org-wide last sprint, everything lives in Notion now.', 'The user uses Notion'],
  ])('a workplace’s new system, or a first stretch of work somewhere: %s', (said, now) => {
    const held = holding('The user uses a Google Sheet [user.tool.google_sheet]', 'The user works at Tesco [user.employer]');
    expect(learned(said, held).map((b) => b.replace(/ \[.*$/, ''))).toContain(now);
  });

  it('a tool said goodbye to is not learned again in the same turn', () => {
    const said = 'Back in Azure DevOps boards at work, so RIP Trello.';
    const held = holding('The user uses Trello at work [user.tool.trello]');
    expect(ended(said, held)).toEqual(['The user uses Trello at work']);
    expect(learned(said, held).filter((b) => b.includes('Trello'))).toEqual([]);
  });

  it('a tool the team sunset is over, whatever else the sentence dates', () => {
    expect(ended('FYI we sunset Trello org-wide last sprint.', holding('The user uses Trello [user.tool.trello]'))).toEqual(['The user uses Trello']);
  });

  it('"meet …!" and how the animal came home, said after it, is a new pet', () => {
    expect(learned('Well, meet Biscuit! Tom came home from the rescue on Sunday with a scruffy terrier in a crate.')).toContain(
      'The user got a terrier named Biscuit [user.pet.biscuit]',
    );
  });
});

describe('news broken gently, and someone who left the user', () => {
  it.each([
    ['I must inform you that Pepper passed away in her sleep on Friday.', 'The user has a spaniel named Pepper [user.pet.pepper]'],
    ['Rhys moved out Sat. His idea. Whatever.', "The user's partner is Rhys [user.partner]"],
    ["Rhys is not my problem anymore, he's off with some woman from the gym.", "The user's partner is Rhys [user.partner]"],
    ['I regret to say that the choir has fallen by the wayside this year.', 'The user sings in the choir [user.hobby.choir]'],
  ])('%s', (said, belief) => {
    const held = holding(belief, 'The user lives in Leeds [user.location]');
    expect(ended(said, held)).toEqual([belief.replace(/ \[.*$/, '')]);
  });

  it('whom a manager is stays when they are "not my problem"', () => {
    expect(ended("Priya's not my problem anymore.", holding("The user's manager is Priya [user.manager]"))).toEqual([]);
  });

  it.each([
    [
      "I've been a paramedic at Yorkshire Ambulance for six years.",
      ['The user is a paramedic [user.occupation]', 'The user works at Yorkshire Ambulance [user.employer]'],
    ],
    ["I've been a barber at Ted's for twelve years.", ['The user is a barber [user.occupation]', "The user works at Ted's [user.employer]"]],
  ])('a job held till now is the user’s job: %s', (said, beliefs) => {
    expect(learned(said)).toEqual(beliefs);
  });
});

describe('a job said as the life it makes', () => {
  it.each([
    ['so tired, 14 hrs on the ward. nurse life.', 'The user is a nurse [user.occupation]'],
    ['Two hundred lattes before noon, barista life innit.', 'The user is a barista [user.occupation]'],
    ['Worst Monday of my teacher life, honestly.', 'The user is a teacher [user.occupation]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });

  it.each(["My sister's nurse life sounds exhausting.", 'Her teacher life was tough.'])('someone else’s is not the user’s: %s', (said) => {
    expect(learned(said).filter((b) => b.includes('[user.occupation]'))).toEqual([]);
  });
});
