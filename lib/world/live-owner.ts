import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database.ts';
import { precompiledByShape } from '../db/precompiled.ts';
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
export function liveOwner(database: Pick<Database, 'db' | 'dialect'>, owner: string, receivedAt?: number, lock = true): RawBuilder<SqlBool> | undefined {
  const checks: RawBuilder<SqlBool>[] = [];
  if (owner !== ROOT_USER) checks.push(liveUser(database, owner, lock));
  if (receivedAt !== undefined) checks.push(notForgottenSince(database.db, owner, receivedAt));
  return checks.length === 0 ? undefined : sql<SqlBool>`(${sql.join(checks, sql` and `)})`;
}

/** Whether extraction may still run (read before a model call, which a deleted or forgotten owner must not cause): one query. */
export async function ownerIsLive(database: Database, owner: string, receivedAt?: number): Promise<boolean> {
  const user = owner !== ROOT_USER;
  const fenced = receivedAt !== undefined;
  if (!user && !fenced) return true;
  // Parameters in the order liveOwner places them: the user's name and `active`, then the owner and the time of the fence.
  const parameters = [...(user ? [owner, 1] : []), ...(fenced ? [owner, receivedAt] : [])];
  return (await liveQuery(database, `${user ? USER : ''}${fenced ? FENCE : ''}`, parameters)).length > 0;
}

const USER = 'u';
const FENCE = 'f';

/** ownerIsLive's one query, compiled once per shape (a user to check, a fence to check): it runs before every extraction. */
const liveQuery = precompiledByShape<{ live: number }>((db, dialect, shape) =>
  db
    .selectNoFrom(sql<number>`1`.as('live'))
    .where(liveOwner({ db, dialect }, shape.includes(USER) ? '' : ROOT_USER, shape.includes(FENCE) ? 0 : undefined, false)!),
);
