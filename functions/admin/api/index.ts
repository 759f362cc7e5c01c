import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';

/** The JSON admin API: each resource in its own file, mounted here. */
export function adminApiRoutes(_deps: Deps) {
  const api = new Hono<AppEnv>();
  return api;
}
