import type { Db } from '../db/schema.ts';
import { uuid } from '../crypto.ts';

/** An audit insert, to run alone or inside an atomic change. */
export function auditQuery(
  db: Db,
  e: { actor: string; action: string; target?: string | null; detail?: unknown },
  now: Date,
) {
  return db.insertInto('audit_events').values({
    id: uuid(),
    at: now.toISOString(),
    actor: e.actor,
    action: e.action,
    target: e.target ?? null,
    detail: e.detail === undefined ? null : JSON.stringify(e.detail),
  });
}
