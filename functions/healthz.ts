import { Hono } from 'hono';
import type { AppEnv } from '../lib/deps.ts';

export function healthz() {
  return new Hono<AppEnv>().get('/', (c) => c.json({ status: 'ok' }));
}
