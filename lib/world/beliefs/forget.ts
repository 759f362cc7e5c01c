import type { Deps } from '../../deps.ts';
import { auditQuery } from '../../stores/audit.ts';
import { invalidatePersonaQuery } from './beliefs.ts';
import { forgetReceiptsQueries } from '../recall/receipts.ts';

/**
 * Forgets an owner (API.md §4 `POST /forget`): every belief with its history, the owner's
 * injection receipts, compaction history and persona, in one atomic change audited with the count
 * only. Usage counts stay (they hold no text). Callers serialise per owner (the world-model actor).
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
  await deps.atomic([
    db.deleteFrom('belief_history').where('belief_id', 'in', owned),
    ...forgetReceiptsQueries(db, owner),
    db.deleteFrom('beliefs').where('owner', '=', owner),
    db.deleteFrom('compaction_history').where('owner', '=', owner),
    invalidatePersonaQuery(db, owner),
    auditQuery(db, { actor, action: 'beliefs.forgotten', target: owner, detail: { owner, purged } }, deps.now()),
  ]);
  return purged;
}
