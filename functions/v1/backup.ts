import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../lib/deps.ts';

export function backupRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
