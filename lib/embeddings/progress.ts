import type { Db } from '../db/schema.ts';
import { loadConfig } from '../stores/config.ts';
import { embeddingCounts } from './store.ts';

/** What the background embedding has done for the configured model, over all active beliefs (docs/api.md §4). */
export interface EmbeddingProgress {
  model: string | null;
  embedded: number;
  pending: number;
  failed: number;
}

export async function embeddingProgress(db: Db): Promise<EmbeddingProgress> {
  const model = (await loadConfig(db)).embeddings?.model ?? null;
  return { model, ...(await embeddingCounts(db, model)) };
}
