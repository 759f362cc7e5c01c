import { sql, type Compilable, type RawBuilder, type SqlBool } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { Belief, Db } from '../../db/schema.ts';
import { uuid } from '../../crypto.ts';
import { parseList } from '../../json-list.ts';
import { isEventAt } from './dated.ts';
import { assertRoomForBelief } from './quota.ts';
import { slotKeys } from './slots.ts';
import { searchTerms } from '../recall/terms.ts';
import { normalizeStatement } from '../text.ts';
import type { BeliefEvent, BeliefRecord, BeliefSource, BeliefType, Candidate } from '../../ports/beliefs.ts';
import { insertIf } from '../../db/insert-if.ts';
import { inLists } from '../../db/params.ts';

/** The parts of Deps that belief writes need. */
export type BeliefDeps = Pick<Deps, 'db' | 'atomic' | 'now'>;

export function toRecord(row: Belief): BeliefRecord {
  const source: BeliefSource = { kind: row.source_kind as BeliefSource['kind'] };
  if (row.conversation_id !== null) source.conversation_id = row.conversation_id;
  return {
    id: row.id,
    owner: row.owner,
    type: row.type as BeliefType,
    key: row.key,
    statement: row.statement,
    scope: row.scope,
    pinned: row.pinned === 1,
    confidence: row.confidence,
    status: row.status as BeliefRecord['status'],
    source,
    created_at: row.created_at,
    updated_at: row.updated_at,
    superseded_at: row.superseded_at,
    superseded_by: row.superseded_by,
    reinforced_count: row.reinforced_count,
    injected_count: row.injected_count,
    last_injected_at: row.last_injected_at,
    aliases: parseList(row.aliases),
    participants: parseList(row.participants),
    observed_at: row.observed_at ?? row.created_at,
    event_at: row.event_at,
    valid_until: row.valid_until,
  };
}

/** A belief's time and counter fields when written at `at` and never superseded, reinforced or injected (the same names in rows, archives and the API). */
export const untouchedSince = (at: string) => ({
  created_at: at,
  updated_at: at,
  superseded_at: null,
  superseded_by: null,
  reinforced_count: 0,
  injected_count: 0,
  last_injected_at: null,
});

export function historyQuery(db: Db, beliefId: string, event: string, at: string, actor: string | null, detail?: unknown, guard?: RawBuilder<SqlBool>) {
  const row = { id: uuid(), belief_id: beliefId, event, at, actor, detail: detail === undefined ? null : JSON.stringify(detail) };
  return guard ? insertIf(db, 'belief_history', row, guard) : db.insertInto('belief_history').values(row);
}

/** The history detail of a belief learned or reinforced: its source kind, and the receipt of the exchange it came from (a purge blanks that receipt's text, receipts.ts). */
const learnedDetail = (source: BeliefSource) => (source.receipt ? { source: source.kind, receipt: source.receipt } : { source: source.kind });

/** The owner's persona is rebuilt on next use after any change to its beliefs. */
export function invalidatePersonaQuery(db: Db, owner: string) {
  return db.deleteFrom('persona_cache').where('owner', '=', owner);
}

export function findBelief(db: Db, id: string): Promise<Belief | undefined> {
  return db.selectFrom('beliefs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A belief's record by id, or null. */
export async function readBelief(db: Db, id: string): Promise<BeliefRecord | null> {
  const row = await findBelief(db, id);
  return row ? toRecord(row) : null;
}

/** How a belief write is made: when its words were said, and a condition every statement of it holds to. */
export interface WriteOptions {
  /** When the user said it (Turn.at); default: now. */
  observedAt?: string;
  /** Written only while this holds (liveOwner: the owner is still a user who may learn); nothing is written otherwise. */
  guard?: RawBuilder<SqlBool>;
}

/**
 * Adds a candidate to the owner's beliefs: the same statement reinforces an active belief, a new
 * statement under an active key — or under another key of the same exclusive slot (slots.ts) —
 * supersedes it, anything else is created. One atomic change; with a guard that no longer holds,
 * none (no events).
 * Callers serialise per owner (the world-model actor), so the reads before the write stay true.
 */
export async function applyCandidate(
  deps: BeliefDeps,
  owner: string,
  cand: Candidate,
  source: BeliefSource,
  actor: string | null,
  options: WriteOptions = {},
): Promise<BeliefEvent[]> {
  const { db } = deps;
  const { guard } = options;
  const at = deps.now().toISOString();
  const observedAt = options.observedAt ?? at;
  const guarded = <Q extends { where(g: RawBuilder<SqlBool>): Q }>(q: Q) => (guard ? q.where(guard) : q);
  const norm = normalizeStatement(cand.statement);
  const rivals = cand.key ? await activeByKeys(db, owner, slotKeys(cand.key)) : [];
  const same =
    rivals.find((r) => r.norm_statement === norm) ??
    (rivals.length
      ? undefined
      : await db
          .selectFrom('beliefs')
          .selectAll()
          .where('owner', '=', owner)
          .where('norm_statement', '=', norm)
          .where('status', '=', 'active')
          .executeTakeFirst());

  if (same) {
    const updated: Belief = {
      ...same,
      reinforced_count: same.reinforced_count + 1,
      confidence: Math.max(same.confidence, cand.confidence),
      pinned: cand.pinned ? 1 : same.pinned,
      updated_at: at,
    };
    const replaced = supersede(
      db,
      rivals.filter((r) => r.id !== same.id),
      { id: same.id, observedAt: same.observed_at ?? same.created_at },
      at,
      actor,
      guard,
    );
    // Like injections, a reinforcement is recorded in the history at most once per belief per day
    // (the count keeps every one), so re-sent turns cannot grow the store.
    const recorded = await db
      .selectFrom('belief_history')
      .select('id')
      .where('belief_id', '=', same.id)
      .where('event', '=', 'reinforced')
      .where('at', '>=', at.slice(0, 10))
      .executeTakeFirst();
    const [reinforced] = await deps.atomic([
      guarded(
        db
          .updateTable('beliefs')
          .set({ reinforced_count: sql`reinforced_count + 1`, confidence: updated.confidence, pinned: updated.pinned, updated_at: at })
          .where('id', '=', same.id),
      ),
      ...(recorded ? [] : [historyQuery(db, same.id, 'reinforced', at, actor, learnedDetail(source), guard)]),
      ...replaced.queries,
      guarded(invalidatePersonaQuery(db, owner)),
    ]);
    if (reinforced!.changes === 0) return [];
    return [{ action: 'reinforced', belief: toRecord(updated) }, ...replaced.events];
  }

  // Only a belief that supersedes none adds to the owner's active count.
  if (rivals.length === 0) await assertRoomForBelief(db, owner);
  const row: Belief = {
    id: uuid(),
    owner,
    type: cand.type,
    key: cand.key,
    statement: cand.statement,
    norm_statement: norm,
    scope: cand.scope,
    pinned: cand.pinned ? 1 : 0,
    confidence: cand.confidence,
    status: 'active',
    source_kind: source.kind,
    conversation_id: source.conversation_id ?? null,
    ...untouchedSince(at),
    search_terms: searchTerms(owner, cand.statement, cand.key, cand.aliases, cand.said),
    aliases: JSON.stringify(cand.aliases ?? []),
    said_words: JSON.stringify(cand.said ?? []),
    participants: JSON.stringify(cand.participants ?? []),
    observed_at: observedAt,
    event_at: cand.event_at !== undefined && isEventAt(cand.event_at) ? cand.event_at : null,
    valid_until: null,
  };
  const replaced = supersede(db, rivals, { id: row.id, observedAt }, at, actor, guard);
  const [inserted] = await deps.atomic([
    guard ? insertIf(db, 'beliefs', row, guard) : db.insertInto('beliefs').values(row),
    historyQuery(db, row.id, 'created', at, actor, learnedDetail(source), guard),
    ...replaced.queries,
    guarded(invalidatePersonaQuery(db, owner)),
  ]);
  if (inserted!.changes === 0) return [];
  return [{ action: 'created', belief: toRecord(row) }, ...replaced.events];
}

/**
 * Retracts what the user said is no longer true: the active beliefs under the key's slot
 * (whose statement mentions `mention`, when given) — or the one belief `id` names — become
 * superseded with no successor, history `retracted`. One atomic change; nothing when no active
 * belief matches.
 */
export async function retractKey(
  deps: BeliefDeps,
  owner: string,
  retraction: { key: string; mention?: string; id?: string },
  source: BeliefSource,
  actor: string | null,
  options: WriteOptions = {},
): Promise<BeliefEvent[]> {
  const { db } = deps;
  const mention = retraction.mention === undefined ? '' : normalizeStatement(retraction.mention);
  const mentioned = (r: Belief) => mention === '' || ` ${r.norm_statement} `.includes(` ${mention} `);
  const rows =
    retraction.id === undefined
      ? (await activeByKeys(db, owner, slotKeys(retraction.key))).filter(mentioned)
      : await db.selectFrom('beliefs').selectAll().where('id', '=', retraction.id).where('owner', '=', owner).where('status', '=', 'active').execute();
  if (rows.length === 0) return [];
  const at = deps.now().toISOString();
  const until = options.observedAt ?? at;
  const { guard } = options;
  const results = await deps.atomic([
    ...rows.flatMap((r) => {
      const retire = db
        .updateTable('beliefs')
        .set({ status: 'superseded', superseded_at: at, updated_at: at, valid_until: until })
        .where('id', '=', r.id)
        .where('status', '=', 'active');
      return [guard ? retire.where(guard) : retire, historyQuery(db, r.id, 'retracted', at, actor, { source: source.kind }, guard)];
    }),
    invalidatePersonaQuery(db, owner),
  ]);
  if (results[0]!.changes === 0) return [];
  return rows.map((r) => ({ action: 'superseded', belief: toRecord({ ...r, status: 'superseded', superseded_at: at, updated_at: at, valid_until: until }) }));
}

export async function activeByKeys(db: Db, owner: string, keys: string[]): Promise<Belief[]> {
  const rows: Belief[] = [];
  for (const list of inLists(keys)) {
    rows.push(...(await db.selectFrom('beliefs').selectAll().where('owner', '=', owner).where('key', 'in', list).where('status', '=', 'active').execute()));
  }
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The queries and events that mark `rows` superseded by the belief `by`, valid until it was said. */
export function supersede(
  db: Db,
  rows: Belief[],
  by: { id: string; observedAt: string },
  at: string,
  actor: string | null,
  guard?: RawBuilder<SqlBool>,
): { queries: Compilable[]; events: BeliefEvent[] } {
  const change = { status: 'superseded', superseded_at: at, superseded_by: by.id, updated_at: at, valid_until: by.observedAt };
  return {
    queries: rows.flatMap((r) => {
      const update = db.updateTable('beliefs').set(change).where('id', '=', r.id).where('status', '=', 'active');
      return [guard ? update.where(guard) : update, historyQuery(db, r.id, 'superseded', at, actor, { superseded_by: by.id }, guard)];
    }),
    events: rows.map((r) => ({ action: 'superseded', belief: toRecord({ ...r, ...change }) })),
  };
}
