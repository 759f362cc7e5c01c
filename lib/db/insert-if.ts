import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tables } from './schema.ts';

/** `INSERT … SELECT <row> WHERE guard`: the row is written only if `guard` holds when the statement runs. */
export function insertIf(db: Db, table: keyof Tables, row: Record<string, unknown>, guard: RawBuilder<SqlBool>) {
  const columns = Object.keys(row);
  const values = db.selectNoFrom(columns.map((c) => sql`${row[c]}`.as(c))).where(guard);
  return db
    .insertInto(table)
    .columns(columns as never)
    .expression(values as never);
}
