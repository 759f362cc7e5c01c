import { CompiledQuery, type Compilable } from 'kysely';
import type { Database } from './database.ts';
import type { SqlDialect } from './dialect.ts';
import type { Db } from './schema.ts';

type ReadNow = NonNullable<Database['readNow']>;
/** Each database's readNow, by its Kysely instance: what `precompiled`, given only a Db, runs its statement on. */
const readers = new WeakMap<Db, ReadNow>();

/** Lets `precompiled` statements on `database.db` run on its synchronous connection (a database with readNow registers itself). */
export function registerReadNow(database: Pick<Database, 'db' | 'readNow'>): void {
  if (database.readNow) readers.set(database.db, database.readNow);
}

/**
 * A query on a hot path whose SQL text is compiled once per database; each call binds its own
 * parameters, in the order the built query places them. Results are never cached. On a database
 * registered with registerReadNow it runs at once on the synchronous connection (a transaction's
 * Db is not registered: its statements go through Kysely).
 */
export function precompiled<Row>(build: (db: Db) => Compilable): (db: Db, parameters: unknown[]) => Promise<Row[]> {
  const texts = new WeakMap<Db, string>();
  return async (db, parameters) => {
    const text = textOf(db, texts, () => build(db));
    const readNow = readers.get(db);
    return readNow ? (readNow(text, parameters) as Row[]) : run<Row>(db, text, parameters);
  };
}

/**
 * precompiled, for a read whose plan needs its bound values (an OR of ranges of one index): compiled
 * once per database, never run by readNow, whose statements hide their values from the planner
 * (db/sqlite/unplanned-values.ts), but through Kysely, with the values bound as written.
 */
export function precompiledPlanned<Row>(build: (db: Db) => Compilable): (db: Db, parameters: unknown[]) => Promise<Row[]> {
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

/**
 * precompiledWithDialect, for a query of one column: its values in row order, with no row object
 * made for each where the database reads them now (readValuesNow); elsewhere each row's one value.
 */
export function precompiledValues(
  build: (db: Db, dialect: SqlDialect) => Compilable,
): (database: Pick<Database, 'db' | 'dialect' | 'readValuesNow'>, parameters: unknown[]) => Promise<unknown[]> {
  const texts = new WeakMap<Db, string>();
  return async ({ db, dialect, readValuesNow }, parameters) => {
    const text = textOf(db, texts, () => build(db, dialect));
    if (readValuesNow) return readValuesNow(text, parameters);
    return (await run<Record<string, unknown>>(db, text, parameters)).map((row) => Object.values(row)[0]);
  };
}

/** Sizes past this are compiled per call, not kept. */
const SIZES_KEPT = 256;
/** Shapes kept per database; the ones past it are compiled per call. */
const SHAPES_KEPT = 256;

/**
 * precompiledWithDialect, for a query whose text depends on a size (the length of an IN list):
 * `build` makes it for `size` values (placeholders any value), compiled once per database and size.
 */
export function precompiledBySize<Row>(
  build: (db: Db, dialect: SqlDialect, size: number) => Compilable,
): (database: Pick<Database, 'db' | 'dialect' | 'readNow'>, size: number, parameters: unknown[]) => Promise<Row[]> {
  return precompiledBy(build, (size) => size <= SIZES_KEPT);
}

/**
 * precompiledWithDialect, for a query whose text depends on its shape (which terms an OR holds, in
 * order), named by a string: `build` makes it for `shape` (placeholders any value), compiled once
 * per database and shape; the caller binds the values in the order the built query places them.
 */
export function precompiledByShape<Row>(
  build: (db: Db, dialect: SqlDialect, shape: string) => Compilable,
): (database: Pick<Database, 'db' | 'dialect' | 'readNow'>, shape: string, parameters: unknown[]) => Promise<Row[]> {
  return precompiledBy(build, (_shape, held) => held < SHAPES_KEPT);
}

/**
 * precompiledWithDialect, for a query whose text holds a size (an IN list's length; 0 when it has
 * none) and its row limit, written into the text (`sql.lit(limit)`), never bound: SQLite prepares
 * a statement whose LIMIT is a bound parameter again on every run (its value may change the plan),
 * and that costs more than a small indexed read. Compiled once per database, size and limit.
 */
export function precompiledBySizeAndLimit<Row>(
  build: (db: Db, dialect: SqlDialect, size: number, limit: number) => Compilable,
): (database: Pick<Database, 'db' | 'dialect' | 'readNow'>, size: number, limit: number, parameters: unknown[]) => Promise<Row[]> {
  const bySizeAndLimit = precompiledBy<string, Row>(
    (db, dialect, key) => {
      const [size, limit] = key.split(' ').map(Number) as [number, number];
      return build(db, dialect, size, limit);
    },
    (_key, held) => held < SHAPES_KEPT,
  );
  return (database, size, limit, parameters) => bySizeAndLimit(database, `${size} ${limit}`, parameters);
}

/**
 * A statement of an atomic change (a receipt flush's), its SQL text compiled once per database and
 * size (a row count, an IN list's length; at most SIZES_KEPT kept): each call binds its own
 * parameters, in the order the built statement places them, into a query for Atomic.
 */
export function precompiledChange(build: (db: Db, size: number) => Compilable): (db: Db, size: number, parameters: unknown[]) => CompiledQuery {
  const textOf = textsBy<number>((size) => size <= SIZES_KEPT);
  return (db, size, parameters) =>
    CompiledQuery.raw(
      textOf(db, size, () => build(db, size)),
      parameters,
    );
}

function precompiledBy<Key, Row>(
  build: (db: Db, dialect: SqlDialect, key: Key) => Compilable,
  keep: (key: Key, held: number) => boolean,
): (database: Pick<Database, 'db' | 'dialect' | 'readNow'>, key: Key, parameters: unknown[]) => Promise<Row[]> {
  const textOf = textsBy(keep);
  return async ({ db, dialect, readNow }, key, parameters) => {
    const text = textOf(db, key, () => build(db, dialect, key));
    return readNow ? (readNow(text, parameters) as Row[]) : run<Row>(db, text, parameters);
  };
}

/** The SQL text of a key's statement, `build` compiled once per database and key while `keep` allows. */
function textsBy<Key>(keep: (key: Key, held: number) => boolean): (db: Db, key: Key, build: () => Compilable) => string {
  const texts = new WeakMap<Db, Map<Key, string>>();
  return (db, key, build) => {
    let kept = texts.get(db);
    if (!kept) {
      kept = new Map();
      texts.set(db, kept);
    }
    let text = kept.get(key);
    if (text === undefined) {
      text = build().compile().sql;
      if (keep(key, kept.size)) kept.set(key, text);
    }
    return text;
  };
}

/**
 * Runs a read on the synchronous connection of a registered database (registerReadNow), else
 * through Kysely: for a hot path's statement whose text varies (an IN list, a match expression).
 */
export async function readNow<Row>(db: Db, query: { compile(db: Db): CompiledQuery<Row> }): Promise<Row[]> {
  const compiled = query.compile(db);
  const read = readers.get(db);
  return read ? (read(compiled.sql, compiled.parameters) as Row[]) : (await db.executeQuery(compiled)).rows;
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
