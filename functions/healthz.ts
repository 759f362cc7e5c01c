import { Hono } from 'hono';
import type { AppEnv } from '../lib/deps.ts';

/** GET /healthz: the process is up. Answered from the process alone: no credential is read, nor the database (API.md §1). */
export function healthz() {
  return new Hono<AppEnv>().get('/', (c) => c.json({ status: 'ok' }));
}
