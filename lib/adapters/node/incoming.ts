/** @module A request whose body has all arrived is handed to the app as one buffer, read without a stream. */
import { IncomingMessage } from 'node:http';

/**
 * @hono/node-server reads a body from `rawBody` when the request has one (as on hosts that buffer
 * bodies), else through the stream's events, which cost a small chat several turns of the
 * microtask queue and ~50 µs when it arrives cold. A body the HTTP parser has wholly delivered
 * (`complete`: usually it came in the same packet as the head) and nothing has read yet is that
 * buffer: read from the stream's buffer at once, and the same buffer on every later look. Any
 * other body (larger than the stream's buffer, still arriving, already being read) is read as
 * before.
 */
export class BufferedIncomingMessage extends IncomingMessage {
  #body: Buffer | undefined;

  get rawBody(): Buffer | undefined {
    if (this.#body === undefined && this.complete && !this.readableDidRead && this.readableFlowing !== true && this.readableEncoding === null) {
      const buffered: unknown = this.read();
      this.#body = buffered === null ? Buffer.alloc(0) : Buffer.isBuffer(buffered) ? buffered : undefined;
    }
    return this.#body;
  }
}
