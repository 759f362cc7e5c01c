/** What chat does to the caller's world model around an exchange: record injections, queue extraction. */
import { loadConfig } from '../config/store.ts';
import type { Deps } from '../deps.ts';
import { historyQuery } from './store.ts';
import type { Turn } from './types.ts';

/** Records that these beliefs were injected (injected_count, last_injected_at, history). */
export async function recordInjection(deps: Deps, owner: string, beliefIds: string[]): Promise<void> {
  if (beliefIds.length === 0) return;
  const at = deps.now().toISOString();
  const { db } = deps;
  // By primary key only, owner checked here: with `owner = ?` in SQL the planner walks the owner's index.
  const rows = await db.selectFrom('beliefs').select(['id', 'owner']).where('id', 'in', beliefIds).execute();
  const ids = rows.filter((r) => r.owner === owner).map((r) => r.id);
  if (ids.length === 0) return;
  await deps.atomic([
    db
      .updateTable('beliefs')
      .set((eb) => ({ injected_count: eb('injected_count', '+', 1), last_injected_at: at }))
      .where('id', 'in', ids),
    ...ids.map((id) => historyQuery(db, id, 'injected', at, null)),
  ]);
}

/**
 * Extracts beliefs from a finished exchange into the owner's world model (its actor). Resolves
 * once they are applied; chat runs it in the background (`deps.platform.background`).
 * Does nothing when extraction is disabled in the runtime config.
 */
export async function queueExtraction(deps: Deps, owner: string, turns: Turn[], source: { kind: 'chat'; conversation_id?: string }): Promise<void> {
  const config = await loadConfig(deps);
  if (!config.extraction.enabled) return;
  await deps.world.extract(deps, owner, turns, source);
}
