import { Hono } from 'hono';
import { z } from 'zod';
import { readJson } from '../../../lib/body.ts';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { badRequest } from '../../../lib/errors.ts';
import { actorName, ownerOf } from '../../../lib/auth/principal.ts';
import { foldUserName, MAX_OWNER } from '../../../lib/user-name.ts';
import { targetOwner } from './beliefs.ts';

const forgetSchema = z.object({
  confirm: z.string({ error: 'must be your own userName, typed to confirm' }).max(MAX_OWNER).optional(),
  owner: z.string().min(1).max(MAX_OWNER).optional(),
});

/**
 * Forget (API.md §4): a user purges everything of theirs; admins name another `owner` (in the body
 * or the query). The typed `confirm` must be the caller's own userName (or, for an admin, the owner's).
 */
export function forgetRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const hasBody = (c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding') !== undefined;
    const body = hasBody ? await readJson(c, forgetSchema) : {};
    const principal = c.get('principal');
    const owner = targetOwner(c, body.owner);
    const typed = body.confirm === undefined ? null : foldUserName(body.confirm.trim());
    if (typed === null || (typed !== ownerOf(principal) && typed !== owner)) {
      throw badRequest('confirm', 'must be your own userName, typed to confirm that everything of this owner is forgotten');
    }
    // Receipts still buffered from recent chats are written first, so they are forgotten too.
    await deps.services.receipts.flush();
    const purged = await deps.world.change(owner, { op: 'forget', actor: actorName(principal) });
    return c.json({ purged });
  });
}
