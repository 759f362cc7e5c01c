import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../lib/deps.ts';

export function chatRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
