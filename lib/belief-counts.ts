import type { Db } from './db/schema.ts';
import { embeddingProgress, type EmbeddingProgress } from './embeddings/progress.ts';

/** The belief gauge is counted at most this often per app instance: a scrape never scans every belief each time. */
const BELIEF_COUNT_MS = 15_000;

type Counts = [Record<string, number>, EmbeddingProgress];

async function countBeliefs(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('beliefs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const beliefs: Record<string, number> = { active: 0, superseded: 0 };
  for (const r of rows) beliefs[r.status] = Number(r.n);
  return beliefs;
}

/** The belief counts by status and the embedding progress that GET /metrics reports, read at most every BELIEF_COUNT_MS. */
export class BeliefCounts {
  private last: { at: number; counts: Promise<Counts> } | null = null;

  constructor(private readonly db: Db) {}

  /** The counts of the last BELIEF_COUNT_MS; concurrent scrapes share one count, a failed one is not kept. */
  recent(): Promise<Counts> {
    const now = Date.now();
    if (this.last && now - this.last.at < BELIEF_COUNT_MS) return this.last.counts;
    const counts = Promise.all([countBeliefs(this.db), embeddingProgress(this.db)]);
    const last = { at: now, counts };
    this.last = last;
    counts.catch(() => {
      if (this.last === last) this.last = null;
    });
    return counts;
  }
}
