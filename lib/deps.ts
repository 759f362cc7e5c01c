import type { Context } from 'hono';
import type { BackupPrimitives } from './ports/backup-primitives.ts';
import type { Atomic } from './db/atomic.ts';
import type { Database } from './db/database.ts';
import type { StoredConfig } from './runtime-config.ts';
import type { Db } from './db/schema.ts';
import type { Settings } from './settings.ts';
import type { Metrics } from './metrics.ts';
import type { Principal } from './ports/principal.ts';
import type { WorldPort } from './ports/world.ts';
import type { UpstreamTransport } from './ports/upstream.ts';

/** What a runtime adapter must provide; everything else is built from these. */
export interface Platform {
  /** The socket peer address (never a forwarded header), or null when the runtime cannot tell. */
  peerAddress(c: Context): string | null;
  /**
   * Keeps background work alive after the response (workerd's waitUntil; a no-op on Node). A
   * failure of `work` is logged and counted (lib/background.ts `background`), never left unhandled.
   */
  background(c: Context, work: Promise<unknown>): void;
  /** Called for each structured log line. */
  log(line: Record<string, unknown>): void;
  /** Native backup crypto and compression; the portable ones are used without it. */
  backup?: BackupPrimitives;
  /**
   * A header value as text, or null when its bytes are not UTF-8. Without it the value is taken
   * as the Fetch standard gives it, one character per byte (Node), and decoded as UTF-8.
   */
  headerText?(value: string): string | null;
  /** SHA-256 of a string as hex, native (per-request token hashing); lib/crypto.ts's portable one without it. */
  sha256Hex?(text: string): string;
  /** Rewrites the generated root-token file after a rotation; absent when the token comes from the environment or there is no file. */
  persistRootToken?(token: string): void | Promise<void>;
  /** A fresh metrics registry for one app instance; lib/metrics.ts's TextMetrics without it. */
  metrics?(): Metrics;
  /**
   * log2 of the scrypt work factor of new backups, for a runtime short of memory (scrypt needs
   * 1 KiB × N; a Workers isolate has 128 MB); lib/backup/age.ts's EXPORT_LOG_N without it.
   */
  exportScryptLogN?: number;
  /**
   * Calls `abort` if the client goes away before its answer is written; the Fetch standard's
   * `c.req.raw.signal` without it (which @hono/node-server builds an AbortController for).
   */
  onClientGone?(c: Context, abort: () => void): void;
  /** The HTTP client for provider calls (Node: keep-alive node:http); the Fetch standard's `fetch` without it. */
  upstream?: UpstreamTransport;
}

export interface Deps {
  settings: Settings;
  /** The database backend (lib/db/database.ts): its SQL dialect, bulk-write knobs and cluster. */
  database: Database;
  /** database.db, at hand. */
  db: Db;
  /** database.atomic, at hand. */
  atomic: Atomic;
  platform: Platform;
  /** 32-byte master key that seals provider keys (lib/provider-keys.ts); null when the runtime has none. */
  masterKey: Uint8Array | null;
  now(): Date;
  /** The per-owner world-model actors (in process on Node, Durable Objects on workerd). */
  world: WorldPort;
}

export type AppEnv = {
  Variables: {
    principal: Principal;
    requestId: string;
    /** performance.now() when the request entered the app (observeRequests). */
    startedAt: number;
    /** The runtime config when it was read with the credential (one statement); unset otherwise. */
    storedConfig: StoredConfig | undefined;
    /** The caller's generation (stores/usage.ts generationOf) when it was read with the credential; unset otherwise. */
    generation: string | undefined;
    /** A PAT caller's default memory scope as stored with the token (null: none); unset for other callers. */
    patScope: string | null | undefined;
  };
};
