import type { Db } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';

/**
 * The participants rule of §7: only a relation links participants, and each one is another of the
 * owner's own beliefs. Another owner's belief is refused exactly like a missing one.
 */
export async function checkParticipants(db: Db, owner: string, type: string, ids: readonly string[], selfId: string | null): Promise<void> {
  if (ids.length === 0) return;
  if (type !== 'relation') throw badRequest('participants', 'only a relation belief links participants (set type to "relation")');
  if (selfId !== null && ids.includes(selfId)) throw badRequest('participants', 'a belief cannot be its own participant');
  const rows = await db.selectFrom('beliefs').select(['id', 'owner']).where('id', 'in', ids).execute();
  const own = new Set(rows.filter((r) => r.owner === owner).map((r) => r.id));
  const missing = ids.find((id) => !own.has(id));
  if (missing !== undefined) throw badRequest('participants', `"${missing}" is not one of the owner's beliefs`);
}
