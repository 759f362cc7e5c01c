import { Hono } from 'hono';
import { readJson } from '../../../lib/body.ts';
import { applyConfigInput, configInput } from '../../../lib/config/validate.ts';
import { configUnchanged, loadStoredConfig, maskedConfig, parseConfig, saveConfigQueries } from '../../../lib/stores/config.ts';
import { credentialFailure } from '../../../lib/provider-keys.ts';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { actorName } from '../../../lib/auth/principal.ts';
import { auditQuery } from '../../../lib/stores/audit.ts';

/** GET/PUT /admin/api/config (admins; the access matrix guards it): provider keys shown masked only. */
export function configRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await maskedConfig(deps)));
  app.put('/', async (c) => {
    const input = await readJson(c, configInput);
    const stored = await loadStoredConfig(deps.database);
    const current = parseConfig(stored.json);
    const { config, keys } = applyConfigInput(current, input);
    // A save that changes nothing writes nothing and is not audited.
    if (stored.json !== null && configUnchanged(deps.masterKey, stored, config, keys)) return c.json(await maskedConfig(deps, config));
    let queries: ReturnType<typeof saveConfigQueries>;
    try {
      queries = saveConfigQueries(
        deps,
        config,
        keys,
        current.providers.map((p) => p.id),
      );
    } catch (err) {
      credentialFailure(err);
    }
    const detail = {
      providers: config.providers.map((p) => p.id),
      keys_set: Object.entries(keys)
        .filter(([, v]) => v !== null)
        .map(([id]) => id),
      keys_removed: Object.entries(keys)
        .filter(([, v]) => v === null)
        .map(([id]) => id),
      default_model: config.default_model,
    };
    queries.push(auditQuery(deps.db, { actor: actorName(c.get('principal')), action: 'config.changed', target: 'config', detail }, deps.now()));
    // The persona preview (GET /admin/api/persona) shows persona_max beliefs: rebuilt on next need.
    if (config.injection.persona_max !== current.injection.persona_max) queries.push(deps.db.deleteFrom('persona_cache'));
    await deps.atomic(queries);
    return c.json(await maskedConfig(deps, config));
  });
  return app;
}
