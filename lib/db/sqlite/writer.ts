import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { compileAll, type Atomic, type AtomicResult } from '../atomic.ts';

/**
 * Atomic changes committed by a worker thread on its own connection: for writes nobody waits on
 * (the buffered usage counts and injection receipts), whose statements and sync would otherwise
 * hold the one event loop for milliseconds at a time. The worker's connection is set up as the
 * serving one is (foreign keys, full sync, no automatic checkpoint: checkpoint.ts checkpoints);
 * the two take turns at SQLite's write lock. Should the worker fail (or after close), changes go to `fallback`.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: workerData.busyMs });
db.pragma('foreign_keys = ON');
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');
db.pragma('journal_size_limit = ' + workerData.journalLimit);
const statements = new Map();
const prepared = (sql) => {
  let s = statements.get(sql);
  if (!s) {
    s = db.prepare(sql);
    if (statements.size > 200) statements.clear();
    statements.set(sql, s);
  }
  return s;
};
const value = (p) => (p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p);
const run = db.transaction((queries) =>
  queries.map(({ sql, parameters }) => {
    const s = prepared(sql);
    const values = parameters.map(value);
    return s.reader ? { rows: s.all(...values), changes: 0 } : { rows: [], changes: s.run(...values).changes };
  }),
);
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ id: m.id, results: run.immediate(m.queries) });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err), code: err && err.code });
  }
});
`;

export interface Writer {
  atomic: Atomic;
  /** Waits for the changes sent, then stops the worker and closes its connection. */
  close(): Promise<void>;
}

interface Reply {
  id: number;
  results?: AtomicResult[];
  error?: string;
  /** SQLite's error code (SQLITE_BUSY, SQLITE_CONSTRAINT_UNIQUE…), as better-sqlite3 gives it. */
  code?: string;
}

/** The writer; its thread starts with the first change sent (a handle that writes none, such as a script's, starts none). */
export function startWriter(file: string, options: { busyMs: number; journalLimit: number }, fallback: Atomic): Writer {
  const waiting = new Map<number, { resolve: (r: AtomicResult[]) => void; reject: (e: Error) => void }>();
  const sent = new Set<Promise<unknown>>();
  let next = 0;
  /** Set once the thread failed or closed: changes then go to `fallback`. */
  let stopped = false;
  let thread: { worker: Worker; exited: Promise<void> } | null = null;
  const settle = (id: number) => {
    const w = waiting.get(id);
    waiting.delete(id);
    // Only a change under way keeps the process alive for the worker.
    if (waiting.size === 0) thread?.worker.unref();
    return w;
  };
  const fail = (err: Error) => {
    stopped = true;
    for (const id of [...waiting.keys()]) settle(id)?.reject(err);
  };
  const started = () => {
    if (thread) return thread.worker;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(SOURCE, { eval: true, workerData: { driver, file, ...options } });
    worker.on('message', (reply: Reply) => {
      const w = settle(reply.id);
      if (reply.error !== undefined) w?.reject(Object.assign(new Error(reply.error), { code: reply.code }));
      else w?.resolve(reply.results!);
    });
    worker.on('error', fail);
    const exited = new Promise<void>((resolve) =>
      worker.once('exit', () => {
        fail(new Error('the writer thread stopped'));
        resolve();
      }),
    );
    thread = { worker, exited };
    return worker;
  };
  return {
    atomic: (queries) => {
      if (stopped) return fallback(queries);
      const compiled = compileAll(queries).map((q) => ({ sql: q.sql, parameters: q.parameters }));
      const worker = started();
      const id = next++;
      const change = new Promise<AtomicResult[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, queries: compiled });
      });
      const settled: Promise<unknown> = change.then(
        () => sent.delete(settled),
        () => sent.delete(settled),
      );
      sent.add(settled);
      return change;
    },
    async close() {
      await Promise.all(sent);
      const running = !stopped && thread;
      stopped = true;
      if (!running) return;
      running.worker.postMessage('close');
      const timer = setTimeout(() => void running.worker.terminate(), 5000);
      await running.exited;
      clearTimeout(timer);
    },
  };
}
