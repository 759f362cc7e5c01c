import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../../lib/deps.ts';
import { isAdmin, ownerOf } from '../../../lib/auth/principal.ts';

/** Who the caller is (a deactivated user never gets this far: the identify middleware answers 403). */
export function meRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', (c) => {
    const principal = c.get('principal');
    return c.json({ user_name: ownerOf(principal), mode: deps.settings.mode, admin: isAdmin(principal), active: true });
  });
}
