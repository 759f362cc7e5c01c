import { Hono } from 'hono';
import type { AppEnv } from '../../../lib/deps.ts';
import { KINDS } from '../../../lib/world/kinds.ts';

/** The catalogue of kinds of facts, as the dashboard's forms and API clients choose a key from it. */
const CATALOGUE = { data: KINDS.map(({ kind, key, one_value, persona }) => ({ kind, key, one_value, persona })), next_cursor: null };

export function kindsRoutes() {
  return new Hono<AppEnv>().get('/', (c) => c.json(CATALOGUE));
}
