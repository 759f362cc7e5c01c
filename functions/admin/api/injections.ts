import { Hono, type Context } from 'hono';
import type { Db } from '../../../lib/db/schema.ts';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { readPage } from '../../../lib/paging.ts';
import { isAdmin, mayManage } from '../../../lib/auth/principal.ts';
import { findReceipt, listReceipts } from '../../../lib/world/recall/receipts.ts';
import { findBelief } from '../../../lib/world/beliefs/beliefs.ts';
import { targetOwner } from './beliefs.ts';

/** Whose receipts a list shows: `owner=` as for beliefs; an admin naming only a belief gets its owner's. */
async function receiptsOwner(c: Context<AppEnv>, db: Db, beliefId: string | undefined): Promise<string> {
  if (beliefId !== undefined && !c.req.query('owner') && isAdmin(c.get('principal'))) {
    const belief = await findBelief(db, beliefId);
    if (belief) return belief.owner;
  }
  return targetOwner(c);
}

/** Injection receipts (API.md §11): own, admins any; to anyone else a receipt does not exist. */
export function injectionsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const beliefId = c.req.query('belief_id');
      if (beliefId !== undefined && (beliefId === '' || beliefId.length > 100)) throw badRequest('belief_id', 'is not a belief id');
      const page = readPage(c);
      await deps.services.receipts.flush();
      return c.json(await listReceipts(deps.db, await receiptsOwner(c, deps.db, beliefId), beliefId, page));
    })
    .get('/:id', async (c) => {
      await deps.services.receipts.flush();
      const receipt = await findReceipt(deps.db, c.req.param('id'));
      if (!receipt || !mayManage(c.get('principal'), receipt.owner)) throw notFound('injection');
      return c.json(receipt);
    });
}
