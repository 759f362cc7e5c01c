import { BackupError, corrupt } from './errors.ts';

/** Longest JSON line accepted (one record: a belief with its history, a persona, a compaction entry). */
export const MAX_LINE_CHARS = 1024 * 1024;

/**
 * Splits a UTF-8 byte stream into lines, each character looked at once however many chunks a
 * line spans. Read failures (a chunk that does not authenticate, a damaged gzip stream), a line
 * longer than MAX_LINE_CHARS and a last line without its newline are reported as a corrupt archive.
 */
export async function* readLines(bytes: ReadableStream<Uint8Array>): AsyncGenerator<{ text: string; number: number }> {
  const reader = bytes.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  /** The pieces of the line being read, not yet ended by a newline. */
  const pieces: string[] = [];
  let pending = 0;
  let number = 0;
  let finished = false;
  const tooLong = () => corrupt(`line ${number + 1} is longer than ${MAX_LINE_CHARS} characters (1 MiB)`);
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        throw damaged(err);
      }
      if (chunk.done) {
        finished = true;
        break;
      }
      let text: string;
      try {
        text = decoder.decode(chunk.value, { stream: true });
      } catch {
        throw corrupt('the archive holds text that is not UTF-8');
      }
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        if (pending + nl - start > MAX_LINE_CHARS) throw tooLong();
        pieces.push(text.slice(start, nl));
        number++;
        yield { text: pieces.join(''), number };
        pieces.length = 0;
        pending = 0;
        start = nl + 1;
      }
      if (start < text.length) {
        pieces.push(text.slice(start));
        pending += text.length - start;
        if (pending > MAX_LINE_CHARS) throw tooLong();
      }
    }
    if (pending > 0) throw corrupt('the archive ends in the middle of a record');
  } finally {
    if (finished) reader.releaseLock();
    else await reader.cancel().catch(() => {});
  }
}

/**
 * A failure of the stream feeding the lines: the decryption's own error as it is (workerd's
 * DecompressionStream passes on only its message), anything else (gzip) as a damaged archive.
 */
function damaged(err: unknown): BackupError {
  if (err instanceof BackupError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return corrupt(message.startsWith('the archive ') ? message : `the archive is damaged: ${message}`);
}
