import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { auditRoutes } from './audit.ts';
import { backupApiRoutes } from './backup.ts';
import { beliefsRoutes } from './beliefs.ts';
import { compactionRoutes } from './compaction.ts';
import { configRoutes } from './config.ts';
import { injectionsRoutes } from './injections.ts';
import { meRoutes } from './me.ts';
import { personaRoutes } from './persona.ts';
import { rootTokenRoutes } from './root-token.ts';
import { sessionsRoutes } from './sessions.ts';
import { tokensRoutes } from './tokens.ts';
import { usageRoutes } from './usage.ts';
import { usersRoutes } from './users.ts';

/** The JSON admin API: each resource in its own file, mounted here. */
export function adminApiRoutes(deps: Deps) {
  const api = new Hono<AppEnv>();
  api.route('/me', meRoutes(deps));
  api.route('/tokens', tokensRoutes(deps));
  api.route('/sessions', sessionsRoutes(deps));
  api.route('/users', usersRoutes(deps));
  api.route('/audit', auditRoutes(deps));
  api.route('/config', configRoutes(deps));
  api.route('/root-token', rootTokenRoutes(deps));
  api.route('/backup', backupApiRoutes(deps));
  api.route('/beliefs', beliefsRoutes(deps));
  api.route('/persona', personaRoutes(deps));
  api.route('/injections', injectionsRoutes(deps));
  api.route('/compaction', compactionRoutes(deps));
  api.route('/usage', usageRoutes(deps));
  return api;
}
