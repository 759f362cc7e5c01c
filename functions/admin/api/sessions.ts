import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { notFound } from '../../../lib/errors.ts';
import { keysetPage, readPage } from '../../../lib/paging.ts';
import { actorName, listedOwner, mayManage } from '../../../lib/auth/principal.ts';
import { auditQuery } from '../../../lib/stores/audit.ts';
import { clearSessionCookie } from '../../../lib/auth/session-cookie.ts';
import { SESSION_COLUMNS, sessionEndedAt, terminateSessionQuery } from '../../../lib/auth/sessions.ts';

/** Dashboard sessions: one's own, or everyone's (`?all=1`) for admins. */
export function sessionsRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const owner = listedOwner(c.get('principal'), c.req.query('all') === '1', 'session');
      const page = readPage(c);
      let q = db.selectFrom('sessions').select(SESSION_COLUMNS);
      if (owner !== null) q = q.where('user_name', '=', owner);
      const now = deps.now();
      // A session past its lifetime is listed as ended then, though no row was written when it ended.
      return c.json(await keysetPage(q, page, ['created_at', 'id'], 'desc', (r) => ({ ...r, terminated_at: sessionEndedAt(r, deps.settings, now) })));
    })
    .delete('/:id', async (c) => {
      const principal = c.get('principal');
      const session = await db.selectFrom('sessions').select(SESSION_COLUMNS).where('id', '=', c.req.param('id')).executeTakeFirst();
      if (!session || !mayManage(principal, session.user_name)) throw notFound('session');
      if (session.terminated_at === null) {
        const now = deps.now();
        await deps.atomic([
          terminateSessionQuery(db, session.id, now),
          auditQuery(db, { actor: actorName(principal), action: 'session.terminated', target: session.id, detail: { user_name: session.user_name } }, now),
        ]);
      }
      if ('sessionId' in principal && principal.sessionId === session.id) clearSessionCookie(c, deps);
      return c.body(null, 204);
    });
}
