import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Statement texts seen this often become named prepared statements (parsed once per connection). */
const PREPARE_AFTER = 3;
const MAX_PREPARED = 200;

/**
 * The pool as Kysely's dialect sees it, with the texts the app runs again and again (a request's
 * credential lookup, the hot paths' queries) sent as named prepared statements, so PostgreSQL
 * parses each once per connection. At most MAX_PREPARED texts are named, once each.
 */
export function preparing(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_PREPARED) return known;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      if (seen.size >= 10_000) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const name = `bs_${names.size}`;
    names.set(text, name);
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: unknown, values?: readonly unknown[]) => {
        if (typeof text !== 'string') return client.query(text as pg.Submittable);
        const name = nameOf(text);
        return name === undefined ? client.query(text, values as unknown[]) : client.query({ name, text, values: values as unknown[] });
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
