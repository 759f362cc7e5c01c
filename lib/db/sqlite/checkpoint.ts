import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { backgroundFailed, type Log } from '../../background.ts';

/**
 * WAL checkpoints off the event loop, and a WAL that stays bounded under sustained writes.
 *
 * SQLite's automatic checkpoint runs inside the COMMIT of whichever write crosses the threshold,
 * copying the WAL into the database file and syncing it: tens of milliseconds during which the one
 * event loop serves nothing. Here a worker thread with its own connection checkpoints on a timer,
 * and the serving connection's automatic checkpoint is turned off (turned back on should the worker
 * fail).
 *
 * A PASSIVE checkpoint never blocks anyone, but it only copies frames: the log starts again from
 * its beginning only when a write begins after a checkpoint that copied every frame, which under
 * steady writes never happens (a write always lands during the checkpoint), so the file grows by
 * every write. Hence, after each PASSIVE pass:
 *  - a log past CHECKPOINT.restartBytes is RESTARTed: the frames written since the pass are copied
 *    while new writes wait, and the next write starts the log again from its beginning (the
 *    serving connection's `journal_size_limit` then trims the file back to that size);
 *  - a log wholly copied with no write since the last tick (idle) is TRUNCATEd to zero bytes.
 * Both wait for the write lock and for readers at most CHECKPOINT.waitMs (the longest a serving
 * write is held off); one that cannot finish in time changes nothing and is tried again after
 * CHECKPOINT.backoffMs (a long reader, such as a streamed export, keeps frames in use), or at the
 * next tick once the log is past twice CHECKPOINT.restartBytes: under back-to-back writes on a
 * starved machine a RESTART can miss its 100 ms more than once, and a second of writes is ~15 MB.
 *
 * A checkpoint that fails (another connection holding the file locked, an I/O error) is logged and
 * counted as task `wal_checkpoint`, once per run of failures; the worker itself failing is too,
 * and turns the automatic checkpoint back on.
 */
export const CHECKPOINT = {
  intervalMs: 250,
  /** 16 MB: with one tick's growth on top the file stays well under 64 MB. */
  restartBytes: 16 * 1024 * 1024,
  waitMs: 100,
  backoffMs: 1000,
} as const;

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { file, intervalMs, restartBytes, waitMs, backoffMs } = workerData;
const db = new Database(file, { timeout: waitMs });
const restartFrames = Math.ceil(restartBytes / db.pragma('page_size', { simple: true }));
const checkpoint = (mode) => db.pragma('wal_checkpoint(' + mode + ')')[0];
let lastLog = -1;
let resumeAt = 0;
let failing = false;
const tick = () => {
  try {
    const { log, checkpointed } = checkpoint('PASSIVE');
    const idle = log > 0 && checkpointed === log && log === lastLog;
    lastLog = log;
    if ((!idle && log < restartFrames) || (Date.now() < resumeAt && log < 2 * restartFrames)) return;
    const done = checkpoint(idle ? 'TRUNCATE' : 'RESTART');
    if (done.busy) resumeAt = Date.now() + backoffMs;
    else lastLog = done.log;
    failing = false;
  } catch (err) {
    if (!failing) parentPort.postMessage({ name: err.name, code: err.code, message: err.message });
    failing = true;
  }
};
const timer = setInterval(tick, intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** An error as it crosses from the worker: a better-sqlite3 error arrives as a plain object. */
type WorkerError = { name?: string; code?: string; message?: string };
const asError = ({ name, code, message }: WorkerError) => Object.assign(new Error(message), { name: name ?? 'Error', code });

export interface Checkpointer {
  /** Stops the worker and closes its connection (before the serving connection closes, so that one is last and removes the WAL). */
  close(): Promise<void>;
}

export function startCheckpointer(file: string, log: Log, restoreAutomatic: () => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { driver, file, ...CHECKPOINT } });
  worker.unref();
  let exited = false;
  let closing = false;
  const failed = (err: unknown) => {
    if (closing) return;
    backgroundFailed(log, 'wal_checkpoint', err);
    try {
      restoreAutomatic();
    } catch {
      // the serving connection is closed already: nothing left to checkpoint for
    }
  };
  const done = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  worker.on('message', (err: WorkerError) => backgroundFailed(log, 'wal_checkpoint', asError(err)));
  let crashed = false;
  worker.on('error', (err: WorkerError) => {
    crashed = true;
    failed(asError(err));
  });
  worker.once('exit', (code) => code !== 0 && !crashed && failed(new Error(`the checkpoint worker exited with code ${code}`)));
  return {
    async close() {
      closing = true;
      if (exited) return;
      worker.postMessage('close');
      const timer = setTimeout(() => void worker.terminate(), 5000);
      await done;
      clearTimeout(timer);
    },
  };
}
