/** Flushed at once past this many characters, so a burst never holds much in memory. */
const MAX_PENDING = 64 * 1024;

/**
 * Structured log lines, one JSON object each, written together at the end of the event-loop turn
 * that produced them: under load a request's line costs no system call of its own. `flush` writes
 * what is pending now (at shutdown).
 */
export function jsonLines(write: (text: string) => void) {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  const log = (line: Record<string, unknown>) => {
    pending += JSON.stringify(line) + '\n';
    if (pending.length >= MAX_PENDING) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return { log, flush };
}
