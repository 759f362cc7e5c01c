import { corrupt } from './errors.ts';

/** Longest JSON line accepted (one belief with its whole history). */
const MAX_LINE_CHARS = 32 * 1024 * 1024;

/**
 * Splits a UTF-8 byte stream into lines. Read failures (a chunk that does not authenticate, a
 * damaged gzip stream) and a last line without its newline are reported as a corrupt archive.
 */
export async function* readLines(bytes: ReadableStream<Uint8Array>): AsyncGenerator<{ text: string; number: number }> {
  const reader = bytes.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let partial = '';
  let number = 0;
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        throw corrupt(`the archive is damaged: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (chunk.done) {
        finished = true;
        break;
      }
      let text: string;
      try {
        text = partial + decoder.decode(chunk.value, { stream: true });
      } catch {
        throw corrupt('the archive holds text that is not UTF-8');
      }
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        number++;
        yield { text: text.slice(start, nl), number };
        start = nl + 1;
      }
      partial = text.slice(start);
      if (partial.length > MAX_LINE_CHARS) throw corrupt(`line ${number + 1} is longer than ${MAX_LINE_CHARS} characters`);
    }
    if (partial.length > 0) throw corrupt('the archive ends in the middle of a record');
  } finally {
    if (finished) reader.releaseLock();
    else await reader.cancel().catch(() => {});
  }
}
