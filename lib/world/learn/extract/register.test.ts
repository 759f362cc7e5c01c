import { beforeAll, describe, expect, it } from 'vitest';
import { plainRegister } from './register.ts';
import { loadTagger } from './tagger.ts';
import { learned } from '../../../../test/support/learned.ts';

beforeAll(loadTagger);

describe('a chat-register sentence said in the plain register', () => {
  it('spells out shorthand and drops laughter', () => {
    expect(plainRegister('fave band rn is Wet Leg lol', 1)).toBe('favourite band right now is Wet Leg');
    expect(plainRegister('Fav tea: Assam', 1)).toBe('Favourite tea: Assam');
    expect(plainRegister('obsessed w oat lattes haha, no regrets', 1)).toBe('obsessed with oat lattes, no regrets');
    expect(plainRegister('signed up for salsa on Mondays, wish me luck!', 1)).toBe('signed up for salsa on Mondays');
    // "n" and "w" are words only between words; a capitalised "Mo" inside a sentence is a name.
    expect(plainRegister('Plan B n all that', 1)).toBe('Plan B and all that');
    expect(plainRegister('I met Mo at the gym', 1)).toBe('I met Mo at the gym');
  });

  it('drops what a drink is served in, and nothing else said "in the cup"', () => {
    expect(plainRegister('green tea in my keep cup every morning', 1)).toBe('green tea every morning');
    expect(plainRegister("We're in the cup final on Saturday.", 1)).toBe("We're in the cup final on Saturday.");
    expect(plainRegister('I keep my pens in a mug on the desk', 1)).toBe('I keep my pens in a mug on the desk');
  });

  it('says "me" as "my" before a thing of the user’s only where no verb takes it', () => {
    expect(plainRegister('chucked in me notice at coastline', 1)).toBe('chucked in my notice at coastline');
    expect(plainRegister('coopers pale ale is me drink', 1)).toBe('coopers pale ale is my drink');
    expect(plainRegister('give me job advice', 1)).toBe('give me job advice');
  });

  it('gives back the g an -ing dropped, short verbs and after "im" too, and only to an -ing', () => {
    expect(plainRegister('also been doin keto since spring', 1)).toBe('also been doing keto since spring');
    expect(plainRegister('im workin at tesco now', 1)).toBe("I'm working at tesco now");
    expect(plainRegister('still goin to the gym', 1)).toBe('still going to the gym');
    expect(plainRegister('been in Leeds for years', 1)).toBe('been in Leeds for years');
  });

  it('drops adverbs between the subject and what it says, and keeps those that change it', () => {
    expect(plainRegister("I've properly gone vegan now", 1)).toBe("I've gone vegan now");
    expect(plainRegister('we have genuinely sold the flat', 1)).toBe('we have sold the flat');
    expect(plainRegister('Yuki is again my team lead', 1)).toBe('Yuki is my team lead');
    // Near, often, for a while, a hedge, an origin: what the sentence says depends on them.
    expect(plainRegister("I've nearly given up sugar", 1)).toBe("I've nearly given up sugar");
    expect(plainRegister("I'm temporarily staying in Oslo", 1)).toBe("I'm temporarily staying in Oslo");
    expect(plainRegister("I'm originally from Cork", 1)).toBe("I'm originally from Cork");
    expect(plainRegister("I'm probably moving", 1)).toBe("I'm probably moving");
    // An adjective that ends in -ly, and a thing's own state ("basically retired"), stay.
    expect(plainRegister("I'm friendly with the neighbours", 1)).toBe("I'm friendly with the neighbours");
    expect(plainRegister('the old laptop is basically retired', 1)).toBe('the old laptop is basically retired');
    // "again" is no "-in" word that lost its g.
    expect(plainRegister('Marta is again my manager', 1)).toBe('Marta is my manager');
  });

  it('capitalises the names of a lower-case sentence where a name stands, and nothing else', () => {
    expect(plainRegister('me n my gf tegan have a cat called clementine', 3)).toBe('my girlfriend Tegan and I have a cat called Clementine');
    expect(plainRegister('hiya im seun, pharmacist at hartwell pharmacy in norwich', 0)).toBe("hiya I'm Seun, pharmacist at Hartwell Pharmacy in Norwich");
    expect(plainRegister('lachie here, ux designer', 0)).toBe('Lachie here, ux designer');
    // A name then the job, no comma: "im tomás frontend dev".
    expect(plainRegister('hey im tomás frontend dev at Quillo', 0)).toBe("hey I'm Tomás, frontend dev at Quillo");
    expect(plainRegister("I'm tired nurse lol", 0)).toBe("I'm tired nurse");
    // In a sentence with capitals, a town the tagger knows after "in" or "to" is written as a name; other words stay.
    expect(plainRegister('I work at Tesco here in leeds', 1)).toBe('I work at Tesco here in Leeds');
    expect(plainRegister("I'm in love with Tom, in bed by ten", 1)).toBe("I'm in love with Tom, in bed by ten");
    // How the user eats, said as an effort.
    expect(plainRegister("I'm trying to stick to keto", 1)).toBe('I stick to keto');
    // What the user cannot start the day without, they need.
    expect(plainRegister("I can't start the day without a mug of rooibos", 1)).toBe('I need a mug of rooibos');
    // "a startup called Tillable" is Tillable.
    expect(plainRegister('Backend dev at a startup called Tillable', 1)).toBe('Backend dev at Tillable');
    // The place after a job's employer: "… at wattle studio in ballarat".
    expect(plainRegister('ux designer at wattle studio in ballarat', 1)).toBe('ux designer at Wattle Studio in Ballarat');
    // Not a name: an adjective or a place after "I'm", or an introduction past the turn's opening.
    expect(plainRegister("i'm fine, thanks", 0)).toBe("I'm fine, thanks");
    expect(plainRegister('im home, im tired', 0)).toBe("I'm home, I'm tired");
    expect(plainRegister('im seun, pharmacist', 5)).toBe("I'm seun, pharmacist");
    // A title and the surname after it; "dr" alone is no name.
    expect(plainRegister('boss is dr lindqvist.', 1)).toBe('boss is Dr Lindqvist.');
    expect(plainRegister('my supervisor is prof. okafor, shes great', 1)).toBe("my supervisor is Prof. Okafor, she's great");
    expect(plainRegister('my dr said i should cut sugar', 1)).toBe('my dr said I should cut sugar');
  });

  it('reads a sentence of one name as the user’s name only when it opens the turn, and a city alone as home', () => {
    expect(plainRegister('Ibrahim.', 0)).toBe('My name is Ibrahim.');
    expect(plainRegister('Ibrahim.', 1)).toBe('Ibrahim.');
    expect(plainRegister('Toronto.', 2)).toBe('I live in Toronto.');
    expect(plainRegister('Coffee.', 0)).toBe('Coffee.');
  });
});

describe('facts said in chat and terse registers', () => {
  it('learns the people, pets and tastes of a lower-case turn', () => {
    expect(learned('me n my bf jonah have a rabbit called clementine')).toEqual([
      "The user's boyfriend is Jonah [user.partner]",
      'The user has a rabbit called Clementine [user.pet.clementine]',
    ]);
    expect(learned('hiii ok so im wren, 24, and my manager is dana, shes lovely')).toEqual(
      expect.arrayContaining(["The user's name is Wren [user.name]", "The user's manager is Dana [user.manager]"]),
    );
    expect(learned('into bouldering, design everything in Figma, gf is tegan')).toEqual([
      'The user is into bouldering [user.likes.bouldering]',
      'The user designs everything in Figma [user.tool.figma]',
      "The user's girlfriend is Tegan [user.partner]",
    ]);
  });

  it('learns a terse introduction, labels and pets named in brackets', () => {
    expect(learned('Ibrahim. SRE at Northwind Ledger. Toronto.')).toEqual([
      "The user's name is Ibrahim [user.name]",
      'The user is an SRE [user.occupation]',
      'The user works at Northwind Ledger [user.employer]',
      'The user lives in Toronto [user.location]',
    ]);
    expect(learned('CI is Jenkins, infra is Terraform. Warehouse: Snowflake. Off hours: chess and squash.')).toEqual([
      "The user's CI is Jenkins [user.tool.jenkins]",
      "The user's infra is Terraform [user.tool.terraform]",
      "The user's warehouse is Snowflake [user.tool.snowflake]",
      "The user's hobby is chess [user.hobby.chess]",
      "The user's hobby is squash [user.hobby.squash]",
    ]);
    // A note without its colon: a person's or a place's value is a name, a saying is none.
    expect(learned('Boss Mr. Tanaka. Hobby bonsai. Diet vegetarian.')).toEqual([
      "The user's manager is Mr Tanaka [user.manager]",
      "The user's hobby is bonsai [user.hobby.bonsai]",
      'The user is vegetarian [user.diet]',
    ]);
    expect(learned('Home sweet home. Work work work.')).toEqual([]);
    expect(learned('I live in Galway with our two cats (Sausage and Mrs Doyle).')).toEqual(
      expect.arrayContaining(["Sausage is one of the user's cats [user.pet.sausage]", "Mrs Doyle is one of the user's cats [user.pet.mrs_doyle]"]),
    );
  });

  it('names the employer apart from the job when the company is said as a company', () => {
    expect(learned('I am working as backend developer in Fintrek company.')).toEqual([
      'The user is a backend developer [user.occupation]',
      'The user works at Fintrek [user.employer]',
    ]);
    expect(learned('I am CAD technician in company Kessler Antriebstechnik.')).toEqual([
      'The user is a CAD technician [user.occupation]',
      'The user works at Kessler Antriebstechnik [user.employer]',
    ]);
    expect(learned('I am working as a nurse in Leeds.')).not.toEqual(expect.arrayContaining([expect.stringContaining('[user.employer]')]));
  });

  it('learns nothing from a fragment that is no statement of the user’s', () => {
    expect(learned('New boss as of Monday — Róisín Ward. Seems sound.')).toEqual(["The user's manager is Róisín Ward [user.manager]"]);
    expect(learned('Reporting to Marcus Oyelaran.')).toEqual(["The user's manager is Marcus Oyelaran [user.manager]"]);
    expect(learned('Streaming platform now.')).toEqual([]);
    // A request or a courtesy opening a fragment is not something the user does or is.
    expect(learned('Can you help? Give them an honest take.')).toEqual([]);
    expect(learned('into chess, sorry Taylor, forget the coffee').filter((b) => /sorry|forget/i.test(b))).toEqual([]);
    // A time said first is moved behind the clause, whole: no "is from I am eating…", no dangling "from".
    expect(learned('From this month I am eating fish too.')).toEqual(['The user is eating fish [user.diet]']);
    // The second verb of someone else's sentence is theirs, not the user's.
    expect(learned('My cousin Idris sold his flat and moved to Aberdeen.').filter((b) => /user\.location/.test(b))).toEqual([]);
    expect(learned("I'm Ana and I live in Lisbon with my partner Sofia and work at Feedzai.")).toEqual(
      expect.arrayContaining(['The user lives in Lisbon [user.location]', 'The user works at Feedzai [user.employer]']),
    );
    // Back on a drink is the drink, named in the plural or not.
    expect(learned('ok matcha was a phase. back on the oat flat whites, they just hit different')).toEqual([
      'The user drinks oat flat whites [user.drink.oat_flat_whites]',
    ]);
  });
});
