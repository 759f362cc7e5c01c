import type { Deps } from '../deps.ts';

/** What chat injects for one request. */
export interface InjectedContext {
  /** The system block (persona, pinned and relevant beliefs), or null when there is nothing to inject. */
  block: string | null;
  /** How many beliefs are in the block (the `x-belief-store-injected` header). */
  count: number;
  beliefIds: string[];
}

export interface Turn {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

/** Assembles the caller's context for a chat request; never another owner's beliefs. */
export async function buildContext(_deps: Deps, _owner: string, _latestUserText: string, _maxBeliefs: number): Promise<InjectedContext> {
  return { block: null, count: 0, beliefIds: [] };
}

/** Records that these beliefs were injected (injected_count, last_injected_at, history). */
export async function recordInjection(_deps: Deps, _owner: string, _beliefIds: string[]): Promise<void> {}

/** Queues extraction of beliefs from a finished exchange into the owner's world model. */
export async function queueExtraction(
  _deps: Deps,
  _owner: string,
  _turns: Turn[],
  _source: { kind: 'chat'; conversation_id?: string },
): Promise<void> {}
