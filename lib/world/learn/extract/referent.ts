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

/**
 * The clause with what `match` found said by what `find` names last in the clause before it, or in
 * the few clauses before (`before`, latest first); `say` writes it in the match's place.
 */
function resolved(
  clause: string,
  before: readonly string[],
  match: RegExpExecArray | null,
  find: (said: string) => string | undefined,
  say: (found: string) => string,
): string {
  if (!match) return clause;
  for (const said of [clause.slice(0, match.index), ...before.slice(0, MAX_BACK)]) {
    const found = find(said);
    if (found) return `${clause.slice(0, match.index)}${say(found)}${clause.slice(match.index + match[0].length)}`;
  }
  return clause;
}

/** The names a pronoun never stands for: "her" and "she" no man's, "him" and "he" no woman's. */
const otherSex = (pronoun: string) => (/^(?:her|she)$/i.test(pronoun) ? 'MaleName' : 'FemaleName');

/** The clause with its "to her" or "with him" said by the name it stands for. */
function withPersonNamed(clause: string, before: readonly string[]): string {
  const m = PERSON_PRONOUN.exec(clause);
  return resolved(
    clause,
    before,
    m,
    (said) => lastPerson(said, otherSex(m!.groups!.pronoun!)),
    (person) => `${m!.groups!.prep} ${person}`,
  );
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

/** The clause with its "swapped it for" said by the pastime or instrument it stands for ("surf" by its activity, "surfing"). */
function withThingNamed(clause: string, before: readonly string[]): string {
  const m = THING_PRONOUN.exec(clause);
  const thing = (said: string) => (said.toLowerCase().match(/[\p{L}-]+/gu) ?? []).findLast((w) => pastimeNamed(w) !== undefined || INSTRUMENT_WORD.test(w));
  return resolved(clause, before, m, thing, (found) => `${m!.groups!.verb} ${PASTIMES.get(found) ?? found}`);
}

/** "Gareth's back from leave so he's my EM again": whom a "he" or "she" who is the user's boss stands for. */
const PRONOUN_IS_BOSS = new RegExp(
  `\\b(?<pronoun>he|she)(?=(?:'s| is) (?:now |back |again )*(?:as )?(?:my|our) (?:new |interim |acting )?(?:${BOSS})\\b)`,
  'i',
);

/** The clause with its "he's my boss" said by the name it stands for. */
function withSubjectNamed(clause: string, before: readonly string[]): string {
  const m = PRONOUN_IS_BOSS.exec(clause);
  return resolved(
    clause,
    before,
    m,
    (said) => lastPerson(said, otherSex(m!.groups!.pronoun!)),
    (person) => person,
  );
}

/** The clause with its "to her", its "he's my…" and its "swapped it for" said by whom and what they stand for. */
export const withReferents = (clause: string, before: readonly string[]): string =>
  withThingNamed(withSubjectNamed(withPersonNamed(clause, before), before), before);
