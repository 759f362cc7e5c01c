import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { afterCursor, readPage, toPage } from '../../../lib/paging.ts';
import { usersWithCountsQuery } from '../../../lib/stores/users.ts';

/** Users known to the service (admins only, enforced by the access guard). */
export function usersRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>().get('/', async (c) => {
    const page = readPage(c);
    let q = usersWithCountsQuery(db).where('u.deleted_at', 'is', null);
    if (page.after) q = q.where(afterCursor(['u.user_name_lc', 'u.id'], page.after, 'asc'));
    const rows = await q.orderBy('u.user_name_lc').orderBy('u.id').limit(page.limit + 1).execute();
    return c.json(
      toPage(rows, page, (r) => [r.user_name_lc, r.id], (r) => ({
        id: r.id,
        user_name: r.user_name,
        active: r.active === 1,
        scim_managed: r.scim_managed === 1,
        token_count: Number(r.token_count ?? 0),
        session_count: Number(r.session_count ?? 0),
      })),
    );
  });
}
