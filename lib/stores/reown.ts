import type { Compilable } from 'kysely';
import type { Db } from '../db/schema.ts';
import { auditQuery } from './audit.ts';

/** How many beliefs (any status) an owner holds. */
export async function beliefCountOf(db: Db, owner: string): Promise<number> {
  const row = await db
    .selectFrom('beliefs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One atomic change that gives every belief of `from` (with its persona, compaction history and
 * injection receipts) to `to`, audited. The search terms are owner-scoped, so they are cleared
 * and recomputed afterwards (lib/world/reindex.ts). The caller makes sure `to` owns no beliefs:
 * two world models are never merged (that could leave two active beliefs for one key).
 */
export function reownQueries(db: Db, from: string, to: string, moved: number, now: Date): Compilable[] {
  return [
    db.updateTable('beliefs').set({ owner: to, search_terms: null }).where('owner', '=', from),
    db.deleteFrom('persona_cache').where('owner', '=', to),
    db.updateTable('persona_cache').set({ owner: to }).where('owner', '=', from),
    db.updateTable('compaction_history').set({ owner: to }).where('owner', '=', from),
    db.updateTable('injections').set({ owner: to }).where('owner', '=', from),
    auditQuery(db, { actor: 'operator', action: 'beliefs.reowned', target: to, detail: { from, to, beliefs: moved } }, now),
  ];
}
