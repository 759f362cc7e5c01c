import { Hono } from 'hono';
import { z } from 'zod';
import { readJson } from '../../../lib/body.ts';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { ApiError, badRequest } from '../../../lib/errors.ts';
import { keysetPage, readPage } from '../../../lib/paging.ts';
import { actorName } from '../../../lib/auth/principal.ts';
import { beliefCountOf, restoreArchive } from '../../../lib/stores/owners.ts';
import { usersWithCountsQuery } from '../../../lib/auth/user-counts.ts';
import { findUser, userLocked } from '../../../lib/stores/users.ts';
import { ARCHIVE_PREFIX, foldUserName } from '../../../lib/user-name.ts';

const restoreBody = z.object({
  archive: z.string().startsWith(ARCHIVE_PREFIX, `must be the archive owner of a deleted user (${ARCHIVE_PREFIX}…)`),
  user_name: z.string().min(1).max(256),
});

/** Users known to the service (admins only, enforced by the access guard). */
export function usersRoutes(deps: Deps) {
  const { db } = deps;
  return (
    new Hono<AppEnv>()
      .get('/', async (c) => {
        const page = readPage(c);
        const q = usersWithCountsQuery(db, deps.settings, deps.now()).where('u.deleted_at', 'is', null);
        return c.json(
          await keysetPage(q, page, ['u.user_name_lc', 'u.id'], 'asc', (r) => ({
            id: r.id,
            user_name: r.user_name,
            active: r.active === 1,
            scim_managed: r.scim_managed === 1,
            token_count: Number(r.token_count ?? 0),
            session_count: Number(r.session_count ?? 0),
          })),
        );
      })
      /**
       * Hands a deleted user's archived world model to a user (say, the same person provisioned
       * again), in one change, and only to a user who holds no beliefs yet: two world models are
       * never merged.
       */
      .post('/restore', async (c) => {
        const body = await readJson(c, restoreBody);
        const user = await findUser(db, body.user_name);
        if (!user || userLocked(user)) throw badRequest('user_name', 'no active user has this userName');
        const to = user.user_name_lc;
        const from = foldUserName(body.archive);
        if (!(await restoreArchive(deps, from, to, actorName(c.get('principal')), deps.now()))) {
          if ((await beliefCountOf(db, from)) === 0) throw badRequest('archive', 'holds no beliefs');
          throw new ApiError(409, 'owner_not_empty', `user_name: ${to} already holds beliefs; an archive is restored only into an empty world model`);
        }
        const moved = await beliefCountOf(db, to);
        return c.json({ user_name: to, archive: from, beliefs: moved });
      })
  );
}
