import type { Db, User } from '../db/schema.ts';
import { uuid } from '../crypto.ts';
import { foldUserName } from '../user-name.ts';

export function findUser(db: Db, userName: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('user_name_lc', '=', foldUserName(userName)).executeTakeFirst();
}

/** The user asserted by the proxy header; created active on first sight. */
export async function findOrCreateUser(db: Db, userName: string, now: Date): Promise<User> {
  const existing = await findUser(db, userName);
  if (existing) return existing;
  const at = now.toISOString();
  await db
    .insertInto('users')
    .values({
      id: uuid(),
      user_name: userName,
      user_name_lc: foldUserName(userName),
      active: 1,
      scim_managed: 0,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('user_name_lc').doNothing())
    .execute();
  return (await findUser(db, userName))!;
}

export function userLocked(user: Pick<User, 'active' | 'deleted_at'>): boolean {
  return user.active !== 1 || user.deleted_at !== null;
}
