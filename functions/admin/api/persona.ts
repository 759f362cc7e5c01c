import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { currentPersona } from '../../../lib/world/recall/persona.ts';
import { targetOwner } from './beliefs.ts';

/** `GET /admin/api/persona?owner=`: the cached persona, rebuilt after the owner's beliefs changed. */
export function personaRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const p = await currentPersona(deps, targetOwner(c));
    return c.json({ owner: p.owner, persona: p.persona, belief_count: p.belief_count, built_at: p.built_at });
  });
}
