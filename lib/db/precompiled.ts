import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './schema.ts';

/**
 * A query on a hot path whose SQL text is compiled once per database; each call binds its own
 * parameters, in the order the built query places them. Results are never cached.
 */
export function precompiled<Row>(build: (db: Db) => Compilable): (db: Db, parameters: unknown[]) => Promise<Row[]> {
  const texts = new WeakMap<Db, string>();
  return async (db, parameters) => {
    let text = texts.get(db);
    if (text === undefined) {
      text = build(db).compile().sql;
      texts.set(db, text);
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows;
  };
}
