import type { Belief, Db } from '../../db/schema.ts';
import { findBelief, toRecord } from './beliefs.ts';
import type { BeliefRecord } from '../../ports/beliefs.ts';

/** The belief's supersession chain, oldest first: everything it replaced and everything that replaced it. */
export async function supersessionChain(db: Db, row: Belief): Promise<BeliefRecord[]> {
  const found = new Map<string, Belief>([[row.id, row]]);
  let frontier = [row.id];
  for (let i = 0; i < 100 && frontier.length; i++) {
    const older = await db.selectFrom('beliefs').selectAll().where('owner', '=', row.owner).where('superseded_by', 'in', frontier).limit(1000).execute();
    frontier = older.filter((b) => !found.has(b.id)).map((b) => b.id);
    for (const b of older) found.set(b.id, b);
  }
  let cursor: Belief | undefined = row;
  for (let i = 0; i < 1000 && cursor?.superseded_by; i++) {
    cursor = found.has(cursor.superseded_by) ? undefined : await findBelief(db, cursor.superseded_by);
    if (cursor?.owner !== row.owner) break;
    found.set(cursor.id, cursor);
  }
  return [...found.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)).map(toRecord);
}
