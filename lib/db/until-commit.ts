/** @module Hot reads kept until the next commit to the database, never longer. */
import type { Database } from './database.ts';

/** Keys remembered per database at most; past it all are forgotten at once. */
const KEPT = 1024;

/**
 * `read`, with each key's value kept until anything is committed to the database: reused while
 * database.commits() has not moved since it was read, so it never outlives a change (a revocation, a
 * config change, a row changed by hand in another process). Where the database has no commits()
 * (PostgreSQL, D1) every call reads. Only found values are kept; callers must not change them.
 */
export function untilCommit<K, V>(read: (database: Database, key: K) => Promise<V | undefined>): (database: Database, key: K) => Promise<V | undefined> {
  const kept = new WeakMap<Database, Map<K, { commits: number; value: V }>>();
  return async (database, key) => {
    if (!database.commits) return read(database, key);
    // Counted before the read: a commit landing during it moves the count past the one kept.
    const commits = database.commits();
    let byKey = kept.get(database);
    if (!byKey) {
      byKey = new Map();
      kept.set(database, byKey);
    }
    const known = byKey.get(key);
    if (known?.commits === commits) return known.value;
    const value = await read(database, key);
    if (value !== undefined) {
      if (byKey.size >= KEPT) byKey.clear();
      byKey.set(key, { commits, value });
    }
    return value;
  };
}
