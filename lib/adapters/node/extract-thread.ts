/**
 * The built-in extractor on a worker thread (Node): a chat's extraction costs a millisecond or two
 * of CPU after its response, which on the main thread would land on the next request's path. The
 * thread runs extract-worker.ts, bundled by esbuild on first need (and kept in .build/cache/ as
 * `npm start`'s bundle is); until it is warm, and should it fail, extraction runs on the main thread
 * as it does under workerd. The findings are the same either way: the same steps, and the owner's
 * beliefs a step asks for are read here, on the main thread's connection.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { cachedBuild } from '../cached-build.mjs';
import { onThisThread, type StepRunner } from '../../world/learn/run-extractor.ts';
import type { Held } from '../../world/learn/extract/resolve.ts';
import type { Extraction, Turn } from '../../ports/beliefs.ts';
import type { ThreadReply, ThreadRequest } from './extract-protocol.ts';

const WORKER_SOURCE = join('lib', 'adapters', 'node', 'extract-worker.ts');

/** The checkout this module runs from: found upwards, since it also runs bundled into .build/. */
function checkoutRoot(): string | null {
  for (let dir = dirname(fileURLToPath(import.meta.url)), i = 0; i < 8; i++, dir = dirname(dir)) {
    if (existsSync(join(dir, WORKER_SOURCE))) return dir;
  }
  return null;
}

/** extract-worker.ts with everything it imports, as one CommonJS script. */
async function workerScript(): Promise<string> {
  const root = checkoutRoot();
  if (!root) throw new Error(`${WORKER_SOURCE} not found`);
  const [file] = await cachedBuild(join(root, '.build', 'cache'), {
    absWorkingDir: root,
    entryPoints: [WORKER_SOURCE],
    outfile: join(root, '.build', 'extract-worker.cjs'),
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  return new TextDecoder().decode(file!.contents);
}

/**
 * The process's flags as a Worker takes them. The script is CommonJS, so --input-type is not handed
 * down; a heap limit is a process-wide flag a Worker refuses, so it becomes the thread's own limit.
 */
export function threadFlags(flags: readonly string[]): { execArgv: string[]; resourceLimits: { maxOldGenerationSizeMb?: number } } {
  const execArgv: string[] = [];
  const resourceLimits: { maxOldGenerationSizeMb?: number } = {};
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]!;
    const heap = /^--max[-_]old[-_]space[-_]size(?:=(\d+))?$/.exec(flag);
    if (heap) {
      const mb = Number(heap[1] ?? flags[++i]);
      if (mb > 0) resourceLimits.maxOldGenerationSizeMb = mb;
    } else if (!flag.startsWith('--input-type')) execArgv.push(flag);
  }
  return { execArgv, resourceLimits };
}

interface Waiting {
  turns: Turn[];
  loadHeld: () => Promise<Held[]>;
  resolve: (r: { found: Extraction; ms: number }) => void;
  reject: (e: Error) => void;
}

/** The process's extractor thread: one, shared by every server of the process, started on first call. */
class ExtractThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;
  /** Set once the thread is warm; cleared for good when it fails. */
  private ready = false;
  private announce: (warm: boolean) => void = () => undefined;
  /** Settles true once the thread is warm, false if it never will be. */
  readonly warm = new Promise<boolean>((resolve) => {
    this.announce = resolve;
  });

  constructor(private readonly log: (line: Record<string, unknown>) => void) {
    // A thread that cannot start (its bundle, or a flag of the process the Worker refuses) is unavailable, never a hang.
    workerScript()
      .then((script) => this.start(script))
      .catch((err: unknown) => this.unavailable(err));
  }

  readonly run: StepRunner = (turns, loadHeld) => {
    if (!this.ready || !this.worker) return onThisThread(turns, loadHeld);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { turns, loadHeld, resolve, reject });
      this.worker!.ref();
      this.send({ id, turns });
    });
  };

  private send(request: ThreadRequest): void {
    this.worker?.postMessage(request);
  }

  private start(script: string): void {
    const worker = new Worker(script, { eval: true, ...threadFlags(process.execArgv) });
    worker.on('message', (reply: ThreadReply) => this.receive(reply));
    worker.on('error', (err) => this.failed(err));
    worker.on('exit', (code) => this.failed(new Error(`the extractor thread exited (${code})`)));
    // After the listeners, which ref the thread's port again: an idle thread never keeps the process alive.
    worker.unref();
    this.worker = worker;
  }

  private receive(reply: ThreadReply): void {
    if ('ready' in reply) {
      this.ready = true;
      this.announce(true);
      return;
    }
    const w = this.waiting.get(reply.id);
    if (!w) return;
    if ('needsHeld' in reply) {
      w.loadHeld().then(
        (held) => this.send({ id: reply.id, held }),
        (err: unknown) => this.settle(reply.id)?.reject(err instanceof Error ? err : new Error(String(err))),
      );
      return;
    }
    this.settle(reply.id);
    if ('error' in reply) w.reject(new Error(reply.error));
    else w.resolve({ found: reply.found, ms: reply.ms });
  }

  private settle(id: number): Waiting | undefined {
    const w = this.waiting.get(id);
    this.waiting.delete(id);
    // Only an extraction under way keeps the process alive for the thread.
    if (this.waiting.size === 0) this.worker?.unref();
    return w;
  }

  /** The thread is gone: its extractions run again on the main thread, and so does every later one. */
  private failed(err: Error): void {
    if (!this.worker) return;
    this.worker = null;
    this.ready = false;
    this.unavailable(err);
    for (const [id, w] of [...this.waiting]) {
      this.settle(id);
      onThisThread(w.turns, w.loadHeld).then(w.resolve, w.reject);
    }
  }

  private unavailable(err: unknown): void {
    this.announce(false);
    this.log({ level: 'warn', event: 'extractor_thread_unavailable', error: err instanceof Error ? err.message : String(err) });
  }
}

let thread: ExtractThread | undefined;

/** The runner of the process's extractor thread (extractions run on the main thread until it is warm, and once it failed). */
export function extractorThread(log: (line: Record<string, unknown>) => void): StepRunner {
  thread ??= new ExtractThread(log);
  return thread.run;
}

/** Whether the process's extractor thread is warm: true once it is, false if it failed (undefined before any was started). */
export function extractorThreadWarm(): Promise<boolean> | undefined {
  return thread?.warm;
}
