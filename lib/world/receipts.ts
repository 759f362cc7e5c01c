import type { Compilable, Selectable } from 'kysely';
import { inLists } from '../db/params.ts';
import type { Db, InjectionsTable } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { keysetPage, type Page, type PageRequest } from '../paging.ts';
import type { ReceiptTiers } from './context.ts';
import { historyQuery, parseList } from './beliefs.ts';

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
/** Receipts dropped per recording at most, so pruning stays a small bounded delete on every path. */
const PRUNE_BATCH = 100;

const TIERS = ['pinned', 'relevant', 'questions', 'related'] as const;

/**
 * Records a receipt and, in the same atomic change, counts the injection on each carried belief
 * (injected_count, last_injected_at, history `injected`) and drops a bounded batch of receipts past
 * retention. Only the owner's own beliefs are counted and linked.
 */
export async function recordReceipt(
  deps: Pick<Deps, 'db' | 'atomic' | 'now'>,
  input: { id: string; owner: string; model: string; tiers: ReceiptTiers; personaIds?: string[] },
): Promise<void> {
  const { db } = deps;
  const { id, owner, model, tiers } = input;
  const now = deps.now();
  const at = now.toISOString();
  const carried = [...new Set([...(input.personaIds ?? []), ...TIERS.flatMap((t) => tiers[t])])];
  if (carried.length === 0) return;
  // By primary key only, owner checked here: with `owner = ?` in SQL the planner walks the owner's index.
  const rows = (
    await Promise.all(inLists(carried).map((part) => db.selectFrom('beliefs').select(['id', 'owner', 'statement']).where('id', 'in', part).execute()))
  ).flat();
  const statements = new Map(rows.filter((r) => r.owner === owner).map((r) => [r.id, r.statement]));
  const own = new Set(statements.keys());
  const ids = carried.filter((b) => own.has(b));
  if (ids.length === 0) return;
  const keep = (list: string[]) => JSON.stringify(list.filter((b) => own.has(b)));
  await deps.atomic([
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
    ...ids.map((b) => db.insertInto('injection_beliefs').values({ injection_id: id, belief_id: b, statement: statements.get(b)! })),
    ...inLists(ids).map((part) =>
      db
        .updateTable('beliefs')
        .set((eb) => ({ injected_count: eb('injected_count', '+', 1), last_injected_at: at }))
        .where('id', 'in', part),
    ),
    ...ids.map((b) => historyQuery(db, b, 'injected', at, null, { injection: id })),
    ...pruneQueries(db, owner, now),
  ]);
}

/**
 * Drops up to PRUNE_BATCH receipts older than RECEIPT_DAYS (anyone's, by the created_at index) and
 * up to PRUNE_BATCH of the owner's oldest past RECEIPTS_PER_OWNER, with their belief links first.
 */
function pruneQueries(db: Db, owner: string, now: Date): Compilable[] {
  const cutoff = new Date(now.getTime() - RECEIPT_DAYS * 86_400_000).toISOString();
  const expired = () => db.selectFrom('injections').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(PRUNE_BATCH);
  const surplus = () =>
    db.selectFrom('injections').select('id').where('owner', '=', owner).orderBy('created_at', 'desc').limit(PRUNE_BATCH).offset(RECEIPTS_PER_OWNER);
  return [expired, surplus].flatMap((doomed) => [
    db.deleteFrom('injection_beliefs').where('injection_id', 'in', doomed()),
    db.deleteFrom('injections').where('id', 'in', doomed()),
  ]);
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
