import { CompiledQuery, type Compilable } from 'kysely';
import type { Database } from './database.ts';
import type { SqlDialect } from './dialect.ts';
import type { Db } from './schema.ts';

/**
 * A query on a hot path whose SQL text is compiled once per database; each call binds its own
 * parameters, in the order the built query places them. Results are never cached.
 */
export function precompiled<Row>(build: (db: Db) => Compilable): (db: Db, parameters: unknown[]) => Promise<Row[]> {
  const texts = new WeakMap<Db, string>();
  return (db, parameters) =>
    run<Row>(
      db,
      textOf(db, texts, () => build(db)),
      parameters,
    );
}

/** precompiled, for a query built with SQL of the database's dialect. */
export function precompiledWithDialect<Row>(
  build: (db: Db, dialect: SqlDialect) => Compilable,
): (database: Pick<Database, 'db' | 'dialect' | 'readNow'>, parameters: unknown[]) => Promise<Row[]> {
  const texts = new WeakMap<Db, string>();
  return async ({ db, dialect, readNow }, parameters) => {
    const text = textOf(db, texts, () => build(db, dialect));
    return readNow ? (readNow(text, parameters) as Row[]) : run<Row>(db, text, parameters);
  };
}

function textOf(db: Db, texts: WeakMap<Db, string>, build: () => Compilable): string {
  let text = texts.get(db);
  if (text === undefined) {
    text = build().compile().sql;
    texts.set(db, text);
  }
  return text;
}

async function run<Row>(db: Db, text: string, parameters: unknown[]): Promise<Row[]> {
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows;
}
