/**
 * The streamed chat answers open in one app instance, so that a shutdown can end each one with an
 * error event in its client's shape (lib/providers/stream.ts) before their connections close: the
 * SDK then raises, instead of taking a cut stream for a complete answer. A shutdown only sets the
 * message; each stream notices it on its own (within CUT_POLL_MS), in its own request's context,
 * which workerd requires of whatever touches a request's streams.
 */
/** Streams still open this long after a shutdown signal end with an error event (API.md §1: exit within 10 s), on every runtime. */
export const STREAMS_END_AFTER_MS = 8000;

export class OpenStreams {
  private open = 0;
  private ending: string | null = null;

  /** Counts a stream as open; returns what counts it closed (once). */
  add(): () => void {
    this.open++;
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.open--;
    };
  }

  /** How many are open now. */
  get count(): number {
    return this.open;
  }

  /** The error every stream still open is to end with, once a shutdown asked; null until then. */
  get cut(): string | null {
    return this.ending;
  }

  /** Asks every open stream (and any opened later) to end with `message` as an error event. */
  endAll(message: string): void {
    this.ending = message;
  }
}

/** The error a stream ended by a shutdown carries. */
export const SHUTDOWN_MESSAGE = 'the service is shutting down; send the request again';

/** How often an open stream looks whether it is to end (OpenStreams.cut). */
export const CUT_POLL_MS = 100;
