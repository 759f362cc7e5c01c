import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** Service-wide tallies shown on the dashboard overview (table `counters`). */
export const COUNTERS = {
  /** Extraction model answers that were not valid per the protocol (docs/api.md §6). */
  extractionInvalid: 'extraction_invalid',
  /** Pending extractions dropped because an owner's queue was full. */
  extractionsDropped: 'extractions_dropped',
  /** Turns not extracted: the owner's extractor time this minute was spent, or too many turns were waiting in the process. */
  extractionsSkipped: 'extractions_skipped',
} as const;
export type CounterName = (typeof COUNTERS)[keyof typeof COUNTERS];

/** Adds to a counter; alone or inside an atomic change. */
export function bumpCounterQuery(db: Db, name: CounterName, by = 1) {
  return db
    .insertInto('counters')
    .values({ name, value: by })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`counters.value + ${by}` }));
}

export async function readCounters(db: Db): Promise<Record<CounterName, number>> {
  const rows = await db.selectFrom('counters').select(['name', 'value']).execute();
  const out = Object.fromEntries(Object.values(COUNTERS).map((n) => [n, 0])) as Record<CounterName, number>;
  for (const r of rows) if (r.name in out) out[r.name as CounterName] = Number(r.value);
  return out;
}
