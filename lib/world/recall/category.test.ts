import { describe, expect, it } from 'vitest';
import { categoriesOf, isCategoryWord, ofKinds } from './category.ts';

const kinds = (text: string) => [...categoriesOf(text).kinds].map((k) => k.kind).sort();

describe('category questions', () => {
  it('finds the kinds a question names as the user’s own', () => {
    // Playing an instrument is a pastime too.
    expect(kinds('What are my hobbies?')).toEqual(['hobby', 'instrument']);
    expect(kinds('Where do I work?')).toEqual(expect.arrayContaining(['employer', 'role']));
    expect(kinds("What can't I eat?")).toEqual(expect.arrayContaining(['allergy', 'diet', 'intolerance']));
    expect(kinds("Who's my manager?")).toEqual(['manager']);
    expect(kinds('What am I working on?')).toContain('project');
    // The account or the client someone works for is the work they are on.
    expect(kinds('Which account am I running now?')).toContain('project');
    expect(kinds('What are my kids up to?')).toEqual(['child']);
    expect(kinds('What pets do I have?')).toEqual(['pet']);
    expect(kinds('Which languages do I speak?')).toEqual(expect.arrayContaining(['language']));
    expect(kinds('Which pets are good for a small flat?')).toEqual([]);
    // The kind's word must end the phrase: this asks about painting, not about everything the user enjoys.
    expect(kinds('What subjects do I enjoy painting?')).toEqual([]);
    expect(kinds('Any tips for my upcoming race?')).toEqual(expect.arrayContaining(['event']));
    // "Our" is the user's too; "we" is no owner of a verb ("can we make this work?").
    expect(kinds('What do I still need to sort out before our holiday?')).toEqual(['plan']);
    expect(kinds('Can we make this work?')).toEqual([]);
    // The user going to an event is the user's event: "where we're going on holiday".
    expect(kinds("Remind me where we're going on holiday and when?")).toEqual(['plan']);
    expect(kinds('Where am I going on vacation again?')).toEqual(['plan']);
    expect(kinds('My brother is going on holiday, where should he go?')).not.toContain('plan');
    expect(kinds('Alasdair is popping round. What should I put the kettle on for?')).toEqual(['drink']);
    // "The person I'm dating" is the partner; "my dating profile" is about a profile.
    expect(kinds("Gift idea for the person I'm dating, under 150 lei?")).toEqual(['partner']);
    expect(kinds('Any tips for my dating profile?')).toEqual([]);
  });

  it('reaches the team the user follows from a question about a match', () => {
    expect(kinds('Who am I cheering for on Saturday?')).toEqual(['favorite', 'likes']);
    expect(categoriesOf('Who am I cheering for on Saturday?').keyWords).toContain('fan');
    expect(kinds('My brother is cheering for Leeds on Saturday, what should he wear?')).not.toContain('likes');
  });

  it('ends a phrase at its punctuation, and reads a clause of the user or "the" in their request as theirs', () => {
    expect(kinds('Can you look at our build server? Deploys hang at the last step')).toEqual([]);
    expect(kinds('Any way to tune our warehouse? Dashboards time out every morning')).toEqual(['tool']);
    expect(kinds("Tips for the course I'm taking this spring")).toEqual(['study']);
    expect(kinds('Which shoes for the race we entered in June?')).toEqual(expect.arrayContaining(['event', 'goal', 'plan']));
    expect(kinds('I work late on Fridays, who could walk the dog?')).toEqual(['pet']);
    // After "my", a kind word an -ing word follows is the subject of what it does; after "I", it is a verb taking the -ing word.
    expect(kinds('Reply to my supervisor saying the report slips a week')).toEqual(['manager']);
    expect(kinds('Do I like hiking?')).toEqual([]);
    // Without the user in it, "the" points at no one's: a general question.
    expect(kinds('Do the dogs of Istanbul belong to anyone?')).toEqual([]);
  });

  it('reads a plural after a verb of liking or having as a noun, not a verb of something else', () => {
    const other = (text: string) => [...categoriesOf(text).otherSense];
    expect(other('Does Deborah like cats?')).toEqual([]);
    expect(other('Has Omar got dogs?')).toEqual([]);
    expect(other('How many pets does Lin have?')).toEqual([]);
    expect(other('Explain how TCP slow start works.')).toEqual(['works']);
    expect(other('Does it work?')).toEqual(['work']);
  });

  it('reads a name or an age after something the user has as that thing’s, not the user’s', () => {
    expect(kinds("What's my cat called?")).toEqual(['pet']);
    expect(kinds("What is my dog's name?")).toEqual(['pet']);
    expect(kinds("Remind me of my manager's name")).toEqual(['manager']);
    expect(kinds("When is my son's birthday?")).toEqual(['child']);
    expect(kinds('What are my kids called?')).toEqual(['child']);
    expect(kinds("What's my name?")).toEqual(['name']);
    expect(kinds('What is my full name?')).toEqual(['name']);
    expect(kinds('What am I called?')).toEqual(['name']);
  });

  it('finds the kinds a question needs without naming them, through the catalogue’s needs', () => {
    expect(kinds('Suggest a snack for my hike on Saturday.')).toEqual(['allergy', 'diet', 'intolerance']);
    expect(kinds('Who should I send my weekly report to?')).toEqual(['manager']);
    expect(kinds('Do I need a visa for the journey?')).toEqual(['event', 'plan']);
    expect(kinds('Any good vets near me?')).toEqual(['home', 'pet']);
    expect(kinds('Who do I live with?')).toEqual(expect.arrayContaining(['child', 'partner', 'pet']));
    // A belief of the need kept under no catalogue key is looked up by the need's head word ("The user loves Thai food").
    expect(categoriesOf('Recommend a restaurant for tonight.').keyWords).toContain('food');
    // The need word is no word that named the kind: a belief holding it ("went to a restaurant with Sam") still counts by it.
    expect(categoriesOf('Recommend a restaurant for tonight.').kindWords.size).toBe(0);
  });

  it('leaves a need that is someone else’s or no need at all', () => {
    expect(kinds('My colleague is packing for his trip to Rome, any tips for him?')).toEqual([]);
    expect(kinds("Plan my sister's dinner party.")).toEqual([]);
    expect(kinds('Explain how the order of operations works in Python.')).toEqual([]);
    // A need word beside a named tool or programming language is that thing's: packing bits, a Terraform cookbook.
    expect(kinds('How do I pack bits into a byte in Python?')).toEqual([]);
    expect(kinds('Where should the cookbook live in my Terraform repo?')).toEqual([]);
    expect(kinds('Any nearby coffee places that serve a flat white?')).toEqual(['drink', 'home']);
  });

  it('reads a catalogue word used as a verb of something else as no kind, and marks it', () => {
    const tcp = categoriesOf('Explain how TCP slow start works.');
    expect(tcp.kinds.size).toBe(0);
    expect([...tcp.otherSense]).toEqual(['works']);
    expect(categoriesOf('What did the team decide about deployment?').otherSense.size).toBe(0);
  });

  it('marks the words that ask, which name no topic', () => {
    expect([...categoriesOf('When did I go to the support group?').otherSense]).toEqual(['when']);
    expect([...categoriesOf('Why did I quit piano?').otherSense]).toEqual(['why']);
  });

  it('knows a kind’s everyday words, in any inflection, from a name', () => {
    expect(['plan', 'plans', 'hobby', 'Projects', "can't eat"].map(isCategoryWord)).toEqual([true, true, true, true, true]);
    expect(['pg', 'Atlas', 'billing migration'].map(isCategoryWord)).toEqual([false, false, false]);
  });

  it('looks a kind up by the words of its key, and knows a belief of that kind by its key', () => {
    const hobbies = categoriesOf('What are my hobbies?');
    expect(hobbies.keyWords).toEqual(['hobby', 'instrument']);
    expect(ofKinds('user.hobby.chess', hobbies.kinds)).toBe(true);
    expect(ofKinds('user.instrument.cello', hobbies.kinds)).toBe(true);
    expect(ofKinds('user.pet.cat', hobbies.kinds)).toBe(false);
    expect(ofKinds(null, hobbies.kinds)).toBe(false);
    // A belief the catalogue does not key is of the kind when its statement holds the word of the kind's key.
    expect(ofKinds(null, hobbies.kinds, (w) => w === 'hobby')).toBe(true);
    expect(ofKinds('user.be.weekend', hobbies.kinds, (w) => w === 'hobby')).toBe(true);
    expect(ofKinds('work.hobby_tracker', hobbies.kinds, (w) => w === 'hobby')).toBe(false);
    expect(ofKinds('user.pet.cat', hobbies.kinds, (w) => w === 'hobby')).toBe(false);
  });

  it('looks a kind up by its name’s family for a question about the user, and knows a keyless belief holding one', () => {
    expect(categoriesOf('Any snack ideas for my afternoon slump?').familyWords).toEqual(expect.arrayContaining(['allergy', 'allergic', 'intolerance']));
    expect(categoriesOf('Which snacks are popular in Spain?').familyWords).toEqual([]);
    const snack = categoriesOf('Any snack ideas for my afternoon slump?').kinds;
    expect(ofKinds(null, snack, (w) => w === 'allergic')).toBe(true);
    expect(ofKinds('user.be.careful', snack, (w) => w === 'intolerance')).toBe(true);
    expect(ofKinds('user.drink.tea', snack, (w) => w === 'allergic')).toBe(false);
  });
});

describe('needs said beside someone else, and everyday words', () => {
  it("reaches the user's pets when a neighbour feeds them while the user is away", () =>
    expect(kinds("Joan next door is popping in to feed everyone while we're away. Could you write her a list?")).toContain('pet'));

  it('keeps a question about someone else alone theirs', () => expect(kinds('What should she feed her dog?')).toEqual([]));

  it.each([
    ['What should go on the list for my morning cuppa?', 'drink'],
    ['Help me write my insta bio, with my bf', 'partner'],
  ])('%s', (text, kind) => expect(kinds(text)).toContain(kind));
});

describe("someone of the user's, named before what the question is about", () => {
  it.each([
    ["my gf's bday is sat, wat shld i get her", 'partner'],
    ["What should I get for my wife's birthday?", 'partner'],
    ['write me an insta bio that mentions my fur babies', 'pet'],
  ])('%s', (text, kind) => expect(kinds(text)).toContain(kind));

  it("leaves a relative's thing to words alone", () => expect(kinds("What's my sister's favourite colour?")).toEqual([]));
});

describe('the kinds a list of the user’s facts names', () => {
  it('reads each short item of a list as a kind asked for', () => {
    expect(kinds('Staff profile for the intranet: name, band, ward, who I report to')).toEqual(['manager', 'name', 'role', 'team']);
    expect(kinds('draft my email sig pls — title, squad, manager')).toEqual(expect.arrayContaining(['manager', 'role', 'team']));
    // A name after another kind's word is that one's: the supervisor's name asks for the supervisor.
    expect(kinds('induction form: home suburb, job title, crew, supervisor’s name')).toEqual(expect.arrayContaining(['home', 'manager', 'role', 'team']));
    expect(kinds('induction form: home suburb, job title, crew, supervisor’s name')).not.toContain('name');
    expect(kinds('conference badge: full name, company, dietary requirements')).toEqual(expect.arrayContaining(['diet', 'employer', 'name']));
  });

  it('needs a list of short items: a sentence or a list of things that are no kind names none', () => {
    expect(kinds('Write a story: a dog, a cat and a manager walk into a bar')).toEqual([]);
    expect(kinds('Compare these: Postgres, MySQL, SQLite')).toEqual([]);
  });
});

describe('everyday words of kinds', () => {
  it('reads any animal a pet can be as the pet', () => {
    expect(kinds('What are my rabbits called again?')).toEqual(['pet']);
    expect(kinds('Ordering food for the guinea pigs we have, how much hay?')).toContain('pet');
  });

  it('reads the team, the grade and the home by the words people use for them', () => {
    expect(kinds('who i ask about holiday days now, and which section i am in?')).toContain('team');
    expect(kinds("what's my designation again?")).toContain('role');
    expect(kinds('what suburb am I in now?')).toContain('home');
    expect(kinds("write a line about who I'm seeing")).toContain('partner');
  });

  it('reads a phrase with a word of emphasis inside it as the phrase', () => {
    expect(kinds("plan a day around the stuff I'm actually into")).toContain('hobby');
  });

  it('reads a phrase as the user’s by an owner before its first word or inside it, and a favourite before its thing', () => {
    expect(kinds('what time zone should my calendar be set to?')).toEqual(['home']);
    expect(kinds('how old am I, going by what I told you')).toEqual(['age']);
    expect(kinds('whats my fav film')).toEqual(['favorite']);
  });

  it('knows strengths, aims, the big day, the folks and home said as "mine" or "ours"', () => {
    expect(kinds('Which of my strengths should I lead with tomorrow?')).toContain('skill');
    expect(kinds("What time should I aim for? I'm working towards a sub-4")).toContain('goal');
    expect(kinds('What should I do the night before the big day?')).toContain('event');
    expect(kinds('How long from mine to the airport at 7am?')).toContain('home');
    expect(kinds('Write a card for the party, it’s at ours on Saturday')).toContain('home');
    expect(kinds('Ideas for a day out with my folks?')).toContain('relative');
    expect(kinds("a shout-out to my missus who'll be on the top table")).toContain('partner');
    expect(kinds('GP form: age, medications, allergies and address. Fill in what you know.')).toContain('home');
  });

  it('reads "what X do we use" as the user’s, and a day off as a request to the manager', () => {
    expect(kinds('what CI do we use?')).toEqual(['tool']);
    expect(kinds('Who do I need to ask before taking Friday off?')).toEqual(['manager']);
    expect(kinds('my 1:1 tomorrow, who is it with again?')).toEqual(['manager']);
  });
});

describe('a request made of the user’s own things', () => {
  it('the pets of a request to the assistant are the user’s, said with "the" and a plural possessive', () => {
    expect(kinds("Come up with something funny to engrave on the dogs' new collar tags, one for each of them.")).toEqual(['pet']);
    expect(kinds("Ideas for my dogs' names on their tags?")).toEqual(['pet']);
    expect(kinds('What do the dogs eat in the wild?')).toEqual([]);
  });

  it('a request for code needs the languages and tools the user works in', () => {
    expect(kinds('Can you give me a small snippet to read a CSV and average the duplicate rows?')).toEqual(['programming_language', 'tool']);
    expect(kinds('write me a script to rename my holiday photos')).toEqual(['programming_language', 'tool']);
  });
});
