import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { afterCursor, readPage, toPage } from '../../../lib/paging.ts';
import { auditEventsQuery, readAuditFilter } from '../../../lib/stores/audit.ts';

/** The audit trail, newest first; `actor`, `action`, `target` and the day range `from`..`to` filter it. */
export function auditRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>().get('/', async (c) => {
    const page = readPage(c);
    let q = auditEventsQuery(
      db,
      readAuditFilter((name) => c.req.query(name)),
    );
    if (page.after) q = q.where(afterCursor(['at', 'id'], page.after, 'desc'));
    const rows = await q
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit + 1)
      .execute();
    return c.json(
      toPage(
        rows,
        page,
        (r) => [r.at, r.id],
        (r) => ({ ...r, detail: parseDetail(r.detail) }),
      ),
    );
  });
}

/** Details are JSON when written through auditQuery; anything else is shown as the text it is. */
function parseDetail(detail: string | null): unknown {
  if (detail === null) return null;
  try {
    return JSON.parse(detail);
  } catch {
    return detail;
  }
}
