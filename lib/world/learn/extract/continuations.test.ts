import { beforeAll, describe, expect, it } from 'vitest';
import { extractBeliefs } from '../extractor.ts';
import { loadTagger } from './tagger.ts';
import { learned } from '../../../../test/support/learned.ts';

beforeAll(loadTagger);

describe('facts in chatty sentences, each its own belief', () => {
  it('reads an introduction’s list item by item', () => {
    expect(learned('Hi! I’m Marta, 29, teacher in Porto, one son and a lazy old cat called Miso lol')).toEqual(
      expect.arrayContaining([
        "The user's name is Marta [user.name]",
        'The user is 29 years old [user.age]',
        'The user is a teacher [user.occupation]',
        'The user lives in Porto [user.location]',
        'The user has a lazy old cat called Miso [user.pet.miso]',
      ]),
    );
    expect(learned('About me: 45, architect from Bristol, keen cyclist.')).toEqual(
      expect.arrayContaining(['The user is 45 years old [user.age]', 'The user is an architect [user.occupation]', 'The user is from Bristol [user.origin]']),
    );
    expect(learned("I'm 38, widowed, and I've got a 9-year-old, Tom.")).toEqual(
      expect.arrayContaining(['The user is 38 years old [user.age]', 'The user is widowed [user.partner]', 'The user has a 9-year-old, Tom [user.child.tom]']),
    );
  });

  it('learns a pet the user lives with, named after its description, and not someone else’s', () => {
    expect(learned('I live in Leeds, by the river, with a fat orange cat called Pip.')).toContain('The user has a cat called Pip [user.pet.pip]');
    expect(learned('My sister lives in York with a cat called Tom.')).not.toEqual(expect.arrayContaining([expect.stringContaining('Tom')]));
  });

  it('keeps a list that belongs to one fact, and a clause with a verb of its own, whole', () => {
    expect(learned("I'm allergic to nuts, eggs and shellfish")).toEqual([
      'The user is allergic to nuts [user.allergy.nuts]',
      'The user is allergic to eggs [user.allergy.eggs]',
      'The user is allergic to shellfish [user.allergy.shellfish]',
    ]);
    expect(learned("I'm only drinking green tea, coffee I quit").join()).not.toMatch(/The user is (?:a )?coffee/);
  });

  it('names a boss, a partner or a pet without "my", by a title and the whole name after it', () => {
    expect(learned('thesis supervisor is Bu Sari, slow with emails')).toContain("The user's thesis supervisor is Bu Sari [user.manager]");
    expect(learned('site foreman is Mr. Dube')).toContain("The user's site foreman is Mr Dube [user.manager]");
    expect(learned('PI is Dr Chen, super chill')).toContain("The user's manager is Dr Chen [user.manager]");
    expect(learned('my supervisor is Engr. Adeyemi.')).toContain("The user's manager is Engr Adeyemi [user.manager]");
    expect(learned('missus is Aroha')).toContain("The user's missus is Aroha [user.partner]");
    expect(learned('and we have a hamster, her name is Frau Krümel')).toEqual(
      expect.arrayContaining([expect.stringMatching(/hamster (?:called|named) Frau Krümel/)]),
    );
    for (const other of [
      'old boss is Mr. Dube',
      'her thesis supervisor is Bu Sari',
      "Tom's gf is Priya",
      'ex-missus is Aroha',
      'former supervisor is Herr Vogel',
    ])
      expect(learned(other)).toEqual([]);
  });

  it('reads where the user writes from as their home, and a clause opened by "nothing" as a clause of its own', () => {
    expect(learned('I do freelance translation — from my flat in Lyon, which is tiny')).toContain('The user lives in Lyon [user.location]');
    expect(learned("I'm a single dad to Leo, we live in Ghent, and nothing beats our Sunday pancakes.")).toContain('The user lives in Ghent [user.location]');
    for (const other of [
      "I'm visiting — from my sister's flat in Hobart",
      'Greetings from our hotel in Porto',
      "I don't live in Braga, and nobody here knows me",
    ])
      expect(learned(other).filter((b) => b.includes('[user.location]'))).toEqual([]);
  });

  it('reads a fragment the user said of themselves', () => {
    expect(learned("I'm vegan (also gluten intolerant)")).toEqual(['The user is vegan [user.diet]', 'The user is gluten intolerant [user.intolerance.gluten]']);
    expect(learned('Been in Oslo for ten years, originally from Cork')).toContain('The user is from Cork [user.origin]');
  });

  it('continues the person just named through she or he', () => {
    expect(learned("My son Theo started nursery. He's 3 and loves trains")).toContain("The user's son Theo is 3 and loves trains [null]");
    expect(learned('my partner Sam (she is a vet, hence the dog questions) and I live in Leiden')).toEqual(
      expect.arrayContaining(["The user's partner Sam is a vet [null]", 'The user lives in Leiden [user.location]']),
    );
  });

  it('continues a person by name, named in this turn or held from an earlier one', () => {
    expect(learned('We moved here with my wife Noor and our son Sami. Noor is a dentist at a clinic in town')).toContain(
      "The user's wife Noor is a dentist at a clinic in town [null]",
    );
    const held = [{ id: 'b1', key: 'user.child.sami', statement: "The user's son is named Sami", active: true }];
    const later = extractBeliefs([{ role: 'user', content: 'Sami turned 5 yesterday!' }], { held }).beliefs.map((b) => `${b.statement} [${b.key}]`);
    expect(later).toEqual(["The user's son Sami is 5 years old [user.child.sami]"]);
  });

  it('keeps degree words and trailing adverbs out of a value', () => {
    expect(learned("I'm allergic to pretty severe shellfish, sadly")).toEqual(['The user is allergic to shellfish [user.allergy.shellfish]']);
  });

  it('learns who is named in passing', () => {
    expect(learned('We live in Utrecht with our cat Pixel')).toEqual([
      'The user lives in Utrecht [user.location]',
      'The user has a cat called Pixel [user.pet.pixel]',
    ]);
  });

  it('reads a value given under a kind’s label, and a fragment written as a sentence', () => {
    expect(learned('Boss: Priya Nair. Editor: Helix. Diet: vegan.')).toEqual([
      "The user's manager is Priya Nair [user.manager]",
      "The user's editor is Helix [user.tool.helix]",
      'The user is vegan [user.diet]',
    ]);
    expect(learned('Tomás. Nurse at St Mary’s. Based in Galway.')).toEqual(
      expect.arrayContaining(['The user is a nurse [user.occupation]', 'The user lives in Galway [user.location]']),
    );
    expect(learned('Update: I moved to Leeds')).toEqual(['The user lives in Leeds [user.location]']);
  });

  it('learns everyone named after “with my…”, and a manager described before the name', () => {
    expect(learned('We rent in Ghent with my wife Ines and our old dog Bruno')).toEqual(
      expect.arrayContaining(["The user's wife is named Ines [user.partner]", 'The user has a dog named Bruno [user.pet.bruno]']),
    );
    expect(learned('my manager is a very patient woman called Odile')).toEqual(["The user's manager is Odile [user.manager]"]);
  });

  it('keys “X is my <kind word>” in its kind', () => {
    expect(learned('Emacs is my editor')).toEqual(["Emacs is the user's editor [user.tool.emacs]"]);
  });

  it('reads a company named after “a company called”, and a pet after any one word', () => {
    expect(learned('I’m a sales executive at a firm called Oakridge Partners')).toEqual([
      'The user is a sales executive [user.occupation]',
      'The user works at Oakridge Partners [user.employer]',
    ]);
    expect(learned('our scruffy dog Pepper')).toEqual(['The user has a dog named Pepper [user.pet.pepper]']);
  });

  it('never takes a judgement for a job', () => {
    expect(learned("I'm a terrible cook").join()).not.toContain('user.occupation');
  });
});

describe('a chat introduction opened with "<name> here"', () => {
  it('names the user by a name, with one item after it or several', () => {
    expect(learned('Grace here, nurse in Cork.')).toEqual([
      "The user's name is Grace [user.name]",
      'The user is a nurse [user.occupation]',
      'The user lives in Cork [user.location]',
    ]);
    expect(learned('Theo here')).toEqual(["The user's name is Theo [user.name]"]);
  });

  it.each(["New here, I'm a nurse.", 'Been here three years, I work at Mater.', 'Stuck here, any ideas?'])('names nobody by a state or a verb: %s', (said) => {
    expect(learned(said).filter((b) => b.includes('user.name'))).toEqual([]);
  });
});

describe('"back to" said without its subject', () => {
  it('is where the user is again, never a verb "back"', () => {
    const said = (content: string) => extractBeliefs([{ role: 'user', content }]).beliefs.map((b) => b.statement);
    expect(said('Back to espresso for me.')).toEqual(['The user drinks espresso']);
    for (const content of ['back to Croydon for good', 'Back to the grind tomorrow']) expect(said(content).join(' | ')).not.toMatch(/\bbacks\b/);
  });
});

describe('a sentence about someone else, or about a past job, is not the user’s fragment', () => {
  it.each([
    "Kemi works as a midwife at St Thomas'.",
    'Mum drives for Uber at weekends.',
    'Formerly worked at Lehman Brothers lol',
    'Previously worked at Deloitte.',
  ])('learns no employer from %s', (said) => {
    expect(learned(said).filter((b) => b.includes('user.employer'))).toEqual([]);
  });

  it('still reads a fragment of the user’s own job', () => {
    expect(learned('audit at Harcourt Lane')).toEqual(['The user works at Harcourt Lane [user.employer]']);
  });
});

describe('a field of work', () => {
  it.each(["I'm a senior researcher in the planning sector", 'I work in the energy industry'])('is no employer: %s', (said) => {
    expect(learned(said).filter((b) => b.includes('user.employer'))).toEqual([]);
  });
});
