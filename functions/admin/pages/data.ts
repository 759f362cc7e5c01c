import { inLists } from '../../../lib/db/params.ts';
import type { AuditEvent, Db } from '../../../lib/db/schema.ts';
import { auditEventsQuery, type AuditFilter } from '../../../lib/stores/audit.ts';
import { sessionLive, type SessionLimits } from '../../../lib/auth/sessions.ts';
import { activePat } from '../../../lib/auth/tokens.ts';
import { usersWithCountsQuery } from '../../../lib/auth/user-counts.ts';
import type { Receipt } from '../../../lib/world/recall/receipts.ts';

/** Read-only queries behind the dashboard pages; every change goes through the JSON admin API. */

const PAGE_SIZE = 100;

export async function beliefCounts(db: Db, owner: string): Promise<{ active: number; superseded: number }> {
  const rows = await db
    .selectFrom('beliefs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('owner', '=', owner)
    .groupBy('status')
    .execute();
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { active: of('active'), superseded: of('superseded') };
}

export async function beliefScopes(db: Db, owner: string): Promise<string[]> {
  const rows = await db.selectFrom('beliefs').select('scope').distinct().where('owner', '=', owner).orderBy('scope').execute();
  return rows.map((r) => r.scope);
}

/** Statements of the owner's beliefs among `ids` (a relation's participants), by id. */
export async function statementsOf(db: Db, owner: string, ids: readonly string[]): Promise<Map<string, string>> {
  const lists = inLists([...new Set(ids)]);
  const rows = await Promise.all(lists.map((list) => db.selectFrom('beliefs').select(['id', 'owner', 'statement']).where('id', 'in', list).execute()));
  return new Map(
    rows
      .flat()
      .filter((r) => r.owner === owner)
      .map((r) => [r.id, r.statement]),
  );
}

/**
 * The statement of each belief a receipt carried, as injected; links recorded before statements
 * were kept fall back to the belief's current statement. A purged belief has no link and is absent.
 */
export async function injectedStatements(db: Db, receipt: Receipt): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('injection_beliefs as l')
    .leftJoin('beliefs as b', 'b.id', 'l.belief_id')
    .select(['l.belief_id', 'l.statement', 'b.statement as current', 'b.owner'])
    .where('l.injection_id', '=', receipt.id)
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) {
    const text = r.statement ?? (r.owner === receipt.owner ? r.current : null);
    if (text !== null) out.set(r.belief_id, text);
  }
  return out;
}

export function ownTokens(db: Db, userName: string) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'user_name', 'name', 'token_prefix', 'created_at', 'last_used_at', 'expires_at', 'scope', 'revoked_at'])
    .where('user_name', '=', userName)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}

export async function activeTokenCount(db: Db, userName: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_name', '=', userName)
    .where(activePat(new Date()))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface UserRow {
  id: string;
  user_name: string;
  active: boolean;
  scim_managed: boolean;
  deleted: boolean;
  token_count: number;
  session_count: number;
}

export async function usersWithCounts(db: Db, limits: SessionLimits, now: Date): Promise<UserRow[]> {
  const rows = await usersWithCountsQuery(db, limits, now).orderBy('u.user_name_lc').limit(1000).execute();
  return rows.map((r) => ({
    id: r.id,
    user_name: r.user_name,
    active: r.active === 1 && r.deleted_at === null,
    scim_managed: r.scim_managed === 1,
    deleted: r.deleted_at !== null,
    token_count: Number(r.token_count ?? 0),
    session_count: Number(r.session_count ?? 0),
  }));
}

export function activeTokensOf(db: Db, userNames: string[]) {
  if (userNames.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('api_tokens')
    .select(['id', 'user_name', 'name', 'token_prefix', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_name', 'in', userNames)
    .where(activePat(new Date()))
    .orderBy('created_at', 'desc')
    .execute();
}

export function activeSessionsOf(db: Db, userNames: string[], limits: SessionLimits, now: Date) {
  if (userNames.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sessions')
    .select(['id', 'user_name', 'created_at', 'last_seen_at'])
    .where('user_name', 'in', userNames)
    .where(sessionLive('sessions', limits, now))
    .orderBy('created_at', 'desc')
    .execute();
}

/** Audit events newest first; `before` is the `at|id` of the last row of the previous page. */
export async function auditPage(db: Db, before: string | null, filter: AuditFilter): Promise<{ rows: AuditEvent[]; next: string | null }> {
  let query = auditEventsQuery(db, filter);
  const [at, id] = before?.split('|') ?? [];
  if (at && id) query = query.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
  const rows = await query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
  const last = rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1]! : null;
  return { rows: rows.slice(0, PAGE_SIZE), next: last ? `${last.at}|${last.id}` : null };
}

export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_events').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}
