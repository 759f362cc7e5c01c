import type { Generated, Kysely, Selectable } from 'kysely';
import type { BeliefRecord } from '../ports/beliefs.ts';

/** Booleans are stored as 0/1 integers; timestamps as ISO-8601 UTC text. */
export interface MetaTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: string;
  user_name: string;
  user_name_lc: string;
  active: number;
  scim_managed: number;
  scim_id: string | null;
  external_id: string | null;
  display_name: string | null;
  scim_resource: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ApiTokensTable {
  id: string;
  user_name: string;
  name: string;
  token_hash: string;
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  /** Default memory scope of requests made with this PAT (docs/api.md §2), e.g. `domain:work`. */
  scope: string | null;
  /** When the PAT stops authenticating (schema/0015_team_controls.sql); null = never. */
  expires_at: string | null;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_name: string;
  created_at: string;
  last_seen_at: string;
  terminated_at: string | null;
  /** SHA-256 of the User-Agent that opened it (schema 0009); null for older rows. */
  client: string | null;
}

/** A belief's row: its record (lib/ports/beliefs.ts) with the flags, lists and source encoded, plus what only search needs. */
export interface BeliefsTable extends Omit<BeliefRecord, 'type' | 'pinned' | 'status' | 'source' | 'aliases' | 'participants' | 'observed_at'> {
  type: string;
  norm_statement: string;
  pinned: number;
  status: string;
  source_kind: string;
  conversation_id: string | null;
  /** Owner-prefixed content words for the full-text index (lib/world/recall/terms.ts); NULL until computed. */
  search_terms: string | null;
  /** JSON array of other names the belief answers to. */
  aliases: string;
  /** JSON array of belief ids a relation links (same owner). */
  participants: string;
  /** JSON array of the words the user said around a belief learned from their turn (lib/world/recall/terms.ts saidWords): indexed, never shown. */
  said_words: string;
  /** When the user said it (schema/0017_belief_time.sql); null only in rows written before it and not yet migrated. */
  observed_at: string | null;
}

export interface BeliefsFtsTable {
  rowid: number;
  search_terms: string;
  rank: number;
}

/** Owner-prefixed search terms and how many beliefs carry each (schema/0010_retrieval.sql). */
export interface BeliefVocabTable {
  term: string;
  n: number;
}

export interface BeliefHistoryTable {
  id: string;
  belief_id: string;
  event: string;
  at: string;
  actor: string | null;
  detail: string | null;
}

export interface PersonaCacheTable {
  owner: string;
  persona: string;
  belief_count: number;
  built_at: string;
}

export interface CompactionHistoryTable {
  id: string;
  owner: string;
  at: string;
  before_count: number;
  after_count: number;
  merged: string;
}

export interface RuntimeConfigTable {
  id: number;
  config: string;
  updated_at: string;
}

export interface CredentialsTable {
  provider_id: string;
  ciphertext: string;
  hint: string;
  updated_at: string;
}

export interface AuditEventsTable {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  detail: string | null;
}

/** A receipt of what one chat request injected (the receipt named by the x-belief-store-injection header, docs/api.md §6); tier columns are JSON arrays of belief ids. */
export interface InjectionsTable {
  id: string;
  owner: string;
  created_at: string;
  model: string;
  /** JSON array of the request's scopes. */
  scope: string;
  query: string;
  persona: string | null;
  pinned: string;
  relevant: string;
  questions: string;
  related: string;
}

export interface InjectionBeliefsTable {
  injection_id: string;
  belief_id: string;
  /** The belief's statement as injected (schema/0012_receipts.sql); null on older links and once purged. */
  statement: string | null;
  /** 1 once the belief was purged: the link keeps its id, its text is gone (schema/0019_purge_receipts.sql). */
  purged: Generated<number>;
}

export interface CountersTable {
  name: string;
  value: number;
}

/** Active beliefs per owner, kept by triggers on beliefs (schema/0011_limits.sql); read-only to the app. */
export interface BeliefCountsTable {
  owner: string;
  active: number;
}

/** Chat usage aggregated per UTC day, user, PAT ('' for sessions and root) and model. */
export interface UsageDailyTable {
  day: string;
  user_name: string;
  /** The SCIM id of the person served, '' for root and users not provisioned through SCIM. */
  generation: string;
  token_id: string;
  model: string;
  /** chat, extraction, persona or embeddings. */
  purpose: string;
  requests: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  injected: number;
}

/** A belief's vector of one embeddings model (schema/0018_embeddings.sql; lib/embeddings/store.ts). */
export interface BeliefVectorsTable {
  belief_id: string;
  owner: string;
  model: string;
  source_updated_at: string;
  text_hash: string;
  /** Little-endian float32 bytes (a Buffer on Node, an array of bytes from workerd's database), null after a failure. */
  vector: Uint8Array | number[] | null;
  stamp: number;
}

/** When an owner's memory was last forgotten, in ms since the epoch (schema/0022_forget_fence.sql; lib/world/beliefs/forget.ts). */
export interface OwnerForgetsTable {
  owner: string;
  forgotten_at: number;
}

/** Every table, as Kysely sees it (the adapter over a whole backend is lib/db/database.ts's Database). */
export interface Tables {
  meta: MetaTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  sessions: SessionsTable;
  beliefs: BeliefsTable;
  beliefs_fts: BeliefsFtsTable;
  belief_vocab: BeliefVocabTable;
  belief_history: BeliefHistoryTable;
  persona_cache: PersonaCacheTable;
  compaction_history: CompactionHistoryTable;
  runtime_config: RuntimeConfigTable;
  credentials: CredentialsTable;
  audit_events: AuditEventsTable;
  injections: InjectionsTable;
  injection_beliefs: InjectionBeliefsTable;
  counters: CountersTable;
  belief_counts: BeliefCountsTable;
  usage_daily: UsageDailyTable;
  belief_vectors: BeliefVectorsTable;
  owner_forgets: OwnerForgetsTable;
  backup_stage_beliefs: BeliefsTable & { import_id: string };
  backup_stage_history: BeliefHistoryTable & { import_id: string };
  backup_stage_compaction: CompactionHistoryTable & { import_id: string };
  backup_stage_persona: PersonaCacheTable & { import_id: string };
  /** Non-empty only inside an import's commit (schema/0016_import_bulk.sql). */
  backup_bulk: { import_id: string };
}

export type Db = Kysely<Tables>;

export type User = Selectable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Belief = Selectable<BeliefsTable>;
export type AuditEvent = Selectable<AuditEventsTable>;
