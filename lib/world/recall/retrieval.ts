import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Belief } from '../../db/schema.ts';
import { precompiledBySize, precompiledBySizeAndLimit } from '../../db/precompiled.ts';
import { lookupWords, type Lookup, type WordHits } from './lookup.ts';
import { bestRowids, RoughScores } from './best-rowids.ts';
import { parseList } from '../../json-list.ts';
import { keyNames } from '../../key-names.ts';
import { contentWords, nameTerms, stemWord } from '../text.ts';
import { ownWordsOf } from './terms.ts';
import { lengthNorm, RANKING, ranked } from './ranking.ts';
import { FOUND_COLUMNS, foundOf, type Evidence, type Found } from './found.ts';
import { inPeriod, type Period } from './period.ts';
import { resolveDate } from '../learn/extract/dates.ts';
import { isCategoryWord, ofKinds } from './category.ts';
import { kindOfKey, type Kind } from '../kinds.ts';
import { Remembered } from './owner-reads.ts';
import { once } from '../../once.ts';

/** A belief read for scoring: its row, and the names it answers to (stemmed words of each). */
export interface Candidate {
  belief: Found;
  rowid: number;
  names: string[][];
  /** How many of `names`, the first ones, anchor (aliases, a short key): a query naming one claims its words from other beliefs. */
  anchors: number;
  /** Stems of the proper nouns its statement mentions (capitalised inside a sentence: "writes Python at work"). */
  properNouns: Set<string>;
  /**
   * Stems of the words of its statement, key and aliases (what terms.ts searchTerms indexes it by beside the words said around it);
   * undefined when nothing was said around it, so every word it holds is its own.
   */
  own: Set<string> | undefined;
  /** Whether its statement states a date ("…two weeks ago", "on 12 March"), beside any `event_at`: worked out once, when a query asks when. */
  statesADate: () => boolean;
  length: number;
}

/** What the owner's beliefs are matched against: fetched once per request, scored per set of weights. */
export interface Pool {
  candidates: Candidate[];
  avgLength: number;
}

/**
 * Reads the owner's active beliefs that any of the weighted word sets match, the best few of each
 * set by a rough score (weight × IDF, before names and length count), the first set's first (the
 * latest turn's), after the beliefs of the kinds the question names (`ofKinds`, found by key). With
 * `relevantOnly`, a belief holding only common words is left out (it cannot be relevant). At most RANKING.fetched.max rows, one statement; the SQL
 * filter on `owner` is the isolation guarantee, the term prefix only makes it fast.
 */
export async function candidatePool(
  database: Database,
  owner: string,
  lookup: Lookup,
  sets: Map<string, number>[],
  limit: number,
  options: { relevantOnly: boolean; ofKinds?: number[]; remember?: Remembered },
): Promise<Pool> {
  const wanted: number[] = [...(options.ofKinds ?? [])];
  for (const weights of sets) {
    const rough = new RoughScores();
    for (const [word, weight] of weights) {
      const hit = lookup.hits.get(word);
      if (!hit || (options.relevantOnly && hit.common)) continue;
      rough.add(hit.rowids, weight * hit.idf);
    }
    if (rough.size === 0) continue;
    const { perSlot, margin } = RANKING.fetched;
    wanted.push(...bestRowids(rough, limit * perSlot + margin));
  }
  const rowids = [...new Set(wanted)].slice(0, RANKING.fetched.max);
  if (rowids.length === 0) return { candidates: [], avgLength: 1 };
  const rows = await candidateRows(database, rowids.length, [...rowids, owner, 'active']);
  const remember = options.remember ?? Remembered.none;
  const candidates = rows.map((row) => candidateOf(foundOf(row), Number(row.rid), Number(row.said) === 1, remember));
  const avgLength = candidates.reduce((n, c) => n + c.length, 0) / Math.max(1, candidates.length);
  return { candidates, avgLength };
}

/** What a belief answers to, worked out of its statement, key and aliases: remembered while they stay as read. */
interface Answers extends Omit<Candidate, 'belief' | 'rowid' | 'own'> {
  own: () => Set<string>;
  statement: string;
  key: string | null;
  aliases: string;
}

function answersOf(belief: Found): Answers {
  const { statement } = belief;
  const names = namesOf(belief);
  return {
    statement,
    key: belief.key,
    aliases: belief.aliases,
    ...names,
    properNouns: properNounsOf(statement),
    own: once(() => new Set(ownWordsOf(statement, belief.key, parseList(belief.aliases)).map(stemWord))),
    statesADate: once(() => resolveDate(statement, DATE_ANCHOR).event_at !== undefined),
    length: statement.split(/\s+/).length,
  };
}

const answersStand = (known: Answers, belief: Found) => known.statement === belief.statement && known.key === belief.key && known.aliases === belief.aliases;

/**
 * A belief read for scoring, with what it answers to (`remember`ed by its rowid while its statement, key and aliases stay as read);
 * its own words are worked out only when words were said around it (`said`).
 */
function candidateOf(belief: Found, rowid: number, said: boolean, remember: Remembered): Candidate {
  const a = remember.ofRow(rowid, belief, answersStand, answersOf);
  return {
    belief,
    rowid,
    names: a.names,
    anchors: a.anchors,
    properNouns: a.properNouns,
    own: said ? a.own() : undefined,
    statesADate: a.statesADate,
    length: a.length,
  };
}

/** Any instant: whether a statement states a date does not depend on when it is read. */
const DATE_ANCHOR = new Date(0);

/** The owner's active beliefs among `size` rowids (parameters: the rowids, the owner, 'active'). */
const candidateRows = precompiledBySize<Found & { rid: number; said: number }>((db, dialect, size) =>
  db
    .selectFrom('beliefs')
    .select(FOUND_COLUMNS)
    .select(sql<number>`rowid`.as('rid'))
    .select(sql<number>`CASE WHEN said_words = '[]' THEN 0 ELSE 1 END`.as('said'))
    .where(sql<number>`rowid`, 'in', Array<number>(size).fill(0))
    // Unary + keeps the planner on the rowid lookup instead of walking the owner's index.
    .where(dialect.unindexed('owner'), '=', '')
    .where(dialect.unindexed('status'), '=', 'active'),
);

/**
 * The names a belief answers to, each as its stemmed words: every alias, and its key's name
 * (lib/world/recall/terms.ts keyNames: `work.database` → database, `user.allergy.penicillin` →
 * allergy penicillin) with, for a several-value kind's key of the catalogue, its value (penicillin).
 */
function namesOf(belief: Pick<Found, 'key' | 'aliases'>): { names: string[][]; anchors: number } {
  const segments = belief.key?.split('.') ?? [];
  // A key of two segments at most is a name given on purpose (`work.database`, `response_length`): it anchors, as an alias does;
  // not a learned slot of the user outside the catalogue (`user.cork_board`): the extractor took it from the statement's own words.
  const learnedSlot = segments.length === 2 && segments[0] === 'user' && !kindOfKey(belief.key!);
  const given = [...parseList(belief.aliases), ...(belief.key !== null && segments.length <= 2 && !learnedSlot ? [keyNames(belief.key)] : [])];
  // A kind's everyday word ("plan", "hobby", the `team` of `user.team`) names the kind, not this belief: it never anchors (category.ts reaches the kind).
  const texts = given.filter((t) => !isCategoryWord(t));
  const anchors = texts.length;
  texts.push(...given.filter(isCategoryWord));
  // A catalogue kind's value (`user.allergy.penicillin`, `user.likes.cats`) names its belief without anchoring; a learned
  // key of another prefix (`user.go.spot`, `user.look.counseling`) is a verb and a word of the statement, no name.
  if (belief.key !== null && segments.length > 2 && kindOfKey(belief.key)) texts.push(keyNames(belief.key), segments.at(-1)!.replace(/[_-]+/g, ' '));
  const names = texts.map(nameTerms);
  return { names: names.filter((n) => n.length > 0), anchors: names.slice(0, anchors).filter((n) => n.length > 0).length };
}

/** Capitalised words that do not open a sentence, stemmed: the things a statement names. */
function properNounsOf(statement: string): Set<string> {
  const out = new Set<string>();
  for (const m of statement.matchAll(/(?<![.!?:]\s{0,8}|^\s{0,8})\b\p{Lu}[\p{L}\p{N}]*/gu)) for (const w of nameTerms(m[0])) out.add(w);
  return out;
}

/** Stems of every capitalised word of a query, the first one included ("Python scripts…"). */
export function capitalised(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b\p{Lu}[\p{L}\p{N}]*/gu)) for (const w of nameTerms(m[0])) out.add(w);
  return out;
}

/** How a query names things: its stemmed words (and typo corrections), its capitalised words, the kinds it asks for. */
export interface QueryNames {
  names: ReadonlySet<string>;
  /** Stems of the words the query writes capitalised: a statement's proper noun counts as a mention only when the query writes it so too. */
  proper: ReadonlySet<string>;
  kinds: ReadonlySet<Kind>;
  /** The kinds' name family words looked up beside the query's (categoriesOf familyWords): what a belief holds of them makes it of the kind, never its score. */
  family?: readonly string[];
  /** Words looked up for the kinds asked that the request did not write (the key words of a kind it names or needs): not counted among its words. */
  aids?: ReadonlySet<string>;
  /** The period the request names (period.ts). */
  period?: Period | null;
  /** The request asks when something happened (period.ts asksWhen). */
  asksWhen?: boolean;
}

/**
 * Each pooled belief's evidence for a query: its words with their weights (1 for the latest turn,
 * less for earlier turns of the same topic) and the stemmed words names are matched against (the
 * latest turn's, with their typo corrections). A belief of a kind the query names (`kinds`) gains
 * RANKING.category.weight rare words; one its words find that is of the period the query names, RANKING.dated.weight;
 * one its words find that carries a date (its `event_at`, or one its statement states), when the query asks when, RANKING.dated.asked.
 * Only beliefs holding a query word are returned.
 */
export function evidenceOf(pool: Pool, lookup: Lookup, weights: Map<string, number>, query: QueryNames): Evidence[] {
  const { names: nameWords, proper, kinds, family = [], aids, period, asksWhen = false } = query;
  let mass = 0;
  let queryWords = 0;
  for (const [word, weight] of weights) {
    mass += weight * (lookup.hits.get(word)?.idf ?? 0);
    if (weight === 1 && !aids?.has(word)) queryWords++;
  }
  // The weighted words the owner's index holds, each with its hit and its matched index words stemmed: once per query, not once per candidate.
  const terms: { word: string; weight: number; hit: WordHits; via: string[] }[] = [];
  for (const [word, weight] of weights) {
    const hit = lookup.hits.get(word);
    if (hit) terms.push({ word, weight, hit, via: hit.via.map(stemWord) });
  }
  const isNamed = (n: string[]) => everyIn(n, nameWords);
  const claimed = new Set<string>();
  for (const c of pool.candidates) for (let i = 0; i < c.anchors; i++) if (isNamed(c.names[i]!)) for (const w of c.names[i]!) claimed.add(w);
  const out: Evidence[] = [];
  // Plain loops and no per-candidate set when nothing names it: this runs for every pooled belief of every request.
  for (const c of pool.candidates) {
    let named: string[][] | null = null;
    for (const n of c.names) {
      if (!isNamed(n)) continue;
      named ??= [];
      named.push(n);
    }
    const namedWords: ReadonlySet<string> = named === null ? NO_WORDS : new Set(named.flat());
    let lexical = 0;
    let nameWeight = 0;
    let saidWeight = 0;
    let held = 0;
    let strongWords = 0;
    let mentions = 0;
    const matched = new Set<string>();
    for (let t = 0; t < terms.length; t++) {
      const { word, hit, via } = terms[t]!;
      if (!hit.rowids.has(c.rowid)) continue;
      const said = c.own !== undefined && !someIn(via, c.own);
      const weight = said ? terms[t]!.weight * RANKING.fields.said : terms[t]!.weight;
      if (said) saidWeight += (terms[t]!.weight - weight) * hit.idf;
      const byName = namedWords.size > 0 && someIn(via, namedWords);
      lexical += weight * hit.idf * (byName ? RANKING.fields.name : 1);
      if (byName) nameWeight += weight * hit.idf * (RANKING.fields.name - 1);
      if (hit.common || (!byName && claimed.size > 0 && someIn(via, claimed))) continue;
      matched.add(word);
      if (c.properNouns.size > 0 && proper.size > 0 && via.some((w) => c.properNouns.has(w) && proper.has(w))) mentions++;
      held += weight * hit.idf;
      if (weight >= RANKING.strong.weight) strongWords++;
    }
    const category = ofKinds(c.belief.key, kinds, (w) => matched.has(w) || (family.includes(w) && heldExactly(lookup, w, c.rowid)));
    if (lexical > 0 && period && inPeriod(c.belief, period)) lexical += RANKING.dated.weight * lookup.unknownIdf;
    const dateWeight = asksWhen && matched.size > 0 && (c.belief.event_at || c.statesADate()) ? RANKING.dated.asked * lookup.unknownIdf : 0;
    lexical += dateWeight;
    if (category) lexical += RANKING.category.weight * lookup.unknownIdf;
    if (lexical === 0) continue;
    const norm = lengthNorm(c.length, pool.avgLength);
    out.push({
      belief: c.belief,
      lexical: lexical * norm,
      byName: nameWeight * norm,
      byDate: dateWeight * norm,
      bySaid: saidWeight * norm,
      matched,
      named: named !== null,
      anchored: anchoredBy(c, isNamed),
      category,
      mentions,
      strong: named !== null || strongWords >= RANKING.strong.words,
      coverage: mass > 0 ? held / mass : 0,
      queryWords,
    });
  }
  return out;
}

const NO_WORDS: ReadonlySet<string> = new Set();

function everyIn(words: readonly string[], of: ReadonlySet<string>): boolean {
  for (const w of words) if (!of.has(w)) return false;
  return true;
}

function someIn(words: readonly string[], of: ReadonlySet<string>): boolean {
  for (const w of words) if (of.has(w)) return true;
  return false;
}

/** Whether one of the candidate's anchoring names (its first `anchors`) is named. */
function anchoredBy(c: Candidate, isNamed: (n: string[]) => boolean): boolean {
  for (let i = 0; i < c.anchors; i++) if (isNamed(c.names[i]!)) return true;
  return false;
}

/** Whether a belief holds a looked-up word as written, not by one of its typo corrections. */
function heldExactly(lookup: Lookup, word: string, rowid: number): boolean {
  const hit = lookup.hits.get(word);
  return hit !== undefined && hit.via.includes(word) && hit.rowids.has(rowid);
}

/** Row ids of the owner's beliefs holding one of these looked-up words as written, the most recent `perWord` of each (the index reads newest first). */
export function heldRowids(lookup: Lookup, words: readonly string[], perWord: number): number[] {
  return words.flatMap((w) => {
    const hit = lookup.hits.get(w);
    return hit?.via.includes(w) ? [...hit.rowids].slice(0, perWord) : [];
  });
}

/**
 * The owner's active pinned beliefs of these scopes (`universal` always), most recent first:
 * the open questions (by the owner-and-type index, schema/0010) or the others, at most `limit`.
 */
export function pinnedBeliefs(database: Database, owner: string, scopes: string[], questions: boolean, limit: number): Promise<Found[]> {
  const scopeList = ['universal', ...scopes];
  return (questions ? pinnedQuestions : pinnedOthers)(database, scopeList.length, limit, [owner, 1, 'active', 'question', ...scopeList]);
}

/** Pinned beliefs of `size` scopes, at most `limit` (parameters: owner, 1, 'active', 'question', the scopes), by the owner-and-type index for questions. */
const pinnedOf = (questions: boolean) =>
  precompiledBySizeAndLimit<Found>((db, { unindexed }, size, limit) =>
    db
      .selectFrom('beliefs')
      .select(FOUND_COLUMNS)
      .where('owner', '=', '')
      .where('pinned', '=', 1)
      .where('status', '=', 'active')
      .where(questions ? sql<string>`type` : unindexed('type'), questions ? '=' : '!=', 'question')
      .where(unindexed('scope'), 'in', Array<string>(size).fill(''))
      .orderBy('updated_at', 'desc')
      .limit(sql.lit(limit)),
  );
const pinnedQuestions = pinnedOf(true);
const pinnedOthers = pinnedOf(false);

/** The owner's active beliefs among these ids, by primary key (owner and status checked here). */
export async function beliefsById(database: Database, owner: string, ids: string[]): Promise<Found[]> {
  if (ids.length === 0) return [];
  const rows = await byIdRows(database, ids.length, ids);
  return rows.filter((r) => r.owner === owner && r.status === 'active').map(({ status: _status, ...found }) => found);
}

/** Beliefs among `size` ids (parameters: the ids), whoever owns them and whatever their status: compiled once per size. */
const byIdRows = precompiledBySize<Found & Pick<Belief, 'status'>>((db, _dialect, size) =>
  db
    .selectFrom('beliefs')
    .select([...FOUND_COLUMNS, 'status'])
    .where('id', 'in', Array<string>(size).fill('')),
);

/** The owner's active beliefs matching a text, best first, with no relevance cutoff (search and tests). */
export async function searchBeliefs(deps: Pick<Deps, 'db' | 'atomic' | 'database'>, owner: string, text: string, limit: number): Promise<Found[]> {
  const words = contentWords(text);
  if (limit <= 0) return [];
  const lookup = await lookupWords(deps, owner, words);
  const weights = new Map(words.map((w) => [w, 1]));
  const pool = await candidatePool(deps.database, owner, lookup, [weights], limit, { relevantOnly: false });
  return ranked(evidenceOf(pool, lookup, weights, { names: new Set(nameTerms(text)), proper: capitalised(text), kinds: new Set() }))
    .slice(0, limit)
    .map((s) => s.belief);
}
