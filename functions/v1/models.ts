import { Hono } from 'hono';
import { parseConfig, requestStoredConfig } from '../../lib/stores/config.ts';
import type { AppEnv, Deps } from '../../lib/deps.ts';
import { ApiError } from '../../lib/errors.ts';
import { listModels, resolveModel, type ModelRoute } from '../../lib/providers/route.ts';
import { lastOf } from '../../lib/last-of.ts';

const EPOCH = '1970-01-01T00:00:00Z';
const JSON_TYPE = { 'content-type': 'application/json' };

const openAiModel = (m: ModelRoute) => ({ id: m.id, object: 'model', created: 0, owned_by: m.provider.id });
const anthropicModel = (m: ModelRoute) => ({ type: 'model', id: m.id, display_name: m.id, created_at: EPOCH });

function openAiList(json: string | null): string {
  return JSON.stringify({ object: 'list', data: listModels(parseConfig(json)).map(openAiModel) });
}

function anthropicList(json: string | null): string {
  const data = listModels(parseConfig(json)).map(anthropicModel);
  return JSON.stringify({ data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
}

/** GET /v1/models and /v1/models/{id} (ids may contain "/"): OpenAI shape, Anthropic with `anthropic-version`. */
export function modelsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // Rendered again only when the stored config's text changes.
  const lists = { openai: lastOf(openAiList), anthropic: lastOf(anthropicList) };
  app.get('/', async (c) => {
    const { json } = await requestStoredConfig(c, deps.database);
    const body = c.req.header('anthropic-version') ? lists.anthropic(json) : lists.openai(json);
    return c.body(body, 200, JSON_TYPE);
  });
  app.get('/:id{.+}', async (c) => {
    const ref = c.req.param('id');
    const config = parseConfig((await requestStoredConfig(c, deps.database)).json);
    const id = resolveModel(config, ref)?.id;
    const route = listModels(config).find((m) => m.id === id);
    if (!route) {
      throw new ApiError(404, 'model_not_found', `model "${ref}" is not configured`);
    }
    return c.json(c.req.header('anthropic-version') ? anthropicModel(route) : openAiModel(route));
  });
  return app;
}
