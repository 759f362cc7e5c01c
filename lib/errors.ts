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
export const unauthorized = (message = 'authentication required') => new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });

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
