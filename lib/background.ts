/**
 * Work nobody awaits (buffer flushes, queues, listeners, timers) fails here, never as an unhandled
 * rejection, which would end the Node process: each failure is logged and counted per task in
 * `belief_store_background_failures_total{task}` (GET /metrics). Counted per process (per isolate
 * under workerd), like the other in-process series.
 */

/** The background paths that count their failures (docs/operations.md lists what each does then). */
export const BACKGROUND_TASKS = [
  /** Platform.background's catch-all: work a request left running after its response. */
  'background',
  'usage_flush',
  'usage_identity',
  'chat_extraction',
  'persona_refresh',
  'receipt_flush',
  'pat_use_flush',
  'service_usage',
  'embedding_pass',
  'extraction_drop_count',
  'socket_frame',
  'socket_recheck',
  'cluster_listen',
  'cluster_publish',
  'cluster_receive',
  'limit_prune',
  'wal_checkpoint',
  /** The process-level last guard (Node): a rejection that reached no handler at all. */
  'unhandled_rejection',
  /** A throw that reached no handler (Node): logged, then the process drains and exits with code 1. */
  'uncaught_exception',
] as const;
export type BackgroundTask = (typeof BACKGROUND_TASKS)[number];

export type Log = (line: Record<string, unknown>) => void;

const failures = new Map<BackgroundTask, number>();

/** The error's class, code and message only: no stack, and never a rejected value that is not an Error (it may hold anything). */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return `non-error rejection (${typeof err})`;
  const code = (err as { code?: unknown }).code;
  return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${err.message}`.slice(0, 500);
}

/** Logs (as `event`) and counts one failure of a background task. */
export function backgroundFailed(log: Log, task: BackgroundTask, err: unknown, event = 'background_failed'): void {
  failures.set(task, (failures.get(task) ?? 0) + 1);
  const line: Record<string, unknown> = { level: 'error', event, task, error: errorText(err) };
  // Where a bug threw, for its report: the stack's frames (file and line) without its message.
  if (task === 'uncaught_exception' && err instanceof Error)
    line.at = err.stack
      ?.split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 8)
      .map((l) => l.trim());
  log(line);
}

/** `work` with its failure logged and counted: the promise returned never rejects. */
export function guarded(log: Log, task: BackgroundTask, work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    (err: unknown) => backgroundFailed(log, task, err),
  );
}

/**
 * A promise started now and awaited later (work begun early to run beside other work): marked
 * handled at once, so a rejection before the await cannot end the process, nor one that is never
 * awaited because the request failed first; awaiting it still throws.
 */
export function awaitedLater<T>(value: T | Promise<T>): T | Promise<T> {
  if (value instanceof Promise) value.catch(() => undefined);
  return value;
}

const HELP = 'Failures of work run in the background (flushes, queues, listeners), by task; each was logged';

/** The series for GET /metrics: every task, zero included, so an alert can rate() it from the start. */
export function backgroundMetricLines(): string {
  const lines = [`# HELP belief_store_background_failures_total ${HELP}`, '# TYPE belief_store_background_failures_total counter'];
  for (const task of BACKGROUND_TASKS) lines.push(`belief_store_background_failures_total{task="${task}"} ${failures.get(task) ?? 0}`);
  return lines.join('\n') + '\n';
}
