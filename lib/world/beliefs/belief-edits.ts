import type { Compilable } from 'kysely';
import type { Belief } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { parseList } from '../../json-list.ts';
import { auditQuery } from '../../stores/audit.ts';
import { activeByKeys, historyQuery, invalidatePersonaQuery, supersede, toRecord, type BeliefDeps } from './beliefs.ts';
import { slotKeys } from './slots.ts';
import { searchTerms } from '../recall/terms.ts';
import { normalizeStatement } from '../text.ts';
import type { BeliefEdit, BeliefEvent, BeliefRecord } from '../../ports/beliefs.ts';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Edits a belief in place; history records `edited` (each changed field's from/to) and, when the pin
 * changes, `pinned`/`unpinned`. An active belief given a key supersedes, as extraction would, the
 * owner's other active beliefs under that key or its slot (a hand correction); the events name them.
 */
export async function editBelief(deps: BeliefDeps, row: Belief, edit: BeliefEdit, actor: string): Promise<{ belief: BeliefRecord; superseded: BeliefEvent[] }> {
  const { db } = deps;
  const at = deps.now().toISOString();
  const next: Belief = { ...row, updated_at: at };
  const changed: Record<string, unknown> = {};
  if (edit.statement !== undefined && edit.statement !== row.statement) {
    next.statement = edit.statement;
    next.norm_statement = normalizeStatement(edit.statement);
    changed.statement = { from: row.statement, to: edit.statement };
  }
  if (edit.key !== undefined && edit.key !== row.key) {
    next.key = edit.key;
    changed.key = { from: row.key, to: edit.key };
  }
  if (edit.type !== undefined && edit.type !== row.type) {
    next.type = edit.type;
    changed.type = { from: row.type, to: edit.type };
  }
  if (edit.scope !== undefined && edit.scope !== row.scope) {
    next.scope = edit.scope;
    changed.scope = { from: row.scope, to: edit.scope };
  }
  for (const field of ['aliases', 'participants'] as const) {
    const from = parseList(row[field]);
    const to = edit[field];
    if (to === undefined || sameList(from, to)) continue;
    next[field] = JSON.stringify(to);
    changed[field] = { from, to };
  }
  if (edit.event_at !== undefined && edit.event_at !== row.event_at) {
    next.event_at = edit.event_at;
    changed.event_at = { from: row.event_at, to: edit.event_at };
  }
  if (changed.statement || changed.aliases || changed.key)
    next.search_terms = searchTerms(row.owner, next.statement, next.key, parseList(next.aliases), parseList(row.said_words));
  const rivals = edit.key && row.status === 'active' ? (await activeByKeys(db, row.owner, slotKeys(edit.key))).filter((r) => r.id !== row.id) : [];
  const replaced = supersede(db, rivals, { id: row.id, observedAt: at }, at, actor);
  const pinChanged = edit.pinned !== undefined && (edit.pinned ? 1 : 0) !== row.pinned;
  if (pinChanged) next.pinned = edit.pinned ? 1 : 0;
  const queries: Compilable[] = [
    db
      .updateTable('beliefs')
      .set({
        statement: next.statement,
        norm_statement: next.norm_statement,
        search_terms: next.search_terms,
        type: next.type,
        key: next.key,
        scope: next.scope,
        pinned: next.pinned,
        aliases: next.aliases,
        participants: next.participants,
        event_at: next.event_at,
        updated_at: at,
      })
      .where('id', '=', row.id),
  ];
  if (Object.keys(changed).length) queries.push(historyQuery(db, row.id, 'edited', at, actor, changed));
  if (pinChanged) queries.push(historyQuery(db, row.id, next.pinned ? 'pinned' : 'unpinned', at, actor));
  queries.push(...replaced.queries, invalidatePersonaQuery(db, row.owner));
  await deps.atomic(queries);
  return { belief: toRecord(next), superseded: replaced.events };
}

/** Removal from the dashboard: the belief is kept, marked superseded (recoverable). */
export async function retireBelief(deps: BeliefDeps, row: Belief, actor: string): Promise<BeliefRecord> {
  if (row.status !== 'active') return toRecord(row);
  return endBelief(deps, row, (at) => [historyQuery(deps.db, row.id, 'superseded', at, actor, { removed: true })]);
}

/**
 * "No longer true", said by hand: the belief is superseded with no successor, valid until now,
 * history `retracted`, audited (without its text, which a purge may later remove). A belief that is
 * no longer active cannot be retracted again (409).
 */
export async function retractBelief(deps: BeliefDeps, row: Belief, actor: string): Promise<BeliefRecord> {
  if (row.status !== 'active') throw new ApiError(409, 'already_superseded', 'this belief is already superseded; only an active belief can be retracted');
  return endBelief(deps, row, (at, now) => [
    historyQuery(deps.db, row.id, 'retracted', at, actor, { source: 'manual' }),
    auditQuery(deps.db, { actor, action: 'belief.retracted', target: row.id, detail: { owner: row.owner, belief_id: row.id } }, now),
  ]);
}

/** Marks an active belief superseded with no successor, valid until now, with what `record` adds, in one atomic change. */
async function endBelief(deps: BeliefDeps, row: Belief, record: (at: string, now: Date) => Compilable[]): Promise<BeliefRecord> {
  const now = deps.now();
  const at = now.toISOString();
  const ended = { status: 'superseded', superseded_at: at, updated_at: at, valid_until: at };
  await deps.atomic([
    deps.db.updateTable('beliefs').set(ended).where('id', '=', row.id).where('status', '=', 'active'),
    ...record(at, now),
    invalidatePersonaQuery(deps.db, row.owner),
  ]);
  return toRecord({ ...row, ...ended });
}
