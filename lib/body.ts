import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors.ts';
import { issueText } from './issue.ts';

/** Parses a JSON body and validates it; a 400 names the offending field. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, opts: { anyContentType?: boolean } = {}): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!opts.anyContentType && type && !/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'body: Content-Type must be application/json');
  }
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'body: malformed JSON');
  }
  return validate(schema, value);
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError(400, 'invalid_request', issueText(parsed.error, 'body'));
}
