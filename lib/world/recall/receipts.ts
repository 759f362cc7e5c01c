import type { Context } from 'hono';
import { sql, type Compilable, type CompiledQuery, type Selectable, type SelectQueryBuilder } from 'kysely';
import { uuid } from '../../crypto.ts';
import { IN_LIST_MAX, inLists } from '../../db/params.ts';
import type { BeliefsTable, Db, InjectionBeliefsTable, InjectionsTable, Tables } from '../../db/schema.ts';
import { precompiledBySize, precompiledChange } from '../../db/precompiled.ts';
import type { AppEnv, Deps } from '../../deps.ts';
import { FlushLater } from '../../flush-later.ts';
import { keysetPage, type Page, type PageRequest } from '../../paging.ts';
import type { ReceiptTiers } from './context.ts';
import { parseList } from '../../json-list.ts';
import { datedStatement } from '../beliefs/dated.ts';

/** What one chat request injected (API.md §11): the tiers in injected order, as belief ids. */
export interface Receipt extends ReceiptTiers {
  id: string;
  owner: string;
  created_at: string;
  model: string;
  /** The carried beliefs purged since, when any: their ids stay in the tiers, their text is gone. */
  purged?: string[];
}

/** Retention of §11: 30 days, at most 10,000 per owner, oldest dropped first. */
const RECEIPT_DAYS = 30;
const RECEIPTS_PER_OWNER = 10_000;
/** Characters of the query kept: a chat turn may be megabytes, a receipt should stay small. */
const RECEIPT_QUERY_MAX = 8000;
/** Receipts dropped per receipt recorded at most, so pruning stays a small bounded delete on every path. */
const PRUNE_BATCH = 100;

const TIERS = ['pinned', 'relevant', 'questions', 'related'] as const;

export interface ReceiptInput {
  id: string;
  owner: string;
  model: string;
  tiers: ReceiptTiers;
  personaIds?: string[];
}

/** Records one receipt now (ReceiptBuffer batches the chat path's). */
export async function recordReceipt(deps: Pick<Deps, 'database' | 'atomic' | 'now'>, input: ReceiptInput): Promise<void> {
  await recordReceipts(deps, [{ ...input, at: deps.now() }]);
}

/** Rows per multi-row INSERT of `columns` columns, within IN_LIST_MAX bound parameters. */
const rowsPerInsert = (columns: number) => Math.floor(IN_LIST_MAX / columns);

/** A list of `size` placeholders' values. */
const blanks = (size: number) => Array<string>(size).fill('');

// A flush's statements, compiled once per size: a flush follows every chat that injected.
const beliefsByIds = precompiledBySize<Pick<Selectable<BeliefsTable>, 'id' | 'owner' | 'statement' | 'event_at' | 'last_injected_at'>>((db, _dialect, size) =>
  db.selectFrom('beliefs').select(['id', 'owner', 'statement', 'event_at', 'last_injected_at']).where('id', 'in', blanks(size)),
);
const insertReceipt = precompiledChange((db) =>
  db.insertInto('injections').values({
    id: '',
    owner: '',
    created_at: '',
    model: '',
    scope: '',
    query: '',
    persona: '',
    pinned: '',
    relevant: '',
    questions: '',
    related: '',
  }),
);
const insertLinks = precompiledChange((db, rows) =>
  db.insertInto('injection_beliefs').values(Array.from({ length: rows }, () => ({ injection_id: '', belief_id: '', statement: '' }))),
);
const countInjected = precompiledChange((db, size) =>
  db.updateTable('beliefs').set({ injected_count: sql<number>`injected_count + 1`, last_injected_at: '' }).where('id', 'in', blanks(size)),
);
const insertHistory = precompiledChange((db, rows) =>
  db.insertInto('belief_history').values(Array.from({ length: rows }, () => ({ id: '', belief_id: '', event: '', at: '', actor: '', detail: '' }))),
);
/** Each of purgedTextQueries, for the links of `size` receipts whose belief is gone. */
const purgedText = [0, 1].map((i) =>
  precompiledChange((db, size) => {
    const gone = db
      .selectFrom('injection_beliefs as l')
      .select('l.belief_id')
      .where('l.injection_id', 'in', blanks(size))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('beliefs as b').select('b.id').whereRef('b.id', '=', 'l.belief_id'))));
    return purgedTextQueries(db, gone)[i]!;
  }),
);
/** Each of pruneQueries, for receipts before a cutoff (anyone's, by the created_at index), oldest first, up to a limit. */
const pruneExpired = [0, 1].map((i) =>
  precompiledChange((db) => pruneQueries(db, () => db.selectFrom('injections').select('id').where('created_at', '<', '').orderBy('created_at').limit(0))[i]!),
);
/** Each of pruneQueries, for an owner's oldest receipts past an offset (RECEIPTS_PER_OWNER), up to a limit. */
const pruneSurplus = [0, 1].map((i) =>
  precompiledChange(
    (db) => pruneQueries(db, () => db.selectFrom('injections').select('id').where('owner', '=', '').orderBy('created_at', 'desc').limit(0).offset(0))[i]!,
  ),
);

/**
 * Records receipts in one atomic change, each as of its `at`: the receipt, its belief links,
 * the injection counted on each carried belief (injected_count, last_injected_at, history
 * `injected`), and a bounded batch of receipts past retention dropped per receipt recorded.
 * Only each owner's own beliefs are counted and linked.
 */
async function recordReceipts(deps: Pick<Deps, 'database' | 'atomic'>, inputs: (ReceiptInput & { at: Date })[]): Promise<void> {
  const { database } = deps;
  const { db } = database;
  const carriedBy = inputs.map((r) => [...new Set([...(r.personaIds ?? []), ...TIERS.flatMap((t) => r.tiers[t])])]);
  const all = [...new Set(carriedBy.flat())];
  if (all.length === 0) return;
  // By primary key only, owner checked here: with `owner = ?` in SQL the planner walks the owner's index.
  const rows = (await Promise.all(inLists(all).map((part) => beliefsByIds(database, part.length, part)))).flat();
  const found = new Map(rows.map((r) => [r.id, r]));
  /** The UTC day each belief's injection was last recorded in its history. */
  const historyDay = new Map(rows.map((r) => [r.id, r.last_injected_at?.slice(0, 10)]));
  const queries: CompiledQuery[] = [];
  const recorded = new Map<string, number>();
  const written: string[] = [];
  let latest = 0;
  inputs.forEach((input, i) => {
    const { id, owner, model, tiers } = input;
    const own = new Set(carriedBy[i]!.filter((b) => found.get(b)?.owner === owner));
    const ids = carriedBy[i]!.filter((b) => own.has(b));
    if (ids.length === 0) return;
    const at = input.at.toISOString();
    const keep = (list: string[]) => JSON.stringify(list.filter((b) => own.has(b)));
    queries.push(
      insertReceipt(db, 1, [
        id,
        owner,
        at,
        model,
        JSON.stringify(tiers.scope),
        tiers.query.slice(0, RECEIPT_QUERY_MAX),
        tiers.persona,
        keep(tiers.pinned),
        keep(tiers.relevant),
        keep(tiers.questions),
        keep(tiers.related),
      ]),
    );
    for (const part of chunks(ids, rowsPerInsert(3))) {
      // The line as the model read it, its event date included (context.ts).
      queries.push(
        insertLinks(
          db,
          part.length,
          part.flatMap((b) => [id, b, datedStatement(found.get(b)!)]),
        ),
      );
    }
    for (const part of inLists(ids)) queries.push(countInjected(db, part.length, [at, ...part]));
    const detail = JSON.stringify({ injection: id });
    const day = at.slice(0, 10);
    const firstToday = ids.filter((b) => historyDay.get(b) !== day);
    for (const b of firstToday) historyDay.set(b, day);
    for (const part of chunks(firstToday, rowsPerInsert(6))) {
      queries.push(
        insertHistory(
          db,
          part.length,
          part.flatMap((b) => [uuid(), b, 'injected', at, null, detail]),
        ),
      );
    }
    recorded.set(owner, (recorded.get(owner) ?? 0) + 1);
    written.push(id);
    latest = Math.max(latest, input.at.getTime());
  });
  if (written.length === 0) return;
  // A belief purged between the read above and this commit: its text goes from these receipts too.
  for (const part of inLists(written)) {
    queries.push(purgedText[0]!(db, part.length, ['', null, ...part]), purgedText[1]!(db, part.length, [null, 1, ...part]));
  }
  const count = [...recorded.values()].reduce((a, b) => a + b, 0);
  const cutoff = new Date(latest - RECEIPT_DAYS * 86_400_000).toISOString();
  for (const prune of pruneExpired) queries.push(prune(db, 0, [cutoff, PRUNE_BATCH * count]));
  for (const [owner, n] of recorded) {
    for (const prune of pruneSurplus) queries.push(prune(db, 0, [owner, PRUNE_BATCH * n, RECEIPTS_PER_OWNER]));
  }
  await deps.atomic(queries);
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** Drops the receipts `doomed` selects, their belief links first. */
function pruneQueries(db: Db, doomed: () => SelectQueryBuilder<Tables, 'injections', { id: string }>): Compilable[] {
  return [db.deleteFrom('injection_beliefs').where('injection_id', 'in', doomed()), db.deleteFrom('injections').where('id', 'in', doomed())];
}

/** Belief ids selected from receipt links (`injection_beliefs as l`). */
type LinkSelection = SelectQueryBuilder<Tables & { l: InjectionBeliefsTable }, 'l', { belief_id: string }>;

/**
 * Removes the text of the beliefs `beliefIds` selects from every receipt that carried them: the
 * link keeps the id, marked purged, without the statement; the receipt's query and persona text
 * (which may repeat the statement) are blanked. For use inside the purge's atomic change.
 */
function purgedTextQueries(db: Db, beliefIds: LinkSelection): Compilable[] {
  return [
    db
      .updateTable('injections')
      .set({ query: '', persona: null })
      .where('id', 'in', db.selectFrom('injection_beliefs').select('injection_id').where('belief_id', 'in', beliefIds)),
    db.updateTable('injection_beliefs').set({ statement: null, purged: 1 }).where('belief_id', 'in', beliefIds),
  ];
}

/**
 * Purging a belief (API.md §11): every receipt that carried it keeps its id, marked purged, and
 * loses its text; so does the receipt of each exchange it was learned from (`learnedIn`: that
 * receipt's query holds the words it was learned from).
 */
export function purgeFromReceiptsQueries(db: Db, beliefId: string, owner: string, learnedIn: string[]): Compilable[] {
  const queries = purgedTextQueries(db, db.selectFrom('injection_beliefs as l').select('l.belief_id').where('l.belief_id', '=', beliefId));
  for (const ids of inLists(learnedIn)) {
    queries.push(db.updateTable('injections').set({ query: '', persona: null }).where('owner', '=', owner).where('id', 'in', ids));
  }
  return queries;
}

/** The receipts of the exchanges a belief was learned or reinforced from, as its history recorded them. */
export async function learnedInReceipts(db: Db, beliefId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('belief_history')
    .select('detail')
    .where('belief_id', '=', beliefId)
    .where('event', 'in', ['created', 'reinforced'])
    .execute();
  const ids = new Set<string>();
  for (const { detail } of rows) {
    try {
      const receipt = (JSON.parse(detail ?? 'null') as { receipt?: unknown } | null)?.receipt;
      if (typeof receipt === 'string') ids.add(receipt);
    } catch {
      // A detail that is not JSON names no receipt.
    }
  }
  return [...ids];
}

/** Forgetting an owner: every receipt of theirs goes, with its belief links. */
export function forgetReceiptsQueries(db: Db, owner: string): Compilable[] {
  return pruneQueries(db, () => db.selectFrom('injections').select('id').where('owner', '=', owner));
}

/** Receipts are written this long after the first of them at most, so chat responses pay for no receipt writes. */
const FLUSH_AFTER_MS = 100;
/** Receipts per transaction: a larger batch would hold the event loop for longer at once. */
const BATCH = 16;
/** Receipts a failed flush keeps for the next at most (about 1 KB each); past it the oldest go. */
const KEPT_MAX = 5000;
/** Flushes a receipt is tried in: one that fails alone each time (say, written by a commit whose answer was lost) is dropped then. */
const ATTEMPTS = 3;

type Pending = ReceiptInput & { at: Date; attempts?: number };

/**
 * Chat's receipts, buffered and written shortly after their responses, a batch at a time in one
 * atomic change each, as usage counts are. Readers of receipts call flush() first, so a receipt
 * named in a response header is found. Receipts a flush could not write (the database away) are
 * kept for the next flush, as usage counts are, within KEPT_MAX and ATTEMPTS.
 */
export class ReceiptBuffer {
  private pending: Pending[] = [];
  private readonly later: FlushLater;

  constructor(private readonly deps: Deps) {
    this.later = new FlushLater(deps.platform, FLUSH_AFTER_MS, 'receipt_flush', () => this.drain());
  }

  add(c: Context<AppEnv>, input: ReceiptInput): void {
    this.pending.push({ ...input, at: this.deps.now() });
    this.later.request(c);
  }

  flush(): Promise<void> {
    return this.later.flush();
  }

  private async drain(): Promise<void> {
    let failure: unknown = null;
    const failed: Pending[] = [];
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, BATCH);
      const unwritten = await this.write(batch);
      if (unwritten) {
        failure ??= unwritten.error;
        failed.push(...unwritten.receipts);
      }
      if (this.pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (!failure) return;
    const kept = failed.map((r) => ({ ...r, attempts: (r.attempts ?? 1) + 1 })).filter((r) => r.attempts <= ATTEMPTS);
    this.pending = [...kept, ...this.pending].slice(-KEPT_MAX);
    throw failure;
  }

  /** Writes the batch; what could not be written, with the first error, or null. */
  private async write(batch: Pending[]): Promise<{ receipts: Pending[]; error: unknown } | null> {
    try {
      await recordReceipts(this.deps, batch);
      return null;
    } catch {
      // One receipt that cannot be written (its belief gone meanwhile) must not take the batch with it.
      const receipts: Pending[] = [];
      let error: unknown = null;
      for (const receipt of batch) {
        await recordReceipts(this.deps, [receipt]).catch((err: unknown) => {
          receipts.push(receipt);
          error ??= err;
        });
      }
      return receipts.length > 0 ? { receipts, error } : null;
    }
  }
}

function toReceipt(row: Selectable<InjectionsTable>, purged: string[] = []): Receipt {
  const receipt: Receipt = {
    id: row.id,
    owner: row.owner,
    created_at: row.created_at,
    model: row.model,
    scope: parseList(row.scope),
    query: row.query,
    persona: row.persona,
    pinned: parseList(row.pinned),
    relevant: parseList(row.relevant),
    questions: parseList(row.questions),
    related: parseList(row.related),
  };
  if (purged.length > 0) receipt.purged = purged;
  return receipt;
}

/** The purged beliefs of each of these receipts. */
async function purgedOf(db: Db, receiptIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const part of inLists(receiptIds)) {
    const rows = await db
      .selectFrom('injection_beliefs')
      .select(['injection_id', 'belief_id'])
      .where('injection_id', 'in', part)
      .where('purged', '=', 1)
      .orderBy('belief_id')
      .execute();
    for (const r of rows) out.set(r.injection_id, [...(out.get(r.injection_id) ?? []), r.belief_id]);
  }
  return out;
}

export async function findReceipt(db: Db, id: string): Promise<Receipt | null> {
  const row = await db.selectFrom('injections').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toReceipt(row, (await purgedOf(db, [id])).get(id)) : null;
}

/** The owner's receipts newest first; with `beliefId`, only those that carried that belief. */
export async function listReceipts(db: Db, owner: string, beliefId: string | undefined, page: PageRequest): Promise<Page<Receipt>> {
  let q = db.selectFrom('injections as i').selectAll('i').where('i.owner', '=', owner);
  if (beliefId !== undefined) {
    q = q.where('i.id', 'in', db.selectFrom('injection_beliefs').select('injection_id').where('belief_id', '=', beliefId));
  }
  const listed = await keysetPage(q, page, ['i.created_at', 'i.id'], 'desc', (row) => row);
  const purged = await purgedOf(
    db,
    listed.data.map((r) => r.id),
  );
  return { ...listed, data: listed.data.map((r) => toReceipt(r, purged.get(r.id))) };
}
