import { beforeAll, describe, expect, it } from 'vitest';
import { kindOfKey } from '../../kinds.ts';
import { extractBeliefs } from '../extractor.ts';
import { loadTagger } from './tagger.ts';

beforeAll(loadTagger);

const keys = (content: string) => extractBeliefs([{ role: 'user', content }]).beliefs.map((b) => b.key);

describe('a fact said in the user’s own words lands in its kind of the catalogue', () => {
  it.each([
    ['I do all my editing in Emacs', 'user.tool.emacs'],
    ['Everyone uses VS Code, so I switched over to it', 'user.tool.vs_code'],
    ['We migrated off MySQL onto Postgres last sprint', 'user.tool.postgres'],
    ['Our main database is MySQL', 'user.tool.mysql'],
    ['I have pretty much switched from Python to Go for everything', 'user.programming_language.go'],
    ["I've started bouldering instead", 'user.hobby.bouldering'],
    ['I took up knitting last winter', 'user.hobby.knitting'],
    ['I swim in the lake most mornings', 'user.hobby.swimming'],
    ['I run every morning before work', 'user.hobby.running'],
    ["I crochet like it's going out of fashion", 'user.hobby.crochet'],
    ['We dance on Friday nights', 'user.hobby.dancing'],
    ["I'm leading design on the payments project now", 'user.project.payments'],
    ["Also I'm much more of a coffee person than a tea person", 'user.drink.coffee'],
  ])('%s → %s', (said, key) => {
    expect(keys(said)).toContain(key);
  });

  it.each([
    ['My sister uses an iPhone', 'a thing of someone else’s'],
    ['I switched teams last month', 'a word of a category written in lower case'],
    ['I started working at Google', 'work is no pastime'],
    ['I coach the under-ten football kids', 'people are never a modifier’s thing'],
    ['I run a small bakery in town', 'a pastime verb with an object of its own'],
    ['I ran to the shop yesterday', 'a past pastime verb is an event'],
  ])('%s: not keyed as a tool, hobby or child (%s)', (said) => {
    const kinds = keys(said).map((key) => (key === null ? 'none' : (kindOfKey(key)?.kind ?? 'none')));
    expect(kinds.filter((k) => ['tool', 'hobby', 'child', 'programming_language'].includes(k))).toEqual([]);
  });
});
