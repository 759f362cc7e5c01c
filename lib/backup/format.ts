import { z } from 'zod';
import { EVENT_AT_RULE, isEventAt } from '../world/beliefs/dated.ts';
import { BELIEF_TYPES, KEY_PATTERN, SCOPE_PATTERN } from '../ports/beliefs.ts';
import { MAX_OWNER } from '../user-name.ts';
import { SAID_WORD_LENGTH, SAID_WORDS } from '../world/recall/terms.ts';

/**
 * The archive's plaintext: gzip of JSON lines, the manifest first, then one record per line.
 * Rows are written as stored (booleans 0/1, times ISO text) so an import is a faithful copy.
 */
export const FORMAT = 'belief-store-backup';
export const FORMAT_VERSION = 1;

const text = z.string();
const maybeText = z.string().nullable();
const int = z.number().int();
const count = int.min(0);
const id = text.min(1).max(200);
const owner = text.min(1).max(MAX_OWNER);
const time = text.refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date-time');
const maybeTime = time.nullable();

export const BELIEF_COLUMNS = [
  'id',
  'owner',
  'type',
  'key',
  'statement',
  'norm_statement',
  'scope',
  'pinned',
  'confidence',
  'status',
  'source_kind',
  'conversation_id',
  'created_at',
  'updated_at',
  'superseded_at',
  'superseded_by',
  'reinforced_count',
  'injected_count',
  'last_injected_at',
  'aliases',
  'participants',
  'observed_at',
  'event_at',
  'valid_until',
  'said_words',
] as const;
/** Belief columns holding a JSON array of strings: archived as arrays, absent in archives made before them. */
export const BELIEF_LIST_COLUMNS: ReadonlySet<string> = new Set(['aliases', 'participants', 'said_words']);
export const HISTORY_COLUMNS = ['id', 'belief_id', 'event', 'at', 'actor', 'detail'] as const;
export const COMPACTION_COLUMNS = ['id', 'owner', 'at', 'before_count', 'after_count', 'merged'] as const;
export const PERSONA_COLUMNS = ['owner', 'persona', 'belief_count', 'built_at'] as const;

/** A list of strings, as an array or as the JSON text it is stored as. */
const stringList = (max: number, maxLength: number) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(text.max(maxLength)).max(max),
  );

/** Every field is checked against what the service itself would store: an archive is untrusted input. */
const belief = z
  .object({
    id,
    owner,
    type: z.enum(BELIEF_TYPES),
    key: text.regex(KEY_PATTERN, 'must be lower case letters, digits, ".", "_" or "-"').nullable(),
    statement: text.min(1).max(32_000),
    norm_statement: text.max(32_000),
    scope: text.regex(SCOPE_PATTERN, 'must be "universal" or "domain:<name>"'),
    pinned: z.union([z.literal(0), z.literal(1)]),
    confidence: z.number().min(0).max(1),
    status: z.enum(['active', 'superseded']),
    source_kind: z.enum(['chat', 'ws', 'manual', 'import']),
    conversation_id: maybeText,
    created_at: time,
    updated_at: time,
    superseded_at: maybeTime,
    superseded_by: id.nullable(),
    reinforced_count: count,
    injected_count: count,
    last_injected_at: maybeTime,
    aliases: stringList(20, 100).default([]),
    participants: stringList(8, 200).default([]),
    // Belief time (absent in archives made before it): said when created, undated, no end.
    observed_at: maybeTime.optional(),
    event_at: text.refine(isEventAt, EVENT_AT_RULE).nullable().default(null),
    valid_until: maybeTime.default(null),
    // The words said around a learned belief (absent in archives made before them): it is indexed by them again.
    said_words: stringList(SAID_WORDS, SAID_WORD_LENGTH).default([]),
  })
  .refine((b) => b.status === 'superseded' || b.superseded_by === null, { message: 'an active belief is superseded by nothing', path: ['superseded_by'] })
  .refine((b) => b.superseded_by !== b.id, { message: 'a belief cannot supersede itself', path: ['superseded_by'] })
  .transform((b) => ({ ...b, observed_at: b.observed_at === undefined ? b.created_at : b.observed_at }));

const history = z.object({
  id,
  event: text.min(1).max(64),
  at: time,
  actor: maybeText,
  detail: maybeText,
});

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  format_version: int,
  service_version: text,
  created_at: text,
  counts: z.record(z.string(), int),
});

/**
 * The schema of each record type; a line names its type first. A belief's history rows that do
 * not fit its record's line follow it in `history` records naming it (export.ts), so every record
 * stays within the line limit however often a belief changed.
 */
export const RECORD_SCHEMAS = {
  belief: z.object({ type: z.literal('belief'), belief, history: z.array(history) }),
  history: z.object({ type: z.literal('history'), belief_id: id, history: z.array(history).min(1) }),
  config: z.object({
    type: z.literal('config'),
    config: z.record(z.string(), z.unknown()).nullable(),
    updated_at: maybeTime,
    credentials: z.array(z.object({ provider_id: id, api_key: text.min(1).max(4096) })),
  }),
  persona: z.object({ type: z.literal('persona'), owner, persona: text, belief_count: count, built_at: time }),
  compaction: z.object({
    type: z.literal('compaction'),
    id,
    owner,
    at: time,
    before_count: count,
    after_count: count,
    merged: text,
  }),
} as const;
export type RecordType = keyof typeof RECORD_SCHEMAS;

export type Manifest = z.infer<typeof manifestSchema>;
export type ArchiveRecord = z.infer<(typeof RECORD_SCHEMAS)[RecordType]>;
export type ConfigRecord = Extract<ArchiveRecord, { type: 'config' }>;

export interface Counts {
  beliefs: number;
  active_beliefs: number;
  superseded_beliefs: number;
  belief_history: number;
  persona: number;
  compaction: number;
  config: number;
  provider_keys: number;
}
