/**
 * The streamed chat answers open in one app instance, so that a shutdown can end each one with an
 * error event in its client's shape (lib/providers/stream.ts) before it closes their connections:
 * the SDK then raises, instead of taking a cut stream for a complete answer.
 */
export class OpenStreams {
  private readonly open = new Set<(message: string) => void>();

  /** Registers a stream's way to end early with `message`; returns what unregisters it. */
  add(endEarly: (message: string) => void): () => void {
    this.open.add(endEarly);
    return () => this.open.delete(endEarly);
  }

  /** Ends every open stream with `message` as an error event; how many there were. */
  endAll(message: string): number {
    const ends = [...this.open];
    for (const endEarly of ends) endEarly(message);
    return ends.length;
  }
}
