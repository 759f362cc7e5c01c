/**
 * The built-in extractor run so that no request waits long behind it (API.md §6): in slices of a
 * few milliseconds with a pause for the event loop between them, and at most
 * MAX_SIDE_BY_SIDE turns at once in a process (an isolate under workerd), the others waiting in
 * a bounded queue. It reports the time it ran, which the owner's extraction budget is charged.
 */
import { ApiError } from '../../errors.ts';
import { Places } from './places.ts';
import type { Extraction, Turn } from '../../ports/beliefs.ts';
import type { Held } from './extract/resolve.ts';
import { loadTagger } from './extract/tagger.ts';
import { extraction, NEEDS_HELD } from './extractor.ts';

/** The longest the extractor runs before it lets the event loop serve others. */
const SLICE_MS = 8;
/** Clauses read in one slice at most, for a runtime whose clock stands still while code runs (Cloudflare). */
const SLICE_STEPS = 16;
/** Turns extracted side by side in one process. */
const MAX_SIDE_BY_SIDE = 2;
/** Turns waiting for one of those places; past it a turn is not extracted (`backpressure`). */
const MAX_WAITING = 256;

/** Lets the event loop serve other requests (and SQLite's checkpointer catch up) between two steps. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const processBusy = () =>
  new ApiError(429, 'backpressure', `${MAX_WAITING} turns are already waiting for extraction in this process; this turn was not extracted`);

const places = new Places(MAX_SIDE_BY_SIDE, MAX_WAITING, processBusy);

/** Where the extractor's steps run: their findings and the milliseconds they ran, the owner's beliefs read through `loadHeld` when a step asks. */
export type StepRunner = (turns: Turn[], loadHeld: () => Promise<Held[]>) => Promise<{ found: Extraction; ms: number }>;

/**
 * The built-in extractor's findings in the user's turns and the milliseconds it ran, in one of the
 * process's places: in slices on this thread, or where `runner` runs the steps (the Node adapter's
 * worker thread, lib/adapters/node/extract-thread.ts). The owner's beliefs are loaded (`loadHeld`)
 * only when a clause states a change, which is resolved against them.
 */
export async function extractInSlices(
  turns: Turn[],
  loadHeld: () => Promise<Held[]>,
  runner: StepRunner = onThisThread,
): Promise<{ found: Extraction; ms: number }> {
  const release = await places.take();
  try {
    return await runner(turns, loadHeld);
  } finally {
    release();
  }
}

/** The steps on this thread, a few milliseconds at a time with a pause for the event loop between. */
export const onThisThread: StepRunner = async (turns, loadHeld) => {
  await loadTagger();
  const steps = extraction(turns);
  let ms = 0;
  let held: Held[] | undefined;
  for (;;) {
    const start = performance.now();
    let step = steps.next(held);
    held = undefined;
    for (let n = 1; !step.done && step.value !== NEEDS_HELD && n < SLICE_STEPS && performance.now() - start < SLICE_MS; n++) step = steps.next();
    ms += performance.now() - start;
    if (step.done) return { found: step.value, ms };
    if (step.value === NEEDS_HELD) held = await loadHeld();
    else await yieldToEventLoop();
  }
};
