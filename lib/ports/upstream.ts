/** One POST to a provider, as a transport sends it. */
export interface UpstreamRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortWatch;
}

/**
 * What a transport reads of its call's abort: an AbortSignal is one; the chat path passes a
 * lighter one (building an AbortSignal costs Node more than the rest of a provider call's set-up).
 */
export interface AbortWatch {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options: { once: true }): void;
}

/** The part of a provider's answer the service reads; a fetch Response is one. */
export interface UpstreamAnswer {
  readonly status: number;
  /** The body as a byte stream (streamed chats, cancelling). */
  readonly body: ReadableStream<Uint8Array> | null;
  /** The whole body decoded as UTF-8. */
  text(): Promise<string>;
  /**
   * The body's chunks as a reader, where the runtime reads them without a web stream (Node: the provider's
   * answer is a Node stream, and turning it into a web one cost a streamed chat ~0.1–0.2 ms); absent: `body.getReader()`.
   */
  chunks?(): ChunkReader;
}

/** What a streamed chat reads of a provider's body: a web stream's reader is one. */
export interface ChunkReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  /** Stops the body; a read waiting then ends (done, or rejected). */
  cancel(reason?: unknown): Promise<void>;
}

/**
 * Sends a provider request: never follows a redirect (a 3xx is answered as it came), rejects when
 * the provider cannot be reached or `signal` aborts before the head, and after the head an abort
 * ends the body with an error. The Fetch standard's `fetch` is the portable one.
 */
export type UpstreamTransport = ((request: UpstreamRequest) => Promise<UpstreamAnswer>) & {
  /**
   * Resolves once the requests made so far are on their way (Node's HTTP client writes them on the
   * event loop's next turn); absent where they leave at once. Work that holds the thread waits for
   * it first, so a call runs beside that work instead of after it.
   */
  sent?(): Promise<void>;
};
