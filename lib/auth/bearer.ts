import type { Context } from 'hono';

/** The token of an `Authorization: Bearer` header, or undefined when the header is another scheme or malformed. */
export function bearerValue(header: string | undefined): string | undefined {
  const m = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : undefined;
}

/**
 * The secret a request presents: the `Authorization` header decides alone when sent (a scheme
 * other than Bearer presents none, undefined), else `x-api-key`; null when it sends neither.
 */
export function presentedSecret(c: Context): string | undefined | null {
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) return bearerValue(authorization);
  return c.req.header('x-api-key')?.trim() ?? null;
}
