import { concatBytes } from '@noble/hashes/utils.js';
import { BackupError } from './errors.ts';

/**
 * An incremental multipart/form-data reader (RFC 7578): parts are read one after another straight
 * from the request stream, so a large file part never has to be held in memory.
 */
export interface PartHeader {
  name: string;
  filename: string | null;
}

const MAX_PART_HEADER_BYTES = 16 * 1024;
const CRLF = new Uint8Array([13, 10]);
const CRLFCRLF = new Uint8Array([13, 10, 13, 10]);

export function boundaryOf(contentType: string | undefined): string {
  const match = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 70) {
    throw new BackupError('invalid_request', 'body: expected multipart/form-data with fields "passphrase" and "archive"');
  }
  return boundary;
}

export class MultipartReader {
  private buf: Uint8Array = new Uint8Array(0);
  private done = false;
  private started = false;
  private finished = false;
  private readonly delimiter: Uint8Array;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(body: ReadableStream<Uint8Array>, boundary: string) {
    this.reader = body.getReader();
    this.delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  }

  /** The next part's header, or null after the closing delimiter. The previous part must have been read. */
  async next(): Promise<PartHeader | null> {
    if (this.finished) return null;
    if (!this.started) {
      this.started = true;
      // The first delimiter has no leading CRLF; prefixing one lets a single search find it.
      this.buf = concatBytes(CRLF, this.buf);
      if (!(await this.skipPast(this.delimiter, MAX_PART_HEADER_BYTES))) throw malformed('no opening boundary');
    }
    await this.want(2);
    if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
      this.finished = true;
      return null;
    }
    const end = await this.find(CRLFCRLF, MAX_PART_HEADER_BYTES);
    if (end < 0) throw malformed('a part header is missing or too long');
    const head = new TextDecoder().decode(this.buf.subarray(0, end));
    this.buf = this.buf.subarray(end + CRLFCRLF.length);
    const disposition = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw malformed('a part has no name');
    return { name, filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null };
  }

  /** The current part's bytes as a stream; it ends at the next delimiter. */
  body(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        for (;;) {
          const at = indexOf(this.buf, this.delimiter);
          if (at >= 0) {
            if (at > 0) controller.enqueue(this.buf.slice(0, at));
            this.buf = this.buf.subarray(at + this.delimiter.length);
            controller.close();
            return;
          }
          const safe = this.buf.length - (this.delimiter.length - 1);
          if (safe > 0) {
            controller.enqueue(this.buf.slice(0, safe));
            this.buf = this.buf.subarray(safe);
            return;
          }
          if (!(await this.fill())) throw malformed('the body ends inside a part');
        }
      },
    });
  }

  /** The current part as text, refusing more than maxBytes. */
  async text(maxBytes: number): Promise<string> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = this.body().getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const chunk = next.value;
      size += chunk.length;
      if (size > maxBytes) throw new BackupError('invalid_request', `a form field is longer than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
    return new TextDecoder().decode(concatBytes(...chunks));
  }

  /**
   * Reads what is left of the body (up to a bound) before letting go, so a client still uploading
   * after an early answer sees a clean end of request rather than a reset connection.
   */
  async close(drainBytes: number): Promise<void> {
    try {
      let left = drainBytes - this.buf.length;
      this.buf = new Uint8Array(0);
      while (left > 0 && !this.done) {
        const next = await this.reader.read();
        if (next.done) this.done = true;
        else left -= next.value.length;
      }
    } catch {
      // The client went away; nothing left to drain.
    }
    if (!this.done) await this.reader.cancel().catch(() => {});
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.reader.read();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.buf = this.buf.length ? concatBytes(this.buf, next.value) : next.value;
    return true;
  }

  private async want(n: number): Promise<void> {
    while (this.buf.length < n) if (!(await this.fill())) throw malformed('the body ends early');
  }

  /** Offset of needle in the buffer, reading more while it is absent and the buffer under limit. */
  private async find(needle: Uint8Array, limit: number): Promise<number> {
    for (;;) {
      const at = indexOf(this.buf, needle);
      if (at >= 0) return at;
      if (this.buf.length > limit || !(await this.fill())) return -1;
    }
  }

  private async skipPast(needle: Uint8Array, limit: number): Promise<boolean> {
    const at = await this.find(needle, limit);
    if (at < 0) return false;
    this.buf = this.buf.subarray(at + needle.length);
    return true;
  }
}

function malformed(why: string): BackupError {
  return new BackupError('invalid_request', `body: malformed multipart/form-data (${why})`);
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  const first = needle[0]!;
  for (let i = hay.indexOf(first); i >= 0 && i <= hay.length - needle.length; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}
