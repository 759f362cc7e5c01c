import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Atomic } from '../db/atomic.ts';
import type { Db } from '../db/schema.ts';
import { ownerPrefix } from '../owner-prefix.ts';
import { guardedAuditQuery } from './audit.ts';

/**
 * Moves one owner's world model (beliefs with their search terms and vectors, persona, compaction
 * history, injection receipts) to another owner, in every statement only if `guard` holds (when
 * given); for use inside one atomic change. A persona `to` had is dropped (rebuilt on demand). The
 * moved vectors are stamped now, so every process's cache of `to` reads them (and that of `from`,
 * whose rows are gone, is rebuilt). The one way a user's memory moves: a SCIM delete or rename, an
 * archive restore and `npm run reown`.
 */
export function moveOwnerQueries(db: Db, from: string, to: string, guard: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`) {
  const terms = sql<string>`replace(search_terms, ${ownerPrefix(from)}, ${ownerPrefix(to)})`;
  return [
    db.updateTable('beliefs').set({ owner: to, search_terms: terms }).where('owner', '=', from).where(guard),
    db.deleteFrom('persona_cache').where('owner', '=', to).where(guard),
    db.updateTable('persona_cache').set({ owner: to }).where('owner', '=', from).where(guard),
    db.updateTable('compaction_history').set({ owner: to }).where('owner', '=', from).where(guard),
    db.updateTable('injections').set({ owner: to }).where('owner', '=', from).where(guard),
    db.updateTable('belief_vectors').set({ owner: to, stamp: Date.now() }).where('owner', '=', from).where(guard),
  ];
}

/** How many beliefs (any status) an owner holds. */
export async function beliefCountOf(db: Db, owner: string): Promise<number> {
  const row = await db
    .selectFrom('beliefs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Holds while `owner` owns at least one belief (any status). */
export function holdsBeliefs(owner: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from beliefs where owner = ${owner})`;
}

/**
 * Hands an archived world model to `to` in one atomic change, audited as `user.archive.restored`,
 * only while the archive holds beliefs and `to` none: two world models are never merged. False
 * when it did not land.
 */
export async function restoreArchive(store: { db: Db; atomic: Atomic }, archive: string, to: string, actor: string, now: Date): Promise<boolean> {
  const { db } = store;
  const condition = sql<SqlBool>`${holdsBeliefs(archive)} and not ${holdsBeliefs(to)}`;
  const audit = guardedAuditQuery(db, { actor, action: 'user.archive.restored', target: to, detail: { archive, user_name: to } }, now, condition);
  const [written] = await store.atomic([audit.query, ...moveOwnerQueries(db, archive, to, audit.written)]);
  return written!.changes > 0;
}
