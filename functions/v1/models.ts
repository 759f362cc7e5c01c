import { Hono } from 'hono';
import { loadConfig } from '../../lib/config/store.ts';
import type { AppEnv, Deps } from '../../lib/deps.ts';
import { ApiError } from '../../lib/errors.ts';
import { listModels, resolveModel, type ModelRoute } from '../../lib/providers/route.ts';

const EPOCH = '1970-01-01T00:00:00Z';

const openAiModel = (m: ModelRoute) => ({ id: m.id, object: 'model', created: 0, owned_by: m.provider.id });
const anthropicModel = (m: ModelRoute) => ({ type: 'model', id: m.id, display_name: m.id, created_at: EPOCH });

/** GET /v1/models and /v1/models/{id} (ids may contain "/"): OpenAI shape, Anthropic with `anthropic-version`. */
export function modelsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const models = listModels(await loadConfig(deps));
    if (c.req.header('anthropic-version')) {
      const data = models.map(anthropicModel);
      return c.json({ data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
    }
    return c.json({ object: 'list', data: models.map(openAiModel) });
  });
  app.get('/:id{.+}', async (c) => {
    const ref = c.req.param('id');
    const route = resolveModel(await loadConfig(deps), ref);
    if (!route || !route.provider.models.includes(route.model)) {
      throw new ApiError(404, 'model_not_found', `model "${ref}" is not configured`);
    }
    return c.json(c.req.header('anthropic-version') ? anthropicModel(route) : openAiModel(route));
  });
  return app;
}
