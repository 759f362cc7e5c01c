import type { Belief } from '../../db/schema.ts';

/** What a search returns of a belief: what context assembly uses, so the rows read stay narrow. */
export const FOUND_COLUMNS = [
  'id',
  'owner',
  'type',
  'key',
  'statement',
  'scope',
  'pinned',
  'confidence',
  'updated_at',
  'aliases',
  'participants',
  'event_at',
  'observed_at',
] as const;
export type Found = Pick<Belief, (typeof FOUND_COLUMNS)[number]>;

/** The Found of a row that selected FOUND_COLUMNS and more (a rowid): its columns only, every row in one shape (a rest pattern copied each row generically). */
export function foundOf(r: Found): Found {
  return {
    id: r.id,
    owner: r.owner,
    type: r.type,
    key: r.key,
    statement: r.statement,
    scope: r.scope,
    pinned: r.pinned,
    confidence: r.confidence,
    updated_at: r.updated_at,
    aliases: r.aliases,
    participants: r.participants,
    event_at: r.event_at,
    observed_at: r.observed_at,
  };
}

/** How one belief matches one query: the lexical part of its score and what the relevance cutoff reads. */
export interface Evidence {
  belief: Found;
  /** BM25-like: Σ weight × IDF over the query words it holds, × RANKING.fields.name for a word of a name the query names, length-normalised. */
  lexical: number;
  /** The part of `lexical` its names' weight adds (RANKING.fields.name): which belief the query names, not more of the query answered. */
  byName: number;
  /** The part of `lexical` its date adds when the query asks when (RANKING.dated.asked): that it can say when, not more of the query answered. */
  byDate: number;
  /** What `lexical` leaves out of the words only said around it (RANKING.fields.said): they rank it lower, yet answer as much. */
  bySaid: number;
  /**
   * The non-common query words it holds (from any turn of the topic), but for a word of another
   * belief's name the query names: "sourdough starter" names one belief, and a statement about
   * "a starter garden" does not match it by that word.
   */
  matched: Set<string>;
  /** The query (its latest turn) holds every word of one of the belief's names: an alias, its key's name. */
  named: boolean;
  /** Named by an alias or a short key (a name given on purpose): beside it, another belief needs more than one shared word. */
  anchored: boolean;
  /** The belief is of a kind the query names in everyday words ("my hobbies": lib/world/recall/category.ts). */
  category: boolean;
  /** How many of the matched words are proper nouns of its statement ("Python" in "The user writes Python at work"). */
  mentions: number;
  /** A strong match: named, or RANKING.strong.words non-common words at weight RANKING.strong.weight or more. */
  strong: boolean;
  /** The share of the query's information (Σ weight × IDF over the words the owner's beliefs hold) it holds. */
  coverage: number;
  /** How many words the query's latest turn wrote (not the key words looked up for the kinds it asks): a long request needs more of them matched. */
  queryWords: number;
}
