import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/schema.ts';
import { ownerPrefix } from '../world/terms.ts';

/**
 * Moves one owner's world model (beliefs with their search terms, compaction history, injection
 * receipts) to another owner, each statement only if `guard` holds; for use inside one atomic
 * change. The persona cache of both is dropped (it is rebuilt on demand).
 */
export function moveOwnerQueries(db: Db, from: string, to: string, guard: RawBuilder<SqlBool>) {
  const terms = sql<string>`replace(search_terms, ${ownerPrefix(from)}, ${ownerPrefix(to)})`;
  return [
    db.updateTable('beliefs').set({ owner: to, search_terms: terms }).where('owner', '=', from).where(guard),
    db.deleteFrom('persona_cache').where('owner', 'in', [from, to]).where(guard),
    db.updateTable('compaction_history').set({ owner: to }).where('owner', '=', from).where(guard),
    db.updateTable('injections').set({ owner: to }).where('owner', '=', from).where(guard),
  ];
}
