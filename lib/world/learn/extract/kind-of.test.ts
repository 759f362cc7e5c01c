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
    // A member of a drink's family is a drink: a stout is a beer, a malbec a wine.
    ["I'm a Guinness man through and through", 'user.drink.guinness'],
    ['Friday nights I open a malbec', 'user.drink.malbec'],
  ])('%s → %s', (said, key) => {
    expect(keys(said)).toContain(key);
  });

  it('a family member that is an ordinary word too names no drink', () => {
    expect(keys("I'm still bitter about the move").filter((k) => k?.startsWith('user.drink'))).toEqual([]);
  });

  it.each([
    // A manager or a partner by the title the user calls them, and the person's name.
    ['My night supervisor is Dariusz', 'user.manager'],
    ['my shift lead is Bogdan Ilie', 'user.manager'],
    ['Our new floor manager is Keziah', 'user.manager'],
    ['We have a new line supervisor, Marek', 'user.manager'],
    ['we got new team leader at the depot, Ines', 'user.manager'],
    ['My hubby is Femi', 'user.partner'],
    // A several-value kind by its word, or by its category.
    ['My pastime is fixing up old radios', 'user.hobby.fixing_up_old_radios'],
    ['My go-to editor is Neovim', 'user.tool.neovim'],
    // A pastime's verb with what it makes or covers.
    ['I knit scarves for my nieces', 'user.hobby.knitting'],
    ['I swim lengths at the leisure centre before work', 'user.hobby.swimming'],
    ['I run half marathons most weekends', 'user.hobby.running'],
    ['I sew my own dresses', 'user.hobby.sewing'],
    // A drink the user lives or runs on.
    ['I basically live on oolong tea', 'user.drink.oolong'],
    ['Honestly I run on cold brew', 'user.drink.cold_brew'],
    // A gig by its verb and the company it is done for.
    ['I deliver for Glovo on weekends', 'user.employer'],
    ['I drive for Lyft in the evenings', 'user.employer'],
    // A home by another verb than "live in".
    ['We are renting in Valencia for now', 'user.location'],
    ['Settled in a little flat in Ghent now', 'user.location'],
    ['I live year-round in the cabin on Orcas Island', 'user.location'],
    // A job by the job noun heading what the user is, however it is written.
    ["On paper I'm 'Care Assistant'", 'user.occupation'],
    ["I'm 'Lead Technician' on the contract", 'user.occupation'],
    ["I'm a retired ship's engineer", 'user.occupation'],
    // A health fact by its head noun and what it is to.
    ["I've got a sensitivity to gluten", 'user.intolerance.gluten'],
    ['I have a mild allergy to latex', 'user.allergy.latex'],
    // A diet kept by another verb than "be".
    ['I keep to low-carb eating', 'user.diet'],
    ['I stick to a keto diet on weekdays', 'user.diet'],
    ['I mostly eat plant-based at home', 'user.diet'],
    // A spreadsheet is a tool.
    ['We track orders in Airtable', 'user.tool.airtable'],
    // Each pet a counted list names, one belief each.
    ['We have two rabbits that rule the house, Pip and Clover', 'user.pet.pip'],
    ['We have two rabbits that rule the house, Pip and Clover', 'user.pet.clover'],
    ['I have three hens, Dot, Mabel and Queenie', 'user.pet.queenie'],
  ])('%s → %s (its kind, said another way)', (said, key) => {
    expect(keys(said)).toContain(key);
  });

  it('says a home in the kind’s words, and none of a food as what the user does not eat', () => {
    const said = (content: string) => extractBeliefs([{ role: 'user', content }]).beliefs.map((b) => b.statement);
    expect(said('We are renting in Valencia for now')).toEqual(['The user lives in Valencia']);
    expect(said('I live year-round in the cabin on Orcas Island')).toEqual(['The user lives in the cabin on Orcas Island']);
    expect(said('my shift supervisor is a guy called Tomasz, from Gdańsk')).toEqual(["The user's shift supervisor is Tomasz"]);
    expect(said('We have a new line supervisor, Marek')).toEqual(["The user's new line supervisor is Marek"]);
    expect(said("I'm coeliac, zero gluten")).toEqual(['The user is coeliac', 'The user does not eat gluten']);
    expect(said("I'm a nurse, no kids").filter((s) => /kids/.test(s))).toEqual([]);
    expect(said("And I can't eat shellfish, never could — swells my lips right up.")).toEqual(['The user does not eat shellfish']);
  });

  it.each([
    ["My sister's boss is Tom", 'user.manager'],
    ['My supervisor is on holiday', 'user.manager'],
    ['My editor is Sarah', 'user.tool.sarah'],
    ['I paint houses for a living', 'user.hobby.painting'],
    ['I cook for my kids every night', 'user.employer'],
    ['I drive a minibus for Lagos', 'user.employer'],
    ['I lived in Leeds before uni', 'user.location'],
    ['I rent a room from Marta', 'user.location'],
    ['I have a new boss on Monday', 'user.manager'],
    ["I'm a dad of two, a runner and a wannabe chef", 'user.occupation'],
    ["I'm friends with a nurse from work", 'user.occupation'],
    ["I don't drink coffee, never have", 'user.drink.coffee'],
    ['I excel at maths', 'user.tool.excel'],
  ])('%s: not %s', (said, key) => {
    expect(keys(said)).not.toContain(key);
  });

  it('names no pet when a count has no names', () => {
    expect(keys('I have two cats and a dog').filter((k) => k?.startsWith('user.pet.'))).toEqual([]);
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
