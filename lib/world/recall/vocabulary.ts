import damerauLevenshtein from 'damerau-levenshtein';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { precompiledWithDialect } from '../../db/precompiled.ts';
import { ownerPrefix } from '../../owner-prefix.ts';

/** Only words this long are corrected: shorter ones are too easily one edit from another word… */
const EDIT_MIN_LENGTH = 5;
/** …except a word one letter short of an indexed word ("lunh" → lunch): a dropped letter is the usual typo. */
export const TYPO_MIN_LENGTH = 4;
/** A word at least this long may correct to one that only adds or drops its last letter ("postgre" → postgres). */
const EXTENSION_MIN_LENGTH = 6;
/** Terms read per range of the owner's vocabulary: bounds a correction's cost for any owner. */
const RANGE_LIMIT = 1000;
const MAX_CORRECTIONS = 3;

/**
 * The owner's indexed words one edit (insertion, deletion, substitution or adjacent transposition,
 * Damerau-Levenshtein) from a word that matched nothing: "postgrse" → postgres, "vegeterian" →
 * vegetarian, "lunh" → lunch. The first two letters must be right or swapped ("later" is not
 * "liter"), so the owner's vocabulary is read as two bounded ranges of `belief_vocab` under the
 * owner's prefix: words beginning with the same two letters (edits further in, the usual typo)
 * and with the first two swapped.
 * A short word never corrects to one it merely begins or that merely begins it ("pytho" is not
 * "python", "javas" is not "java"); from EXTENSION_MIN_LENGTH letters a last letter added or
 * dropped is a typo like any other. Both words have EDIT_MIN_LENGTH letters, or the word typed
 * TYPO_MIN_LENGTH and the indexed one a letter more.
 * Isolation does not rest on the prefix: the corrected words are searched with the owner filter.
 */
export async function corrections(database: Database, owner: string, word: string): Promise<string[]> {
  if (word.length < TYPO_MIN_LENGTH) return [];
  const prefix = ownerPrefix(owner);
  const starts = new Set([word.slice(0, 2), word[1]! + word[0]!]);
  const found = new Map<string, number>();
  for (const start of starts) {
    const from = prefix + start;
    const to = prefix + start.slice(0, -1) + String.fromCharCode(start.charCodeAt(start.length - 1) + 1);
    const rows = await vocabularyRange(database, [from, to, RANGE_LIMIT, prefix.length + word.length + 1, prefix.length + shortestCandidate(word)]);
    for (const { term, n } of rows) {
      const candidate = term.slice(prefix.length);
      if (oneEditAway(word, candidate)) found.set(candidate, n);
    }
  }
  return [...found]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_CORRECTIONS)
    .map(([w]) => w);
}

/**
 * The owner's words of one range of `belief_vocab` (parameters: from, to, RANGE_LIMIT, the longest
 * term kept, the shortest). Of the range's rows only those of a length one edit away can have come
 * back: SQL's length counts code points, never more than JavaScript's, and a term's bytes never
 * fewer, so no candidate oneEditAway takes is left out (and the rows it would refuse cost nothing).
 */
const vocabularyRange = precompiledWithDialect<{ term: string; n: number }>((db, dialect) => {
  const range = db.selectFrom('belief_vocab').select(['term', 'n']).where('term', '>=', '').where('term', '<', '').limit(0).as('v');
  return db
    .selectFrom(range)
    .select(['v.term', 'v.n'])
    .where(sql<number>`length(${sql.ref('v.term')})`, '<=', 0)
    .where(dialect.byteLength('v.term'), '>=', 0);
});

/** The fewest letters a word oneEditAway takes for this one can have. */
function shortestCandidate(word: string): number {
  return word.length < EDIT_MIN_LENGTH ? word.length + 1 : Math.max(EDIT_MIN_LENGTH, word.length - 1);
}

function oneEditAway(word: string, candidate: string): boolean {
  if (candidate === word || candidate.length < EDIT_MIN_LENGTH || Math.abs(candidate.length - word.length) > 1) return false;
  if (word.length < EDIT_MIN_LENGTH && candidate.length !== word.length + 1) return false;
  const shorter = Math.min(word.length, candidate.length);
  if (shorter < EXTENSION_MIN_LENGTH && (candidate.startsWith(word) || word.startsWith(candidate))) return false;
  return damerauLevenshtein(word, candidate).steps === 1;
}
