import { beforeAll, describe, expect, it } from 'vitest';
import { extractBeliefs } from '../extractor.ts';
import { takenBack } from './taken-back.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const learned = (content: string) => extractBeliefs([{ role: 'user', content }]).beliefs.map((b) => b.statement);

describe('a fact said and taken back in the same turn', () => {
  it.each([
    ['I live in Leeds — sorry, typo, I meant Leicester. any walks nearby?', 'I live in Leicester. any walks nearby?'],
    ['Just started at Monzo last week! no sorry, Starling — I keep mixing them up', 'Just started at Starling last week.'],
    ['Im vegetarian since 2019 *pescatarian, autocorrect being weird', 'Im pescatarian since 2019.'],
    ['I use a Mac at work — no, Windows, they switched us over', 'I use a Windows at work.'],
    ['We got married in Rome. I mean — Florence, Rome was the honeymoon. Anniversary ideas?', 'We got married in Florence. Anniversary ideas?'],
  ])('puts a bare correction in the old value’s place: %s', (said, read) => {
    expect(takenBack(said)).toBe(read);
  });

  it.each([
    ['I use VS Code for everything. Correction: I use Neovim, VS Code is what my team uses', 'I use Neovim, VS Code is what my team uses'],
    ['my hobby is bouldering — strike that, I mostly do trail running now', 'I mostly do trail running now'],
    ["I'm allergic to peanuts, oh hang on, no that's my son. it's shellfish for me", "that's my son. it's shellfish for me"],
  ])('drops the clause taken back when a sentence follows: %s', (said, read) => {
    expect(takenBack(said)).toBe(read);
  });

  it.each([
    'I live in Oslo. oh wait, did I tell you I got a cat?',
    "no, I don't need a recipe, I'm vegan, I just want BBQ ideas",
    'hmm no, I think the blue one. I work at Arup by the way',
    "I'm a nurse, no allergies, and I live in Cork",
  ])('leaves a turn that takes nothing back as it is: %s', (said) => {
    expect(takenBack(said)).toBe(said);
  });

  it('learns the corrected value and not the one taken back', () => {
    expect(learned('I live in Leeds — sorry, typo, I meant Leicester.')).toEqual(['The user lives in Leicester']);
    expect(learned('my partner Jamie is a teacher. no wait, Jamie is a chef')).not.toContainEqual(expect.stringMatching(/teacher/));
    expect(learned("I'm allergic to penicillin!! jk I just hate the taste of amoxicillin")).not.toContainEqual(expect.stringMatching(/allergic/));
  });
});
