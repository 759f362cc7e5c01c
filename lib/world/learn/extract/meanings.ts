import type { BeliefType } from '../../../ports/beliefs.ts';
import { keyPart } from './keys.ts';
import type { Check, Meaning } from './meaning.ts';
import { preferenceKey } from './preference-key.ts';
import { CHILD, PARTNER } from './vocabulary/family.ts';
import { CONDITION_ADJECTIVES } from './vocabulary/health.ts';
import { DIETS_WRITTEN } from './vocabulary/diet.ts';

/** What the phrases of the table (phrases.ts) mean, one line each: key, statement, aliases, the check on `x`. */

const meaning =
  (type: BeliefType) =>
  (key: Meaning['key'], statement: string, aliases?: string[], x?: Check): Meaning => ({
    type,
    key,
    statement,
    ...(aliases && { aliases }),
    ...(x && { checks: { x } }),
  });
const fact = meaning('fact');
const entity = meaning('entity');
const preference = meaning('preference');
const decision = meaning('decision');
/** The `x` group holds a list ("Go and TypeScript"): one belief per item. */
const listed = (m: Meaning): Meaning => ({ ...m, list: 'x' });

const IS_CHILD = new RegExp(`^${CHILD}s?$`, 'i');
/** A relative with a name: a child is keyed as the user's child, anyone else by how they are related. */
const IS_PARTNER = new RegExp(`^${PARTNER}$`, 'i');
/** A partner is the user's one partner (a one-value kind), a child the user's child, anyone else keyed by how they are related. */
const relativeKey = (v: Record<string, string>) =>
  IS_PARTNER.test(v.rel!) ? 'user.partner' : IS_CHILD.test(v.rel!) ? `user.child.${keyPart(v.x!)}` : `user.family.${keyPart(v.rel!)}.${keyPart(v.x!)}`;
/** A decision is keyed by what it is for ("for the Atlas infrastructure"), so a later choice for it replaces it. */
const decisionKey = (v: Record<string, string>) => `user.decision.${keyPart(v.topic ?? v.x!)}`;

export const NAME_IS = fact('user.name', "The user's name is {x}", ['name'], 'person');
export const AGE = fact('user.age', 'The user is {x} years old', ['age']);
export const LOCATION = fact('user.location', 'The user lives in {x}', ['home', 'city', 'location'], 'place');
/** A home said by where the user is now: only a name ("Utrecht", "New York"), never "a meeting". */
export const HOME: Meaning = { ...LOCATION, checks: { x: 'city' } };
/** A home said with the dwelling or whom it is shared with ("in a 1BHK", "with mum and dad"), which the statement keeps. */
export const HOME_AS_LIVED: Meaning = { ...HOME, statement: 'The user lives {d} in {x}' };
/** A home said by the dwelling rented or bought there ("renting a one-bed apartment in Phibsborough"). */
export const HOME_IN_DWELLING: Meaning = { ...HOME, statement: 'The user lives in {d} in {x}' };
/** A home said by the dwelling bought or moved into, whoever's it was said to be ("got the keys to our new terrace in Leith"). */
export const HOME_IN_A_DWELLING: Meaning = { ...HOME, statement: 'The user lives in {d:a} in {x}' };
/** A medicine the user takes, said in passing (health-in-passing.ts): "doc put me on metformin". */
export const MEDICATION = fact('user.medication.{x}', 'The user takes {x}', ['medication', 'health']);
export const ORIGIN = fact('user.origin', 'The user is from {x}', ['origin', 'hometown'], 'place');
export const EMPLOYER = fact('user.employer', 'The user works at {x}', ['employer', 'company', 'work'], 'org');
/** The user is their own employer: "self-employed", "freelance". */
export const SELF_EMPLOYED = fact('user.employer', 'The user is {x}', ['employer', 'work']);
export const OCCUPATION = fact('user.occupation', 'The user is {x:a}', ['job', 'occupation', 'profession'], 'subject');
/** "own small firm 'Drewno-Tom'", "I run a chop bar": the user's own business is where they work; their trade stays their job ("plumber, own firm"). */
export const OWN_BUSINESS: Meaning = { ...EMPLOYER, statement: 'The user runs their own {what}, {x}', checks: { x: 'tech', what: 'subject' } };
export const RUNS_BUSINESS: Meaning = { ...EMPLOYER, statement: 'The user runs {x:a}', checks: { x: 'subject' } };
export const TEAM = fact('user.team', '{voice}', ['team', 'work']);
export const MANAGER = fact('user.manager', "The user's manager is {x}", ['manager', 'boss'], 'person');
export const PARTNER_NAME = fact('user.partner', "The user's {rel} is {x}", ['partner', '{rel}', 'family'], 'person');
export const MARRIED = fact('user.partner', 'The user is married to {x}', ['partner', 'spouse', 'family'], 'person');
export const DIVORCED = fact('user.marital_status', 'The user is {how}', ['partner', 'family']);
/** "I'm single", "I'm widowed": the user's partner, none now; a new partner replaces it, as it replaces a partner. */
export const UNPARTNERED = fact('user.partner', 'The user is {how}', ['partner', 'family']);
export const MARITAL = fact('user.marital_status', 'The user is married', ['partner', 'spouse', 'family']);
/** "that's me retired", "I retired from Brennan & Wall": no job now, which is the job the user has. */
export const RETIRED = fact('user.occupation', 'The user is retired', ['job', 'occupation', 'retired']);
export const RELATIVE_JOB = fact('user.family.{rel}.occupation', "The user's {rel} is {x:a}", ['{rel}', 'family']);
export const RELATIVE_HOME = fact('user.family.{rel}.location', "The user's {rel} lives in {x}", ['{rel}', 'family']);
export const RELATIVE_NAMED = fact(relativeKey, "The user's {rel} is named {x}", ['{rel}', 'family'], 'person');
export const RELATIVE_AGE = { ...RELATIVE_NAMED, statement: "The user's {rel} {x} is {age} years old" };
export const HAS_RELATIVE_NAMED = { ...RELATIVE_NAMED, statement: '{voice}' };
export const RELATIVE_SAID = fact(null, '{voice}', ['{rel}', 'family']);
export const CHILD_NAMED = fact('user.child.{x}', "The user's child is named {x}", ['child', 'kids', 'family'], 'person');
export const CHILD_AGED = fact('user.child.{x}', 'The user has a {age}-year-old, {x}', ['child', 'kids', 'family'], 'person');
export const CHILDREN = fact('user.children', 'The user has {x} children', ['kids', 'children', 'family']);
export const CHILDREN_NAMED = { ...CHILDREN, statement: 'The user has {x} {c}, {n}' };
export const PET_NAMED = entity('user.pet.{x}', '{voice}', ['pet', '{pet}'], 'person');
export const PET_OWNED = entity('user.pet.{x}', 'The user has {pet:a} named {x}', ['pet', '{pet}'], 'person');
export const PETS_COUNTED = entity('user.pet.{pet}', 'The user has {n} {pet}', ['pet', '{pet}']);
export const PETS_TAKEN = { ...PETS_COUNTED, statement: '{voice}' };

export const DIET_FACT = { ...fact('user.diet', 'The user is {x}', ['diet', 'food']), spelled: { x: DIETS_WRITTEN } };
export const AVOIDS = fact('user.avoids.{x}', '{voice}', ['diet', 'food'], 'thing');
export const ALLERGY = listed(fact('user.allergy.{x}', 'The user is allergic to {x}', ['allergy', 'food', 'health'], 'subject'));
export const INTOLERANCE = fact('user.intolerance.{x}', 'The user is {x} intolerant', ['intolerance', 'food', 'health'], 'subject');
export const INTOLERANT_TO = listed({ ...INTOLERANCE, statement: 'The user is intolerant to {x}' });
export const CONDITION_IS = fact((v) => `user.condition.${keyPart(CONDITION_ADJECTIVES[v.x!.toLowerCase()] ?? v.x!)}`, 'The user is {x}', [
  'health',
  'condition',
]);
export const CONDITION_HAS = fact('user.condition.{x}', '{voice}', ['health', 'condition']);

export const LEARNING = fact('user.learning.{x}', 'The user is learning {x}', ['learning', 'studying'], 'subject');
export const LEARNING_TO: Meaning = { ...LEARNING, statement: '{voice}' };
export const INSTRUMENT_PLAYED = fact('user.instrument.{x}', '{voice}', ['instrument', 'music']);
export const PLAYS = fact('user.hobby.{x}', 'The user plays {x}', ['hobby', 'sport'], 'subject');
export const HOBBY_NAMED = listed(fact('user.hobby.{x}', "The user's hobby is {x}", ['hobby'], 'subject'));
export const HOBBY = fact('user.hobby.{x}', '{voice}', ['hobby'], 'subject');
export const LANGUAGE = listed(fact('user.language.{x}', 'The user speaks {x}', ['language'], 'subject'));
export const NATIVE_LANGUAGE = { ...LANGUAGE, statement: "The user's native language is {x}", list: undefined };
export const CODES_IN = listed(fact('user.programming_language.{x}', '{voice}', ['programming', 'language', 'code'], 'tech'));
export const SKILL = listed(fact('user.skill.{x}', '{voice}', ['skill'], 'subject'));
export const KNOWS: Meaning = { ...SKILL, checks: { x: 'tech' } };
export const TOOL = listed(fact('user.tool.{x}', '{voice}', ['tool', 'stack'], 'tech'));
export const STACK = { ...TOOL, statement: "The user's stack includes {x}" };
/** "I do all my invoices in Xero": a tool, and what the user does with it. */
export const TOOL_FOR: Meaning = { ...TOOL, statement: 'The user uses {x} for {what}', list: undefined, checks: { x: 'product' } };
/** "data in Postgres", "notes in OneNote, dashboards in Power BI": a product, and the work the user keeps in it. */
export const KEPT_IN: Meaning = { ...TOOL_FOR, list: 'x' };
/** "dispatch all runs thru servicetitan": a product named in lower case, after a way through. */
export const KEPT_VIA: Meaning = { ...TOOL_FOR, checks: { x: 'app' } };
/** "third year marine science at NUI Galway": what the user studies, and where. */
export const STUDIES = fact('user.study', 'The user is a {year}-year {x} student', ['study', 'course', 'degree', 'university'], 'subject');
export const SCHOOL = fact('user.school', 'The user studies at {x}', ['university', 'college', 'school'], 'org');
export const PROJECT = fact('user.project.{x}', '{voice}', ['project'], 'subject');
export const GOAL = fact('user.goal.{x}', '{voice}', ['goal'], 'subject');

export const FAVORITE = preference('user.favorite.{x}', "The user's favorite {x} is {y}", ['favorite {x}']);
export const PREFERS_OVER: Meaning = {
  ...preference((v) => preferenceKey(v.x!, v.y), 'The user prefers {x} over {y}', ['preference']),
  checks: { x: 'subject', y: 'subject' },
};
export const PREFERS = preference((v) => preferenceKey(v.x!), 'The user prefers {x}', ['preference'], 'subject');
export const SWITCHED = { ...PREFERS, statement: 'The user has switched to {x}' };
export const LIKES = preference('user.likes.{x}', 'The user likes {x}', undefined, 'thing');
export const INTO = { ...LIKES, statement: '{voice}' };
export const DISLIKES = { ...LIKES, statement: 'The user dislikes {x}' };
export const DECIDED = decision(decisionKey, '{voice}', ['decision']);
export const PLANS_MOVE = decision('user.plan.move', 'The user plans to move to {x}', ['plan', 'move'], 'place');
export const PLANS = decision('user.plan.{x}', 'The user plans to {x}', ['plan']);
export const PLAN_SAID = { ...PLANS, statement: '{voice}' };
export const HAS = entity('user.has.{x}', 'The user has {x}', undefined, 'thing');
export const ATTRIBUTE = fact('user.{x}', "The user's {x} is {y}", undefined, 'attribute');
