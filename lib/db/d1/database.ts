import type { D1Database } from '@cloudflare/workers-types/index';
import { Kysely, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { D1Dialect } from 'kysely-d1';
import { compileAll, type Atomic } from '../atomic.ts';
import type { Database } from '../database.ts';
import type { Tables } from '../schema.ts';
import { sqliteDialect } from '../sqlite/dialect.ts';

/**
 * kysely-d1 reports each result's count twice, once under the name Kysely dropped in 0.23
 * (`numUpdatedOrDeletedRows`), and Kysely warns about an outdated driver on every start; its
 * connections here answer with `numAffectedRows` alone.
 */
class CurrentD1Dialect extends D1Dialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async (): Promise<DatabaseConnection> => {
      const connection = await acquire();
      return {
        async executeQuery<R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> {
          const { numUpdatedOrDeletedRows: _legacy, ...result } = (await connection.executeQuery<R>(query)) as QueryResult<R> & {
            numUpdatedOrDeletedRows?: bigint;
          };
          return result;
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
    };
    return driver;
  }
}

/**
 * A D1 binding as the app's Database: Cloudflare's D1, or on self-hosted workerd the database
 * Durable Object behind its D1-shaped binding (./durable-object.ts). SQLite's SQL; multi-row
 * changes as one `batch`; migrations applied by `wrangler d1 migrations` (the Durable Object
 * applies its own). The binding outlives the app: close() leaves it be.
 */
export function openD1(d1: D1Database): Database {
  // kysely-d1 declares its own copy of the D1 types; the binding is the same object.
  const db = new Kysely<Tables>({ dialect: new CurrentD1Dialect({ database: d1 as never }) });
  const atomic: Atomic = async (queries) => {
    const compiled = compileAll(queries);
    if (compiled.length === 0) return [];
    const results = await d1.batch(compiled.map((q) => d1.prepare(q.sql).bind(...(q.parameters as unknown[]))));
    return results.map((r) => ({ rows: (r.results ?? []) as Record<string, unknown>[], changes: r.meta?.changes ?? 0 }));
  };
  return { db, atomic, dialect: sqliteDialect, stageRowsAsJson: true, close: async () => undefined };
}
