import type { D1Database } from '@cloudflare/workers-types/index';
import { Kysely } from 'kysely';
import { D1Dialect } from 'kysely-d1';
import { compileAll, type Atomic } from '../../db/atomic.ts';
import type { Database } from '../../db/schema.ts';

export function openD1(d1: D1Database): { db: Kysely<Database>; atomic: Atomic } {
  // kysely-d1 declares its own copy of the D1 types; the binding is the same object.
  const db = new Kysely<Database>({ dialect: new D1Dialect({ database: d1 as never }) });
  const atomic: Atomic = async (queries) => {
    const compiled = compileAll(queries);
    if (compiled.length === 0) return [];
    const results = await d1.batch(compiled.map((q) => d1.prepare(q.sql).bind(...(q.parameters as unknown[]))));
    return results.map((r) => ({ rows: (r.results ?? []) as Record<string, unknown>[], changes: r.meta?.changes ?? 0 }));
  };
  return { db, atomic };
}
