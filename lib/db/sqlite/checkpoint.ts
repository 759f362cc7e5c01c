import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

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
 * CHECKPOINT.backoffMs (a long reader, such as a streamed export, keeps frames in use).
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
const tick = () => {
  try {
    const { log, checkpointed } = checkpoint('PASSIVE');
    const idle = log > 0 && checkpointed === log && log === lastLog;
    lastLog = log;
    if ((!idle && log < restartFrames) || Date.now() < resumeAt) return;
    const done = checkpoint(idle ? 'TRUNCATE' : 'RESTART');
    if (done.busy) resumeAt = Date.now() + backoffMs;
    else lastLog = done.log;
  } catch {}
};
const timer = setInterval(tick, intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection (before the serving connection closes, so that one is last and removes the WAL). */
  close(): Promise<void>;
}

export function startCheckpointer(file: string, restoreAutomatic: () => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { driver, file, ...CHECKPOINT } });
  worker.unref();
  let exited = false;
  let closing = false;
  const failed = () => {
    if (closing) return;
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
  worker.on('error', failed);
  worker.once('exit', (code) => code !== 0 && failed());
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
