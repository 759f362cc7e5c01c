import type { BeliefType } from '../../../ports/beliefs.ts';

/**
 * How a phrase of the table (phrases.ts) becomes beliefs. Patterns are matched, case-insensitively
 * and anchored, against one first-person clause after lead-ins, dates and filler are gone. Named
 * groups capture values: `x` is the main value (a retraction must mention it), `y` a second one,
 * `rel` a relative. Templates: `{x}` the value, `{x:a}` with an indefinite article, `{voice}` the
 * clause itself said about the user (voice.ts); in keys values are cut to their head and slugged.
 */

/** What a captured value must look like for the phrase to apply. */
export type Check = 'person' | 'place' | 'city' | 'org' | 'company' | 'product' | 'app' | 'subject' | 'thing' | 'attribute' | 'tech' | 'title';

export interface Meaning {
  type: BeliefType;
  /** A template, or a function of the captured values; null: a belief with no key. */
  key: string | null | ((v: Record<string, string>) => string | null);
  statement: string;
  aliases?: string[];
  checks?: Record<string, Check>;
  /** A group holding a list ("Go and TypeScript"): one belief per item, the item as that value. */
  list?: string;
  /** Further beliefs the same words state ("a backend engineer at Northwind Labs": a job and an employer). */
  also?: Meaning[];
  /** Values written as a word list writes them, whatever case they were typed in ("Vegetarian, believe it or not" → vegetarian; Jain stays Jain). */
  spelled?: Record<string, readonly string[]>;
}

/** The meaning reading its main value from another group: `as(EMPLOYER, 'y')`. */
export function as(meaning: Meaning, group: string): Meaning {
  const rename = (t: string) => t.replace(/\{x(:a)?\}/g, `{${group}$1}`);
  return {
    ...meaning,
    key: typeof meaning.key === 'string' ? rename(meaning.key) : meaning.key,
    statement: rename(meaning.statement),
    aliases: meaning.aliases?.map(rename),
    checks: meaning.checks && Object.fromEntries(Object.entries(meaning.checks).map(([k, v]) => [k === 'x' ? group : k, v])),
  };
}
