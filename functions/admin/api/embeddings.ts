import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { embeddingProgress } from '../../../lib/embeddings/progress.ts';

/** GET /admin/api/embeddings (admins): the background embedding's progress for the configured model. */
export function embeddingsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => c.json(await embeddingProgress(deps.db)));
}
