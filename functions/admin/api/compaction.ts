import { Hono } from 'hono';
import { z } from 'zod';
import { readJson } from '../../../lib/body.ts';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { readPage } from '../../../lib/paging.ts';
import { actorName } from '../../../lib/auth/principal.ts';
import { listCompactions } from '../../../lib/world/beliefs/listing.ts';
import { targetOwner } from './beliefs.ts';

const runSchema = z.object({ owner: z.string().min(1).max(200).optional() });

/** Compaction (admins; the access guard enforces it): run one for an owner, list past runs. */
export function compactionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const hasBody = (c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding') !== undefined;
      const body = hasBody ? await readJson(c, runSchema) : {};
      const owner = targetOwner(c, body.owner);
      const entry = await deps.world.change(owner, { op: 'compact', actor: actorName(c.get('principal')) });
      return c.json(entry);
    })
    .get('/history', async (c) => {
      const owner = c.req.query('owner');
      return c.json(await listCompactions(deps.db, owner ? owner.toLowerCase() : undefined, readPage(c)));
    });
}
