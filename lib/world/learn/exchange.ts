/** What chat does to the caller's world model after an exchange: queue extraction (receipts: receipts.ts). */
import { loadConfig } from '../../stores/config.ts';
import type { Deps } from '../../deps.ts';
import type { Turn } from '../../ports/beliefs.ts';

/**
 * Extracts beliefs from a finished exchange into the owner's world model (its actor). Resolves
 * once they are applied; chat runs it in the background (`deps.platform.background`).
 * Does nothing when extraction is disabled in the runtime config. `scope` is what learned beliefs
 * get (learnedScope of the request's scopes); universal without it.
 */
export async function queueExtraction(
  deps: Deps,
  owner: string,
  turns: Turn[],
  source: { kind: 'chat'; conversation_id?: string },
  scope?: string,
): Promise<void> {
  const config = await loadConfig(deps.db);
  if (!config.extraction.enabled) return;
  await deps.world.extract(owner, turns, source, scope);
}
