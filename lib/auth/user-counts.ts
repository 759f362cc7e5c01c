import type { Db } from '../db/schema.ts';
import { sessionLive, type SessionLimits } from './sessions.ts';
import { activePat } from './tokens.ts';

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
