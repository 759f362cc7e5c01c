import type { Compilable } from 'kysely';
import type { Belief } from '../../db/schema.ts';
import { parseList } from '../../json-list.ts';
import { historyQuery, invalidatePersonaQuery, toRecord, type BeliefDeps } from './beliefs.ts';
import { searchTerms } from '../recall/terms.ts';
import { normalizeStatement } from '../text.ts';
import type { BeliefEdit, BeliefRecord } from '../../ports/beliefs.ts';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Edits a belief in place; history records `edited` (each changed field's from/to) and, when the pin changes, `pinned`/`unpinned`. */
export async function editBelief(deps: BeliefDeps, row: Belief, edit: BeliefEdit, actor: string): Promise<BeliefRecord> {
  const { db } = deps;
  const at = deps.now().toISOString();
  const next: Belief = { ...row, updated_at: at };
  const changed: Record<string, unknown> = {};
  if (edit.statement !== undefined && edit.statement !== row.statement) {
    next.statement = edit.statement;
    next.norm_statement = normalizeStatement(edit.statement);
    changed.statement = { from: row.statement, to: edit.statement };
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
  if (changed.statement || changed.aliases) next.search_terms = searchTerms(row.owner, next.statement, row.key, parseList(next.aliases));
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
  queries.push(invalidatePersonaQuery(db, row.owner));
  await deps.atomic(queries);
  return toRecord(next);
}

/** Removal from the dashboard: the belief is kept, marked superseded (recoverable). */
export async function retireBelief(deps: BeliefDeps, row: Belief, actor: string): Promise<BeliefRecord> {
  const { db } = deps;
  const at = deps.now().toISOString();
  if (row.status !== 'active') return toRecord(row);
  await deps.atomic([
    db.updateTable('beliefs').set({ status: 'superseded', superseded_at: at, updated_at: at, valid_until: at }).where('id', '=', row.id),
    historyQuery(db, row.id, 'superseded', at, actor, { removed: true }),
    invalidatePersonaQuery(db, row.owner),
  ]);
  return toRecord({ ...row, status: 'superseded', superseded_at: at, updated_at: at, valid_until: at });
}
