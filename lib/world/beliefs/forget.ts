import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/schema.ts';
import { auditQuery } from '../../stores/audit.ts';
import { invalidatePersonaQuery } from './beliefs.ts';
import { forgetReceiptsQueries } from '../recall/receipts.ts';

/**
 * Forgets an owner (API.md §4 `POST /forget`): every belief with its history, the owner's
 * injection receipts, compaction history and persona, in one atomic change audited with the count
 * only. Usage counts stay (they hold no text). The same change records when the owner was
 * forgotten (`owner_forgets`), the fence every later extraction write checks (notForgottenSince),
 * whichever process queued it. Callers serialise per owner (the world-model actor).
 */
export async function forgetOwner(deps: Pick<Deps, 'db' | 'atomic' | 'now'>, owner: string, actor: string): Promise<number> {
  const { db } = deps;
  const counted = await db
    .selectFrom('beliefs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner', '=', owner)
    .executeTakeFirst();
  const purged = Number(counted?.n ?? 0);
  const owned = db.selectFrom('beliefs').select('id').where('owner', '=', owner);
  const now = deps.now();
  await deps.atomic([
    fenceQuery(db, owner, now.getTime()),
    db.deleteFrom('belief_history').where('belief_id', 'in', owned),
    ...forgetReceiptsQueries(db, owner),
    db.deleteFrom('beliefs').where('owner', '=', owner),
    db.deleteFrom('compaction_history').where('owner', '=', owner),
    invalidatePersonaQuery(db, owner),
    auditQuery(db, { actor, action: 'beliefs.forgotten', target: owner, detail: { owner, purged } }, now),
  ]);
  return purged;
}

/** Records when `owner` was forgotten; never moves the fence back (another node's clock may lag). */
function fenceQuery(db: Db, owner: string, atMs: number) {
  return db
    .insertInto('owner_forgets')
    .values({ owner, forgotten_at: atMs })
    .onConflict((oc) => oc.column('owner').doUpdateSet({ forgotten_at: atMs }).where('owner_forgets.forgotten_at', '<', atMs));
}

/**
 * Holds unless `owner` was forgotten at or after `receivedAt` (ms since the epoch): words received
 * before a forget are never learned after it. Both instants are read from the clocks of the
 * processes involved, so across nodes the fence is as exact as their clocks agree.
 */
export function notForgottenSince(db: Db, owner: string, receivedAt: number): RawBuilder<SqlBool> {
  const fence = db.selectFrom('owner_forgets').select(sql<number>`1`.as('fenced')).where('owner', '=', owner).where('forgotten_at', '>=', receivedAt);
  return sql<SqlBool>`not exists ${fence}`;
}
