import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { keysetPage, readPage } from '../../../lib/paging.ts';
import { auditEventsQuery, readAuditFilter } from '../../../lib/stores/audit.ts';

/** The audit trail, newest first; `actor`, `action`, `target` and the day range `from`..`to` filter it. */
export function auditRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>().get('/', async (c) => {
    const page = readPage(c);
    const q = auditEventsQuery(
      db,
      readAuditFilter((name) => c.req.query(name)),
    );
    return c.json(await keysetPage(q, page, ['at', 'id'], 'desc', (r) => ({ ...r, detail: parseDetail(r.detail) })));
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
