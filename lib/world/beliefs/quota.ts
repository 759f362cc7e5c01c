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
 * The most a turn is charged per character it gives the extractor, over a floor of 2 ms. The
 * extractor's time is linear in what it reads and stays well under this on a quiet machine (a
 * heavy 8 KB turn: a few hundred ms), so the charge is what it ran; on a loaded host, where a
 * thread's wall clock runs on while the cores serve others, a few short turns cannot spend an
 * owner's minute.
 */
const MAX_EXTRACTION_MS_PER_CHAR = 0.1;
const MIN_EXTRACTION_CHARGE_MS = 2;

/** What an extraction of `chars` characters that ran `ms` spends of the owner's minute. */
export function extractionCharge(ms: number, chars: number): number {
  return Math.min(ms, MIN_EXTRACTION_CHARGE_MS + chars * MAX_EXTRACTION_MS_PER_CHAR);
}

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
