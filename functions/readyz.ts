import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Deps } from '../lib/deps.ts';

/** A readiness probe answers within this long: a database that takes longer counts as unavailable. */
const READY_WITHIN_MS = 2000;

/** Whether the database answers a trivial query in time; never throws. */
async function databaseAnswers(deps: Pick<Deps, 'db'>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_WITHIN_MS)));
  const answered = sql`SELECT 1`.execute(deps.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /readyz: whether this instance can serve requests that need its database (API.md §1); no credentials, never cached. */
export function readyz(deps: Pick<Deps, 'db'>) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return (await databaseAnswers(deps)) ? c.json({ status: 'ready' }) : c.json({ status: 'unavailable' }, 503);
  });
}
