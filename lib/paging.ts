import type { Context } from 'hono';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { base64url, base64Decode } from './crypto.ts';
import { badRequest } from './errors.ts';

/**
 * Keyset paging for list endpoints: `{"data":[...],"next_cursor":null|"..."}` with `?cursor=` and
 * `?limit=`. The cursor is opaque to clients: the sort key of the last row sent.
 */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export type CursorKey = ReadonlyArray<string | number>;

export interface PageRequest {
  limit: number;
  /** The sort key of the last row of the previous page, or null for the first page. */
  after: CursorKey | null;
}

/** Reads `limit` (1..max, default `defaultLimit`) and `cursor`; a bad value is a 400 naming it. */
export function readPage(c: Context, opts: { defaultLimit?: number; maxLimit?: number; keyLength?: number } = {}): PageRequest {
  const { defaultLimit = 50, maxLimit = 200, keyLength = 2 } = opts;
  const limitText = c.req.query('limit');
  let limit = defaultLimit;
  if (limitText !== undefined) {
    limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > maxLimit) {
      throw badRequest('limit', `must be an integer from 1 to ${maxLimit}`);
    }
  }
  const cursor = c.req.query('cursor');
  return { limit, after: cursor ? decodeCursor(cursor, keyLength) : null };
}

function encodeCursor(key: CursorKey): string {
  return base64url(new TextEncoder().encode(JSON.stringify(key)));
}

/** Reads a cursor made by encodeCursor with `keyLength` parts; anything else is a 400 naming `cursor`. */
export function decodeCursor(text: string, keyLength: number): CursorKey {
  try {
    const json = new TextDecoder().decode(base64Decode(text.replace(/-/g, '+').replace(/_/g, '/')));
    const key: unknown = JSON.parse(json);
    if (Array.isArray(key) && key.length === keyLength && key.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return key;
    }
  } catch {
    // fall through to the 400
  }
  throw badRequest('cursor', 'is not a cursor returned by this list');
}

/**
 * The WHERE condition "after the cursor" for a query ordered by `columns` in `direction`
 * (a row-value comparison, so ties on the first column are broken by the next).
 */
function afterCursor(columns: readonly string[], after: CursorKey, direction: 'asc' | 'desc'): Expression<SqlBool> {
  const left = sql.join(columns.map((col) => sql.ref(col)));
  const right = sql.join(after.map((v) => sql.val(v)));
  return direction === 'desc' ? sql<SqlBool>`(${left}) < (${right})` : sql<SqlBool>`(${left}) > (${right})`;
}

/**
 * One page of `query`, ordered by `columns` (the last one unique) in `direction`, starting after
 * the request's cursor. The cursor is the row's values of those columns (named without their
 * table alias).
 */
export async function keysetPage<DB, TB extends keyof DB, Row, R = Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: PageRequest,
  columns: readonly string[],
  direction: 'asc' | 'desc',
  shape?: (row: Row) => R,
): Promise<Page<R>> {
  let q = page.after ? query.where(afterCursor(columns, page.after, direction)) : query;
  for (const column of columns) q = q.orderBy(sql.ref(column), direction);
  const rows = await q.limit(page.limit + 1).execute();
  const names = columns.map((column) => column.slice(column.lastIndexOf('.') + 1));
  return toPage(rows, page, (row) => names.map((name) => (row as Record<string, string | number>)[name]!), shape);
}

/** Builds the page from `limit + 1` fetched rows: the extra row only tells that more exist. */
export function toPage<T, R = T>(rows: T[], page: PageRequest, keyOf: (row: T) => CursorKey, shape?: (row: T) => R): Page<R> {
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  return {
    data: shape ? kept.map(shape) : (kept as unknown as R[]),
    next_cursor: more ? encodeCursor(keyOf(kept[kept.length - 1]!)) : null,
  };
}
