import type { Db } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { MinuteCounts, msToNextMinute } from '../../minute.ts';

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

/** Extraction writes (beliefs created, superseded, reinforced or retracted) one owner may make per minute. */
export const MAX_EXTRACTION_WRITES_PER_MINUTE = 1200;
/**
 * Milliseconds the built-in extractor may run for one owner per minute (in one process): every
 * turn spends what it cost, whether it writes or not. A heavy 8 KB turn costs a few hundred; an
 * everyday one well under one.
 */
export const MAX_EXTRACTION_MS_PER_MINUTE = 2000;

/**
 * What one owner's extraction spent in the current clock minute (minute.ts): belief writes, or milliseconds
 * of extractor time. Past the limit new socket turns are refused with `backpressure`, and turns
 * already queued wait for the next minute (writes) or are skipped (time), so re-sending turns
 * cannot write or compute without bound.
 */
export class MinuteBudget {
  private readonly spent = new MinuteCounts<'spent'>();

  constructor(
    private readonly now: () => Date,
    readonly limit: number,
  ) {}

  /** What may still be spent this minute. */
  left(): number {
    return Math.max(0, this.limit - this.spent.used('spent', this.now().getTime()));
  }

  spend(amount: number): void {
    this.spent.add('spent', amount, this.now().getTime());
  }

  /** Milliseconds until the next minute starts. */
  untilNextMinute(): number {
    return msToNextMinute(this.now().getTime());
  }
}
