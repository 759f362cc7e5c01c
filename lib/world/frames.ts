import { z } from 'zod';
import { issueText } from '../issue.ts';
import { parseInstant, INSTANT_RULE } from './beliefs/dated.ts';
import { parseScopes, SCOPE_GRAMMAR } from './beliefs/scope.ts';

/** Text frames above this get an error frame; the runtimes also drop frames above 1 MiB outright. */
const MAX_FRAME_BYTES = 64 * 1024;
/** A turn's `at` lies in 1970 or later, and at most a day ahead of the server's clock (clock skew, time zones). */
const EARLIEST_AT = '1970-01-01T00:00:00.000Z';
const LATEST_AT_AHEAD_MS = 24 * 60 * 60 * 1000;
const AT_RANGE = 'must lie between 1970-01-01 and one day from now';

const frameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('turn'),
    conversation_id: z.string().max(200).optional(),
    role: z.enum(['user', 'assistant', 'system']).default('user'),
    content: z.string().max(32_000),
    scope: z
      .union([z.string(), z.array(z.string()).max(16)])
      .transform((v, ctx) => {
        const scopes = parseScopes(v);
        if (!scopes) ctx.addIssue({ code: 'custom', message: SCOPE_GRAMMAR });
        return scopes ?? z.NEVER;
      })
      .optional(),
    at: z
      .string()
      .max(64)
      .transform((v, ctx) => {
        const at = parseInstant(v);
        if (at === null) ctx.addIssue({ code: 'custom', message: INSTANT_RULE });
        else if (at < EARLIEST_AT || Date.parse(at) > Date.now() + LATEST_AT_AHEAD_MS) ctx.addIssue({ code: 'custom', message: AT_RANGE });
        return at ?? z.NEVER;
      })
      .optional(),
  }),
  z.object({ type: z.literal('flush') }),
]);

export type Frame = z.infer<typeof frameSchema>;

/** A frame from a world-model socket as a turn or a flush (API.md §8), or the error it gets back. */
export function readFrame(data: string | ArrayBuffer): { frame: Frame } | { code: string; message: string } {
  if (typeof data !== 'string') return { code: 'unsupported_frame', message: 'frames must be JSON text' };
  if (data.length > MAX_FRAME_BYTES) return { code: 'frame_too_large', message: `frames are limited to ${MAX_FRAME_BYTES} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { code: 'invalid_json', message: 'frame is not valid JSON' };
  }
  const parsed = frameSchema.safeParse(value);
  return parsed.success ? { frame: parsed.data } : { code: 'invalid_frame', message: issueText(parsed.error, 'frame') };
}
