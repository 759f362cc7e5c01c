import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/schema.ts';
import { uuid } from '../crypto.ts';
import { badRequest } from '../errors.ts';

/** What the audit log can be narrowed to, in the API and on the page alike. */
export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  /** UTC days `YYYY-MM-DD`, both inclusive. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filter from query parameters; a malformed date is a 400 naming it. Empty values mean "any". */
export function readAuditFilter(query: (name: string) => string | undefined): AuditFilter {
  const f: AuditFilter = {};
  for (const name of ['actor', 'action', 'target'] as const) {
    const v = query(name)?.trim();
    if (v) f[name] = v.slice(0, 200);
  }
  for (const name of ['from', 'to'] as const) {
    const v = query(name)?.trim();
    if (!v) continue;
    if (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) throw badRequest(name, 'must be a date YYYY-MM-DD (UTC)');
    f[name] = v;
  }
  if (f.from && f.to && f.from > f.to) throw badRequest('from', 'must not be after to');
  return f;
}

/** Audit events matching the filter (actor compared case-insensitively), to be ordered and paged by the caller. */
export function auditEventsQuery(db: Db, f: AuditFilter) {
  let q = db.selectFrom('audit_events').selectAll();
  if (f.actor) q = q.where((eb) => eb(eb.fn('lower', ['actor']), '=', f.actor!.toLowerCase()));
  if (f.action) q = q.where('action', '=', f.action);
  if (f.target) q = q.where('target', '=', f.target);
  if (f.from) q = q.where('at', '>=', `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where('at', '<', nextDay(f.to));
  return q;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** An audit insert, to run alone or inside an atomic change. */
export function auditQuery(db: Db, e: { actor: string; action: string; target?: string | null; detail?: unknown }, now: Date) {
  return db.insertInto('audit_events').values({
    id: uuid(),
    at: now.toISOString(),
    actor: e.actor,
    action: e.action,
    target: e.target ?? null,
    detail: e.detail === undefined ? null : JSON.stringify(e.detail),
  });
}

/**
 * An audit insert that writes the event only where `condition` holds, and a guard that holds once
 * it was written: for an atomic change whose later statements follow from this one.
 */
export function guardedAuditQuery(
  db: Db,
  e: { actor: string; action: string; target: string; detail: unknown },
  now: Date,
  condition: RawBuilder<SqlBool>,
): { query: CompiledQuery; written: RawBuilder<SqlBool> } {
  const id = uuid();
  return {
    query: sql`insert into audit_events (id, at, actor, action, target, detail)
      select ${id}, ${now.toISOString()}, ${e.actor}, ${e.action}, ${e.target}, ${JSON.stringify(e.detail)} where ${condition}`.compile(db),
    written: sql<SqlBool>`exists (select 1 from audit_events where id = ${id})`,
  };
}
