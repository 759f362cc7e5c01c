import { z } from 'zod';

/**
 * The archive's plaintext: gzip of JSON lines, the manifest first, then one record per line.
 * Rows are written as stored (booleans 0/1, times ISO text) so an import is a faithful copy.
 */
export const FORMAT = 'belief-store-backup';
export const FORMAT_VERSION = 1;

const text = z.string();
const maybeText = z.string().nullable();
const int = z.number().int();

export const BELIEF_COLUMNS = [
  'id', 'owner', 'type', 'key', 'statement', 'norm_statement', 'scope', 'pinned', 'confidence', 'status',
  'source_kind', 'conversation_id', 'created_at', 'updated_at', 'superseded_at', 'superseded_by',
  'reinforced_count', 'injected_count', 'last_injected_at', 'aliases', 'participants',
] as const;
/** Belief columns holding a JSON array of strings: archived as arrays, absent in archives made before them. */
export const BELIEF_LIST_COLUMNS: ReadonlySet<string> = new Set(['aliases', 'participants']);
export const HISTORY_COLUMNS = ['id', 'belief_id', 'event', 'at', 'actor', 'detail'] as const;
export const COMPACTION_COLUMNS = ['id', 'owner', 'at', 'before_count', 'after_count', 'merged'] as const;
export const PERSONA_COLUMNS = ['owner', 'persona', 'belief_count', 'built_at'] as const;

const belief = z.object({
  id: text.min(1),
  owner: text,
  type: text,
  key: maybeText,
  statement: text,
  norm_statement: text,
  scope: text,
  pinned: int,
  confidence: z.number(),
  status: text,
  source_kind: text,
  conversation_id: maybeText,
  created_at: text,
  updated_at: text,
  superseded_at: maybeText,
  superseded_by: maybeText,
  reinforced_count: int,
  injected_count: int,
  last_injected_at: maybeText,
  aliases: z.array(text).default([]),
  participants: z.array(text).default([]),
});

const history = z.object({
  id: text.min(1),
  event: text,
  at: text,
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

export const recordSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('belief'), belief, history: z.array(history) }),
  z.object({
    type: z.literal('config'),
    config: z.record(z.string(), z.unknown()).nullable(),
    updated_at: maybeText,
    credentials: z.array(z.object({ provider_id: text.min(1), api_key: text.min(1) })),
  }),
  z.object({ type: z.literal('persona'), owner: text, persona: text, belief_count: int, built_at: text }),
  z.object({
    type: z.literal('compaction'),
    id: text.min(1),
    owner: text,
    at: text,
    before_count: int,
    after_count: int,
    merged: text,
  }),
]);

export type Manifest = z.infer<typeof manifestSchema>;
export type ArchiveRecord = z.infer<typeof recordSchema>;
export type BeliefRecord = Extract<ArchiveRecord, { type: 'belief' }>;
export type ConfigRecord = Extract<ArchiveRecord, { type: 'config' }>;
export type PersonaRecord = Extract<ArchiveRecord, { type: 'persona' }>;
export type CompactionRecord = Extract<ArchiveRecord, { type: 'compaction' }>;

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
