import { activePat } from '../auth/tokens.ts';
import type { Db, User } from '../db/schema.ts';
import { uuid } from '../crypto.ts';
import { foldUserName } from '../user-name.ts';
import { sessionLive, type SessionLimits } from '../auth/sessions.ts';

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

/** Users with their live token and session counts (the admin users list and page). */
export function usersWithCountsQuery(db: Db, limits: SessionLimits, now: Date) {
  return db.selectFrom('users as u').select((eb) => [
    'u.id',
    'u.user_name',
    'u.user_name_lc',
    'u.active',
    'u.scim_managed',
    'u.deleted_at',
    eb
      .selectFrom('api_tokens as t')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('t.user_name', '=', 'u.user_name_lc')
      .where(activePat(now))
      .as('token_count'),
    eb
      .selectFrom('sessions as s')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('s.user_name', '=', 'u.user_name_lc')
      .where(sessionLive('s', limits, now))
      .as('session_count'),
  ]);
}
