import { Hono } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import type { AppDeps } from '../../../lib/services.ts';
import { API_MOUNTS } from '../contract.ts';
import { auditRoutes } from './audit.ts';
import { backupApiRoutes } from './backup.ts';
import { beliefsRoutes } from './beliefs.ts';
import { compactionRoutes } from './compaction.ts';
import { configRoutes } from './config.ts';
import { embeddingsRoutes } from './embeddings.ts';
import { forgetRoutes } from './forget.ts';
import { injectionsRoutes } from './injections.ts';
import { kindsRoutes } from './kinds.ts';
import { meRoutes } from './me.ts';
import { personaRoutes } from './persona.ts';
import { rootTokenRoutes } from './root-token.ts';
import { sessionsRoutes } from './sessions.ts';
import { tokensRoutes } from './tokens.ts';
import { usageRoutes } from './usage.ts';
import { usersRoutes } from './users.ts';

/** The JSON admin API: each resource in its own file, mounted here. */
export function adminApiRoutes(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  api.route(API_MOUNTS.me, meRoutes(deps));
  api.route(API_MOUNTS.tokens, tokensRoutes(deps));
  api.route(API_MOUNTS.sessions, sessionsRoutes(deps));
  api.route(API_MOUNTS.users, usersRoutes(deps));
  api.route(API_MOUNTS.audit, auditRoutes(deps));
  api.route(API_MOUNTS.config, configRoutes(deps));
  api.route(API_MOUNTS.rootToken, rootTokenRoutes(deps));
  api.route(API_MOUNTS.backup, backupApiRoutes(deps));
  api.route(API_MOUNTS.beliefs, beliefsRoutes(deps));
  api.route(API_MOUNTS.kinds, kindsRoutes());
  api.route(API_MOUNTS.forget, forgetRoutes(deps));
  api.route(API_MOUNTS.persona, personaRoutes(deps));
  api.route(API_MOUNTS.injections, injectionsRoutes(deps));
  api.route(API_MOUNTS.compaction, compactionRoutes(deps));
  api.route(API_MOUNTS.usage, usageRoutes(deps));
  api.route(API_MOUNTS.embeddings, embeddingsRoutes(deps));
  return api;
}
