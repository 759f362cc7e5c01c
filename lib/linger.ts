/**
 * Lingering close (API.md §2a): a request answered before its body was read (413, 401, …) has
 * the rest of its body read and discarded, for at most this long and this much, before the
 * connection closes, so the client reads the answer instead of a reset. Each runtime adapter
 * applies it to its own connections.
 */
export const LINGER = {
  /** The longest a connection lingers in all. */
  totalMs: 30_000,
  /** The longest it waits for the client's next bytes. */
  idleMs: 5_000,
  /** The most it reads and discards. */
  bytes: 64 * 1024 * 1024,
} as const;
