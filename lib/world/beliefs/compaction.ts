import type { Compilable } from 'kysely';
import type { Belief } from '../../db/schema.ts';
import { uuid } from '../../crypto.ts';
import { historyQuery, invalidatePersonaQuery, toRecord, type BeliefDeps } from './beliefs.ts';
import { contentWords } from '../text.ts';
import type { BeliefEvent, CompactionEntry } from '../../ports/beliefs.ts';

/** Chains longer than this are folded: every superseded link points at the chain's current head. */
const FOLD_AFTER = 2;

/**
 * Merges near-duplicate active beliefs (same type, scope and compatible key; the same content words
 * in any order or punctuation) into the most established one, and folds long supersession chains.
 * Every belief is kept; merged ones become superseded by their keeper. One atomic change.
 */
export async function compact(deps: BeliefDeps, owner: string, actor: string): Promise<{ entry: CompactionEntry; events: BeliefEvent[] }> {
  const { db } = deps;
  const at = deps.now().toISOString();
  const active = await db.selectFrom('beliefs').selectAll().where('owner', '=', owner).where('status', '=', 'active').execute();

  const groups = new Map<string, Belief[]>();
  for (const b of active) {
    const words = contentWords(b.statement).sort().join(' ');
    if (!words) continue;
    const sig = `${b.type}\u0000${b.scope}\u0000${b.key ?? ''}\u0000${words}`;
    groups.set(sig, [...(groups.get(sig) ?? []), b]);
  }

  const queries: Compilable[] = [];
  const events: BeliefEvent[] = [];
  const merged: CompactionEntry['merged']['groups'] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    members.sort(
      (a, b) => b.pinned - a.pinned || b.reinforced_count - a.reinforced_count || b.confidence - a.confidence || a.created_at.localeCompare(b.created_at),
    );
    const [keeper, ...rest] = members as [Belief, ...Belief[]];
    const gained = rest.reduce((n, b) => n + b.reinforced_count + 1, 0);
    queries.push(
      db
        .updateTable('beliefs')
        .set({ reinforced_count: keeper.reinforced_count + gained, confidence: Math.max(...members.map((m) => m.confidence)), updated_at: at })
        .where('id', '=', keeper.id),
      historyQuery(db, keeper.id, 'reinforced', at, actor, { compaction: true, merged: rest.map((b) => b.id) }),
    );
    for (const b of rest) {
      queries.push(
        db.updateTable('beliefs').set({ status: 'superseded', superseded_at: at, superseded_by: keeper.id, updated_at: at }).where('id', '=', b.id),
        historyQuery(db, b.id, 'superseded', at, actor, { compaction: true, superseded_by: keeper.id }),
      );
      events.push({ action: 'superseded', belief: toRecord({ ...b, status: 'superseded', superseded_at: at, superseded_by: keeper.id, updated_at: at }) });
    }
    merged.push({ kept: keeper.id, merged: rest.map((b) => b.id) });
  }

  const superseded = await db
    .selectFrom('beliefs')
    .select(['id', 'superseded_by'])
    .where('owner', '=', owner)
    .where('status', '=', 'superseded')
    .where('superseded_by', 'is not', null)
    .execute();
  const next = new Map(superseded.map((r) => [r.id, r.superseded_by!]));
  let folded = 0;
  for (const [id, by] of next) {
    let head = by;
    let length = 1;
    for (let i = 0; i < 10_000 && next.has(head); i++) {
      head = next.get(head)!;
      length++;
    }
    if (length > FOLD_AFTER && head !== by) {
      queries.push(db.updateTable('beliefs').set({ superseded_by: head }).where('id', '=', id));
      folded++;
    }
  }

  const mergedCount = merged.reduce((n, g) => n + g.merged.length, 0);
  const entry: CompactionEntry = {
    id: uuid(),
    owner,
    at,
    before_count: active.length,
    after_count: active.length - mergedCount,
    merged: { groups: merged, folded },
  };
  queries.push(db.insertInto('compaction_history').values({ ...entry, merged: JSON.stringify(entry.merged) }));
  if (mergedCount) queries.push(invalidatePersonaQuery(db, owner));
  await deps.atomic(queries);
  return { entry, events };
}
