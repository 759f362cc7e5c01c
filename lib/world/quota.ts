import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** Active beliefs one owner may hold (API.md §8): one token holder cannot write millions. */
export const MAX_ACTIVE_BELIEFS = 100_000;

export const quotaExceeded = () =>
  new ApiError(409, 'quota_exceeded', `this owner already holds ${MAX_ACTIVE_BELIEFS} active beliefs; remove some before adding more`);

/** Throws quota_exceeded when the owner has no room for one more active belief. */
export async function assertRoomForBelief(db: Db, owner: string): Promise<void> {
  // Kept by triggers on beliefs (schema/0011_limits.sql), so this is one read at any size.
  const { rows } = await sql<{ active: number }>`SELECT active FROM belief_counts WHERE owner = ${owner}`.execute(db);
  if (Number(rows[0]?.active ?? 0) >= MAX_ACTIVE_BELIEFS) throw quotaExceeded();
}
