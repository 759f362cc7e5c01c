import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../../test/support/table.ts';
import { clauses, introHeading, sentences, unwrap } from './segment.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

describe('a turn cut into what the rules read', () => {
  it('splits sentences at their ends but not after a title or an abbreviation, and at semicolons and dashes', () => {
    expect(sentences('I live in Oslo. I work at Acme! Do you?')).toEqual(['I live in Oslo.', 'I work at Acme!', 'Do you?']);
    expect(sentences('I met Dr. Smith and Mr. Jones, e.g. at work.')).toEqual(['I met Dr. Smith and Mr. Jones, e.g. at work.']);
    expect(sentences('First; second — third')).toEqual(['First;', 'second', 'third']);
    expect(sentences('I’m fine')).toEqual(["I'm fine"]);
  });

  it('reads one-word sentences spoken for emphasis as the sentence they spell, and a terse list as a list', () => {
    expect(sentences('She asks every Pongal. Every. Single. Year. So tiring')).toEqual(['She asks every Pongal.', 'Every single year.', 'So tiring']);
    expect(sentences('Not. Moving. To. Leeds.')).toEqual(['Not moving to Leeds.']);
    expect(sentences('Best. Day. Ever!')).toEqual(['Best day ever!']);
    expect(sentences('Vegan. Nurse. Leeds.')).toEqual(['Vegan.', 'Nurse.', 'Leeds.']);
    expect(sentences('Single. Happy.')).toEqual(['Single.', 'Happy.']);
    expect(sentences('moved. lisbon now.')).toEqual(['moved.', 'lisbon now.']);
  });

  it('reads a pet named before it is said to be the user’s as the user’s pet called so, and nobody else that way', () => {
    expect(sentences('theres Tui, our huntaway, dumbest dog alive')).toEqual(['our huntaway is called Tui.', 'dumbest dog alive']);
    expect(sentences('Bruno, our old beagle, is 12')).toEqual(['our old beagle is called Bruno.', 'is 12']);
    expect(sentences('and Mochi, my cat.')).toEqual(['my cat is called Mochi.']);
    expect(sentences('boss is Kereama. and theres Tui, our huntaway, dumbest dog alive')).toEqual([
      'boss is Kereama.',
      'our huntaway is called Tui.',
      'dumbest dog alive',
    ]);
    expect(sentences('Maria, my sister, lives in Rome')).toEqual(['Maria, my sister, lives in Rome']);
    expect(sentences('Bruno, our neighbour’s beagle, barks')).toEqual(["Bruno, our neighbour's beagle, barks"]);
    // A name in lower case, when the tagger knows it as a person's; any other word before the pet is no name.
    expect(sentences('and bruno, our old boxer')).toEqual(['our old boxer is called Bruno']);
    expect(sentences('anyway, our cat is sick')).toEqual(['anyway, our cat is sick']);
  });

  it('gives the name said just after an animal to that animal', () => {
    expect(sentences('I have a cat, name is Pierogi — very fat')).toEqual(['I have a cat called Pierogi', 'very fat']);
    expect(sentences('we got a rabbit, his name is Herr Lampe')).toEqual(['we got a rabbit called Herr Lampe']);
    expect(sentences('my sister is a vet, name is Dana')).toEqual(['my sister is a vet, name is Dana']);
  });

  it('ends a sentence at an emoji before a question, so the question does not take the statement with it', () => {
    expect(sentences('new lead since Monday, Dara 😬 how do I ask her for Fridays off?')).toEqual([
      'new lead since Monday, Dara.',
      'how do I ask her for Fridays off?',
    ]);
    expect(sentences('love this place 😍 so happy')).toHaveLength(1);
    // …and before what comes after the statement: "at least", "anyway", "but".
    expect(sentences('result: oat allergy 😩 at least it is easy to avoid')).toEqual(['result: oat allergy.', 'at least it is easy to avoid']);
    // …and before the user or someone else speaking again.
    expect(sentences('mark and i are done 💔 im at my sisters in hove for now')).toEqual(['mark and i are done.', 'im at my sisters in hove for now']);
    expect(sentences('too much mulled wine over new year 🤢 these days it is kombucha')).toEqual([
      'too much mulled wine over new year.',
      'these days it is kombucha',
    ]);
    expect(sentences('rash for a week 😳 dermatologist says it is eczema')).toEqual(['rash for a week.', 'dermatologist says it is eczema']);
    expect(sentences('worst week 😩 so I quit the choir')).toEqual(['worst week.', 'so I quit the choir']);
  });

  it('reads a face typed in signs as an emoji, and a time after one as the start of a sentence', () => {
    expect(sentences('my boss Priti retired :( from Monday I report to Gavin')).toEqual(['my boss Priti retired.', 'from Monday I report to Gavin']);
    expect(sentences('sold the old house 😢 these days I live in Hove')).toEqual(['sold the old house.', 'these days I live in Hove']);
    expect(sentences('left Acme ;-) since March I work at Initech')).toEqual(['left Acme.', 'since March I work at Initech']);
    expect(sentences('the meeting is at 10:30, see https://example.org')).toEqual(['the meeting is at 10:30, see https://example.org']);
  });

  it('drops pasted material: code blocks, quoted mail, code lines and overlong sentences; keeps list items as sentences', () => {
    expect(sentences('I code:\n```\nconst x = 1;\n```\nI like tea')).toEqual(['I code:', 'I like tea']);
    expect(sentences('- a list item\n> quoted mail\nimport x from "y";\nI am here')).toEqual(['a list item', 'I am here']);
    expect(sentences(`${'a'.repeat(301)}. Short one.`)).toEqual(['Short one.']);
  });

  it('reads a sentence an aside interrupts whole, and the aside after it', () => {
    expect(sentences('I row (badly) on Sundays. Next one.')).toEqual(['I row on Sundays.', 'badly.', 'Next one.']);
    expect(sentences('I climb (badly, but often) at the wall, most weekends')).toEqual(['I climb at the wall, most weekends.', 'badly, but often.']);
    expect(sentences("I'm a welder — pipes, mostly — at Harland Steel.")).toEqual(["I'm a welder at Harland Steel.", 'pipes, mostly.']);
    expect(sentences('Hola 👋 I live in Cádiz')).toEqual(['Hola.', 'I live in Cádiz']);
  });

  it('cuts a sentence where a new subject or a second verb of the user’s starts, not inside a list', () => {
    expect(clauses('I live in Oslo and work at Acme')).toEqual(['I live in Oslo', 'I work at Acme']);
    expect(clauses('I love jazz, but she thinks it is noise.')).toEqual(['I love jazz', 'she thinks it is noise']);
    expect(clauses('I like tea and coffee')).toEqual(['I like tea and coffee']);
    expect(clauses('My sister and I cook')).toEqual(['we cook']);
    expect(clauses('rowing at dawn, husband Tariq thinks it is mad')).toEqual(['rowing at dawn', 'husband Tariq thinks it is mad']);
    expect(clauses('lactose intolerant, and saturdays I go sailing')).toEqual(['lactose intolerant', 'saturdays I go sailing']);
    expect(clauses('Errands, gym, and the vet appointment: cat vaccines')).toEqual(['cat vaccines']);
    expect(clauses('home: Porto with my wife and two dogs: Rex and Nala')).toEqual(['home: Porto with my wife', 'two dogs: Rex and Nala']);
    // A label of the user's things said without "my" starts a clause of its own.
    expect(clauses("I'm on the payments team, stack is Go and Postgres")).toEqual(["I'm on the payments team", 'stack is Go and Postgres']);
    // A list of fragments may say how long with "my".
    expect(clauses('vegan my whole life, allergic to kiwi')).toEqual(['vegan my whole life', 'allergic to kiwi']);
    // "which means" then the user's own clause is a statement of its own.
    expect(clauses('they moved me to Ghent, which means I commute by train now')).toEqual(['they moved me to Ghent', 'I commute by train now']);
  });

  it('ends a run-on clause at a name or a number a new subject with a verb follows, not a relative clause or a fronted time', () => {
    expect(clauses('wife is Renée we got three kids')).toEqual(['wife is Renée', 'we got three kids']);
    expect(clauses('I live in Tartu my girlfriend is Liis')).toEqual(['I live in Tartu', 'my girlfriend is Liis']);
    expect(clauses("Name's Ife i'm a nurse in Ibadan")).toEqual(["Name's Ife", "i'm a nurse in Ibadan"]);
    expect(clauses('I am 34 I live in Brno')).toEqual(['I am 34', 'I live in Brno']);
    for (const whole of [
      'the Airbnb we stayed at in Perth was lovely',
      'the house we bought is old',
      'Tuesdays I quilt with the ladies',
      'From Monday I work at Upendo',
    ])
      expect(clauses(whole)).toEqual([whole]);
  });

  it('reads a title and the name after it as one name', () => {
    expect(clauses('my oga there is Engr. Balogun')).toEqual(['my oga there is Engr Balogun']);
  });

  it("reads a heading of more facts as an introduction's", () => {
    expect(introHeading('Other bits that might help: vegan, allergic to kiwi')).toEqual({ heading: true, rest: 'vegan, allergic to kiwi' });
  });

  it.each(rows`
    So anyway, big news: I moved to Rome → I moved to Rome
    I'm Jordan, nice to meet you         → I'm Jordan
    On weekends I go bouldering          → I go bouldering on weekends
    Weekends I go bouldering             → I go bouldering on weekends
    spare time i play hurling            → i play hurling in my spare time
    Thursday nights I'm at the pub quiz  → I'm at the pub quiz on Thursday nights
    evenings I do pottery                → I do pottery in the evenings
    Last year, we bought a house         → we bought a house last year
    hi it's me again, still in Oslo      → still in Oslo
    me again: I got the job              → I got the job
      plain   clause                     → plain clause
  `)('unwraps %j to %j', (clause, expected) => {
    expect(unwrap(clause)).toBe(expected);
  });
});

describe('a subordinate clause said first', () => {
  it('goes on into its main clause, not cut at the name that ends it', () => {
    expect(clauses('Back when I was at uni in Edinburgh I kept snakes')).toEqual(['Back when I was at uni in Edinburgh I kept snakes']);
  });
});

describe('a list of the user’s own verbs, one clause each', () => {
  it.each([
    [
      'I coach the under-nines, teach piano on Tuesdays, and bake my own bread',
      ['I coach the under-nines', 'I teach piano on Tuesdays', 'I bake my own bread'],
    ],
    ['I moved to Hull in March, joined a rowing club and adopted a greyhound', ['I moved to Hull in March', 'I joined a rowing club', 'I adopted a greyhound']],
  ])('%s', (said, each) => {
    expect(clauses(said)).toEqual(each);
  });

  it.each([
    "I'd love to move to Lisbon, open a café and surf every day",
    'I like apples, pears and plums',
    'we pulled out the apple trees and planted pears',
    'I manage the budget, payroll and audits',
  ])('%s is one clause, or split as before', (said) => {
    expect(clauses(said).some((c) => /^I (?:open|surf|planted|payroll|audits|pears)/.test(c))).toBe(false);
  });
});
