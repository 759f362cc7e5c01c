import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/schema.ts';
import { precompiled } from '../../db/precompiled.ts';
import { parseList } from '../../json-list.ts';
import { searchTerms } from './terms.ts';
import { invalidatePersonaQuery } from '../beliefs/beliefs.ts';

type Pending = { id: string; owner: string; statement: string; key: string | null; aliases: string; said_words: string };
const pendingQueries = new Map<number, (db: Db, parameters: unknown[]) => Promise<Pending[]>>();

/**
 * Beliefs without search terms, at most `batch` (looked for before every search): one statement
 * per batch size (a few), the limit written into its text (precompiledBySizeAndLimit says why).
 */
function pendingQuery(batch: number): (db: Db, parameters: unknown[]) => Promise<Pending[]> {
  let query = pendingQueries.get(batch);
  if (!query) {
    query = precompiled<Pending>((db) =>
      db.selectFrom('beliefs').select(['id', 'owner', 'statement', 'key', 'aliases', 'said_words']).where('search_terms', 'is', null).limit(sql.lit(batch)),
    );
    pendingQueries.set(batch, query);
  }
  return query;
}

/**
 * Computes `search_terms` for beliefs written without them (before schema 0007, or by hand), one
 * atomic batch at a time, at most `maxBatches` batches, dropping their owners' persona caches (and
 * so what recall remembers of them: lib/world/recall/owner-reads.ts). Returns how many beliefs it indexed.
 */
export async function indexPendingBeliefs(
  deps: Pick<Deps, 'db' | 'atomic'>,
  options: { batch?: number; maxBatches?: number; progress?: (done: number) => void } = {},
): Promise<number> {
  const { db } = deps;
  const batch = options.batch ?? 500;
  let done = 0;
  for (let i = 0; i < (options.maxBatches ?? Number.MAX_SAFE_INTEGER); i++) {
    const rows = await pendingQuery(batch)(db, []);
    if (rows.length === 0) break;
    await deps.atomic([
      ...rows.map((r) =>
        db
          .updateTable('beliefs')
          .set({ search_terms: searchTerms(r.owner, r.statement, r.key, parseList(r.aliases), parseList(r.said_words)) })
          .where('id', '=', r.id)
          .where('search_terms', 'is', null),
      ),
      // What search finds of these owners changed, as after any belief change: their personas and remembered reads go.
      ...[...new Set(rows.map((r) => r.owner))].map((owner) => invalidatePersonaQuery(db, owner)),
    ]);
    done += rows.length;
    options.progress?.(done);
  }
  return done;
}
