import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError, databaseFault, notFound, openAiType } from '../errors.ts';
import type { AppEnv, Deps } from '../deps.ts';
import { ErrorPage } from '../plain-page.tsx';
import { routeOf } from '../routes.ts';

const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

const ANTHROPIC_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** Renders an ApiError in the shape of the route group it happened in (docs/api.md §3). */
function renderError(c: Context, err: ApiError): Response {
  const route = routeOf(c);
  const headers = err.extra.headers ?? {};
  if (route?.errors === 'scim') {
    const body: Record<string, unknown> = { schemas: [SCIM_ERROR], status: String(err.status), detail: err.message };
    if (err.extra.scimType) body.scimType = err.extra.scimType;
    return new Response(JSON.stringify(body), {
      status: err.status,
      headers: { ...headers, 'content-type': 'application/scim+json' },
    });
  }
  if (route?.errors === 'anthropic') {
    const type = err.extra.type ?? ANTHROPIC_TYPES[err.status] ?? (err.status >= 500 ? 'api_error' : 'invalid_request_error');
    return c.json({ type: 'error', error: { type, message: err.message } }, err.status, headers);
  }
  if (route?.page && c.req.method === 'GET') {
    const title = err.code === 'account_deactivated' ? 'Account deactivated' : `Error ${err.status}`;
    return c.html(ErrorPage({ title, message: err.message }).toString(), err.status, headers);
  }
  return c.json({ error: { type: err.extra.type ?? openAiType(err.status), code: err.code, message: err.message } }, err.status, headers);
}

/** The app's error handler: an ApiError in its route group's shape; anything else logged and a 500. */
export function onError(deps: Pick<Deps, 'platform'>): ErrorHandler<AppEnv> {
  return function onError(err, c) {
    if (err instanceof ApiError) return renderError(c, err);
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = status === 413 ? 'payload_too_large' : status === 400 ? 'invalid_request' : 'http_error';
      const message = status === 413 ? 'request body is too large' : err.message || 'request failed';
      return renderError(c, new ApiError(status as ApiError['status'], code, message));
    }
    const fault = databaseFault(err);
    if (fault) {
      deps.platform.log({ level: 'warn', request_id: c.get('requestId'), code: fault.code, error: String(err) });
      return renderError(c, fault);
    }
    deps.platform.log({ level: 'error', request_id: c.get('requestId'), error: String((err as Error)?.stack ?? err) });
    return renderError(c, new ApiError(500, 'internal_error', 'internal error; see the server log for the request id'));
  };
}

export const onNotFound: NotFoundHandler<AppEnv> = (c) => renderError(c, notFound());
