import type { Pool, PoolClient } from 'pg';

/** The first key of every world-model advisory lock, so they cannot meet another application's locks. */
const WORLD_LOCK_CLASS = 0x62_73_77_6d;

/**
 * The per-owner world-model lock across processes: a PostgreSQL session advisory lock on the
 * owner's name, held on a connection of its own pool while the write runs on the app's pool (so a
 * lock holder can never wait for a connection another lock holder keeps). A writer on another
 * process waits in `pg_advisory_lock` until the holder unlocks, or until its connection ends.
 */
export function pgOwnerLock(pool: Pool) {
  return async function ownerLock<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const client: PoolClient = await pool.connect();
    let unlocked = false;
    try {
      await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [WORLD_LOCK_CLASS, owner]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [WORLD_LOCK_CLASS, owner]).then(
          () => {
            unlocked = true;
          },
          () => undefined,
        );
      }
    } finally {
      // A connection that did not unlock is destroyed, which releases whatever it still holds.
      client.release(unlocked ? undefined : true);
    }
  };
}
