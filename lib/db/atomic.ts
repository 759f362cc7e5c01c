import type { Compilable, CompiledQuery } from 'kysely';

/**
 * The one way to make a multi-row change: every query in the list is applied, or none is.
 * A transaction on SQLite, a `batch` on D1 (which has no interactive transactions), so the
 * list is built before it runs: no reads in between.
 */
export type Atomic = (queries: ReadonlyArray<Compilable | CompiledQuery>) => Promise<AtomicResult[]>;

export interface AtomicResult {
  rows: Record<string, unknown>[];
  changes: number;
}

export function compileAll(queries: ReadonlyArray<Compilable | CompiledQuery>): CompiledQuery[] {
  return queries.map((q) => ('compile' in q ? q.compile() : q));
}
