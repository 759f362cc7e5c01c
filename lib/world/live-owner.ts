import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import { liveUser } from '../stores/users.ts';
import { ROOT_USER } from '../user-name.ts';
import { notForgottenSince } from './beliefs/forget.ts';

/**
 * The condition under which extraction may still write for `owner` words received at
 * `receivedAt`: the owner is root, or a user whose row is active and not deleted; and the owner was
 * not forgotten since (forget.ts). A SCIM DELETE or rename moves the user's beliefs away in one
 * change; extraction queued before it must not write under the old name afterwards. On
 * PostgreSQL the user's row is share-locked by the write (`lock`, liveUser), so a concurrent
 * DELETE or rename either lands first or then moves what the write wrote; a forget on another
 * node holds the owner's lock (Cluster) while it commits. SQLite, D1 and the Durable Object
 * database run one writer at a time. Undefined when there is nothing to check.
 */
export function liveOwner(database: Database, owner: string, receivedAt?: number, lock = true): RawBuilder<SqlBool> | undefined {
  const checks: RawBuilder<SqlBool>[] = [];
  if (owner !== ROOT_USER) checks.push(liveUser(database, owner, lock));
  if (receivedAt !== undefined) checks.push(notForgottenSince(database.db, owner, receivedAt));
  return checks.length === 0 ? undefined : sql<SqlBool>`(${sql.join(checks, sql` and `)})`;
}

/** Whether extraction may still run (read before a model call, which a deleted or forgotten owner must not cause): one query. */
export async function ownerIsLive(database: Database, owner: string, receivedAt?: number): Promise<boolean> {
  const condition = liveOwner(database, owner, receivedAt, false);
  if (!condition) return true;
  return (await database.db.selectNoFrom(sql<number>`1`.as('live')).where(condition).executeTakeFirst()) !== undefined;
}
