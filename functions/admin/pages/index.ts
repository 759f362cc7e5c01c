import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';

export function adminPages(_deps: Deps) {
  return new Hono<AppEnv>();
}
