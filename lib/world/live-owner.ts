import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import { ROOT_USER } from '../user-name.ts';
import { notForgottenSince } from './beliefs/forget.ts';

/**
 * The condition under which extraction may still write for `owner` words received at
 * `receivedAt`: the owner is root, or a user whose row is active and not deleted; and the owner was
 * not forgotten since (forget.ts). A SCIM DELETE or rename moves the user's beliefs away in one
 * change; extraction queued before it must not write under the old name afterwards. On
 * PostgreSQL the user's row is share-locked by the write (`lock`), so a concurrent DELETE or
 * rename either lands first (and the write finds no live user) or waits for the write's commit
 * (and then moves what it wrote); a forget on another node holds the owner's lock (Cluster) while
 * it commits. SQLite, D1 and the Durable Object database run one writer at a time. Undefined when
 * there is nothing to check.
 */
export function liveOwner({ db, dialect }: Database, owner: string, receivedAt?: number, lock = true): RawBuilder<SqlBool> | undefined {
  const checks: RawBuilder<SqlBool>[] = [];
  if (owner !== ROOT_USER) {
    let user = db
      .selectFrom('users')
      .select(sql<number>`1`.as('live'))
      .where('user_name_lc', '=', owner)
      .where('active', '=', 1)
      .where('deleted_at', 'is', null);
    if (lock && dialect.lockForShare) user = user.forShare();
    checks.push(sql<SqlBool>`exists ${user}`);
  }
  if (receivedAt !== undefined) checks.push(notForgottenSince(db, owner, receivedAt));
  return checks.length === 0 ? undefined : sql<SqlBool>`(${sql.join(checks, sql` and `)})`;
}

/** Whether extraction may still run (read before a model call, which a deleted or forgotten owner must not cause): one query. */
export async function ownerIsLive(database: Database, owner: string, receivedAt?: number): Promise<boolean> {
  const condition = liveOwner(database, owner, receivedAt, false);
  if (!condition) return true;
  return (await database.db.selectNoFrom(sql<number>`1`.as('live')).where(condition).executeTakeFirst()) !== undefined;
}
