import type { Db } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** Active beliefs one owner may hold (API.md §8): one token holder cannot write millions. */
const MAX_ACTIVE_BELIEFS = 100_000;

const quotaExceeded = () =>
  new ApiError(409, 'quota_exceeded', `this owner already holds ${MAX_ACTIVE_BELIEFS} active beliefs; remove some before adding more`);

/** Throws quota_exceeded when the owner has no room for one more active belief. */
export async function assertRoomForBelief(db: Db, owner: string): Promise<void> {
  // Kept by triggers on beliefs (schema/0011_limits.sql), so this is one read at any size.
  const row = await db.selectFrom('belief_counts').select('active').where('owner', '=', owner).executeTakeFirst();
  if (Number(row?.active ?? 0) >= MAX_ACTIVE_BELIEFS) throw quotaExceeded();
}
