import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { completeText } from '../providers/complete.ts';
import { BELIEF_TYPES, KEY_PATTERN, SCOPE_PATTERN, type Candidate, type Turn } from './types.ts';

/** The extraction protocol of API.md §6: the model answers `{"beliefs":[...]}`. */
const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['beliefs'],
  properties: {
    beliefs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'key', 'statement', 'scope', 'confidence'],
        properties: {
          type: { type: 'string', enum: [...BELIEF_TYPES] },
          key: { type: ['string', 'null'] },
          statement: { type: 'string' },
          scope: { type: 'string' },
          confidence: { type: 'number' },
        },
      },
    },
  },
} as const;

const answer = z.object({
  beliefs: z
    .array(
      z.object({
        type: z.enum(BELIEF_TYPES).default('fact'),
        key: z
          .string()
          .transform((k) => k.trim().toLowerCase())
          .pipe(z.string().regex(KEY_PATTERN))
          .nullable()
          .optional(),
        statement: z.string().trim().min(1).max(2000),
        scope: z.string().regex(SCOPE_PATTERN).default('universal'),
        confidence: z.number().min(0).max(1).default(0.8),
      }),
    )
    .max(50),
});

const INSTRUCTIONS = `You maintain a memory of durable facts about the user. From the conversation, list what the user states about themselves: preferences, decisions, facts, entities and relations that will still be true later. Ignore questions, hypotheticals and statements about other people. Write each statement in the third person ("The user lives in Berlin"). Use a stable dotted key for facts that can change (user.location, user.name, user.employer, user.occupation, user.favorite.<thing>), null otherwise. Answer only with JSON matching the schema.`;

/** Beliefs the configured extraction model finds; invalid model output is logged and skipped. */
export async function extractWithModel(deps: Deps, model: string, turns: Turn[]): Promise<Candidate[]> {
  const transcript = turns.map((t) => `${t.role}: ${t.content}`).join('\n');
  let text: string;
  try {
    text = await completeText(
      deps,
      model,
      [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: transcript },
      ],
      { name: 'belief_extraction', schema: SCHEMA as unknown as Record<string, unknown> },
    );
  } catch (err) {
    deps.platform.log({ level: 'warn', event: 'extraction_model_failed', error: String(err) });
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    deps.platform.log({ level: 'warn', event: 'extraction_output_invalid', reason: 'not JSON' });
    return [];
  }
  const result = answer.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    deps.platform.log({ level: 'warn', event: 'extraction_output_invalid', reason: `${issue.path.join('.') || 'body'}: ${issue.message}` });
    return [];
  }
  return result.data.beliefs.map((b) => ({ type: b.type, key: b.key ?? null, statement: b.statement, scope: b.scope, confidence: b.confidence }));
}
