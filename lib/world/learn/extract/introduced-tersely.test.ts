import { beforeAll, describe, expect, it } from 'vitest';
import { learned } from '../../../../test/support/learned.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('an introduction that opens with a name and an age, however they are set apart', () => {
  it.each([
    [
      'Fiona, 52, Leith. Retired early from the council.',
      ["The user's name is Fiona [user.name]", 'The user is 52 years old [user.age]', 'The user lives in Leith [user.location]'],
    ],
    ['connor. 22. grimsby.', ["The user's name is Connor [user.name]", 'The user is 22 years old [user.age]', 'The user lives in Grimsby [user.location]']],
    ['trey, 26M, austin tx', ["The user's name is Trey [user.name]", 'The user is 26 years old [user.age]']],
    ['Pieter van Wyk, 58, wine farmer just outside Stellenbosch', ["The user's name is Pieter van Wyk [user.name]", 'The user is 58 years old [user.age]']],
    [
      "Hi there, it's Geneviève — 44, Montrealer, I teach high school chemistry",
      ["The user's name is Geneviève [user.name]", 'The user is 44 years old [user.age]'],
    ],
    [
      'Howzit, Thabo here — 33, living in Joburg.',
      ["The user's name is Thabo [user.name]", 'The user is 33 years old [user.age]', 'The user lives in Joburg [user.location]'],
    ],
    ['Anh here, mid-forties, Footscray', ["The user's name is Anh [user.name]", 'The user lives in Footscray [user.location]']],
  ])('%s', (said, beliefs) => expect(learned(said)).toEqual(expect.arrayContaining(beliefs)));

  it("a people's name for where the user is from is no name of theirs", () => {
    expect(learned("Hi there, it's Geneviève — 44, Montrealer, I teach high school chemistry").join()).not.toContain('name is Montrealer');
  });

  it('how many children, said as an item, is had', () => {
    expect(learned("Hi! I'm Marta, 29, teacher in Porto, one son and a lazy old cat called Miso lol")).toContain('The user has one son [user.has.son]');
  });
});

describe('languages said on the way to something else', () => {
  it.each([
    [
      'At home we speak Tamil, with my in-laws it is Telugu, office is English only.',
      ['The user speaks Tamil [user.language.tamil]', 'The user speaks Telugu [user.language.telugu]', 'The user speaks English [user.language.english]'],
    ],
    ['Afrikaans at home, English for the tourists', ['The user speaks Afrikaans [user.language.afrikaans]', 'The user speaks English [user.language.english]']],
    [
      "Mother tongue is Sesotho but at home with my wife it's mostly isiZulu",
      ['The user speaks Sesotho [user.language.sesotho]', 'The user speaks IsiZulu [user.language.isizulu]'],
    ],
    [
      'Vietnamese at home with Mum and the kids, English at work — my daughter replies in English',
      ['The user speaks Vietnamese [user.language.vietnamese]', 'The user speaks English [user.language.english]'],
    ],
  ])('%s', (said, beliefs) => expect(learned(said)).toEqual(expect.arrayContaining(beliefs)));

  it.each(['My sister speaks French.', 'We watched a Spanish film at home', 'I stopped learning Japanese'])('none the user speaks: %s', (said) => {
    expect(learned(said).filter((b) => b.includes('[user.language.') || b.includes('[user.learning.'))).toEqual([]);
  });
});

describe('children named in a row after the word for them, with their ages', () => {
  it.each([
    ["so the kids are saoirse (9) and cathal (6) and they're both in the gaelscoil", ['Saoirse who is 9', 'Cathal who is 6']],
    ['The children are Ifeoma who is 12, Somto 9 and the last born Kosi who is just 3.', ['Ifeoma who is 12', 'Somto who is 9', 'Kosi who is 3']],
    ["Kids: Hana is 8, Leo's 5. Hana's already correcting my Japanese", ['Hana who is 8', 'Leo who is 5']],
    ['My boys — Damilola 17, Seun 14 — are both Arsenal fans', ['Damilola who is 17', 'Seun who is 14']],
    ['Three kids: Mathis (15), Élodie (12) and little Jules (7).', ['Mathis who is 15', 'Jules who is 7']],
  ])('%s', (said, kids) => {
    const all = learned(said).join('\n');
    for (const kid of kids) expect(all).toContain(`The user has a kid called ${kid}`);
    expect(all).not.toContain("called They're");
  });

  it("someone else's children are theirs", () => {
    expect(learned("My sister's kids are Tom and Ben").filter((b) => b.includes('[user.child.'))).toEqual([]);
  });
});

describe('teams, conditions and drinks said by what they are to the user', () => {
  it.each([
    ['Hibs till I die. Season ticket and everything.', 'The user supports Hibs [user.support.hibs]'],
    ['Kaizer Chiefs since birth, even when it hurts', 'The user supports Kaizer Chiefs [user.support.kaizer_chiefs]'],
    ["Canucks, always, even though it's a lifelong punishment", 'The user supports Canucks [user.support.canucks]'],
    ['Tigers season ticket holder, rugby over football', 'The user supports Tigers [user.support.tigers]'],
    ['Sharks supporter till I die, even when they break my heart every season.', 'The user is a Sharks supporter [user.be.sharks_supporter]'],
  ])('%s', (said, team) => expect(learned(said)).toContain(team));

  it('a relative always there for the user is no team', () => expect(learned('Mum, always there for me')).toEqual([]));

  it.each([
    ["The asthma's been playing up since the damp got in", 'The user has asthma [user.condition.asthma]'],
    ['PCOS since college, doc put me on metformin last year', 'The user has PCOS [user.condition.pcos]'],
    ['Gout. Flares up every harvest without fail.', 'The user has gout [user.condition.gout]'],
    ['eczema flares up wen its cold, gp gave me a steroid cream', 'The user has eczema [user.condition.eczema]'],
    ['got diagnosed ADHD at 24, on vyvanse now', 'The user has ADHD [user.condition.adhd]'],
    ['I have atrial fibrillation so the doctor has me on Eliquis', 'The user has atrial fibrillation [user.condition.atrial_fibrillation]'],
  ])('%s', (said, condition) => expect(learned(said)).toContain(condition));

  it("someone else's condition is theirs", () => {
    expect(learned("my son's asthma is playing up").filter((b) => b.includes('[user.condition.'))).toEqual([]);
    expect(learned('My mum was diagnosed with arthritis').filter((b) => b.includes('[user.condition.'))).toEqual([]);
  });

  it.each([
    ["honestly can't function without a pot of Barry's tea in the morning, I'd have six cups before lunch", "The user drinks Barry's tea [user.drink.tea]"],
    [
      'the only thing getting me through a monday is a flat white from the coffee van at the retail park.',
      'The user drinks flat white [user.drink.flat_white]',
    ],
    ['filter coffee >>> everything. i carry my own decoction to office', 'The user drinks filter coffee [user.drink.filter_coffee]'],
    ['Rooibos in the morning and a glass of our own Chenin at night', 'The user drinks Rooibos [user.drink.rooibos]'],
  ])('%s', (said, drink) => expect(learned(said)).toContain(drink));

  it('"can\'t" opens a statement unless someone is asked', () => {
    expect(learned("Can't you just tell me?")).toEqual([]);
    expect(learned('work in the morning, gym after').filter((b) => b.includes('[user.drink.'))).toEqual([]);
  });
});

describe('tools, plans and quoted words on the way to something else', () => {
  it.each([
    [
      "work's DevOps, mostly Terraform and Azure, bit of Ansible when the legacy stuff falls over",
      ['The user uses Terraform [user.tool.terraform]', 'The user uses Azure [user.tool.azure]', 'The user uses Ansible [user.tool.ansible]'],
    ],
    ["I'm a backend dev — Go services, Postgres, everything deployed on Kubernetes.", ['The user uses Kubernetes [user.tool.kubernetes]']],
  ])('the tools of a turn about work: %s', (said, tools) => expect(learned(said)).toEqual(expect.arrayContaining(tools)));

  it('a tool said outright is said as the user said it, not again in passing', () => {
    expect(learned('I mostly write Go and we deploy everything on Heroku.')).toEqual([
      'The user mostly writes Go [user.programming_language.go]',
      'The user deploys everything on Heroku [user.tool.heroku]',
    ]);
  });

  it.each(['My brother works in Excel all day', 'We migrated off Jenkins at work'])('no tool the user does not use: %s', (said) => {
    expect(learned(said).filter((b) => /^The user uses/.test(b))).toEqual([]);
  });

  it("what is quoted after a colon is someone else's", () => {
    expect(
      learned("Someone sent me this on LinkedIn: 'Senior Data Scientist – Spotify, London – strong Scala required, hybrid.' Not for me, obviously."),
    ).toEqual([]);
  });

  it.each([
    ['We have an Alaska cruise booked for August 12th', 'The user has an Alaska cruise booked [user.plan.alaska_cruise]'],
    ["Type 1 diabetic since I was twelve so I'm always counting carbs", 'The user has type 1 diabetes [user.condition.type_1_diabetes]'],
  ])('%s', (said, belief) => expect(learned(said)).toContain(belief));

  it('a flight out is a plan', () => {
    expect(learned("Flying out to Bali on the 9th of March for Tane's brother's wedding").join()).toMatch(
      /^The user is flying out to Bali on the 9th of March.*\[user\.plan\.bali\]$/,
    );
  });

  it('only the first item of an introduction names the user', () => {
    expect(learned("I'm a game developer, Unity and C# day to day, Blender when the artists are out").join()).not.toMatch(/name is|lives in Unity/);
  });
});

describe('medicines said on the way to something else', () => {
  it.each([
    ["PCOS since college, doc put me on metformin last year and it's been better", 'The user takes metformin [user.medication.metformin]'],
    ["Crohn's, diagnosed at 22, mostly under control with the Humira injections every fortnight", 'The user takes Humira [user.medication.humira]'],
    ['Migraines with aura, maybe twice a month, sumatriptan is my best friend', 'The user takes sumatriptan [user.medication.sumatriptan]'],
    ['I have atrial fibrillation so the doctor has me on Eliquis', 'The user takes Eliquis [user.medication.eliquis]'],
  ])('%s', (said, medicine) => expect(learned(said)).toContain(medicine));

  it.each(['my mum is on statins', 'I take the bus to work every morning', "I'm on holiday every day this week"])("no medicine of the user's: %s", (said) => {
    expect(learned(said).filter((b) => b.includes('[user.medication.'))).toEqual([]);
  });
});
