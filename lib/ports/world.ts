import type { Context } from 'hono';
import type { BeliefEdit, BeliefEvent, BeliefRecord, BeliefSource, Candidate, CompactionEntry, Persona, SocketSpec, Turn } from './beliefs.ts';

/** A change to one owner's world model, applied inside that owner's actor (JSON-serialisable). */
export type WorldOp =
  | { op: 'create'; candidate: Candidate; source: BeliefSource; actor: string }
  | { op: 'edit'; id: string; edit: BeliefEdit; actor: string }
  | { op: 'retire'; id: string; actor: string }
  | { op: 'retract'; id: string; actor: string }
  | { op: 'purge'; id: string; actor: string }
  | { op: 'forget'; actor: string }
  | { op: 'compact'; actor: string }
  | { op: 'persona' };

export interface WorldResults {
  create: BeliefRecord;
  edit: BeliefRecord | null;
  retire: BeliefRecord | null;
  retract: BeliefRecord | null;
  purge: boolean;
  /** How many beliefs were purged. */
  forget: number;
  compact: CompactionEntry;
  persona: Persona;
}

/**
 * The world-model actors: one serialised actor per owner that applies every belief change of
 * that owner and fans the events out to the owner's sockets. Node keeps the actors in process;
 * workerd runs each as a Durable Object (`WORLD.idFromName(owner)`).
 */
export interface WorldPort {
  /**
   * Extracts beliefs from a chat exchange into the owner's world model through the owner's
   * bounded chat queue; resolves once they are applied, or with no events when the exchange was
   * dropped from a full queue (counted as `extractions_dropped`).
   */
  extract(owner: string, turns: Turn[], source: BeliefSource, scope?: string): Promise<BeliefEvent[]>;
  change<O extends WorldOp>(owner: string, op: O): Promise<WorldResults[O['op']]>;
  /** Completes a WebSocket upgrade already authenticated by the middleware. */
  connect(c: Context, spec: SocketSpec): Promise<Response>;
  /** Open sockets in this process, where the runtime can count them (for GET /metrics). */
  openSockets?(): number;
  /** Owners whose actor this process holds, where the runtime keeps them in process (for GET /metrics). */
  actors?(): number;
  /**
   * Lets go of an owner deactivated or deleted: its in-process actor is dropped as soon as no work
   * of it is queued or running and no socket of it is open (where actors live in process).
   */
  release?(owner: string): void;
}
