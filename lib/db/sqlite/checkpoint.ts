import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the COMMIT of
 * whichever write crosses the threshold, copying the WAL into the database file and syncing it:
 * tens of milliseconds during which the one event loop serves nothing (a chat's receipt write
 * after its answer stalls the next requests). Here a worker thread with its own connection runs
 * PASSIVE checkpoints (never blocking readers or writers) on a timer, and the serving connection's
 * automatic checkpoint is turned off. Should the worker fail, the automatic one is turned back on.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const tick = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(tick, workerData.intervalMs);
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

export function startCheckpointer(file: string, restoreAutomatic: () => void, intervalMs = 250): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
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
