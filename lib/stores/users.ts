import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Atomic } from '../db/atomic.ts';
import type { Database } from '../db/database.ts';
import type { Db, User } from '../db/schema.ts';
import { uuid } from '../crypto.ts';
import { foldUserName } from '../user-name.ts';
import { guardedAuditQuery } from './audit.ts';

export function findUser(db: Db, userName: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('user_name_lc', '=', foldUserName(userName)).executeTakeFirst();
}

/**
 * The user asserted by the proxy header (or named by root for a new token); created active on
 * first sight, audited as `user.created` by `actor` in the same change. Of two requests creating
 * the same user at once, one inserts the row and audits it; the other finds it.
 */
export async function findOrCreateUser(deps: { db: Db; atomic: Atomic }, userName: string, now: Date, actor: string): Promise<User> {
  const { db } = deps;
  const existing = await findUser(db, userName);
  if (existing) return existing;
  const at = now.toISOString();
  const id = uuid();
  const userNameLc = foldUserName(userName);
  const inserted = sql<boolean>`exists (select 1 from users where id = ${id})`;
  await deps.atomic([
    db
      .insertInto('users')
      .values({ id, user_name: userName, user_name_lc: userNameLc, active: 1, scim_managed: 0, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('user_name_lc').doNothing()),
    guardedAuditQuery(db, { actor, action: 'user.created', target: userNameLc, detail: { user_name: userName } }, now, inserted).query,
  ]);
  return (await findUser(db, userName))!;
}

export function userLocked(user: Pick<User, 'active' | 'deleted_at'>): boolean {
  return user.active !== 1 || user.deleted_at !== null;
}

/**
 * Holds while `userNameLc` names an active user not deleted: the SQL of userLocked, for a write
 * that must not land once the user is locked out. With `lock` the user's row is share-locked on
 * PostgreSQL, so a concurrent lock-out (which updates that row first) either commits before the
 * write, which then finds no live user, or waits until the write commits and then sees what it wrote.
 */
export function liveUser({ db, dialect }: Pick<Database, 'db' | 'dialect'>, userNameLc: string, lock = true): RawBuilder<SqlBool> {
  let user = db
    .selectFrom('users')
    .select(sql<number>`1`.as('live'))
    .where('user_name_lc', '=', userNameLc)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null);
  if (lock && dialect.lockForShare) user = user.forShare();
  return sql<SqlBool>`exists ${user}`;
}
