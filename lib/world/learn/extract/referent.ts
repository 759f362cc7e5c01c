import { capitalFirst } from '../../text.ts';
import { tag } from './voice.ts';
import { INSTRUMENT } from './vocabulary/music.ts';
import { BOSS } from './vocabulary/work.ts';
import { PASTIMES, pastimeNamed } from './vocabulary/pastimes.ts';

/**
 * Whom a "her" or "him" after a verb's preposition stands for: the person the turn named last, by
 * compromise's Person tag ("Fiona's back from London | I'm reporting to her again" → "…reporting
 * to Fiona again"). A place or a thing named later is no one to report to or work with.
 */
const PERSON_PRONOUN = /\b(?<prep>to|with|under|for|from) (?<pronoun>her|him)\b/i;

/** Clauses looked back over for the person: the sentence before, about. */
const MAX_BACK = 3;

/** The clause with its "to her" or "with him" said by the name it stands for; `before` are the turn's earlier clauses, latest first. */
function withPersonNamed(clause: string, before: readonly string[]): string {
  const pronoun = PERSON_PRONOUN.exec(clause);
  if (!pronoun) return clause;
  const own = clause.slice(0, pronoun.index);
  for (const said of [own, ...before.slice(0, MAX_BACK)]) {
    const person = lastPerson(said, pronoun.groups!.pronoun!.toLowerCase() === 'her' ? 'MaleName' : 'FemaleName');
    if (person) return `${clause.slice(0, pronoun.index)}${pronoun.groups!.prep} ${person}${clause.slice(pronoun.index + pronoun[0].length)}`;
  }
  return clause;
}

/** Titles said before a name. */
const TITLE = /^(?:Dr|Mr|Mrs|Ms|Mx|Prof|Eng|Engr|Sr|Sra|Sister|Brother|Father|Pastor|Madame|Mme|Monsieur|Señor|Señora)\.?$/;

/** Tags that say a capitalised word is no one: a place, an organisation, a day, a word of several. */
const NO_ONE = ['Place', 'Organization', 'Date', 'Acronym', 'Plural', 'Pronoun', 'Determiner', 'Conjunction', 'Preposition', 'Adverb', 'Verb', 'Adjective'];
/** "Anil has rejoined": a capitalised noun compromise does not know, which only a person can be where "him" or "her" points. */
const unknownName = (t: { tags: Set<string> }) => t.tags.has('Noun') && !NO_ONE.some((n) => t.tags.has(n));

/**
 * The last run of words tagged as a person's name in the text ("Fiona", "Dev Patel"), without its "'s";
 * never one the tagger knows as a name of the other sex than the pronoun's ("Martin's gone… I'm under her").
 * A known first name may be written in lower case ("janelle came back").
 */
function lastPerson(text: string, notOf: 'MaleName' | 'FemaleName'): string | undefined {
  let last: string[] = [];
  let run: string[] = [];
  let titled = false;
  for (const t of tag(text)) {
    // "Eng. Hadi", "Dr Okafor": a name after a title is a person's, whatever the tagger knows of it.
    const capitalised = /^\p{Lu}/u.test(t.text);
    const person: boolean =
      ((capitalised && (t.tags.has('Person') || (titled && t.tags.has('ProperNoun')) || unknownName(t))) || t.tags.has('FirstName')) &&
      !t.tags.has('Pronoun') &&
      !t.tags.has(notOf);
    titled = TITLE.test(t.text) || (titled && person);
    if (person) run.push(capitalFirst(t.text.replace(/['’]s$/, '')));
    if (run.length && (!person || t.post.trim() || /['’]s$/.test(t.text))) {
      last = run;
      run = [];
    }
  }
  return (run.length ? run : last).join(' ') || undefined;
}

/** "swapped it for Aussie rules", "traded them in for a road bike": a pastime or instrument given up for another, said as "it". */
const THING_PRONOUN = /\b(?<verb>swapped|swapt|traded|exchanged|replaced|ditched|dropped) (?:it|them)(?= (?:in )?(?:for|with)\b)/i;
const INSTRUMENT_WORD = new RegExp(`^(?:${INSTRUMENT})$`, 'i');

/** The clause with its "swapped it for" said by the pastime or instrument it stands for: the last the turn named, in the clause or the few before ("surf" by its activity, "surfing"). */
function withThingNamed(clause: string, before: readonly string[]): string {
  const pronoun = THING_PRONOUN.exec(clause);
  if (!pronoun) return clause;
  for (const said of [clause.slice(0, pronoun.index), ...before.slice(0, MAX_BACK)]) {
    const thing = (said.toLowerCase().match(/[\p{L}-]+/gu) ?? []).findLast((w) => pastimeNamed(w) !== undefined || INSTRUMENT_WORD.test(w));
    if (thing)
      return `${clause.slice(0, pronoun.index)}${pronoun.groups!.verb} ${PASTIMES.get(thing) ?? thing}${clause.slice(pronoun.index + pronoun[0].length)}`;
  }
  return clause;
}

/** "Gareth's back from leave so he's my EM again": whom a "he" or "she" who is the user's boss stands for. */
const PRONOUN_IS_BOSS = new RegExp(
  `\\b(?<pronoun>he|she)(?=(?:'s| is) (?:now |back |again )*(?:as )?(?:my|our) (?:new |interim |acting )?(?:${BOSS})\\b)`,
  'i',
);

/** The clause with its "he's my boss" said by the name it stands for: the person named last, in the clause or the few before. */
function withSubjectNamed(clause: string, before: readonly string[]): string {
  const pronoun = PRONOUN_IS_BOSS.exec(clause);
  if (!pronoun) return clause;
  const notOf = pronoun.groups!.pronoun!.toLowerCase() === 'she' ? 'MaleName' : 'FemaleName';
  for (const said of [clause.slice(0, pronoun.index), ...before.slice(0, MAX_BACK)]) {
    const person = lastPerson(said, notOf);
    if (person) return `${clause.slice(0, pronoun.index)}${person}${clause.slice(pronoun.index + pronoun[0].length)}`;
  }
  return clause;
}

/** The clause with its "to her", its "he's my…" and its "swapped it for" said by whom and what they stand for. */
export const withReferents = (clause: string, before: readonly string[]): string =>
  withThingNamed(withSubjectNamed(withPersonNamed(clause, before), before), before);
