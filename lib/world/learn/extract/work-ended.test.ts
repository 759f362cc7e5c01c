import { beforeAll, describe, expect, it } from 'vitest';
import { ended, holding, learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const AT_WORK = holding(
  'The user works at McAllister Electrical [user.employer]',
  "The user's manager is Stevie [user.manager]",
  'The user is on the lighting team [user.team]',
  'The user is an electrician [user.occupation]',
);

describe('leaving an employer ends the manager and the team the user had there', () => {
  it.each([
    "I quit McAllister's.",
    "chucked it at McAllister's, had enough of Stevie. going self-employed",
    'Finished up at McAllister Electrical on Friday.',
    "I'm done at McAllister's.",
    'I quit my job.',
    'I lost my job last week',
    'I left McAllister Electrical last week, I’m at Siemens now.',
  ])('%s', (said) => {
    expect(ended(said, AT_WORK)).toEqual(['The user works at McAllister Electrical', "The user's manager is Stevie", 'The user is on the lighting team']);
  });

  it('ends them when the user left for a new employer said in the same turn, without ending the old one in words', () => {
    expect(ended("So I've jumped ship! At Siemens now as a site lead", AT_WORK)).toEqual(
      expect.arrayContaining(["The user's manager is Stevie", 'The user is on the lighting team']),
    );
  });

  it('keeps the manager the same turn names at the new employer, who replaces the old one', () => {
    const said = "I left McAllister's, took a job at Siemens. My new boss is Karl.";
    expect(learned(said, AT_WORK)).toEqual(expect.arrayContaining(['The user works at Siemens [user.employer]', "The user's manager is Karl [user.manager]"]));
    expect(ended(said, AT_WORK)).toContain("The user's manager is Stevie");
  });

  it('a new employer said without leaving the old one leaves the manager and the team held', () => {
    for (const said of ['I started at Siemens on Monday.', 'I work for Globex now', "I work at McAllister's"])
      expect(ended(said, AT_WORK).filter((s) => !s.includes('works at'))).toEqual([]);
  });

  it.each([
    'Also I have been put on the UPI payments project from this sprint.',
    "I'm going to quit my job",
    'I hate my job',
    'my brother quit his job at McAllister Electrical',
    'Day to day it’s SQL, Python with pandas, and far too many Power BI dashboards nobody opens.',
    'GOT THE CLINICAL NURSE JOB!!! CN chloe now, more paperwork and less sleep but stoked',
    "Feb's done and dusted, back on the XXXX thank god",
  ])('no employer ended, no manager lost: %s', (said) => {
    // A new title ends the old one ("GOT THE CLINICAL NURSE JOB"), and only that.
    expect(ended(said, AT_WORK).filter((s) => s !== 'The user is an electrician')).toEqual([]);
    expect(learned(said, AT_WORK).join()).not.toMatch(/user\.employer/);
  });

  it.each([
    ['going self-employed', 'The user is self-employed [user.employer]'],
    ['I went freelance last month', 'The user is freelance [user.employer]'],
    ['I work for myself now', 'The user is self-employed [user.employer]'],
    ['ach self-employed wisnae for me, took a job wi Scottish Power.', 'The user works at Scottish Power [user.employer]'],
  ])('who employs the user now: %s', (said, belief) => {
    expect(learned(said, AT_WORK)).toContain(belief);
  });

  it.each(["I'm working for him now", 'my brother went freelance', 'thinking of going freelance'])('no employer of the user’s: %s', (said) => {
    expect(learned(said).join()).not.toMatch(/user\.employer/);
  });
});

describe('a new manager said as a riddle, by what they do, or by "him"', () => {
  const boss = holding("The user's manager is Carys Lloyd [user.manager]");
  it.each([
    ['guess who my boss is again. Greg.', 'Greg'],
    ['Guess who’s my boss again? Greg.', 'Greg'],
    ['guess who’s my boss again — Greg!', 'Greg'],
    ['Carys has gone off on maternity leave and guess who’s supervising me again from Swansea… Huw 🙈', 'Huw'],
    ['Priya manages me now.', 'Priya'],
    ['Shalini moved to another vertical and Anil has rejoined, so I’m back under him', 'Anil'],
  ])('%s', (said, name) => {
    expect(learned(said, boss)).toContain(`The user's manager is ${name} [user.manager]`);
    expect(ended(said, boss)).toEqual(["The user's manager is Carys Lloyd"]);
  });

  it.each(['My mum manages me', 'she manages me', 'Guess who’s supervising me today? Me, myself.'])('no manager: %s', (said) => {
    expect(learned(said, boss).join()).not.toMatch(/user\.manager/);
  });

  it("never makes the user their own manager (the riddle's answer is someone else)", () => {
    expect(learned('guess who’s my boss again — Greg!', boss)).not.toContain("The user's manager is I [user.manager]");
  });

  it.each(["marnie's gone back to the float pool", 'Carys moved to another vertical.'])('the manager who went elsewhere is gone: %s', (said) => {
    const held = holding("The user's manager is Marnie [user.manager]", "The user's manager is Carys Lloyd [user.manager]");
    expect(ended(said, held)).toHaveLength(1);
  });
});

describe('news of work said in everyday words', () => {
  const held = holding(
    "The user's manager is Gwen [user.manager]",
    'The user is on the platform team [user.team]',
    'The user is on the Kestrel project [user.project.kestrel]',
    'The user is a dev [user.occupation]',
    'The user works at Redgum Resources [user.employer]',
  );
  it.each([
    ['the boss in the new place is a woman called Deirdre, very by-the-book but fair', "The user's manager is Deirdre [user.manager]"],
    ["Gwen's off on long-term sick, poor thing, so I'm reporting into Martin for the time being", "The user's manager is Martin [user.manager]"],
    ["Fraser's been replaced as lead by some guy from London called Oliver, no idea what he's like yet", "The user's manager is Oliver [user.manager]"],
    ['Jodie got poached by a roaster in Bend, so the owner Renata is covering as my manager for now', "The user's manager is Renata [user.manager]"],
    ['new EM on savings is Gareth', "The user's manager is Gareth [user.manager]"],
    ['Yvonne’s covering as my EM till march', "The user's manager is Yvonne [user.manager]"],
    ["Gwen's back as of Monday, phew! Martin's gone back to his old job and I'm under her again", "The user's manager is Gwen [user.manager]"],
    ["plot twist: priscilla's out and janelle came back to take over billing, so I report to her again", "The user's manager is Janelle [user.manager]"],
    ['also got shuffled onto the billing squad as part of it, rip platform', 'The user is on the billing team [user.team]'],
    [
      'From Monday they have rolled me off Kestrel and put me on the insurance migration',
      'The user is on the insurance migration project [user.project.insurance_migration]',
    ],
    ['made senior engineer in the mid-year round 🙌', 'The user is a senior engineer [user.occupation]'],
    ['Took a job roasting at Basalt Coffee Roasters, started yesterday', 'The user works at Basalt Coffee Roasters [user.employer]'],
  ])('%s', (said, belief) => {
    expect(learned(said, held)).toContain(belief);
  });

  it('"pulled the pin" ends a job and is no PIN', () => {
    expect(ended('pulled the pin on Redgum, last swing done.', held).sort()).toEqual(
      ["The user's manager is Gwen", 'The user is on the platform team', 'The user works at Redgum Resources'].sort(),
    );
    expect(learned('my pin is 4821', held)).toEqual([]);
  });

  it('puts the user on the work they were given, by its name', () => {
    expect(learned("they've stuck me on a wee puzzle game called Stoneskip", held).join()).toMatch(/Stoneskip \[user\.project\./);
  });

  it.each(['my boss is a nightmare', 'made dinner for Sam', 'made friends with Sam', 'my mum put me on a diet'])('no news of work: %s', (said) => {
    expect(learned(said, held).join()).not.toMatch(/user\.(?:manager|occupation|project|team|employer)/);
    expect(ended(said, held)).toEqual([]);
  });
});

describe('a move said with its dwelling or its route', () => {
  const held = holding('The user lives in Partick [user.location]');
  it.each([
    ["we've moved across the river to Shawlands, bigger flat, same rent", 'The user lives in Shawlands [user.location]'],
    ["we're after getting the keys to a cottage out in Moycullen!! bye bye city rent", 'The user lives in a cottage in Moycullen [user.location]'],
  ])('%s', (said, belief) => {
    expect(learned(said, held)).toContain(belief);
  });
});

describe('corrections and changes said around the value', () => {
  it('"he\'s my EM again": the man named before', () => {
    const held = holding("The user's manager is Yvonne [user.manager]");
    const said = "gareth's back from leave so he's my EM again, Yvonne's gone back to cards";
    expect(learned(said, held)).toContain("The user's manager is Gareth [user.manager]");
    expect(ended(said, held)).toEqual(["The user's manager is Yvonne"]);
  });

  it('"I told you wrong" opens a correction, not someone else\'s words', () => {
    const held = holding("The user's manager is Sameer [user.manager]");
    expect(learned('Sorry I told you wrong yesterday, my new manager is Farhan. Farooq is the HR partner', held)).toContain(
      "The user's manager is Farhan [user.manager]",
    );
  });

  it.each([
    ["I've given up the chai lattes (the sugar!!) — it's just peppermint tea now", 'The user drinks peppermint tea [user.drink.peppermint_tea]'],
    ["doing a sober curious thing so it's NA beer only, Athletic Brewing mostly", 'The user drinks NA beer [user.drink.na_beer]'],
  ])('%s', (said, belief) => {
    const held = holding(
      'The user works at Fern & Ember Coffee on Alberta St [user.employer]',
      'The user drinks chai lattes like water [user.drink.chai_lattes]',
    );
    expect(learned(said, held)).toContain(belief);
    expect(ended(said, held)).not.toContain('The user works at Fern & Ember Coffee on Alberta St');
  });

  it('a new workplace whose name holds a drink ends no drink', () => {
    const held = holding('The user works at Fern & Ember Coffee on Alberta St [user.employer]', 'The user drinks NA beer [user.drink.na_beer]');
    expect(ended('I left Fern & Ember. Took a job roasting at Basalt Coffee Roasters, started yesterday', held)).toEqual([
      'The user works at Fern & Ember Coffee on Alberta St',
    ]);
  });

  it("ends what is someone else's headache now", () => {
    expect(ended("moved to the savings squad this sprint, Orca's someone else's headache now", holding('The user works on Orca [user.project.orca]'))).toEqual([
      'The user works on Orca',
    ]);
  });
});

describe('a new job title, said in everyday words', () => {
  const held = holding('The user is a policy officer [user.occupation]');
  it.each([
    ['and I’m a senior caseworker there rather than policy, bit of a change of pace', 'The user is a senior caseworker [user.occupation]'],
    ['new title is Head of Operations', 'The user is a Head of Operations [user.occupation]'],
    ["I've moved into a product owner role", 'The user is a product owner [user.occupation]'],
    ["I'm team lead now", 'The user is a team lead [user.occupation]'],
  ])('%s', (said, belief) => {
    expect(learned(said, held)).toContain(belief);
    expect(ended(said, held)).toEqual(['The user is a policy officer']);
  });

  it('a common word before the title is no name ("I\'m team lead"), a name is ("I\'m sam a nurse")', () => {
    expect(learned("I'm team lead now").join()).not.toMatch(/user\.name/);
    expect(learned("I'm sam a nurse")).toContain("The user's name is Sam [user.name]");
  });
});

describe('someone back from leave takes back the part the user held of them', () => {
  const held = [
    { id: 'b0', key: 'user.manager', statement: "The user's manager is Deb", active: false },
    { id: 'b1', key: 'user.manager', statement: "The user's manager is Marnie", active: true },
  ];
  it('"deb\'s back early from leave": the manager before is the manager again', () => {
    const said = "plot twist, deb's back early from leave and marnie's gone back to the float pool";
    expect(learned(said, held)).toEqual(["The user's manager is Deb [user.manager]"]);
    expect(ended(said, held)).toEqual(["The user's manager is Marnie"]);
  });

  it('someone the user never held in a part is only back from a holiday', () => {
    expect(learned("Sam's back from holiday", held)).toEqual([]);
    expect(ended("Sam's back from holiday", held)).toEqual([]);
  });
});

describe('an employer said with where it is', () => {
  it.each([
    ["I'm a QA analyst in Tarangini Systems, Hinjewadi office, Pune.", 'The user works at Tarangini Systems [user.employer]'],
    ["I'm a nurse at St James's, Dublin", "The user works at St James's [user.employer]"],
    ['I work at Acme, Leeds office', 'The user works at Acme [user.employer]'],
    ['I work at Skidmore, Owings & Merrill', 'The user works at Skidmore, Owings & Merrill [user.employer]'],
  ])('%s', (said, belief) => {
    expect(learned(said)).toContain(belief);
  });
});
