/** The messages between the main thread and the extractor's thread (extract-thread.ts, extract-worker.ts). */
import type { Held } from '../../world/learn/extract/resolve.ts';
import type { Extraction, Turn } from '../../ports/beliefs.ts';

/** To the thread: start extracting these turns, or resume extraction `id` with the owner's beliefs. */
export type ThreadRequest = { id: number; turns: Turn[] } | { id: number; held: Held[] };

/** From the thread: loaded; extraction `id` asks for the owner's beliefs, found these, or failed. */
export type ThreadReply = { ready: true } | { id: number; needsHeld: true } | { id: number; found: Extraction; ms: number } | { id: number; error: string };
