import type { Db } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';

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
const MAX_EXTRACTION_WRITES_PER_MINUTE = 1200;

/**
 * One owner's extraction writes in the current minute. Past the bound, new socket turns are
 * refused with `backpressure` and queued ones wait for the next minute, so re-sending turns
 * (each a reinforcement write) cannot write without bound.
 */
export class WriteBudget {
  private minute = -1;
  private used = 0;

  constructor(
    private readonly now: () => Date,
    readonly limit = MAX_EXTRACTION_WRITES_PER_MINUTE,
  ) {}

  private roll(): void {
    const minute = Math.floor(this.now().getTime() / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.used = 0;
    }
  }

  /** Writes still allowed this minute. */
  left(): number {
    this.roll();
    return Math.max(0, this.limit - this.used);
  }

  spend(writes: number): void {
    this.roll();
    this.used += writes;
  }

  /** Milliseconds until the next minute starts. */
  untilNextMinute(): number {
    return 60_000 - (this.now().getTime() % 60_000);
  }
}
