import { loadConfig } from '../config/store.ts';
import type { Deps } from '../deps.ts';
import { readPersona } from './persona.ts';
import { pinnedBeliefs, searchBeliefs, type Found } from './retrieval.ts';
import { estimateTokens } from './text.ts';
import type { Turn } from './types.ts';

export type { Turn } from './types.ts';

/** What a receipt records of one injection (API.md §11): the tiers as injected, belief ids in order. */
export interface ReceiptTiers {
  scope: string[];
  query: string;
  persona: string | null;
  pinned: string[];
  relevant: string[];
  questions: string[];
  related: string[];
}

/** What chat injects for one request. */
export interface InjectedContext {
  /** The system block (persona, pinned and relevant beliefs), or null when there is nothing to inject. */
  block: string | null;
  /** How many beliefs are in the block (the `x-belief-store-injected` header). */
  count: number;
  beliefIds: string[];
  /** The tiers as injected, for the receipt; null when nothing was injected. */
  tiers: ReceiptTiers | null;
}

/** Tokens the injected block may use, persona included. */
const TOKEN_BUDGET = 1500;

/** The owner's persona, rebuilt by its actor when a belief change invalidated the cached one. */
export async function currentPersona(deps: Deps, owner: string) {
  return (await readPersona(deps.db, owner)) ?? deps.world.change(deps, owner, { op: 'persona' });
}

/** Assembles the caller's context for a chat request; never another owner's beliefs. */
export async function buildContext(deps: Deps, owner: string, latestUserText: string, maxBeliefs: number): Promise<InjectedContext> {
  const [persona, pinned, relevant] = await Promise.all([
    currentPersona(deps, owner),
    pinnedBeliefs(deps.db, owner, latestUserText, maxBeliefs),
    searchBeliefs(deps, owner, latestUserText, maxBeliefs),
  ]);
  let budget = TOKEN_BUDGET;
  const lines: string[] = [];
  const take = (text: string) => {
    const cost = estimateTokens(text);
    if (cost > budget) return false;
    budget -= cost;
    lines.push(text);
    return true;
  };
  const header = 'What the memory service knows about the user (use it when relevant; the user may correct it):';
  take(header);
  if (persona.persona) take(`Profile: ${persona.persona}`);
  const chosen: Found[] = [];
  const pinnedIds = new Set(pinned.map((b) => b.id));
  const seen = new Set<string>();
  for (const b of [...pinned, ...relevant]) {
    if (chosen.length >= maxBeliefs || seen.has(b.id)) continue;
    seen.add(b.id);
    if (take(`- ${b.statement}`)) chosen.push(b);
  }
  if (lines.length === 1) return { block: null, count: 0, beliefIds: [], tiers: null };
  const tiers: ReceiptTiers = {
    scope: [],
    query: latestUserText,
    persona: persona.persona || null,
    pinned: chosen.filter((b) => pinnedIds.has(b.id)).map((b) => b.id),
    relevant: chosen.filter((b) => !pinnedIds.has(b.id)).map((b) => b.id),
    questions: [],
    related: [],
  };
  return { block: lines.join('\n'), count: chosen.length, beliefIds: chosen.map((b) => b.id), tiers };
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
