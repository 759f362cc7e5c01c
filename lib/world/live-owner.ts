import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Db } from '../db/schema.ts';
import { userLocked } from '../stores/users.ts';
import { ROOT_USER } from '../user-name.ts';

/**
 * The condition under which extraction may still write for `owner`: root always; a user while
 * their row is active and not deleted. A SCIM DELETE or rename moves the user's beliefs away in
 * one change; extraction queued before it must not write under the old name afterwards. On
 * PostgreSQL the user's row is share-locked by the write, so a concurrent DELETE or rename
 * either lands first (and the write finds no live user) or waits for the write's commit (and
 * then moves what it wrote). SQLite, D1 and the Durable Object database run one writer at a time.
 * Undefined for root: nothing to check.
 */
export function liveOwner({ db, dialect }: Database, owner: string): RawBuilder<SqlBool> | undefined {
  if (owner === ROOT_USER) return undefined;
  let user = db.selectFrom('users').select(sql<number>`1`.as('live')).where('user_name_lc', '=', owner).where('active', '=', 1).where('deleted_at', 'is', null);
  if (dialect.lockForShare) user = user.forShare();
  return sql<SqlBool>`exists ${user}`;
}

/** Whether extraction may still run for `owner` (read before a model call, which a deleted user must not cause). */
export async function ownerIsLive(db: Db, owner: string): Promise<boolean> {
  if (owner === ROOT_USER) return true;
  const row = await db.selectFrom('users').select(['active', 'deleted_at']).where('user_name_lc', '=', owner).executeTakeFirst();
  return row !== undefined && !userLocked(row);
}
