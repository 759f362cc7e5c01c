import type { Context } from 'hono';
import type { Compilable, Selectable, SelectQueryBuilder } from 'kysely';
import { uuid } from '../crypto.ts';
import { IN_LIST_MAX, inLists } from '../db/params.ts';
import type { Database, Db, InjectionsTable } from '../db/schema.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { FlushLater } from '../flush-later.ts';
import { keysetPage, type Page, type PageRequest } from '../paging.ts';
import type { ReceiptTiers } from './context.ts';
import { parseList } from './beliefs.ts';

/** What one chat request injected (API.md §11): the tiers in injected order, as belief ids. */
export interface Receipt extends ReceiptTiers {
  id: string;
  owner: string;
  created_at: string;
  model: string;
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
export async function recordReceipt(deps: Pick<Deps, 'db' | 'atomic' | 'now'>, input: ReceiptInput): Promise<void> {
  await recordReceipts(deps, [{ ...input, at: deps.now() }]);
}

/** Rows per multi-row INSERT of `columns` columns, within IN_LIST_MAX bound parameters. */
const rowsPerInsert = (columns: number) => Math.floor(IN_LIST_MAX / columns);

/**
 * Records receipts in one atomic change, each as of its `at`: the receipt, its belief links,
 * the injection counted on each carried belief (injected_count, last_injected_at, history
 * `injected`), and a bounded batch of receipts past retention dropped per receipt recorded.
 * Only each owner's own beliefs are counted and linked.
 */
async function recordReceipts(deps: Pick<Deps, 'db' | 'atomic'>, inputs: (ReceiptInput & { at: Date })[]): Promise<void> {
  const { db } = deps;
  const carriedBy = inputs.map((r) => [...new Set([...(r.personaIds ?? []), ...TIERS.flatMap((t) => r.tiers[t])])]);
  const all = [...new Set(carriedBy.flat())];
  if (all.length === 0) return;
  // By primary key only, owner checked here: with `owner = ?` in SQL the planner walks the owner's index.
  const rows = (
    await Promise.all(inLists(all).map((part) => db.selectFrom('beliefs').select(['id', 'owner', 'statement']).where('id', 'in', part).execute()))
  ).flat();
  const found = new Map(rows.map((r) => [r.id, r]));
  const queries: Compilable[] = [];
  const recorded = new Map<string, number>();
  let latest: Date | null = null;
  inputs.forEach((input, i) => {
    const { id, owner, model, tiers } = input;
    const own = new Set(carriedBy[i]!.filter((b) => found.get(b)?.owner === owner));
    const ids = carriedBy[i]!.filter((b) => own.has(b));
    if (ids.length === 0) return;
    const at = input.at.toISOString();
    const keep = (list: string[]) => JSON.stringify(list.filter((b) => own.has(b)));
    queries.push(
      db.insertInto('injections').values({
        id,
        owner,
        created_at: at,
        model,
        scope: JSON.stringify(tiers.scope),
        query: tiers.query.slice(0, RECEIPT_QUERY_MAX),
        persona: tiers.persona,
        pinned: keep(tiers.pinned),
        relevant: keep(tiers.relevant),
        questions: keep(tiers.questions),
        related: keep(tiers.related),
      }),
    );
    for (const part of chunks(ids, rowsPerInsert(3))) {
      queries.push(db.insertInto('injection_beliefs').values(part.map((b) => ({ injection_id: id, belief_id: b, statement: found.get(b)!.statement }))));
    }
    for (const part of inLists(ids)) {
      queries.push(
        db
          .updateTable('beliefs')
          .set((eb) => ({ injected_count: eb('injected_count', '+', 1), last_injected_at: at }))
          .where('id', 'in', part),
      );
    }
    const detail = JSON.stringify({ injection: id });
    for (const part of chunks(ids, rowsPerInsert(6))) {
      queries.push(db.insertInto('belief_history').values(part.map((b) => ({ id: uuid(), belief_id: b, event: 'injected', at, actor: null, detail }))));
    }
    recorded.set(owner, (recorded.get(owner) ?? 0) + 1);
    if (!latest || input.at > latest) latest = input.at;
  });
  if (!latest) return;
  const count = [...recorded.values()].reduce((a, b) => a + b, 0);
  queries.push(...pruneQueries(db, expiredReceipts(db, latest, PRUNE_BATCH * count)));
  for (const [owner, n] of recorded) queries.push(...pruneQueries(db, surplusReceipts(db, owner, PRUNE_BATCH * n)));
  await deps.atomic(queries);
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** Up to `limit` receipts older than RECEIPT_DAYS (anyone's, by the created_at index). */
function expiredReceipts(db: Db, now: Date, limit: number) {
  const cutoff = new Date(now.getTime() - RECEIPT_DAYS * 86_400_000).toISOString();
  return () => db.selectFrom('injections').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(limit);
}

/** Up to `limit` of the owner's oldest receipts past RECEIPTS_PER_OWNER. */
function surplusReceipts(db: Db, owner: string, limit: number) {
  return () => db.selectFrom('injections').select('id').where('owner', '=', owner).orderBy('created_at', 'desc').limit(limit).offset(RECEIPTS_PER_OWNER);
}

/** Drops the receipts `doomed` selects, their belief links first. */
function pruneQueries(db: Db, doomed: () => SelectQueryBuilder<Database, 'injections', { id: string }>): Compilable[] {
  return [db.deleteFrom('injection_beliefs').where('injection_id', 'in', doomed()), db.deleteFrom('injections').where('id', 'in', doomed())];
}

/** Receipts are written this long after the first of them at most, so chat responses pay for no receipt writes. */
const FLUSH_AFTER_MS = 100;
/** Receipts per transaction: a larger batch would hold the event loop for longer at once. */
const BATCH = 16;

/**
 * Chat's receipts, buffered and written shortly after their responses, a batch at a time in one
 * atomic change each, as usage counts are. Readers of receipts call flush() first, so a receipt
 * named in a response header is found.
 */
export class ReceiptBuffer {
  private pending: (ReceiptInput & { at: Date })[] = [];
  private readonly later: FlushLater;

  constructor(private readonly deps: Deps) {
    this.later = new FlushLater(deps.platform, FLUSH_AFTER_MS, () => this.flush());
  }

  add(c: Context<AppEnv>, input: ReceiptInput): void {
    this.pending.push({ ...input, at: this.deps.now() });
    this.later.request(c);
  }

  async flush(): Promise<void> {
    this.later.done();
    let failure: unknown = null;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, BATCH);
      await this.write(batch).catch((err: unknown) => (failure ??= err));
      if (this.pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (failure) throw failure;
  }

  private async write(batch: (ReceiptInput & { at: Date })[]): Promise<void> {
    try {
      await recordReceipts(this.deps, batch);
    } catch {
      // One receipt that cannot be written (its belief gone meanwhile) must not take the batch with it.
      let failure: unknown = null;
      for (const receipt of batch) await recordReceipts(this.deps, [receipt]).catch((err: unknown) => (failure ??= err));
      if (failure) throw failure;
    }
  }
}

const buffers = new WeakMap<Deps, ReceiptBuffer>();

/** The receipt buffer of an app instance. */
export function receiptsFor(deps: Deps): ReceiptBuffer {
  let buffer = buffers.get(deps);
  if (!buffer) {
    buffer = new ReceiptBuffer(deps);
    buffers.set(deps, buffer);
  }
  return buffer;
}

function toReceipt(row: Selectable<InjectionsTable>): Receipt {
  return {
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
}

export async function findReceipt(db: Db, id: string): Promise<Receipt | null> {
  const row = await db.selectFrom('injections').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toReceipt(row) : null;
}

/** The owner's receipts newest first; with `beliefId`, only those that carried that belief. */
export async function listReceipts(db: Db, owner: string, beliefId: string | undefined, page: PageRequest): Promise<Page<Receipt>> {
  let q = db.selectFrom('injections as i').selectAll('i').where('i.owner', '=', owner);
  if (beliefId !== undefined) {
    q = q.where('i.id', 'in', db.selectFrom('injection_beliefs').select('injection_id').where('belief_id', '=', beliefId));
  }
  return keysetPage(q, page, ['i.created_at', 'i.id'], 'desc', toReceipt);
}
