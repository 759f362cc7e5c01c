import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error with a status, a machine code and a message safe to show the caller.
 * The error mapper renders it in the shape of the route it happened on.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: { headers?: Record<string, string>; scimType?: string; type?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new ApiError(400, 'invalid_request', `${field}: ${message}`);
export const notFound = (what = 'route') => new ApiError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'this credential may not use this route') => new ApiError(403, 'forbidden', message);
export const unauthorized = (message = 'authentication required', code = 'unauthorized') =>
  new ApiError(401, code, message, { headers: { 'WWW-Authenticate': 'Bearer' } });

/** OpenAI error `type` for a status (the SDKs read `code` and `message`; `type` groups). */
export function openAiType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** SQLSTATEs of a full disk or quota (PostgreSQL 53100 disk_full) and the same on SQLite and the file system. */
const FULL_CODES = new Set(['53100', 'SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
/** Connection exceptions (08…), the server shutting down or starting (57P01–57P03), no free connection (53300). */
const UNAVAILABLE_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
/** What node-postgres and pg-pool throw, without a code, when a connection is lost or none comes in time. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;
const FULL_MESSAGE = /database or disk is full|no space left on device|SQLITE_FULL/i;

/**
 * A database failure the caller should see for what it is: `507 insufficient_storage` when the
 * disk is full (writes fail, reads go on), `503 database_unavailable` while the database cannot be
 * reached (a PostgreSQL restart); null for anything else.
 */
export function databaseFault(err: unknown): ApiError | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (FULL_CODES.has(code) || FULL_MESSAGE.test(message)) {
    return new ApiError(507, 'insufficient_storage', 'the database has no room left for this write; reads still work');
  }
  if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_MESSAGE.test(message)) {
    return new ApiError(503, 'database_unavailable', 'the database cannot be reached just now; retry shortly', { headers: { 'Retry-After': '2' } });
  }
  return null;
}
