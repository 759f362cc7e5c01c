/**
 * The built-in extractor's thread (extract-thread.ts bundles this file and runs it as a worker):
 * each message starts one extraction or resumes one with the owner's beliefs it asked for. The
 * steps run here to the end or to NEEDS_HELD, which goes back to the main thread to read them.
 */
import { parentPort } from 'node:worker_threads';
import { extraction, NEEDS_HELD, warmUpExtractor } from '../../world/learn/extractor.ts';
import type { Held } from '../../world/learn/extract/resolve.ts';
import type { ThreadReply, ThreadRequest } from './extract-protocol.ts';

const port = parentPort!;
const running = new Map<number, { steps: ReturnType<typeof extraction>; ms: number }>();
// The tagger's first calls cost a hundred times its later ones: paid here, before the first turn.
const warm = warmUpExtractor();

port.on('message', (message: ThreadRequest) => {
  const reply = (r: ThreadReply) => port.postMessage(r);
  const { id } = message;
  let run = running.get(id);
  if ('turns' in message) {
    run = { steps: extraction(message.turns), ms: 0 };
    running.set(id, run);
  }
  if (!run) return;
  const start = performance.now();
  try {
    let step = run.steps.next('held' in message ? (message.held as Held[]) : undefined);
    while (!step.done && step.value !== NEEDS_HELD) step = run.steps.next();
    run.ms += performance.now() - start;
    if (!step.done) return reply({ id, needsHeld: true });
    running.delete(id);
    reply({ id, found: step.value, ms: run.ms });
  } catch (err) {
    running.delete(id);
    reply({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
// Only a warm thread is sent turns (a failed warm-up ends the thread, and turns stay on the main one).
void warm.then(() => port.postMessage({ ready: true } satisfies ThreadReply));
