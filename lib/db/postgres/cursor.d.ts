declare module 'pg-cursor' {
  import type { Submittable } from 'pg';
  /** The part of pg-cursor that Kysely's PostgresDialect uses to stream a query's rows. */
  export default class Cursor<Row = unknown> implements Submittable {
    constructor(text: string, values?: unknown[]);
    submit: Submittable['submit'];
    read(rows: number): Promise<Row[]>;
    close(): Promise<void>;
  }
}
