import { tag } from './voice.ts';

/**
 * Whom a "her" or "him" after a verb's preposition stands for: the person the turn named last, by
 * compromise's Person tag ("Fiona's back from London | I'm reporting to her again" → "…reporting
 * to Fiona again"). A place or a thing named later is no one to report to or work with.
 */
const PERSON_PRONOUN = /\b(?<prep>to|with|under|for|from) (?:her|him)\b/i;

/** Clauses looked back over for the person: the sentence before, about. */
const MAX_BACK = 3;

/** The clause with its "to her" or "with him" said by the name it stands for; `before` are the turn's earlier clauses, latest first. */
export function withPersonNamed(clause: string, before: readonly string[]): string {
  const pronoun = PERSON_PRONOUN.exec(clause);
  if (!pronoun) return clause;
  const own = clause.slice(0, pronoun.index);
  for (const said of [own, ...before.slice(0, MAX_BACK)]) {
    const person = lastPerson(said);
    if (person) return `${clause.slice(0, pronoun.index)}${pronoun.groups!.prep} ${person}${clause.slice(pronoun.index + pronoun[0].length)}`;
  }
  return clause;
}

/** The last run of words tagged as a person's name in the text ("Fiona", "Dev Patel"), without its "'s". */
function lastPerson(text: string): string | undefined {
  if (!/\p{Lu}/u.test(text)) return undefined;
  let last: string[] = [];
  let run: string[] = [];
  for (const t of tag(text)) {
    const person = t.tags.has('Person') && /^\p{Lu}/u.test(t.text) && !t.tags.has('Pronoun');
    if (person) run.push(t.text.replace(/['’]s$/, ''));
    if (run.length && (!person || t.post.trim() || /['’]s$/.test(t.text))) {
      last = run;
      run = [];
    }
  }
  return (run.length ? run : last).join(' ') || undefined;
}
