import type { SocketCredential } from './principal.ts';

/** Shapes of the world model that its port (world.ts) speaks, shared by lib/world/, the runtimes' actors and the routes (API.md §7–§8). */

export const BELIEF_TYPES = ['preference', 'decision', 'fact', 'entity', 'relation', 'question'] as const;
export type BeliefType = (typeof BELIEF_TYPES)[number];

/** Keys are dotted lower-case paths (`user.location`); scopes `universal` or `domain:<name>`. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,127}$/;
export const SCOPE_PATTERN = /^(universal|domain:[a-z0-9][a-z0-9_.-]{0,63})$/;

/** Limits of §7: other names a belief answers to, and the beliefs a relation links. */
export const MAX_ALIASES = 20;
export const MAX_ALIAS_LENGTH = 100;
export const MAX_PARTICIPANTS = 8;

export type SourceKind = 'chat' | 'ws' | 'manual' | 'import';

export interface BeliefSource {
  kind: SourceKind;
  conversation_id?: string;
  /** The receipt of the chat exchange it is learned from (that receipt's query holds its words); recorded in its history, never shown as its source. */
  receipt?: string;
  /** When the service received the words (ms since the epoch): a forget fences out extraction of words received before it. Never stored. */
  receivedAt?: number;
  /** The credential the words came with: queued words are not learned once it no longer authenticates. Never stored. */
  credential?: SocketCredential;
}

/** A belief as the API shows it; its row (lib/db/schema.ts BeliefsTable) stores the flags, lists and source encoded. */
export interface BeliefRecord {
  id: string;
  owner: string;
  type: BeliefType;
  key: string | null;
  statement: string;
  scope: string;
  pinned: boolean;
  confidence: number;
  status: 'active' | 'superseded';
  source: BeliefSource;
  created_at: string;
  updated_at: string;
  superseded_at: string | null;
  superseded_by: string | null;
  reinforced_count: number;
  injected_count: number;
  last_injected_at: string | null;
  /** Other names the belief answers to. */
  aliases: string[];
  /** Belief ids a relation links (same owner). */
  participants: string[];
  /** When the user said it: the chat request's time, a WebSocket turn's `at`, or when it was written by hand. */
  observed_at: string;
  /** When what it describes happened, where the user dated it: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  event_at: string | null;
  /** Until when a superseded belief held: its successor's observed_at. */
  valid_until: string | null;
}

/** A belief proposed by an extractor or a person, before supersession and de-duplication. */
export interface Candidate {
  type: BeliefType;
  key: string | null;
  statement: string;
  scope: string;
  confidence: number;
  pinned?: boolean;
  aliases?: string[];
  participants?: string[];
  /** When what the statement describes happened or will happen, where the user dated it: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  event_at?: string;
  /** The words the user said around it, when learned from their turn (lib/world/recall/terms.ts saidWords): indexed, never shown. */
  said?: string[];
}

/** What the user said is no longer true: the key's active belief, when its statement mentions `mention` (if given). */
export interface Retraction {
  key: string;
  mention?: string;
  /** The one belief it ends, when the built-in extractor resolved the change against the owner's beliefs. */
  id?: string;
}

/** What one extraction found in the user's turns. */
export interface Extraction {
  beliefs: Candidate[];
  retract: Retraction[];
}

/** The close code of a socket whose credential no longer authenticates (revoked, expired, deactivated). */
export const CLOSE_REVOKED = 4401;

export type BeliefAction = 'created' | 'superseded' | 'reinforced';

export interface BeliefEvent {
  action: BeliefAction;
  belief: BeliefRecord;
}

export interface Turn {
  role: 'user' | 'assistant' | 'system';
  content: string;
  /** When the turn was said (ISO 8601); relative dates in it resolve against this. Default: now. */
  at?: string;
}

export type SocketKind = 'extract' | 'beliefs';

export interface SocketSpec {
  owner: string;
  kind: SocketKind;
  credential: SocketCredential;
  /** The socket's default memory scopes (the upgrade's `x-belief-store-scope`), for turns that name none. */
  scope?: string[];
}

export interface CompactionEntry {
  id: string;
  owner: string;
  at: string;
  before_count: number;
  after_count: number;
  merged: CompactionDetail;
}

export interface CompactionDetail {
  groups: { kept: string; merged: string[] }[];
  folded: number;
}

export interface BeliefEdit {
  statement?: string;
  type?: BeliefType;
  /** A key another active belief holds, or a one-value kind's key, supersedes those beliefs; null clears it. */
  key?: string | null;
  scope?: string;
  pinned?: boolean;
  aliases?: string[];
  participants?: string[];
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; null clears it. */
  event_at?: string | null;
}

export interface Persona {
  owner: string;
  persona: string;
  belief_count: number;
  built_at: string;
}
