import type { BeliefEvent } from '../ports/beliefs.ts';

/**
 * What several processes serving one database share through it (API.md §13). A runtime that is
 * the only writer of its database (Node on SQLite, workerd) has none: its in-process actors,
 * feeds and counters already see everything.
 */
export interface Cluster {
  /**
   * Runs a write to one owner's world model while no other process writes to it: the in-process
   * actor serialises within a process, this across processes.
   */
  ownerLock<T>(owner: string, work: () => Promise<T>): Promise<T>;
  /** Tells the other processes about belief events of an owner (for their /v1/ws/beliefs feeds). */
  publish(owner: string, events: BeliefEvent[]): void;
  /** Belief events published by the other processes. */
  subscribe(listener: (owner: string, events: BeliefEvent[]) => void): void;
  /**
   * Called when a credential may have ended (a revocation, deactivation or session end through
   * any process, or a direct change in the database), so open sockets are re-checked at once.
   */
  onCredentialsChanged(listener: () => void): void;
  limits: SharedLimits;
}

/** The failed-authentication and per-user rate limits (API.md §2, §12), counted in the database. */
export interface SharedLimits {
  /** Seconds until the address may try again, or 0 when it is not blocked. */
  failureBlockedFor(address: string, max: number, windowMs: number, nowMs: number): Promise<number>;
  /** Records a failed authentication; true when it is the address's first within the window. */
  recordFailure(address: string, windowMs: number, nowMs: number): Promise<boolean>;
  /** Counts one request of `key` in its clock minute: 0 when allowed, else seconds until the minute rolls over. */
  takeMinute(key: string, limit: number, nowMs: number): Promise<number>;
}
